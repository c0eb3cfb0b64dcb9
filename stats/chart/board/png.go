// png.go: the PNG painter, the same shapes on gonum/plot's raster canvas.

package board

import (
	"bytes"
	"image/color"
	"io"

	"github.com/fanorona/fanorona/engine"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// DPI is the PNG's resolution: a user unit is a point, so the picture is 1.5 times its
// SVG size in pixels (876×516), sharp on a high-density screen and a few tens of KB.
const DPI = 108

// PNG writes the picture of pos as a PNG image of the same layout as SVG.
func PNG(w io.Writer, pos engine.Position, opts Options) error {
	if err := checkTurn(&pos, opts); err != nil {
		return err
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(Width), vg.Length(Height)), vgimg.UseDPI(DPI))
	paint(&pngPainter{c: draw.New(c)}, &pos, opts)
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return err
	}
	return write(w, buf.Bytes())
}

type pngPainter struct{ c draw.Canvas }

// at turns a picture point (y down) into the canvas's (y up).
func (p *pngPainter) at(q xy) vg.Point {
	return vg.Point{X: vg.Length(q.X), Y: vg.Length(Height - q.Y)}
}

func (p *pngPainter) path(pts []xy) vg.Path {
	var path vg.Path
	for i, q := range pts {
		if i == 0 {
			path.Move(p.at(q))
		} else {
			path.Line(p.at(q))
		}
	}
	return path
}

func (p *pngPainter) background(fill color.RGBA) {
	p.c.SetColor(fill)
	p.c.Fill(p.c.Rectangle.Path())
}

func (p *pngPainter) line(a, b xy, st stroke, _ string) {
	p.polyline([]xy{a, b}, st.width, st.colour, "")
}

func (p *pngPainter) circle(at xy, r float64) vg.Path {
	var path vg.Path
	centre := p.at(at)
	path.Move(vg.Point{X: centre.X + vg.Length(r), Y: centre.Y})
	path.Arc(centre, vg.Length(r), 0, 2*3.141592653589793)
	path.Close()
	return path
}

func (p *pngPainter) piece(_ engine.Point, at xy, class string) {
	r, fill, stroke, width := pieceAttrs(class)
	path := p.circle(at, r)
	p.c.SetColor(fill)
	p.c.Fill(path)
	if width > 0 {
		p.c.SetLineStyle(draw.LineStyle{Color: stroke, Width: vg.Length(width)})
		p.c.Stroke(path)
	}
}

func (p *pngPainter) polyline(pts []xy, width float64, c color.RGBA, _ string) {
	p.c.SetLineStyle(draw.LineStyle{Color: c, Width: vg.Length(width)})
	p.c.Stroke(p.path(pts))
}

func (p *pngPainter) polygon(pts []xy, fill color.RGBA, _ string) {
	path := p.path(pts)
	path.Close()
	p.c.SetColor(fill)
	p.c.Fill(path)
}

func (p *pngPainter) group(string, engine.Point) {}
func (p *pngPainter) lines(stroke)               {}
func (p *pngPainter) texts(float64, color.RGBA)  {}
func (p *pngPainter) end()                       {}

// sans is Liberation Sans, embedded in gonum/plot, as in the charts.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

func (p *pngPainter) text(at xy, size float64, c color.RGBA, s string) {
	sty := text.Style{Color: c, Font: font.From(sans, vg.Length(size)), XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	p.c.FillText(sty, p.at(at), s)
}
