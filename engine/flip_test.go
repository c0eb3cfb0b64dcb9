package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refFlip is the colour flip done by hand on the plain reference board: the piece at
// (row, col) moves to (4-row, 8-col) with the other colour.
func refFlip(b refBoard, me byte) (refBoard, byte) {
	var out refBoard
	swap := map[byte]byte{'W': 'B', 'B': 'W', 0: 0}
	for r := 0; r < 5; r++ {
		for c := 0; c < 9; c++ {
			out[4-r][8-c] = swap[b[r][c]]
		}
	}
	return out, swap[me]
}

func TestColourFlipHandPicked(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// c5 (White) goes to g1 as Black, b2 (Black) to h4 as White; counters kept.
		{"2W6/9/9/1B7/9 w 5 30", "9/7W1/9/9/6B2 b 5 30"},
		// The start position maps onto itself, with Black to move.
		{StartFEN, "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW b 0 0"},
		// Two White pieces against one Black: after the flip Black is the side up.
		{"WW7/9/4B4/9/9 b 0 12", "9/9/4W4/9/7BB w 0 12"},
	} {
		p := MustParseFEN(tc.in)
		q := p.ColourFlip()
		assert.Equal(t, tc.want, q.FEN(), tc.in)
		want := MustParseFEN(tc.want)
		assert.Equal(t, want.Hash(), q.Hash(), "hash of %s recomputed", tc.in)
	}
}

// flipSamples returns hand-picked positions and positions of seeded random games.
func flipSamples(t *testing.T) []Position {
	t.Helper()
	out := []Position{
		MustParseFEN("1B1B1B3/B3B1W2/B2B4W/WW1WW2WW/WW1WWW3 b 0 7"),
		MustParseFEN("9/2B3B2/1W1W5/4W4/9 w 2 60"),
		MustParseFEN("B8/9/9/9/W7W b 0 80"),
	}
	rng := rand.New(rand.NewPCG(7, 11))
	r := DefaultRules()
	for g := 0; g < 8; g++ {
		p := Start()
		stop := 6 + rng.IntN(25)
		for ply := 0; ply < stop && !r.Status(&p).Over(); ply++ {
			turns := p.Turns(r, nil)
			p = p.Play(turns[rng.IntN(len(turns))])
		}
		if !r.Status(&p).Over() {
			out = append(out, p)
		}
	}
	require.GreaterOrEqual(t, len(out), 8)
	return out
}

// TestColourFlipKeepsTheTree: the flipped position's tree has the same size to depth 3 as
// the original's, in both conventions, and the plain reference, flipped by hand on its
// grid, counts the same.
func TestColourFlipKeepsTheTree(t *testing.T) {
	for _, p := range flipSamples(t) {
		q := p.ColourFlip()
		b, me := refFromPosition(&p)
		fb, fme := refFlip(b, me)
		for depth := 1; depth <= 3; depth++ {
			for _, conv := range []PerftConvention{Distinct, Paths} {
				want := Perft(&p, DefaultRules(), depth, conv)
				assert.Equal(t, want, Perft(&q, DefaultRules(), depth, conv), "%s depth %d %s", p.FEN(), depth, conv)
			}
			if depth <= 2 {
				assert.Equal(t, refPerft(fb, fme, depth, true), Perft(&q, DefaultRules(), depth, Distinct), "reference, %s depth %d", p.FEN(), depth)
			}
		}
	}
}

func TestColourFlipIsAnInvolutionThatSwapsCounts(t *testing.T) {
	r := DefaultRules()
	for _, p := range flipSamples(t) {
		q := p.ColourFlip()
		back := q.ColourFlip()
		assert.Equal(t, p.FEN(), back.FEN())
		assert.Equal(t, p.Hash(), back.Hash())
		assert.Equal(t, p.Pieces[White].Count(), q.Pieces[Black].Count())
		assert.Equal(t, p.Pieces[Black].Count(), q.Pieces[White].Count())
		assert.Equal(t, p.Side.Other(), q.Side)
		assert.Equal(t, [2]int{p.Paika, p.Ply}, [2]int{q.Paika, q.Ply})
		// Every point's piece is found at the rotated point with the other colour.
		for pt := Point(0); pt < Points; pt++ {
			rot := PointAt(8-pt.Col(), 4-pt.Row())
			assert.Equal(t, p.Pieces[White].Has(pt), q.Pieces[Black].Has(rot))
			assert.Equal(t, p.Pieces[Black].Has(pt), q.Pieces[White].Has(rot))
		}
		assert.Equal(t, len(p.Turns(r, nil)), len(q.Turns(r, nil)))
	}
}
