// matrix.go: the pairwise matrix: a heat map of each row player's score against each
// column player, with the score and the number of games written in the cells.

package chart

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/fanorona/fanorona/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Matrix is the pairwise results of a set of players: Score[i][j] is player i's mean
// score per game against player j (in [0, 1]) over Games[i][j] games. Cells with no
// games are left blank whatever their score.
type Matrix struct {
	Names []string
	Score [][]float64
	Games [][]int
}

// MatrixFromWDL builds a Matrix from each pair's results seen from the row player.
func MatrixFromWDL(names []string, wdl [][]stats.WDL) Matrix {
	m := Matrix{Names: names, Score: make([][]float64, len(wdl)), Games: make([][]int, len(wdl))}
	for i, row := range wdl {
		m.Score[i] = make([]float64, len(row))
		m.Games[i] = make([]int, len(row))
		for j, w := range row {
			m.Games[i][j] = w.Games()
			m.Score[i][j] = w.Score()
		}
	}
	return m
}

// MatrixData is what the heat map draws: Value[i][j] is the score, NaN for a blank cell,
// and Label[i][j] the text written in it.
type MatrixData struct {
	Names []string
	Value [][]float64
	Label [][]string
}

// BuildMatrix checks the matrix and computes the cells.
func BuildMatrix(m Matrix) (MatrixData, error) {
	n := len(m.Names)
	if n == 0 {
		return MatrixData{}, errors.New("chart: matrix has no players")
	}
	if len(m.Score) != n || len(m.Games) != n {
		return MatrixData{}, fmt.Errorf("chart: matrix of %d players has %d score rows and %d game rows", n, len(m.Score), len(m.Games))
	}
	d := MatrixData{Names: m.Names, Value: make([][]float64, n), Label: make([][]string, n)}
	for i := range n {
		if len(m.Score[i]) != n || len(m.Games[i]) != n {
			return MatrixData{}, fmt.Errorf("chart: matrix row %d (%s) has %d scores and %d game counts, want %d", i, m.Names[i], len(m.Score[i]), len(m.Games[i]), n)
		}
		d.Value[i] = make([]float64, n)
		d.Label[i] = make([]string, n)
		for j := range n {
			g, s := m.Games[i][j], m.Score[i][j]
			switch {
			case g < 0:
				return MatrixData{}, fmt.Errorf("chart: matrix cell %s, %s: %d games", m.Names[i], m.Names[j], g)
			case g == 0:
				d.Value[i][j] = math.NaN()
			case !(s >= 0 && s <= 1):
				return MatrixData{}, fmt.Errorf("chart: matrix cell %s, %s: score %v is not in [0, 1]", m.Names[i], m.Names[j], s)
			default:
				d.Value[i][j] = s
				d.Label[i][j] = fmt.Sprintf("%.2f\n%d games", s, g)
			}
		}
	}
	return d, nil
}

// matrixGrid is the heat map's grid: column c is player c, row r counts from the bottom,
// so that the first player's row is on top.
type matrixGrid struct{ d MatrixData }

func (g matrixGrid) Dims() (c, r int)      { return len(g.d.Names), len(g.d.Names) }
func (g matrixGrid) Z(c, r int) float64    { return g.d.Value[len(g.d.Names)-1-r][c] }
func (g matrixGrid) X(c int) float64       { return float64(c) }
func (g matrixGrid) Y(r int) float64       { return float64(r) }
func (g matrixGrid) row(i int) (y float64) { return float64(len(g.d.Names) - 1 - i) }

// scoreColours runs from red (the row player scores 0) through white (0.5) to blue (1).
func scoreColours() palette.ColorMap {
	cm := moreland.SmoothBlueRed()
	cm.SetMin(0)
	cm.SetMax(1)
	return palette.Reverse(cm)
}

// PlotMatrix draws the heat map with a colour key.
func PlotMatrix(d MatrixData) (*Figure, error) {
	n := len(d.Names)
	if n == 0 {
		return nil, errors.New("chart: matrix has no players")
	}
	g := matrixGrid{d}
	cm := scoreColours()
	h := plotter.NewHeatMap(g, cm.Palette(256))
	h.Min, h.Max = 0, 1
	h.NaN = color.RGBA{0xF2, 0xF2, 0xF2, 255}
	p := newPlot("", "opponent (column)", "player (row)")
	p.Add(h)
	var xys plotter.XYs
	var labels []string
	var styles []textStyle
	for i := range n {
		for j := range n {
			txt := d.Label[i][j]
			if txt == "" {
				txt = "–"
			}
			xys = append(xys, plotter.XY{X: float64(j), Y: g.row(i)})
			labels = append(labels, txt)
			s := style(cellFont(n))
			s.XAlign, s.YAlign = draw.XCenter, draw.YCenter
			if v := d.Value[i][j]; !math.IsNaN(v) && math.Abs(v-0.5) > 0.3 {
				s.Color = color.White
			}
			styles = append(styles, s)
		}
	}
	p.Add(&plotter.Labels{XYs: xys, Labels: labels, TextStyle: styles})
	cols, rows := make([]plot.Tick, n), make([]plot.Tick, n)
	for i, name := range d.Names {
		cols[i] = plot.Tick{Value: float64(i), Label: name}
		rows[i] = plot.Tick{Value: g.row(i), Label: name}
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks(cols), plot.ConstantTicks(rows)
	p.X.Tick.Length, p.Y.Tick.Length = 0, 0
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5, -0.5, float64(n)-0.5
	if n > 5 {
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	}

	key := newPlot("", "", "score of the row player")
	key.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	key.HideX()
	key.Y.Tick.Marker = stepTicks(0, 1, 0.25, func(v float64) string { return trimFloat(v, 2) })
	key.Y.Padding = 0

	side := max(DefaultHeight, vg.Length(n)*2.2*vg.Centimeter+3*vg.Centimeter)
	return &Figure{
		Title:  "Pairwise results: score of the row player against the column player",
		Panels: []*plot.Plot{p},
		Key:    key,
		Width:  side + 5*vg.Centimeter,
		Height: side,
	}, nil
}

func cellFont(n int) vg.Length {
	if n > 6 {
		return 8
	}
	return 10
}
