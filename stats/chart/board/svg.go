// svg.go: the SVG painter, plain SVG written with the standard library, every point
// element named by data-point and classed by what stands on it.

package board

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// SVG writes the picture of pos as a standalone SVG document. The 45 point elements are
// circles with data-point="a1".."i5" and class "white", "black" or "empty"; captured
// pieces of the turn are groups of class "captured" with data-point; the turn's path is
// the polyline of class "path". The title is the position's FEN (and the turn drawn).
func SVG(w io.Writer, pos engine.Position, opts Options) error {
	if err := checkTurn(&pos, opts); err != nil {
		return err
	}
	var s svgPainter
	title := pos.FEN()
	if opts.Turn != nil {
		title += ", " + opts.Turn.String()
	}
	fmt.Fprintf(&s.buf, `<svg xmlns="http://www.w3.org/2000/svg" class="board" width="%s" height="%s" viewBox="0 0 %s %s" role="img">`+"\n",
		num(Width), num(Height), num(Width), num(Height))
	s.buf.WriteString("<title>")
	xml.EscapeText(&s.buf, []byte(title))
	s.buf.WriteString("</title>\n")
	paint(&s, &pos, opts)
	s.buf.WriteString("</svg>\n")
	return write(w, s.buf.Bytes())
}

// svgPainter writes SVG elements; inside a lines or texts group it leaves out the
// attributes the group sets.
type svgPainter struct {
	buf       bytes.Buffer
	groups    []string // open groups: "g", "lines", "texts"
	lineStyle *stroke
	textStyle *textStyle
}

type textStyle struct {
	size   float64
	colour color.RGBA
}

const fontFamily = `'Liberation Sans',Arimo,Arial,Helvetica,sans-serif`

// num prints a coordinate with at most two decimals, so the bytes do not depend on the
// last bits of a float computation.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func classAttr(class string) string {
	if class == "" {
		return ""
	}
	return ` class="` + class + `"`
}

func (s *svgPainter) background(fill color.RGBA) {
	fmt.Fprintf(&s.buf, `<rect width="%s" height="%s" fill="%s"/>`+"\n", num(Width), num(Height), hex(fill))
}

func (s *svgPainter) line(a, b xy, st stroke, class string) {
	fmt.Fprintf(&s.buf, `<line%s x1="%s" y1="%s" x2="%s" y2="%s"`, classAttr(class), num(a.X), num(a.Y), num(b.X), num(b.Y))
	if s.lineStyle == nil || *s.lineStyle != st {
		fmt.Fprintf(&s.buf, ` stroke="%s" stroke-width="%s" stroke-linecap="round"`, hex(st.colour), num(st.width))
	}
	s.buf.WriteString("/>\n")
}

func (s *svgPainter) lines(st stroke) {
	fmt.Fprintf(&s.buf, `<g stroke="%s" stroke-width="%s" stroke-linecap="round">`+"\n", hex(st.colour), num(st.width))
	s.groups, s.lineStyle = append(s.groups, "lines"), &st
}

func (s *svgPainter) texts(size float64, c color.RGBA) {
	fmt.Fprintf(&s.buf, `<g font-family="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">`+"\n", fontFamily, num(size), hex(c))
	s.groups, s.textStyle = append(s.groups, "texts"), &textStyle{size, c}
}

// pieceAttrs are each class's radius, fill and stroke; the viewer's stylesheet repeats
// them (PieceCSS) so that changing a class changes the piece.
func pieceAttrs(class string) (r float64, fill, stroke color.RGBA, width float64) {
	switch class {
	case "white":
		return pieceRadius, whiteFill, pieceStroke, 2
	case "black":
		return pieceRadius, blackFill, pieceStroke, 2
	}
	return dotRadius, lineColour, lineColour, 0
}

// PieceCSS is the stylesheet that draws a point element by its class, for a page whose
// script changes the classes of an SVG from this package.
func PieceCSS(scope string) string {
	var sb strings.Builder
	for _, class := range []string{"white", "black", "empty"} {
		r, fill, stroke, width := pieceAttrs(class)
		fmt.Fprintf(&sb, "%s circle.%s { r: %spx; fill: %s; stroke: %s; stroke-width: %spx; }\n", scope, class, num(r), hex(fill), hex(stroke), num(width))
	}
	return sb.String()
}

func (s *svgPainter) piece(p engine.Point, at xy, class string) {
	r, fill, stroke, width := pieceAttrs(class)
	fmt.Fprintf(&s.buf, `<circle class="%s" data-point="%s" cx="%s" cy="%s" r="%s" fill="%s"`, class, p, num(at.X), num(at.Y), num(r), hex(fill))
	if width > 0 {
		fmt.Fprintf(&s.buf, ` stroke="%s" stroke-width="%s"`, hex(stroke), num(width))
	}
	s.buf.WriteString("/>\n")
}

func points(pts []xy) string {
	parts := make([]string, len(pts))
	for i, p := range pts {
		parts[i] = num(p.X) + "," + num(p.Y)
	}
	return strings.Join(parts, " ")
}

func (s *svgPainter) polyline(pts []xy, width float64, c color.RGBA, class string) {
	fmt.Fprintf(&s.buf, `<polyline%s points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
		classAttr(class), points(pts), hex(c), num(width))
}

func (s *svgPainter) polygon(pts []xy, fill color.RGBA, class string) {
	fmt.Fprintf(&s.buf, `<polygon%s points="%s" fill="%s"/>`+"\n", classAttr(class), points(pts), hex(fill))
}

func (s *svgPainter) group(class string, p engine.Point) {
	fmt.Fprintf(&s.buf, `<g class="%s" data-point="%s">`+"\n", class, p)
	s.groups = append(s.groups, "g")
}

func (s *svgPainter) end() {
	switch s.groups[len(s.groups)-1] {
	case "lines":
		s.lineStyle = nil
	case "texts":
		s.textStyle = nil
	}
	s.groups = s.groups[:len(s.groups)-1]
	s.buf.WriteString("</g>\n")
}

func (s *svgPainter) text(at xy, size float64, c color.RGBA, txt string) {
	fmt.Fprintf(&s.buf, `<text x="%s" y="%s"`, num(at.X), num(at.Y))
	if s.textStyle == nil || *s.textStyle != (textStyle{size, c}) {
		fmt.Fprintf(&s.buf, ` font-family="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central"`, fontFamily, num(size), hex(c))
	}
	s.buf.WriteString(">")
	xml.EscapeText(&s.buf, []byte(txt))
	s.buf.WriteString("</text>\n")
}
