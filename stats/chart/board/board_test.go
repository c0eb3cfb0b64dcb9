package board

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "regenerate the golden files in testdata")

// Two capture chains checked by hand against docs/RULES.md.
//
// chainFEN, White to move two plies after the start (ranks 5 to 1):
//
//	5  B B B B B B B B B
//	4  B . B B B B B B B
//	3  B W . B . B W B W
//	2  W W W . W W W W W
//	1  W W W W . W W W W
//	   a b c d e f g h i
//
// d1-d2A takes d3 d4 d5 (approach, north); d2-e3A takes f4 g5 (north-east); e3-d4A lands
// on the emptied d4 and takes c5 (north-west); d4-c3W withdraws from e5; c3-b4A takes a5;
// b4-c5W withdraws from a3; c5-d5W withdraws from b5 (a5 is already gone): ten pieces.
const (
	chainFEN  = "BBBBBBBBB/B1BBBBBBB/BW1B1BWBW/WWW1WWWWW/WWWW1WWWW w 0 2"
	chainTurn = "d1-d2A-e3A-d4A-c3W-b4A-c5W-d5W"

	// The telo noho dimy puzzle "one-of-22": d3-d4W withdraws from d2, d4-e5W (diagonal,
	// d4 is strong) withdraws from c3, e5-e4A approaches e3: d2 c3 e3 taken, d5 f4 left.
	puzzleFEN  = "WW1B5/5B3/2BWB4/3B5/9 w 0 0"
	puzzleTurn = "d3-d4W-e5W-e4A"
)

var (
	chainPath      = []string{"d1", "d2", "e3", "d4", "c3", "b4", "c5", "d5"}
	chainCaptured  = []string{"a3", "a5", "b5", "c5", "d3", "d4", "d5", "e5", "f4", "g5"}
	puzzlePath     = []string{"d3", "d4", "e5", "e4"}
	puzzleCaptured = []string{"c3", "d2", "e3"}
)

// element is any SVG element, read generically so that the test does not share the
// drawing code's idea of the structure.
type element struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []element  `xml:",any"`
	Text     string     `xml:",chardata"`
}

func (e element) attr(name string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (e element) float(t *testing.T, name string) float64 {
	v, err := strconv.ParseFloat(e.attr(name), 64)
	require.NoError(t, err, "%s=%q", name, e.attr(name))
	return v
}

// walk calls f on e and every element below it.
func (e element) walk(f func(element)) {
	f(e)
	for _, c := range e.Children {
		c.walk(f)
	}
}

func parseSVG(t *testing.T, data []byte) element {
	t.Helper()
	var root element
	require.NoError(t, xml.Unmarshal(data, &root))
	require.Equal(t, "svg", root.XMLName.Local)
	return root
}

func drawn(t *testing.T, fen, turn string) (element, []byte) {
	t.Helper()
	pos := engine.MustParseFEN(fen)
	var opts Options
	if turn != "" {
		tn, err := pos.ParseTurn(engine.TheoreticRules(), turn)
		require.NoError(t, err)
		opts.Turn = &tn
	}
	var buf bytes.Buffer
	require.NoError(t, SVG(&buf, pos, opts))
	return parseSVG(t, buf.Bytes()), buf.Bytes()
}

// handBoard reads a FEN's board by hand: ranks 5 down to 1, digits for empty points.
func handBoard(t *testing.T, fen string) map[string]string {
	board := map[string]string{}
	ranks := strings.Split(strings.Fields(fen)[0], "/")
	require.Len(t, ranks, 5)
	for i, rank := range ranks {
		col := 0
		for _, ch := range rank {
			if ch >= '1' && ch <= '9' {
				for k := 0; k < int(ch-'0'); k++ {
					board[string(rune('a'+col))+strconv.Itoa(5-i)] = "empty"
					col++
				}
				continue
			}
			name := map[rune]string{'W': "white", 'B': "black"}[ch]
			require.NotEmpty(t, name, "FEN character %q", ch)
			board[string(rune('a'+col))+strconv.Itoa(5-i)] = name
			col++
		}
		require.Equal(t, 9, col, "rank %d of %s", 5-i, fen)
	}
	return board
}

// points returns each point element's class and centre by its data-point name.
func pointElements(t *testing.T, root element) (map[string]string, map[string][2]float64) {
	class, at := map[string]string{}, map[string][2]float64{}
	root.walk(func(e element) {
		if e.XMLName.Local == "circle" && e.attr("data-point") != "" {
			name := e.attr("data-point")
			_, dup := class[name]
			assert.False(t, dup, "point %s drawn twice", name)
			class[name] = e.attr("class")
			at[name] = [2]float64{e.float(t, "cx"), e.float(t, "cy")}
		}
	})
	return class, at
}

func TestPiecesAreTheFENs(t *testing.T) {
	for _, fen := range []string{engine.StartFEN, chainFEN, puzzleFEN, "9/9/9/9/4W2B1 b 3 7"} {
		root, _ := drawn(t, fen, "")
		class, _ := pointElements(t, root)
		want := handBoard(t, fen)
		assert.Equal(t, want, class, fen)
		count := map[string]int{}
		for _, c := range class {
			count[c]++
		}
		pos := engine.MustParseFEN(fen)
		assert.Equal(t, pos.Pieces[engine.White].Count(), count["white"], "white pieces of %s", fen)
		assert.Equal(t, pos.Pieces[engine.Black].Count(), count["black"], "black pieces of %s", fen)
		assert.Equal(t, 45, len(class))
	}
}

// TestPointsSitOnTheGrid: a1 bottom left, i5 top right, one spacing apart.
func TestPointsSitOnTheGrid(t *testing.T) {
	root, _ := drawn(t, engine.StartFEN, "")
	_, at := pointElements(t, root)
	for name, c := range at {
		col, row := float64(name[0]-'a'), float64(name[1]-'1')
		assert.InDelta(t, Margin+Spacing*col, c[0], 1e-9, name)
		assert.InDelta(t, Margin+Spacing*(4-row), c[1], 1e-9, name)
	}
}

// TestLinesAreTheBoards: 40 horizontal and 36 vertical segments of one spacing, and the
// 32 diagonal ones, each joining two points whose column + row is even (docs/RULES.md),
// one diagonal in each of the 32 unit squares.
func TestLinesAreTheBoards(t *testing.T) {
	root, _ := drawn(t, engine.StartFEN, "")
	var horizontal, vertical int
	squares := map[[2]int]int{}
	grid := func(x, y float64) (int, int) {
		col, row := (x-Margin)/Spacing, 4-(y-Margin)/Spacing
		require.InDelta(t, math.Round(col), col, 1e-9)
		require.InDelta(t, math.Round(row), row, 1e-9)
		return int(math.Round(col)), int(math.Round(row))
	}
	root.walk(func(e element) {
		if e.XMLName.Local != "line" || (e.attr("class") != "line" && e.attr("class") != "diagonal") {
			return
		}
		c1, r1 := grid(e.float(t, "x1"), e.float(t, "y1"))
		c2, r2 := grid(e.float(t, "x2"), e.float(t, "y2"))
		dc, dr := c2-c1, r2-r1
		switch {
		case e.attr("class") == "line" && dr == 0 && (dc == 1 || dc == -1):
			horizontal++
		case e.attr("class") == "line" && dc == 0 && (dr == 1 || dr == -1):
			vertical++
		case e.attr("class") == "diagonal" && (dc == 1 || dc == -1) && (dr == 1 || dr == -1):
			assert.Zero(t, (c1+r1)%2, "diagonal from a weak point %c%d", 'a'+c1, r1+1)
			assert.Zero(t, (c2+r2)%2, "diagonal to a weak point %c%d", 'a'+c2, r2+1)
			squares[[2]int{min(c1, c2), min(r1, r2)}]++
		default:
			t.Errorf("a %s from %c%d to %c%d is not a board line", e.attr("class"), 'a'+c1, r1+1, 'a'+c2, r2+1)
		}
	})
	assert.Equal(t, 40, horizontal)
	assert.Equal(t, 36, vertical)
	assert.Len(t, squares, 32)
	for sq, n := range squares {
		assert.Equal(t, 1, n, "square %v", sq)
	}
}

// TestCoordinates: files a..i left to right below the board, ranks 1..5 bottom to top on
// its left.
func TestCoordinates(t *testing.T) {
	root, _ := drawn(t, engine.StartFEN, "")
	type label struct {
		s    string
		x, y float64
	}
	var files, ranks []label
	root.walk(func(e element) {
		if e.XMLName.Local != "text" {
			return
		}
		l := label{e.Text, e.float(t, "x"), e.float(t, "y")}
		switch {
		case l.y > Height-Margin:
			files = append(files, l)
		case l.x < Margin:
			ranks = append(ranks, l)
		default:
			t.Errorf("text %q inside the board", l.s)
		}
	})
	sort.Slice(files, func(i, j int) bool { return files[i].x < files[j].x })
	sort.Slice(ranks, func(i, j int) bool { return ranks[i].y > ranks[j].y })
	var fs, rs string
	for _, l := range files {
		fs += l.s
	}
	for _, l := range ranks {
		rs += l.s
	}
	assert.Equal(t, "abcdefghi", fs)
	assert.Equal(t, "12345", rs)
}

// turnDrawn reads back a drawn turn: the crossed-out points and the path's points, the
// path's vertices mapped to the nearest point centre (the last is the arrowhead's tip).
func turnDrawn(t *testing.T, root element) (captured, path []string) {
	_, at := pointElements(t, root)
	nearest := func(x, y float64) string {
		best, bestD := "", math.Inf(1)
		for name, c := range at {
			if d := math.Hypot(c[0]-x, c[1]-y); d < bestD {
				best, bestD = name, d
			}
		}
		require.Less(t, bestD, Spacing/2, "a path vertex off every point")
		return best
	}
	vertices := func(e element) [][2]float64 {
		var out [][2]float64
		for _, pair := range strings.Fields(e.attr("points")) {
			x, y, ok := strings.Cut(pair, ",")
			require.True(t, ok)
			fx, err1 := strconv.ParseFloat(x, 64)
			fy, err2 := strconv.ParseFloat(y, 64)
			require.NoError(t, err1)
			require.NoError(t, err2)
			out = append(out, [2]float64{fx, fy})
		}
		return out
	}
	var line, head [][2]float64
	root.walk(func(e element) {
		switch {
		case e.XMLName.Local == "g" && e.attr("class") == "captured":
			captured = append(captured, e.attr("data-point"))
		case e.XMLName.Local == "polyline" && e.attr("class") == "path":
			require.Nil(t, line, "one path")
			line = vertices(e)
		case e.XMLName.Local == "polygon" && e.attr("class") == "arrowhead":
			head = vertices(e)
		}
	})
	if line == nil {
		return captured, nil
	}
	require.Len(t, head, 3)
	for _, v := range line[:len(line)-1] {
		path = append(path, nearest(v[0], v[1]))
	}
	tip := head[0]
	c := at[nearest(tip[0], tip[1])]
	assert.InDelta(t, c[0], tip[0], 0.01, "the arrow's tip is on the last point")
	assert.InDelta(t, c[1], tip[1], 0.01)
	path = append(path, nearest(tip[0], tip[1]))
	sort.Strings(captured)
	return captured, path
}

func TestTurnDrawnHandChecked(t *testing.T) {
	for _, c := range []struct {
		fen, turn      string
		path, captured []string
	}{
		{chainFEN, chainTurn, chainPath, chainCaptured},
		{puzzleFEN, puzzleTurn, puzzlePath, puzzleCaptured},
		{engine.StartFEN, "e2-e3A", []string{"e2", "e3"}, []string{"e4", "e5"}},
		{"9/9/9/9/4W2B1 w", "e1-f2", []string{"e1", "f2"}, nil},
	} {
		root, _ := drawn(t, c.fen, c.turn)
		captured, path := turnDrawn(t, root)
		assert.Equal(t, c.path, path, c.turn)
		assert.Equal(t, c.captured, captured, c.turn)
		// Captured pieces are still drawn (the board before the turn), and are the enemy's.
		class, _ := pointElements(t, root)
		for _, p := range c.captured {
			assert.Equal(t, "black", class[p], "%s: captured %s", c.turn, p)
		}
	}
	root, _ := drawn(t, chainFEN, "")
	captured, path := turnDrawn(t, root)
	assert.Empty(t, captured, "no turn, no marks")
	assert.Empty(t, path, "no turn, no path")
}

func TestRefusesATurnWithoutItsPiece(t *testing.T) {
	pos := engine.MustParseFEN(chainFEN)
	tn, err := pos.ParseTurn(engine.TheoreticRules(), chainTurn)
	require.NoError(t, err)
	other := pos.PassTurn() // Black to move: d1 is not theirs
	for _, f := range []string{"png", "svg"} {
		var buf bytes.Buffer
		var err error
		if f == "svg" {
			err = SVG(&buf, other, Options{Turn: &tn})
		} else {
			err = PNG(&buf, other, Options{Turn: &tn})
		}
		assert.ErrorContains(t, err, "d1", f)
		assert.Zero(t, buf.Len(), "%s: nothing written", f)
	}
	_, err = Encode("gif", pos, Options{})
	assert.ErrorContains(t, err, "gif")
}

// goldens are the pictures compared byte for byte with testdata/NAME.svg.
var goldens = []struct{ name, fen, turn string }{
	{"start", engine.StartFEN, ""},
	{"chain", chainFEN, chainTurn},
	{"telo-noho-dimy-one-of-22", puzzleFEN, puzzleTurn},
}

// TestGoldenSVG compares each picture's SVG with testdata/NAME.svg; go test
// ./stats/chart/board -update rewrites them.
func TestGoldenSVG(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			_, got := drawn(t, g.fen, g.turn)
			path := filepath.Join("testdata", g.name+".svg")
			if *update {
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "missing golden file: run go test ./stats/chart/board -update")
			if !bytes.Equal(want, got) {
				out := filepath.Join(t.TempDir(), g.name+".svg")
				require.NoError(t, os.WriteFile(out, got, 0o644))
				t.Errorf("%s differs from %s (wrote %s); if the change is intended, run go test ./stats/chart/board -update", g.name, path, out)
			}
		})
	}
}

// TestPNG decodes the PNG: 1.5 times the SVG's size, the board's colour at a corner, a
// white piece's fill at a1's centre and a black piece's at a5's; and the same bytes twice.
func TestPNG(t *testing.T) {
	pos := engine.Start()
	var a, b bytes.Buffer
	require.NoError(t, PNG(&a, pos, Options{}))
	require.NoError(t, PNG(&b, pos, Options{}))
	assert.Equal(t, a.Bytes(), b.Bytes(), "deterministic")
	img, err := png.Decode(bytes.NewReader(a.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, image.Pt(876, 516), img.Bounds().Size())
	scale := float64(DPI) / 72
	px := func(p engine.Point) (int, int) {
		x, y := Center(p)
		return int(x * scale), int(y * scale)
	}
	rgb := func(x, y int) [3]uint32 {
		r, g, bl, _ := img.At(x, y).RGBA()
		return [3]uint32{r >> 8, g >> 8, bl >> 8}
	}
	assert.Equal(t, [3]uint32{0xEB, 0xCB, 0x8B}, rgb(3, 3), "board")
	a1, _ := engine.ParsePoint("a1")
	a5, _ := engine.ParsePoint("a5")
	assert.Equal(t, [3]uint32{0xFA, 0xFA, 0xFA}, rgb(px(a1)), "white piece on a1")
	assert.Equal(t, [3]uint32{0x1E, 0x1E, 0x1E}, rgb(px(a5)), "black piece on a5")
}

func TestSVGIsDeterministic(t *testing.T) {
	_, a := drawn(t, chainFEN, chainTurn)
	_, b := drawn(t, chainFEN, chainTurn)
	assert.Equal(t, a, b)
}

func TestMarks(t *testing.T) {
	for _, c := range []struct {
		fen, turn string
		points    []string // the path and the captured pieces, hand-checked above
	}{
		{engine.StartFEN, "e2-e3A", []string{"e2", "e3", "e4", "e5"}},
		{"9/9/9/9/4W2B1 w", "e1-f2", []string{"e1", "f2"}},
		{chainFEN, chainTurn, append(append([]string{}, chainPath...), chainCaptured...)},
	} {
		p := engine.MustParseFEN(c.fen)
		turn, err := p.ParseTurn(engine.DefaultRules(), c.turn)
		require.NoError(t, err, c.turn)
		var want engine.Bitboard
		for _, s := range c.points {
			q, ok := engine.ParsePoint(s)
			require.True(t, ok, s)
			want |= engine.Bit(q)
		}
		assert.Equal(t, want, Marks(&turn), c.turn)
	}
	assert.Zero(t, Marks(nil), "no turn, no marks")
}
