// firstmove.go: the first-move chart: White win, draw and Black win shares per group
// with exact interval whiskers, White's score, and a 50% reference line.

package chart

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/fanorona/fanorona/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// FirstMoveRow is the results of one group of games (a level or a matchup) seen from
// White's side.
type FirstMoveRow struct {
	Name  string
	White stats.WDL
}

// FirstMoveData is what the first-move chart draws.
type FirstMoveData struct {
	Conf float64
	Rows []FirstMoveBars
}

// FirstMoveBars is one group: the shares of White wins, draws and Black wins with their
// Clopper–Pearson intervals, and White's score (wins + draws/2 per game) with its
// likelihood-ratio interval; see [stats.FirstMove].
type FirstMoveBars struct {
	Name                     string
	Games                    int
	WhiteWin, Draw, BlackWin stats.Estimate
	WhiteScore               stats.Estimate
	PValue                   float64 // exact sign test of White wins against Black wins
}

// BuildFirstMove computes the bars of the rows at confidence level conf, in the order
// given. Rows without games are an error.
func BuildFirstMove(rows []FirstMoveRow, conf float64) (FirstMoveData, error) {
	if len(rows) == 0 {
		return FirstMoveData{}, errors.New("chart: no first-move rows")
	}
	if !(conf > 0 && conf < 1) {
		return FirstMoveData{}, fmt.Errorf("chart: confidence level %v is not between 0 and 1", conf)
	}
	d := FirstMoveData{Conf: conf}
	for _, r := range rows {
		w := r.White
		if w.Wins < 0 || w.Draws < 0 || w.Losses < 0 || w.Games() == 0 {
			return FirstMoveData{}, fmt.Errorf("chart: first-move row %q has no games (%v)", r.Name, w)
		}
		fm := stats.FirstMove(w, conf)
		d.Rows = append(d.Rows, FirstMoveBars{
			Name: r.Name, Games: w.Games(),
			WhiteWin: fm.Win, Draw: fm.Draw, BlackWin: fm.Loss, WhiteScore: fm.Score,
			PValue: fm.PValue,
		})
	}
	return d, nil
}

// Bar layout in a group of width 1 centred on the group's index: three bars and the
// score point.
const (
	barW   = 0.2
	barGap = 0.02
)

// PlotFirstMove draws the first-move chart.
func PlotFirstMove(d FirstMoveData) (*Figure, error) {
	if len(d.Rows) == 0 {
		return nil, errors.New("chart: no first-move rows")
	}
	p := newPlot("", "", "share of games")
	p.Add(plotter.NewGrid())
	n := len(d.Rows)
	p.Add(hline(0.5, -0.5, float64(n)-0.5, refLn))
	kinds := []struct {
		name string
		fill color.Color
		get  func(FirstMoveBars) stats.Estimate
	}{
		{"White wins", lightGrey, func(b FirstMoveBars) stats.Estimate { return b.WhiteWin }},
		{"draws", skyBlue, func(b FirstMoveBars) stats.Estimate { return b.Draw }},
		{"Black wins", darkGrey, func(b FirstMoveBars) stats.Estimate { return b.BlackWin }},
	}
	l := newLegend()
	var whiskers plotter.XYs
	var errs plotter.YErrors
	for k, kind := range kinds {
		lo, hi, h := make([]float64, n), make([]float64, n), make([]float64, n)
		for i, r := range d.Rows {
			c := float64(i) + (float64(k)-1.5)*(barW+barGap)
			lo[i], hi[i] = c-barW/2, c+barW/2
			e := kind.get(r)
			h[i] = e.Value
			whiskers = append(whiskers, plotter.XY{X: c, Y: e.Value})
			errs = append(errs, struct{ Low, High float64 }{e.Value - e.Lo, e.Hi - e.Value})
		}
		b := bars(lo, hi, h, kind.fill)
		p.Add(b)
		l.Add(kind.name, b)
	}
	eb := &plotter.YErrorBars{XYs: whiskers, YErrors: errs, LineStyle: draw.LineStyle{Color: black, Width: vg.Points(1.2)}, CapWidth: 5 * vg.Millimeter / 2}
	p.Add(eb)

	// White's score: a diamond in the fourth slot, with its own whisker.
	var sc plotter.XYs
	var serr plotter.YErrors
	for i, r := range d.Rows {
		sc = append(sc, plotter.XY{X: float64(i) + 1.5*(barW+barGap), Y: r.WhiteScore.Value})
		serr = append(serr, struct{ Low, High float64 }{r.WhiteScore.Value - r.WhiteScore.Lo, r.WhiteScore.Hi - r.WhiteScore.Value})
	}
	seb := &plotter.YErrorBars{XYs: sc, YErrors: serr, LineStyle: draw.LineStyle{Color: vermillion, Width: vg.Points(1.2)}, CapWidth: 5 * vg.Millimeter / 2}
	pts := &plotter.Scatter{XYs: sc, GlyphStyle: draw.GlyphStyle{Color: vermillion, Radius: vg.Points(4), Shape: draw.PyramidGlyph{}}}
	p.Add(seb, pts)
	l.Add(fmt.Sprintf("%s interval", fmtPercent(d.Conf)), whiskerThumb{eb.LineStyle})
	l.Add("White's score", pts, whiskerThumb{seb.LineStyle})
	l.Add("50%", hline(0, 0, 1, refLn))

	names := make([]plot.Tick, n)
	for i, r := range d.Rows {
		names[i] = plot.Tick{Value: float64(i), Label: fmt.Sprintf("%s\n%d games", r.Name, r.Games)}
	}
	p.X.Tick.Marker = plot.ConstantTicks(names)
	p.X.Tick.Length = 0
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = percentTicks(0, 1, 0.1)
	return &Figure{
		Title:  "First-move advantage: results seen from White, by group",
		Panels: []*plot.Plot{p},
		Legend: l,
		Width:  max(DefaultWidth, vg.Length(n)*3.6*vg.Centimeter+6*vg.Centimeter),
		Height: DefaultHeight,
	}, nil
}

// whiskerThumb is the legend thumbnail of an error bar: a vertical line with caps.
type whiskerThumb struct{ ls draw.LineStyle }

func (w whiskerThumb) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	cap := (c.Max.X - c.Min.X) / 4
	c.StrokeLine2(w.ls, x, c.Min.Y, x, c.Max.Y)
	c.StrokeLine2(w.ls, x-cap, c.Min.Y, x+cap, c.Min.Y)
	c.StrokeLine2(w.ls, x-cap, c.Max.Y, x+cap, c.Max.Y)
}
