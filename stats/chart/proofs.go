// proofs.go: the proof-size chart: the certificate size of each proven position against
// the pieces on its board (log scale, points jittered, the median per piece count), and
// below it the share of positions proven per piece count with exact intervals.

package chart

import (
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

// ProofPoint is one position a proof search was run on: the pieces on its board, whether
// its value was proven and, if so, the size of its certificate in bytes.
type ProofPoint struct {
	Pieces int
	Proven bool
	Bytes  int
}

// ProofSizes is what the proof-size chart draws: one group per piece count, ascending.
type ProofSizes struct {
	Conf   float64
	Groups []ProofGroup
}

// ProofGroup is the positions of one piece count. Bytes are the certificate sizes of the
// proven positions in input order and Jitter their horizontal offsets in (−0.3, 0.3), a
// deterministic low-discrepancy sequence (the fractional parts of j times the golden
// ratio), so that equal sizes stay apart and the same input draws the same chart.
type ProofGroup struct {
	Pieces            int
	Positions, Proven int
	Bytes, Jitter     []float64
	Median            float64        // the middle of Bytes (mean of the two middle ones); NaN when none was proven
	Share             stats.Estimate // Proven/Positions with its Clopper–Pearson interval
}

// jitterWidth is the spread of a group's points around its piece count.
const jitterWidth = 0.6

// BuildProofSizes groups the points by piece count at confidence level conf. A proven
// point needs a positive size; no points, or pieces below 1, are an error.
func BuildProofSizes(points []ProofPoint, conf float64) (ProofSizes, error) {
	if len(points) == 0 {
		return ProofSizes{}, errors.New("chart: no proof points")
	}
	if !(conf > 0 && conf < 1) {
		return ProofSizes{}, fmt.Errorf("chart: confidence level %v is not between 0 and 1", conf)
	}
	byPieces := map[int]*ProofGroup{}
	for i, pt := range points {
		if pt.Pieces < 1 {
			return ProofSizes{}, fmt.Errorf("chart: proof point %d has %d pieces", i, pt.Pieces)
		}
		if pt.Proven && pt.Bytes <= 0 {
			return ProofSizes{}, fmt.Errorf("chart: proof point %d is proven with a certificate of %d bytes", i, pt.Bytes)
		}
		g := byPieces[pt.Pieces]
		if g == nil {
			g = &ProofGroup{Pieces: pt.Pieces}
			byPieces[pt.Pieces] = g
		}
		g.Positions++
		if pt.Proven {
			j := float64(g.Proven + 1)
			g.Proven++
			g.Bytes = append(g.Bytes, float64(pt.Bytes))
			g.Jitter = append(g.Jitter, jitterWidth*(j*math.Phi-math.Floor(j*math.Phi)-0.5))
		}
	}
	d := ProofSizes{Conf: conf}
	for _, g := range byPieces {
		g.Median = middle(g.Bytes)
		g.Share = stats.Estimate{Value: float64(g.Proven) / float64(g.Positions),
			Interval: stats.ClopperPearson(g.Proven, g.Positions, conf)}
		d.Groups = append(d.Groups, *g)
	}
	slices.SortFunc(d.Groups, func(a, b ProofGroup) int { return a.Pieces - b.Pieces })
	return d, nil
}

// middle is the sample median of xs, the usual one rather than stats.Summarize's type-4
// quantile (which gives 400 for 300, 500, 2000): the size of a proven position, or the
// mean of the two middle ones; NaN for none.
func middle(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	return (s[(n-1)/2] + s[n/2]) / 2
}

// PlotProofSizes draws the chart: on top the proven positions' certificate sizes (log
// scale) with each piece count's median, below the share proven per piece count.
func PlotProofSizes(d ProofSizes) (*Figure, error) {
	if len(d.Groups) == 0 {
		return nil, errors.New("chart: no proof groups")
	}
	xMin, xMax := float64(d.Groups[0].Pieces)-0.5, float64(d.Groups[len(d.Groups)-1].Pieces)+0.5
	var pieceTicks, countTicks plot.ConstantTicks
	positions, proven := 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range d.Groups {
		positions += g.Positions
		proven += g.Proven
		x := float64(g.Pieces)
		pieceTicks = append(pieceTicks, plot.Tick{Value: x, Label: fmt.Sprint(g.Pieces)})
		countTicks = append(countTicks, plot.Tick{Value: x, Label: fmt.Sprintf("%d\n%d of %d", g.Pieces, g.Proven, g.Positions)})
		for _, b := range g.Bytes {
			lo, hi = math.Min(lo, b), math.Max(hi, b)
		}
	}
	if proven == 0 {
		lo, hi = 100, 1000
	}
	// Whole powers of ten around the sizes, so that every point lies inside the frame.
	yMin, yMax := math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	if yMax <= yMin {
		yMax = 10 * yMin
	}

	top := newPlot("certificate size of each proven position", "", "certificate (bytes, log scale)")
	top.Add(plotter.NewGrid())
	var pts plotter.XYs
	median := draw.LineStyle{Color: vermillion, Width: vg.Points(2.4)}
	for _, g := range d.Groups {
		x := float64(g.Pieces)
		for j, b := range g.Bytes {
			pts = append(pts, plotter.XY{X: x + g.Jitter[j], Y: b})
		}
		if g.Proven > 0 {
			top.Add(hline(g.Median, x-jitterWidth/2-0.05, x+jitterWidth/2+0.05, median))
		}
	}
	sc := &plotter.Scatter{XYs: pts, GlyphStyle: draw.GlyphStyle{Color: blue, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}}
	top.Add(sc)
	top.Y.Scale = plot.LogScale{}
	top.Y.Tick.Marker = byteTicks{}
	top.Y.Min, top.Y.Max = yMin, yMax
	top.X.Min, top.X.Max = xMin, xMax
	top.X.Tick.Marker = pieceTicks

	bottom := newPlot("share of positions proven", "pieces on the board (proven of positions)", "share proven")
	bottom.Add(plotter.NewGrid())
	var lows, highs, shares []float64
	var whiskers plotter.XYs
	var errs plotter.YErrors
	for _, g := range d.Groups {
		x := float64(g.Pieces)
		lows, highs, shares = append(lows, x-0.3), append(highs, x+0.3), append(shares, g.Share.Value)
		whiskers = append(whiskers, plotter.XY{X: x, Y: g.Share.Value})
		errs = append(errs, struct{ Low, High float64 }{g.Share.Value - g.Share.Lo, g.Share.Hi - g.Share.Value})
	}
	share := bars(lows, highs, shares, skyBlue)
	eb := &plotter.YErrorBars{XYs: whiskers, YErrors: errs, LineStyle: draw.LineStyle{Color: black, Width: vg.Points(1.2)}, CapWidth: 3 * vg.Millimeter}
	bottom.Add(share, eb)
	bottom.X.Min, bottom.X.Max = xMin, xMax
	bottom.X.Tick.Marker = countTicks
	bottom.Y.Min, bottom.Y.Max = 0, 1
	bottom.Y.Tick.Marker = percentTicks(0, 1, 0.25)

	l := newLegend()
	l.Add("proven position (jittered)", sc)
	l.Add("median size", hline(0, 0, 1, median))
	l.Add("share proven", share)
	l.Add(fmt.Sprintf("%s interval", fmtPercent(d.Conf)), whiskerThumb{eb.LineStyle})
	return &Figure{
		Title:  fmt.Sprintf("Proof size against pieces on the board: %d positions, %d proven", positions, proven),
		Panels: []*plot.Plot{top, bottom},
		Legend: l,
		Width:  max(DefaultWidth, vg.Length(len(d.Groups))*1.5*vg.Centimeter+6*vg.Centimeter),
		Height: 16 * vg.Centimeter,
	}, nil
}

// byteTicks label each power of ten in bytes: 100 B, 1 kB, 10 kB, 100 kB, 1 MB.
type byteTicks struct{}

func (byteTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Ceil(math.Log10(lo) - 1e-9); math.Pow(10, e) <= hi*(1+1e-9); e++ {
		ts = append(ts, plot.Tick{Value: math.Pow(10, e), Label: fmtBytes(math.Pow(10, e))})
	}
	return ts
}

// fmtBytes writes a size with the decimal prefix that keeps it from 1 to 999.
func fmtBytes(b float64) string {
	for _, u := range []struct {
		scale float64
		unit  string
	}{{1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}} {
		if b >= u.scale {
			return trimFloat(b/u.scale, 1) + " " + u.unit
		}
	}
	return trimFloat(b, 1) + " B"
}
