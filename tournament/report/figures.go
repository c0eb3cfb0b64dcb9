// figures.go: the charts of a set of records (package stats/chart draws them), for the
// plot command, --plots and the HTML report alike.

package report

import (
	"errors"
	"fmt"

	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament"
)

// Chart kinds.
const (
	Lengths    = "lengths"     // histogram of game lengths per group
	LengthsCDF = "lengths-cdf" // cumulative share of games ended within x plies
	FirstMove  = "firstmove"   // White win, draw, Black win shares per group
	Ratings    = "ratings"     // Elo per player (Bradley–Terry)
	Matrix     = "matrix"      // pairwise scores
)

// ChartOptions are the choices a chart takes.
type ChartOptions struct {
	By   string  // grouping for lengths and firstmove: ByMatchup, ByPlayer or ByOpening
	Conf float64 // confidence level of the intervals, strictly between 0 and 1
}

// DefaultChartOptions are the options of --plots and the report: by matchup, intervals
// at [tournament.Confidence].
var DefaultChartOptions = ChartOptions{By: ByMatchup, Conf: tournament.Confidence}

// Check checks the options: a known grouping, a level strictly between 0 and 1.
func (o ChartOptions) Check() error {
	if err := CheckBy(o.By); err != nil {
		return err
	}
	if !(o.Conf > 0 && o.Conf < 1) {
		return fmt.Errorf("--conf %v: must be strictly between 0 and 1", o.Conf)
	}
	return nil
}

// Figure builds the chart of kind from recs. Errors are about the input (a bad option,
// ratings or a matrix without games between two different specs).
func Figure(kind string, recs []tournament.Record, o ChartOptions) (*chart.Figure, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	switch kind {
	case Lengths:
		h, err := chart.BuildLengthHist(LengthSeries(recs, o.By))
		if err != nil {
			return nil, err
		}
		return chart.PlotLengthHist(h)
	case LengthsCDF:
		c, err := chart.BuildLengthCDF(LengthSeries(recs, o.By))
		if err != nil {
			return nil, err
		}
		return chart.PlotLengthCDF(c)
	case FirstMove:
		d, err := chart.BuildFirstMove(FirstMoveRows(recs, o.By), o.Conf)
		if err != nil {
			return nil, err
		}
		return chart.PlotFirstMove(d)
	case Ratings:
		return ratingsFigure(recs, o.Conf)
	case Matrix:
		names, wdl := PairResults(recs)
		if len(names) < 2 {
			return nil, errNoPairs("the matrix")
		}
		d, err := chart.BuildMatrix(chart.MatrixFromWDL(names, wdl))
		if err != nil {
			return nil, err
		}
		return chart.PlotMatrix(d)
	}
	return nil, fmt.Errorf("unknown chart %q: want %s, %s, %s, %s or %s", kind, Lengths, LengthsCDF, FirstMove, Ratings, Matrix)
}

func errNoPairs(what string) error {
	return fmt.Errorf("%s needs games between two different player specs (self-play only)", what)
}

func ratingsFigure(recs []tournament.Record, conf float64) (*chart.Figure, error) {
	names, games := RatingGames(recs)
	if len(games) == 0 {
		return nil, errNoPairs("ratings")
	}
	r, err := stats.FitRatings(len(names), games, conf)
	if err != nil {
		return nil, err
	}
	rows := make([]chart.RatingRow, len(names))
	for i, n := range names {
		rows[i] = chart.RatingRow{Name: n, Elo: r.Elo[i]}
	}
	d, err := chart.BuildRatings(rows, conf, len(games), &r.FirstMove)
	if err != nil {
		return nil, err
	}
	return chart.PlotRatings(d)
}

// Kinds returns the charts that apply to recs, in report order: the lengths, their
// cumulative form and the first-move chart always; ratings and the matrix when some game
// was played between two different specs.
func Kinds(recs []tournament.Record) []string {
	kinds := []string{Lengths, LengthsCDF, FirstMove}
	for _, r := range recs {
		if r.White != r.Black {
			return append(kinds, Ratings, Matrix)
		}
	}
	return kinds
}

// Named is a chart with the kind it is.
type Named struct {
	Kind   string
	Figure *chart.Figure
}

// Figures builds every chart that applies to recs (see [Kinds]), by matchup at the
// default level.
func Figures(recs []tournament.Record) ([]Named, error) {
	if len(recs) == 0 {
		return nil, errors.New("no game records")
	}
	var out []Named
	for _, k := range Kinds(recs) {
		f, err := Figure(k, recs, DefaultChartOptions)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		out = append(out, Named{k, f})
	}
	return out, nil
}
