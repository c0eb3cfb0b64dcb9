// figure.go: the Figure every chart returns (a title, stacked panels, a legend column and
// an optional colour key) and saving it as PNG or SVG chosen by the file extension.

package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Default page size and resolution: 20×12 cm, rendered at 120 dots per inch for PNG
// (945×567 pixels), where 10-point tick labels stay legible.
const (
	DefaultWidth  = 20 * vg.Centimeter
	DefaultHeight = 12 * vg.Centimeter
	DPI           = 120
)

// Figure is a chart ready to be saved: a title, one or more plots stacked top to bottom
// with their data areas aligned, and to their right a legend and an optional colour key.
// Width and Height are its default size.
type Figure struct {
	Title         string
	Panels        []*plot.Plot
	Legend        *plot.Legend // nil: no legend (a single series)
	Key           *plot.Plot   // nil: no colour key
	Width, Height vg.Length
}

const pad = 4 * vg.Millimeter

// Draw draws the figure on c.
func (f *Figure) Draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	c = draw.Crop(c, pad/2, -pad/2, pad/2, -pad/2)
	if f.Title != "" {
		sty := titleStyle()
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y}, f.Title)
		c = draw.Crop(c, 0, 0, 0, -(sty.Height(f.Title) + pad/2))
	}
	var col vg.Length
	if f.Legend != nil {
		r := f.Legend.Rectangle(c)
		col = r.Max.X - r.Min.X
	}
	if f.Key != nil {
		col = max(col, 2.4*vg.Centimeter)
	}
	main := c
	if col > 0 {
		main = draw.Crop(c, 0, -(col + pad), 0, 0)
		side := draw.Crop(c, c.Max.X-c.Min.X-col, 0, 0, 0)
		if f.Legend != nil {
			l := *f.Legend
			l.Top, l.Left = true, true
			l.Draw(side)
			r := l.Rectangle(side)
			side = draw.Crop(side, 0, 0, 0, -(r.Max.Y - r.Min.Y + pad))
		}
		if f.Key != nil {
			h := side.Max.Y - side.Min.Y
			f.Key.Draw(draw.Crop(side, 0, 0, h/4, 0))
		}
	}
	if len(f.Panels) == 1 {
		f.Panels[0].Draw(main)
		return
	}
	rows := make([][]*plot.Plot, len(f.Panels))
	for i, p := range f.Panels {
		rows[i] = []*plot.Plot{p}
	}
	cs := plot.Align(rows, draw.Tiles{Rows: len(rows), Cols: 1, PadY: pad / 2}, main)
	for i, p := range f.Panels {
		p.Draw(cs[i][0])
	}
}

// Formats are the file formats a figure can be saved in, by file extension.
var Formats = []string{"png", "svg"}

// FormatOf returns the format named by path's extension, "png" or "svg" (any case).
func FormatOf(path string) (string, error) {
	ext := filepath.Ext(path)
	switch f := strings.ToLower(strings.TrimPrefix(ext, ".")); f {
	case "png", "svg":
		return f, nil
	}
	if ext == "" {
		return "", fmt.Errorf("file %q has no extension: use .png or .svg", path)
	}
	return "", fmt.Errorf("file %q: unknown extension %q: use .png or .svg", path, ext)
}

// Write renders the figure at its default size in format "png" or "svg" to w. Nothing is
// written to w unless rendering succeeds.
func (f *Figure) Write(w io.Writer, format string) error {
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(DPI))
		f.Draw(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return err
		}
	case "svg":
		c := vgsvg.New(f.Width, f.Height)
		f.Draw(draw.New(c))
		var raw bytes.Buffer
		if _, err := c.WriteTo(&raw); err != nil {
			return err
		}
		buf.Write(fixSVGImages(raw.Bytes()))
	default:
		return fmt.Errorf("chart: unknown format %q: use png or svg", format)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// fixSVGImages corrects the raster images gonum/plot embeds in SVG (the matrix's colour
// key): they are PNG, not JPEG as their data URL says, and they must fill their box.
// Without preserveAspectRatio="none" a browser keeps the 1×N key's proportions and draws
// it as a one-pixel line (seen in the HTML report's screenshot).
func fixSVGImages(svg []byte) []byte {
	svg = bytes.ReplaceAll(svg, []byte(`<image x=`), []byte(`<image preserveAspectRatio="none" x=`))
	return bytes.ReplaceAll(svg, []byte(`xlink:href="data:image/jpg;base64,`), []byte(`xlink:href="data:image/png;base64,`))
}

// Encode renders the figure in the format chosen by path's extension and returns the
// bytes; the caller decides how to write them.
func (f *Figure) Encode(path string) ([]byte, error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf, format); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
