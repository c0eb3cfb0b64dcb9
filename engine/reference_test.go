// reference_test.go: a deliberately plain, slow implementation of RULES.md written apart
// from the bitboard generator (grid arrays, coordinates, recursion over copies), used to
// cross-check the generator on every node of small trees.

package engine

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
)

type refBoard [5][9]byte // [row][col], 'W', 'B' or 0

type refDir struct{ dc, dr int }

var refDirs = []refDir{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func refOnBoard(c, r int) bool { return c >= 0 && c < 9 && r >= 0 && r < 5 }

// refLine reports whether a line joins (c,r) to its neighbour along d.
func refLine(c, r int, d refDir) bool {
	if !refOnBoard(c+d.dc, r+d.dr) {
		return false
	}
	return d.dc == 0 || d.dr == 0 || (c+r)%2 == 0
}

func refName(c, r int) string { return string([]byte{byte('a' + c), byte('1' + r)}) }

type refTurn struct {
	text  string
	board refBoard
}

// refTurns lists every complete turn as (notation, resulting board).
func refTurns(b refBoard, me byte) []refTurn {
	them := byte('W')
	if me == 'W' {
		them = 'B'
	}
	// capture removes the enemy run starting at (c,r) along d.
	capture := func(b *refBoard, c, r int, d refDir) int {
		n := 0
		for refOnBoard(c, r) && b[r][c] == them {
			b[r][c] = 0
			n++
			c, r = c+d.dc, r+d.dr
		}
		return n
	}
	var out []refTurn
	var chain func(b refBoard, c, r int, last int, visited map[[2]int]bool, text string)
	chain = func(b refBoard, c, r int, last int, visited map[[2]int]bool, text string) {
		for i, d := range refDirs {
			if i == last || !refLine(c, r, d) {
				continue
			}
			nc, nr := c+d.dc, r+d.dr
			if b[nr][nc] != 0 || visited[[2]int{nc, nr}] {
				continue
			}
			for _, kind := range []string{"A", "W"} {
				nb := b
				nb[r][c], nb[nr][nc] = 0, me
				var n int
				if kind == "A" {
					n = capture(&nb, nc+d.dc, nr+d.dr, d)
				} else {
					n = capture(&nb, c-d.dc, r-d.dr, refDir{-d.dc, -d.dr})
				}
				if n == 0 {
					continue
				}
				t := text + "-" + refName(nc, nr) + kind
				out = append(out, refTurn{t, nb})
				v := map[[2]int]bool{{nc, nr}: true}
				for k := range visited {
					v[k] = true
				}
				chain(nb, nc, nr, i, v, t)
			}
		}
	}
	for r := 0; r < 5; r++ {
		for c := 0; c < 9; c++ {
			if b[r][c] == me {
				chain(b, c, r, -1, map[[2]int]bool{{c, r}: true}, refName(c, r))
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for r := 0; r < 5; r++ {
		for c := 0; c < 9; c++ {
			if b[r][c] != me {
				continue
			}
			for _, d := range refDirs {
				if refLine(c, r, d) && b[r+d.dr][c+d.dc] == 0 {
					nb := b
					nb[r][c], nb[r+d.dr][c+d.dc] = 0, me
					out = append(out, refTurn{refName(c, r) + "-" + refName(c+d.dc, r+d.dr), nb})
				}
			}
		}
	}
	return out
}

func refFromPosition(p *Position) (refBoard, byte) {
	var b refBoard
	for pt := Point(0); pt < Points; pt++ {
		switch {
		case p.Pieces[White].Has(pt):
			b[pt.Row()][pt.Col()] = 'W'
		case p.Pieces[Black].Has(pt):
			b[pt.Row()][pt.Col()] = 'B'
		}
	}
	me := byte('W')
	if p.Side == Black {
		me = 'B'
	}
	return b, me
}

// TestGeneratorAgainstReference compares the turn lists and distinct-board counts of the
// generator and the plain reference on every node of the first plies of each vector tree.
func TestGeneratorAgainstReference(t *testing.T) {
	f := loadPerft(t)
	nodes := 0
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		nodes++
		b, me := refFromPosition(&p)
		ref := refTurns(b, me)
		var want []string
		boards := map[refBoard]bool{}
		for _, rt := range ref {
			want = append(want, rt.text)
			boards[rt.board] = true
		}
		sort.Strings(want)
		turns := p.Turns(DefaultRules(), nil)
		got := sortedNotation(turns)
		if !assert.Equal(t, want, got, p.FEN()) {
			t.FailNow()
		}
		var seen ResultSet
		assert.Equal(t, len(boards), len(p.DistinctTurns(DefaultRules(), nil, &seen)), p.FEN())
		if depth == 0 {
			return
		}
		for _, tn := range turns {
			walk(p.Play(tn), depth-1)
		}
	}
	for _, pos := range f.Positions {
		depth := 2
		if pos.Name == "start" {
			depth = 3
		}
		walk(MustParseFEN(pos.FEN), depth)
	}
	t.Logf("%d nodes compared", nodes)
	// The reference names points on its own; they must be the engine's names.
	for c := 0; c < 9; c++ {
		for r := 0; r < 5; r++ {
			assert.Equal(t, refName(c, r), PointAt(c, r).String())
		}
	}
}
