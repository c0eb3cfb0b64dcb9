// board.go: the picture of a position, drawn once onto a painter: the geometry, the
// colours and the order in which the parts are laid on top of each other.

package board

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"

	"github.com/fanorona/fanorona/engine"
)

// Options say what is drawn besides the position.
type Options struct {
	// Turn, if not nil, is a turn of the position drawn on it: its path from the moving
	// piece through every landing point, and its captured pieces crossed out. It must be
	// legal in the position (engine.Position.ParseTurn gives one from notation); the
	// pieces are drawn as they stand before it.
	Turn *engine.Turn
}

// Geometry, in SVG user units (CSS pixels at scale 1; points for the PNG canvas).
const (
	Spacing = 60.0 // between neighbouring points
	Margin  = 52.0 // from the outer lines to the picture's edge, room for the coordinates
	Width   = Margin*2 + Spacing*(engine.Cols-1)
	Height  = Margin*2 + Spacing*(engine.Rows-1)

	pieceRadius = 0.34 * Spacing
	labelGap    = pieceRadius + 15 // from a line's end to its coordinate
	dotRadius   = 4.0
	lineWidth   = 2.0
	pathWidth   = 5.0
	markWidth   = 4.0
	markSize    = 0.24 * Spacing
	labelSize   = 15.0
)

// Colours: a sand board with brown lines; the turn in Okabe–Ito blue, captures in
// vermillion, told apart with the common colour-vision deficiencies.
var (
	boardColour = color.RGBA{0xEB, 0xCB, 0x8B, 0xFF}
	lineColour  = color.RGBA{0x6B, 0x44, 0x23, 0xFF}
	whiteFill   = color.RGBA{0xFA, 0xFA, 0xFA, 0xFF}
	blackFill   = color.RGBA{0x1E, 0x1E, 0x1E, 0xFF}
	pieceStroke = color.RGBA{0x11, 0x11, 0x11, 0xFF}
	pathColour  = color.RGBA{0x00, 0x72, 0xB2, 0xFF}
	markColour  = color.RGBA{0xD5, 0x5E, 0x00, 0xFF}
	labelColour = color.RGBA{0x33, 0x33, 0x33, 0xFF}
	haloColour  = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
)

// Center returns the centre of point p in the picture: a1 at the bottom left, i5 at the
// top right.
func Center(p engine.Point) (x, y float64) {
	return Margin + Spacing*float64(p.Col()), Margin + Spacing*float64(engine.Rows-1-p.Row())
}

// stroke is a line's width and colour.
type stroke struct {
	width  float64
	colour color.RGBA
}

// xy is a point of the picture, y downwards.
type xy struct{ X, Y float64 }

func centre(p engine.Point) xy {
	x, y := Center(p)
	return xy{x, y}
}

// painter is what the picture is drawn on; SVG and PNG each implement it. Classes and
// point names are for the SVG (the viewer and the tests); the PNG painter ignores them.
type painter interface {
	background(fill color.RGBA)
	line(a, b xy, st stroke, class string)
	// piece draws point p: a piece of the class's colour, or the point's dot when empty.
	piece(p engine.Point, at xy, class string)
	polyline(pts []xy, width float64, c color.RGBA, class string)
	polygon(pts []xy, fill color.RGBA, class string)
	// group starts a group of shapes about point p (end closes it).
	group(class string, p engine.Point)
	// lines starts a group of lines of one stroke, texts one of texts of one size and
	// colour (end closes them): the SVG writes their attributes once.
	lines(st stroke)
	texts(size float64, c color.RGBA)
	end()
	text(at xy, size float64, c color.RGBA, s string)
}

// paint draws pos with opts onto pt: board, lines, points and pieces, captured marks,
// the path of the turn, coordinates.
func paint(pt painter, pos *engine.Position, opts Options) {
	pt.background(boardColour)
	boardLine := stroke{lineWidth, lineColour}
	pt.lines(boardLine)
	// Every line of the board is a neighbour pair of the engine: 40 + 36 orthogonal
	// segments and 32 diagonal ones, each drawn once (from its lower point).
	for p := engine.Point(0); p < engine.Points; p++ {
		for d := engine.Direction(0); d < 8; d++ {
			q := engine.Neighbour(p, d)
			if q == engine.NoPoint || q < p {
				continue
			}
			class := "line"
			if d.IsDiagonal() {
				class = "diagonal"
			}
			pt.line(centre(p), centre(q), boardLine, class)
		}
	}
	pt.end()
	for p := engine.Point(0); p < engine.Points; p++ {
		pt.piece(p, centre(p), pieceClass(pos, p))
	}
	if t := opts.Turn; t != nil {
		drawTurn(pt, *t)
	}
	pt.texts(labelSize, labelColour)
	for c := 0; c < engine.Cols; c++ {
		x, _ := Center(engine.PointAt(c, 0))
		pt.text(xy{x, Height - Margin + labelGap}, labelSize, labelColour, string(rune('a'+c)))
	}
	for r := 0; r < engine.Rows; r++ {
		_, y := Center(engine.PointAt(0, r))
		pt.text(xy{Margin - labelGap, y}, labelSize, labelColour, string(rune('1'+r)))
	}
	pt.end()
}

// pieceClass names what stands on p.
func pieceClass(pos *engine.Position, p engine.Point) string {
	switch {
	case pos.Pieces[engine.White].Has(p):
		return "white"
	case pos.Pieces[engine.Black].Has(p):
		return "black"
	}
	return "empty"
}

// Path returns the points a turn visits: its start, then each step's landing point.
func Path(t engine.Turn) []engine.Point {
	pts := []engine.Point{t.From}
	cur := t.From
	for i := 0; i < int(t.Len); i++ {
		d, _ := t.Step(i)
		cur = engine.Neighbour(cur, d)
		pts = append(pts, cur)
	}
	return pts
}

// Marks are the points a turn touches, for the terminal diagram (engine.Diagram): its
// path and the pieces it captures; none without a turn.
func Marks(t *engine.Turn) engine.Bitboard {
	if t == nil {
		return 0
	}
	marks := t.Captured
	for _, q := range Path(*t) {
		marks |= engine.Bit(q)
	}
	return marks
}

// drawTurn crosses out the captured pieces, then draws the path as a polyline ending in
// an arrowhead whose tip is at the last landing point's centre.
func drawTurn(pt painter, t engine.Turn) {
	mark := stroke{markWidth, markColour}
	for p := engine.Point(0); p < engine.Points; p++ {
		if !t.Captured.Has(p) {
			continue
		}
		c := centre(p)
		pt.group("captured", p)
		pt.line(xy{c.X - markSize, c.Y - markSize}, xy{c.X + markSize, c.Y + markSize}, mark, "")
		pt.line(xy{c.X - markSize, c.Y + markSize}, xy{c.X + markSize, c.Y - markSize}, mark, "")
		pt.end()
	}
	path := Path(t)
	pts := make([]xy, len(path))
	for i, p := range path {
		pts[i] = centre(p)
	}
	// The last segment stops at the arrowhead's base so the line does not blunt its tip.
	const headLen, headHalf = 18.0, 9.0
	a, b := pts[len(pts)-2], pts[len(pts)-1]
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	base := xy{b.X - ux*headLen, b.Y - uy*headLen}
	line := append(append([]xy(nil), pts[:len(pts)-1]...), base)
	head := []xy{b, {base.X - uy*headHalf, base.Y + ux*headHalf}, {base.X + uy*headHalf, base.Y - ux*headHalf}}
	// A light halo under the path keeps it readable where it crosses black pieces.
	pt.polyline(line, pathWidth+4, haloColour, "halo")
	pt.polyline(line, pathWidth, pathColour, "path")
	pt.polygon(head, pathColour, "arrowhead")
}

// Encode returns the picture of pos in format "png" or "svg" (stats/chart's FormatOf
// reads it off a file name).
func Encode(format string, pos engine.Position, opts Options) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch format {
	case "svg":
		err = SVG(&buf, pos, opts)
	case "png":
		err = PNG(&buf, pos, opts)
	default:
		err = fmt.Errorf("board: unknown format %q: use png or svg", format)
	}
	return buf.Bytes(), err
}

// checkTurn refuses a turn that cannot be drawn: no steps, or a start without a piece of
// the side to move.
func checkTurn(pos *engine.Position, opts Options) error {
	t := opts.Turn
	if t == nil {
		return nil
	}
	if t.Len == 0 {
		return fmt.Errorf("board: turn %v has no steps", *t)
	}
	if !pos.Own().Has(t.From) {
		return fmt.Errorf("board: turn %v starts on %s, where %s has no piece", *t, t.From, pos.Side)
	}
	return nil
}

// write renders to w only once the whole picture is ready.
func write(w io.Writer, data []byte) error {
	_, err := w.Write(data)
	return err
}
