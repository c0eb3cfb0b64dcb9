// corners_test.go: properties the vectors do not reach: Zobrist keys that tell boards
// apart, the strong points, perft's guard and names, piece limits per colour, and the
// step numbers in notation errors.

package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZobristSeparatesBoards: over every board of the perft tree to depth 4 from the start
// and to depth 2 from midgame-2, equal hashes mean equal boards and side to move (a collision among
// these ~18,000 positions would have probability about 1e-11 with random 64-bit keys).
func TestZobristSeparatesBoards(t *testing.T) {
	type board struct {
		pieces [2]Bitboard
		side   Color
	}
	byHash := map[uint64]board{}
	r := DefaultRules()
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		b := board{p.Pieces, p.Side}
		if prev, ok := byHash[p.Hash()]; ok {
			require.Equal(t, prev, b, "hash collision at %s", p.FEN())
		}
		byHash[p.Hash()] = b
		flipped := p
		flipped.Side = p.Side.Other()
		assert.NotEqual(t, p.computeHash(), flipped.computeHash(), "the side to move is hashed: %s", p.FEN())
		if depth == 0 {
			return
		}
		for _, tn := range p.Turns(r, nil) {
			walk(p.Play(tn), depth-1)
		}
	}
	walk(Start(), 4)
	walk(MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"), 2)
	t.Logf("%d positions", len(byHash))
	assert.Greater(t, len(byHash), 5000)
}

func TestStrongPoints(t *testing.T) {
	// Independent: the strong points carry diagonals, those with column + row even; 23
	// of the 45 (columns a, c, e, g, i have 3 on rows 1, 3, 5; b, d, f, h have 2).
	n := 0
	for c := 0; c < Cols; c++ {
		for r := 0; r < 5; r++ {
			want := (c+r)%2 == 0
			p := PointAt(c, r)
			assert.Equal(t, want, p.IsStrong(), p.String())
			assert.Equal(t, want, Strong().Has(p), p.String())
			if want {
				n++
			}
		}
	}
	assert.Equal(t, 23, n)
	assert.Equal(t, 23, Strong().Count())
}

func TestPerftGuardAndNames(t *testing.T) {
	p := Start()
	assert.PanicsWithValue(t, "engine: perft depth too large", func() { Perft(&p, DefaultRules(), maxPerftDepth, Distinct) })
	assert.NotPanics(t, func() { Perft(&p, DefaultRules(), 1, Distinct) })
	assert.Equal(t, "distinct", Distinct.String())
	assert.Equal(t, "paths", Paths.String())
	assert.Equal(t, uint64(1), Perft(&p, DefaultRules(), 0, Paths))
	assert.Nil(t, PerftDivide(&p, DefaultRules(), 0, Paths))
}

func TestPieceLimitPerColour(t *testing.T) {
	_, err := ParseFEN("BBBBBBBBB/BBBBBBBBB/BBBBB4/9/9 w")
	assert.EqualError(t, err, `FEN "BBBBBBBBB/BBBBBBBBB/BBBBB4/9/9 w": 23 Black pieces, at most 22`)
	_, err = ParseFEN("BBBBBBBBB/BBBBBBBBB/BBBB5/9/9 w")
	assert.NoError(t, err, "22 pieces are allowed")
}

// TestNotationErrorsNameTheStep: the step number counts from 1 (hand-counted here).
func TestNotationErrorsNameTheStep(t *testing.T) {
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	r := DefaultRules()
	for _, c := range []struct{ in, want string }{
		{"g3-g5A", `turn "g3-g5A", step 1: g3 to g5 is not a step along a line`},
		{"g3-f4A-f2W", `turn "g3-f4A-f2W", step 2: f4 to f2 is not a step along a line`},
		{"g3-f3", `turn "g3-f3", step 1 (to f3): this step captures; write A (approach) or W (withdrawal)`},
		{"g3-f4A-f3", `turn "g3-f4A-f3", step 2 (to f3): this step captures; write A (approach) or W (withdrawal)`},
	} {
		_, err := p.ParseTurn(r, c.in)
		assert.EqualError(t, err, c.want, c.in)
	}
}

// TestCompactPointInColumnA: in compact notation an 'a' followed by a row digit is the
// next point, not an approach mark; rows 1 and 5 are the ends of that range.
func TestCompactPointInColumnA(t *testing.T) {
	r := DefaultRules()
	for _, c := range []struct{ fen, in string }{
		{"9/9/9/9/2W5B w", "c1b1a1"},
		{"2W5B/9/9/9/9 w", "c5b5a5"},
	} {
		p := MustParseFEN(c.fen)
		_, err := p.ParseTurn(r, c.in)
		assert.EqualError(t, err, `turn "`+c.in+`", step 2 (to a`+c.in[5:]+`): a paika is a single step`)
	}
}

func TestPointNamesOffTheBoard(t *testing.T) {
	assert.Equal(t, "-", NoPoint.String())
	assert.Equal(t, "-", Point(Points).String(), "one past the last point")
	assert.Equal(t, "a1", Point(0).String())
	assert.Equal(t, "i5", Point(Points-1).String())
}

// TestHasTurnAgreesWithTurns: HasTurn is the shortcut of len(Turns) > 0; compared on
// single pieces on every point (each direction is the only way out somewhere) and on the
// positions of seeded random games.
func TestHasTurnAgreesWithTurns(t *testing.T) {
	r := DefaultRules()
	for pt := Point(0); pt < Points; pt++ {
		// A White piece alone against a Black piece it cannot reach in one step.
		far := PointAt(8-pt.Col(), 4-pt.Row())
		if far == pt || Neighbours(pt).Has(far) {
			continue
		}
		p := NewPosition(Bit(pt), Bit(far), White, 0, 10)
		assert.Equal(t, len(p.Turns(r, nil)) > 0, p.HasTurn(), p.FEN())
		assert.True(t, p.HasTurn(), p.FEN())
	}
	boxed := MustParseFEN("BW7/WW7/9/9/9 b 0 0")
	assert.False(t, boxed.HasTurn())
	for seed := uint64(0); seed < 20; seed++ {
		p := Start()
		for ply := 0; ply < 200; ply++ {
			turns := p.Turns(r, nil)
			require.Equal(t, len(turns) > 0, p.HasTurn(), p.FEN())
			if len(turns) == 0 {
				break
			}
			p = p.Play(turns[(seed*7919+uint64(ply)*104729)%uint64(len(turns))])
		}
	}
}

// refPerft counts the leaves of the plain reference's tree: every path, or one turn per
// distinct resulting board at each node.
func refPerft(b refBoard, me byte, depth int, distinct bool) uint64 {
	if depth == 0 {
		return 1
	}
	other := byte('B')
	if me == 'B' {
		other = 'W'
	}
	var n uint64
	seen := map[refBoard]bool{}
	for _, rt := range refTurns(b, me) {
		if distinct {
			if seen[rt.board] {
				continue
			}
			seen[rt.board] = true
		}
		n += refPerft(rt.board, other, depth-1, distinct)
	}
	return n
}

// TestPerftConventionsBelowTheRoot: a position (found by random play) with 19 paths to 18
// boards at the root, so the conventions differ at every depth; both counted by the
// plain reference.
func TestPerftConventionsBelowTheRoot(t *testing.T) {
	p := MustParseFEN("1B1B1B3/B3B1W2/B2B4W/WW1WW2WW/WW1WWW3 b 0 7")
	b, me := refFromPosition(&p)
	for depth := 1; depth <= 3; depth++ {
		for _, conv := range []PerftConvention{Distinct, Paths} {
			want := refPerft(b, me, depth, conv == Distinct)
			assert.Equal(t, want, Perft(&p, DefaultRules(), depth, conv), "depth %d %s", depth, conv)
			var sum uint64
			for _, e := range PerftDivide(&p, DefaultRules(), depth, conv) {
				sum += e.Nodes
			}
			assert.Equal(t, want, sum, "divide, depth %d %s", depth, conv)
		}
	}
	assert.NotEqual(t, refPerft(b, me, 2, true), refPerft(b, me, 2, false))
}

// TestParseNotationSyntaxByHand: the syntax alone, checked against steps written out by
// hand. A lower-case 'a' is an approach mark unless a row digit follows it (then it starts
// the next point, column a), so "e3a-e4A" is an approach then another, and "b3a4" a step to
// a4; a turn of MaxSteps steps is read, one more is refused.
func TestParseNotationSyntaxByHand(t *testing.T) {
	pt := func(s string) Point {
		p, ok := ParsePoint(s)
		require.True(t, ok, s)
		return p
	}
	for _, c := range []struct {
		in    string
		from  string
		steps []StepSpec
	}{
		{"d3-e3a-e4A", "d3", []StepSpec{{pt("e3"), Approach}, {pt("e4"), Approach}}},
		{"f4-e4w-e3a", "f4", []StepSpec{{pt("e4"), Withdrawal}, {pt("e3"), Approach}}},
		{"d3e3ae4", "d3", []StepSpec{{pt("e3"), Approach}, {pt("e4"), Paika}}},
		{"b3a4", "b3", []StepSpec{{pt("a4"), Paika}}},
		{"b2-a2a-a3W", "b2", []StepSpec{{pt("a2"), Approach}, {pt("a3"), Withdrawal}}},
	} {
		from, steps, err := ParseNotation(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, pt(c.from), from, c.in)
		assert.Equal(t, c.steps, steps, c.in)
	}

	chain := "a1" + strings.Repeat("-a2A-a1A", MaxSteps/2)
	_, steps, err := ParseNotation(chain)
	require.NoError(t, err, "%d steps", MaxSteps)
	assert.Len(t, steps, MaxSteps)
	_, _, err = ParseNotation(chain + "-a2A")
	assert.ErrorContains(t, err, "more than 24 steps")
}

// TestNotationErrorAfterAPaikaGoingNorth: a second step written after a paika is refused
// as "a paika is a single step" whatever its direction and letter. (North, direction 0,
// is also what an unused step slot of a turn reads as: an error built from a step past a
// turn's end would call c2-c3A "a step that captures nothing".)
func TestNotationErrorAfterAPaikaGoingNorth(t *testing.T) {
	c2, _ := ParsePoint("c2")
	c3, _ := ParsePoint("c3")
	require.Equal(t, c3, Neighbour(c2, North), "north is up a row")
	p := MustParseFEN("9/9/9/9/2W5B w")
	for _, in := range []string{"c1-c2-c3A", "c1-c2-c3W", "c1-c2-c3"} {
		_, err := p.ParseTurn(DefaultRules(), in)
		assert.EqualError(t, err, `turn "`+in+`", step 2 (to c3): a paika is a single step`, in)
	}
}
