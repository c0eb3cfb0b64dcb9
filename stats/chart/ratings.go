// ratings.go: the ratings chart: each player's Elo with its confidence interval.

package chart

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/fanorona/fanorona/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// RatingRow is one player's rating, for example from [stats.FitRatings].
type RatingRow struct {
	Name string
	Elo  stats.Estimate
}

// RatingsData is what the ratings chart draws: the rows sorted by Elo, best first (ties
// by name), and the interval's confidence level and number of games for the title.
type RatingsData struct {
	Rows  []RatingRow
	Conf  float64
	Games int
	// FirstMove is the fitted advantage of White, shown in the title when not nil.
	FirstMove *stats.Estimate
}

// BuildRatings sorts the rows for the chart. Every value and bound must be finite with
// Lo <= Value <= Hi.
func BuildRatings(rows []RatingRow, conf float64, games int, firstMove *stats.Estimate) (RatingsData, error) {
	if len(rows) == 0 {
		return RatingsData{}, errors.New("chart: no rating rows")
	}
	for _, r := range rows {
		e := r.Elo
		if !finite(e.Value, e.Lo, e.Hi) || e.Lo > e.Value || e.Value > e.Hi {
			return RatingsData{}, fmt.Errorf("chart: rating of %q is not a finite estimate in its interval: %v [%v, %v]", r.Name, e.Value, e.Lo, e.Hi)
		}
	}
	d := RatingsData{Rows: slices.Clone(rows), Conf: conf, Games: games, FirstMove: firstMove}
	slices.SortStableFunc(d.Rows, func(a, b RatingRow) int {
		return cmp.Or(cmp.Compare(b.Elo.Value, a.Elo.Value), cmp.Compare(a.Name, b.Name))
	})
	return d, nil
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// PlotRatings draws one row per player, best at the top: the Elo as a point with its
// interval as a horizontal error bar and the numbers beside it.
func PlotRatings(d RatingsData) (*Figure, error) {
	n := len(d.Rows)
	if n == 0 {
		return nil, errors.New("chart: no rating rows")
	}
	p := newPlot("", "Elo (relative to the players' mean)", "")
	p.Add(plotter.NewGrid())
	var xys plotter.XYs
	var errs plotter.XErrors
	var labels []string
	lo, hi := 0.0, 0.0
	names := make([]plot.Tick, n)
	for i, r := range d.Rows {
		y := float64(n - 1 - i)
		e := r.Elo
		xys = append(xys, plotter.XY{X: e.Value, Y: y})
		errs = append(errs, struct{ Low, High float64 }{e.Value - e.Lo, e.Hi - e.Value})
		labels = append(labels, fmt.Sprintf("%+.0f [%+.0f, %+.0f]", e.Value, e.Lo, e.Hi))
		names[i] = plot.Tick{Value: y, Label: r.Name}
		lo, hi = math.Min(lo, e.Lo), math.Max(hi, e.Hi)
	}
	span := math.Max(hi-lo, 50)
	p.Add(vline(0, -0.5, float64(n)-0.5, refLn))
	eb := &plotter.XErrorBars{XYs: xys, XErrors: errs, LineStyle: draw.LineStyle{Color: blue, Width: vg.Points(1.5)}, CapWidth: 3 * vg.Millimeter}
	pts := &plotter.Scatter{XYs: xys, GlyphStyle: draw.GlyphStyle{Color: blue, Radius: vg.Points(4), Shape: draw.CircleGlyph{}}}
	p.Add(eb, pts)
	// The numbers sit just above each point.
	lab := &plotter.Labels{XYs: xys, Labels: labels, Offset: vg.Point{X: 0, Y: 3 * vg.Millimeter}}
	for range labels {
		s := style(9)
		s.XAlign = draw.XCenter
		lab.TextStyle = append(lab.TextStyle, s)
	}
	p.Add(lab)
	p.Y.Tick.Marker = plot.ConstantTicks(names)
	p.Y.Tick.Length = 0
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	p.X.Min, p.X.Max = lo-0.08*span, hi+0.08*span
	// Labelled every 1, 2, 2.5 or 5 times a power of ten, up to eight intervals: gonum's
	// default labels every other tick (-800, 0, 800 only).
	p.X.Tick.Marker = stepTicks(p.X.Min, p.X.Max, niceStep(p.X.Max-p.X.Min, 8), func(v float64) string { return trimFloat(v, 0) })
	title := fmt.Sprintf("Ratings: Elo with %s intervals, %d players, %d games", fmtPercent(d.Conf), n, d.Games)
	if fm := d.FirstMove; fm != nil {
		title += fmt.Sprintf("\nfitted first-move advantage %+.0f Elo [%+.0f, %+.0f]", fm.Value, fm.Lo, fm.Hi)
	}
	return &Figure{
		Title:  title,
		Panels: []*plot.Plot{p},
		Width:  DefaultWidth,
		Height: max(DefaultHeight, vg.Length(n)*1.4*vg.Centimeter+3*vg.Centimeter),
	}, nil
}
