// figures.go: the charts of a set of records (package stats/chart draws them), for the
// plot command, --plots and the HTML report alike.

package report

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament/summary"
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
// at [summary.Confidence].
var DefaultChartOptions = ChartOptions{By: ByMatchup, Conf: summary.Confidence}

// Check checks the options: a known grouping, a level strictly between 0 and 1.
func (o ChartOptions) Check() error {
	if err := CheckBy(o.By); err != nil {
		return err
	}
	if !(o.Conf > 0 && o.Conf < 1) {
		return &engine.SettingError{Name: "conf", Text: fmt.Sprintf("conf %v: must be strictly between 0 and 1", o.Conf)}
	}
	return nil
}

// Figure builds the chart of kind from recs. Errors are about the input (a bad option,
// ratings or a matrix without games between two different specs).
func Figure(kind string, recs []record.Record, o ChartOptions) (*chart.Figure, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	switch kind {
	case Lengths:
		h, err := chart.BuildLengthHist(LengthSeries(recs, o.By))
		if err != nil {
			return nil, err
		}
		h.XLabel = LengthLabel(recs)
		return chart.PlotLengthHist(h)
	case LengthsCDF:
		c, err := chart.BuildLengthCDF(LengthSeries(recs, o.By))
		if err != nil {
			return nil, err
		}
		c.XLabel = LengthLabel(recs)
		return chart.PlotLengthCDF(c)
	case FirstMove:
		rows := FirstMoveRows(recs, o.By)
		d, err := chart.BuildFirstMove(rows, o.Conf)
		if err != nil {
			return nil, err
		}
		f, err := chart.PlotFirstMove(d)
		if err != nil {
			return f, err
		}
		if t, ok := firstMoveTitles[summary.Measures(recs)]; ok {
			f.Title = t
		} else if pairsOfTwo(rows) && colourSwapped(recs) {
			f.Title = firstMoveOfPairsTitle
		}
		return f, nil
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

// firstMoveOfPairsTitle is the first-move chart's title when its groups are pairings of
// two players: what White's results there measure.
const firstMoveOfPairsTitle = "White's results by pairing, colours swapped in pairs\n" +
	"both play White as often: White's score is their first-move edge"

// firstMoveTitles are the first-move chart's titles where the games did not all begin at
// the start position: what White's results then measure (docs/RESULTS.md, "What each
// opening policy measures").
var firstMoveTitles = map[string]string{
	summary.MeasuresSetFirstTurn:  "First-move advantage with White's first turn set by the openings\nresults seen from White, by group",
	summary.MeasuresRandomPlies:   "White's results after its first turn and random plies, by group\nrandom plies favour the side that moves next: not the first-move advantage",
	summary.MeasuresSideToMove:    "Side to move's results on the set of openings, by group\nWhite is to move in every opening: not the first-move advantage",
	summary.MeasuresSideNotToMove: "Results of the side not to move on the set of openings, by group\nBlack is to move in every opening: not the first-move advantage",
	summary.MeasuresMixed:         "White's results on openings of several kinds, by group\nnot the first-move advantage",
}

// pairsOfTwo reports whether a group of rows is a pairing of two different players.
func pairsOfTwo(rows []chart.FirstMoveRow) bool {
	for _, r := range rows {
		if strings.Contains(r.Name, " vs ") {
			return true
		}
	}
	return false
}

// colourSwapped reports whether every game has a colour-swapped partner (no fixed colours).
func colourSwapped(recs []record.Record) bool {
	for i := range recs {
		if recs[i].Unpaired {
			return false
		}
	}
	return true
}

// LengthLabel is the length charts' axis label for recs: a record counts the plies
// played from its opening, so games from openings after the start (random:K, book:K,
// distinct:K, even:K, a positions file) say that the opening's plies are not counted.
func LengthLabel(recs []record.Record) string {
	plies := -1
	for i := range recs {
		k := openingPly(recs[i].Opening)
		switch {
		case plies < 0:
			plies = k
		case k != plies:
			return "game length (plies played from the opening; the opening's plies not counted)"
		}
	}
	if plies <= 0 {
		return chart.DefaultLengthLabel
	}
	return fmt.Sprintf("game length (plies played from the opening; its %d plies not counted)", plies)
}

// openingPly is the ply counter of an opening FEN (records are checked on read, so
// it parses).
func openingPly(fen string) int {
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return 0
	}
	return p.Ply
}

func errNoPairs(what string) error {
	return fmt.Errorf("%s needs games between two different player specs (self-play only)", what)
}

func ratingsFigure(recs []record.Record, conf float64) (*chart.Figure, error) {
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

// Named is a chart with the kind it is.
type Named struct {
	Kind   string
	Figure *chart.Figure
}

// Figures builds every chart that applies to a set of games (see [Kinds]) at the
// summary's level: the length charts from the records (they count every game), the
// first-move chart, ratings and matrix from the summary s of the same records, so that
// each chart counts and estimates what its table does.
func Figures(s *summary.Summary, recs []record.Record) ([]Named, error) {
	if len(recs) == 0 {
		return nil, errors.New("no game records")
	}
	var out []Named
	add := func(kind string, f *chart.Figure, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		out = append(out, Named{kind, f})
		return nil
	}
	for _, k := range []string{Lengths, LengthsCDF} {
		f, err := Figure(k, recs, DefaultChartOptions)
		if err := add(k, f, err); err != nil {
			return nil, err
		}
	}
	f, err := summaryFirstMove(s)
	if err := add(FirstMove, f, err); err != nil {
		return nil, err
	}
	if s.Ratings != nil && s.Ratings.Error == "" && len(s.Ratings.Players) > 0 {
		f, err := summaryRatings(s)
		if err := add(Ratings, f, err); err != nil {
			return nil, err
		}
	}
	if names, wdl := SummaryPairResults(s.Pairs); len(names) >= 2 {
		d, err := chart.BuildMatrix(chart.MatrixFromWDL(names, wdl))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", Matrix, err)
		}
		f, err := chart.PlotMatrix(d)
		if err := add(Matrix, f, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// summaryFirstMove draws the first-move chart of the summary's matchups ("all" left out).
func summaryFirstMove(s *summary.Summary) (*chart.Figure, error) {
	var rows []chart.FirstMoveRow
	for _, f := range s.FirstMove {
		if f.Matchup == "all" && len(s.FirstMove) > 1 {
			continue
		}
		w := wdlOf(f.White, f.DistinctWhite, f.Method)
		rows = append(rows, chart.FirstMoveRow{Name: f.Matchup, White: stats.WDL{Wins: w.Wins, Draws: w.Draws, Losses: w.Losses}})
	}
	d, err := chart.BuildFirstMove(rows, summary.Confidence)
	if err != nil {
		return nil, err
	}
	return chart.PlotFirstMove(d)
}

// summaryRatings draws the summary's fitted ratings, the very numbers of its table.
func summaryRatings(s *summary.Summary) (*chart.Figure, error) {
	estimate := func(e summary.Est) stats.Estimate {
		return stats.Estimate{Value: float64(e.Value), Interval: stats.Interval{Lo: float64(e.Lo), Hi: float64(e.Hi)}}
	}
	rows := make([]chart.RatingRow, len(s.Ratings.Players))
	for i, p := range s.Ratings.Players {
		rows[i] = chart.RatingRow{Name: p, Elo: estimate(s.Ratings.Elo[i])}
	}
	games := 0
	for _, p := range s.Pairs {
		if s.Ratings.Method == summary.MethodDistinct {
			games += p.DistinctGames
		} else {
			games += p.Games
		}
	}
	fm := estimate(s.Ratings.FirstMove)
	d, err := chart.BuildRatings(rows, summary.Confidence, games, &fm)
	if err != nil {
		return nil, err
	}
	return chart.PlotRatings(d)
}
