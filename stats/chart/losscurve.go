// losscurve.go: the training curve of a learned evaluation: the training and validation
// loss against the epoch, the best epoch marked, and the loss of the best constant
// prediction for reference.

package chart

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// LossCurve is what the training-curve chart draws: epoch i+1 had the training loss
// Train[i] and the validation loss Valid[i].
type LossCurve struct {
	Train, Valid []float64
	Best         int     // the epoch whose weights were kept, from 1 (0: none marked)
	Constant     float64 // the validation loss of the best constant prediction (0: not drawn)
}

// BuildLossCurve checks the losses of each epoch (the same number of each, finite and not
// negative, best within them) and returns them as the chart's data.
func BuildLossCurve(train, valid []float64, best int, constant float64) (LossCurve, error) {
	if len(train) == 0 {
		return LossCurve{}, errors.New("chart: no epochs")
	}
	if len(train) != len(valid) {
		return LossCurve{}, fmt.Errorf("chart: %d training losses but %d validation losses", len(train), len(valid))
	}
	for i := range train {
		for _, x := range []float64{train[i], valid[i]} {
			if !(x >= 0) || math.IsInf(x, 0) {
				return LossCurve{}, fmt.Errorf("chart: epoch %d: loss %v is not a number of 0 or more", i+1, x)
			}
		}
	}
	if best < 0 || best > len(train) {
		return LossCurve{}, fmt.Errorf("chart: best epoch %d of %d", best, len(train))
	}
	if !(constant >= 0) || math.IsInf(constant, 0) {
		return LossCurve{}, fmt.Errorf("chart: constant loss %v is not a number of 0 or more", constant)
	}
	return LossCurve{Train: train, Valid: valid, Best: best, Constant: constant}, nil
}

// PlotLossCurve draws both losses against the epoch, points joined, with a vertical line
// at the best epoch and a horizontal one at the constant prediction's loss.
func PlotLossCurve(c LossCurve) (*Figure, error) {
	n := len(c.Train)
	if n == 0 || len(c.Valid) != n {
		return nil, errors.New("chart: no epochs, or not as many validation losses as training losses")
	}
	p := newPlot("", "epoch", "loss (mean squared error of the win probability)")
	p.Add(plotter.NewGrid())
	top := math.Max(c.Constant, 0)
	for i := range n {
		top = math.Max(top, math.Max(c.Train[i], c.Valid[i]))
	}
	top = math.Max(top, 1e-9) * 1.08
	xMin, xMax := 0.5, float64(n)+0.5
	l := newLegend()
	for i, s := range []struct {
		name string
		ys   []float64
	}{{"training (mean over the epoch)", c.Train}, {"validation (at the epoch's end)", c.Valid}} {
		xys := make(plotter.XYs, n)
		for j, y := range s.ys {
			xys[j] = plotter.XY{X: float64(j + 1), Y: y}
		}
		ln, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		ln.LineStyle = seriesLine(i)
		pts.Shape = draw.CircleGlyph{}
		pts.Color = seriesColours[i]
		p.Add(ln, pts)
		l.Add(s.name, ln, pts)
	}
	if c.Constant > 0 {
		p.Add(hline(c.Constant, xMin, xMax, refLn))
		l.Add("constant prediction", hline(0, 0, 1, refLn))
	}
	title := fmt.Sprintf("Training loss by epoch, %d epoch%s", n, plural(n))
	if c.Best > 0 {
		p.Add(vline(float64(c.Best), 0, top, dotted))
		l.Add("best epoch (kept)", vline(0, 0, 1, dotted))
		title += fmt.Sprintf(": best %d, validation loss %.4g", c.Best, c.Valid[c.Best-1])
	}
	p.X.Min, p.X.Max = xMin, xMax
	p.Y.Min, p.Y.Max = 0, top
	p.X.Tick.Marker = epochTicks{}
	p.Y.Tick.Marker = fractionTicks(0, top)
	return &Figure{Title: title, Panels: []*plot.Plot{p}, Legend: l, Width: DefaultWidth, Height: DefaultHeight}, nil
}

// epochTicks label whole epochs, about six of them.
type epochTicks struct{}

func (epochTicks) Ticks(lo, hi float64) []plot.Tick {
	return stepTicks(math.Ceil(lo), hi, niceStep(hi-lo, 6), func(v float64) string { return trimFloat(v, 0) })
}

// fractionTicks labels [lo, hi] every step of 1, 2, 2.5 or 5 times a power of ten (any
// power: losses are fractions), the smallest giving at most six intervals.
func fractionTicks(lo, hi float64) plot.ConstantTicks {
	span := hi - lo
	pow := math.Pow(10, math.Floor(math.Log10(span))-1)
	step := pow
	for _, m := range []float64{1, 2, 2.5, 5, 10, 20, 25, 50} {
		if step = m * pow; span/step <= 6 {
			break
		}
	}
	prec := max(0, int(-math.Floor(math.Log10(step)))+1)
	return stepTicks(lo, hi, step, func(v float64) string { return trimFloat(v, prec) })
}
