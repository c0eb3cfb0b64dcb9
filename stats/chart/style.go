// style.go: the look shared by every chart: fonts, colours, line styles and small
// plotters (bars in data coordinates, vertical and horizontal reference lines).

package chart

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sans is the typeface of every text: Liberation Sans, embedded in gonum/plot, so the
// output does not depend on the fonts installed.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

func style(size vg.Length) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(sans, size),
		XAlign:  draw.XLeft,
		YAlign:  draw.YBottom,
		Handler: plot.DefaultTextHandler,
	}
}

func titleStyle() text.Style { return style(14) }

type textStyle = text.Style

// newPlot returns a plot with the charts' fonts: 11-point axis labels and titles,
// 10-point tick labels.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(sans, 11)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, 11)
		a.Tick.Label.Font = font.From(sans, 10)
	}
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	p.Legend.TextStyle.Font = font.From(sans, 10)
	return p
}

// newLegend returns an empty legend in the charts' font.
func newLegend() *plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = font.From(sans, 10)
	l.ThumbnailWidth = 8 * vg.Millimeter
	l.Padding = 1.5 * vg.Millimeter
	return &l
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
var (
	blue       = rgb(0x0072B2)
	orange     = rgb(0xE69F00)
	green      = rgb(0x009E73)
	vermillion = rgb(0xD55E00)
	skyBlue    = rgb(0x56B4E9)
	purple     = rgb(0xCC79A7)
	yellow     = rgb(0xF0E442)
	grey       = rgb(0x808080)
	lightGrey  = rgb(0xDDDDDD)
	darkGrey   = rgb(0x444444)
	black      = rgb(0x000000)
	wine       = rgb(0x882255) // Paul Tol's, for an eighth series
)

// seriesColours are the colours of overlaid series, in order: Okabe–Ito's with Tol's wine
// for its yellow (too pale on white) and no grey (the reference lines' colour), ordered so
// that the colours alike (blue and sky blue, vermillion and orange) get different dashes
// from seriesDashes.
var seriesColours = []color.Color{blue, vermillion, green, black, orange, skyBlue, purple, wine}

// seriesDashes are the dash patterns series cycle through beside their colours: solid,
// long dashes, dots, dash-dot. Series i has colour i mod 8 and pattern (i + i/8) mod 4,
// so no two of the first 32 series look alike and 8 groups stay apart in grey print.
var seriesDashes = [][]vg.Length{
	nil,
	{vg.Points(7), vg.Points(3)},
	{vg.Points(1.5), vg.Points(2.5)},
	{vg.Points(7), vg.Points(2.5), vg.Points(1.5), vg.Points(2.5)},
}

func seriesLine(i int) draw.LineStyle {
	return draw.LineStyle{Color: seriesColours[i%len(seriesColours)], Width: vg.Points(1.8),
		Dashes: seriesDashes[(i+i/len(seriesColours))%len(seriesDashes)]}
}

var (
	solid  = draw.LineStyle{Color: black, Width: vg.Points(1.6)}
	dashed = draw.LineStyle{Color: black, Width: vg.Points(1.1), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	dotted = draw.LineStyle{Color: darkGrey, Width: vg.Points(1.1), Dashes: []vg.Length{vg.Points(1.5), vg.Points(2.5)}}
	refLn  = draw.LineStyle{Color: grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	thin   = draw.LineStyle{Color: darkGrey, Width: vg.Points(0.5)}
)

// bars returns rectangles [lo[i], hi[i]] × [0, h[i]] in data coordinates, so groups of
// bars keep their layout at any page size.
func bars(lo, hi, h []float64, fill color.Color) *plotter.Histogram {
	bins := make([]plotter.HistogramBin, len(h))
	for i := range h {
		bins[i] = plotter.HistogramBin{Min: lo[i], Max: hi[i], Weight: h[i]}
	}
	return &plotter.Histogram{Bins: bins, FillColor: fill, LineStyle: thin}
}

// vline is a vertical segment at x from y0 to y1.
func vline(x, y0, y1 float64, ls draw.LineStyle) *plotter.Line {
	return &plotter.Line{XYs: plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}}, LineStyle: ls}
}

// hline is a horizontal segment at y from x0 to x1.
func hline(y, x0, x1 float64, ls draw.LineStyle) *plotter.Line {
	return &plotter.Line{XYs: plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}}, LineStyle: ls}
}

// niceTicks labels [lo, hi] every step of 1, 2, 2.5 or 5 times a power of ten, the
// smallest giving at most six intervals: 0 25 50 75 100 125 rather than gonum's default, which
// labels only every other major tick (25 75 125).
func niceTicks(lo, hi float64) []plot.Tick {
	return stepTicks(lo, hi, niceStep(hi-lo, 6), func(v float64) string { return trimFloat(v, 2) })
}

// niceStep is the smallest of 1, 2, 5, 10, 20, 25, 50, 100, 200, 250... that cuts span
// into at most n intervals.
func niceStep(span float64, n int) float64 {
	if !(span > 0) || math.IsInf(span, 0) {
		return 1
	}
	for pow := 1.0; ; pow *= 10 {
		for _, m := range []float64{1, 2, 2.5, 5} {
			if m == 2.5 && pow == 1 {
				continue // whole numbers only
			}
			if span/(m*pow) <= float64(n) {
				return m * pow
			}
		}
	}
}

// percentTicks labels shares 0..1 as percentages every step.
func percentTicks(lo, hi, step float64) plot.ConstantTicks {
	return stepTicks(lo, hi, step, fmtPercent)
}

// stepTicks puts a tick every step from lo to hi, labelled by label.
func stepTicks(lo, hi, step float64, label func(float64) string) plot.ConstantTicks {
	var ts plot.ConstantTicks
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+1e-9; i++ {
		v := i * step
		ts = append(ts, plot.Tick{Value: v, Label: label(v)})
	}
	return ts
}

func fmtPercent(v float64) string { return trimFloat(100*v, 1) + "%" }

// trimFloat formats v with at most prec decimals, without trailing zeros.
func trimFloat(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	for len(s) > 1 && prec > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
