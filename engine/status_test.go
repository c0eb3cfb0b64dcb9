// status_test.go: game status, rule options, the step-by-step builder, symmetries,
// hashing and allocation-free generation.

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatus(t *testing.T) {
	r := DefaultRules()
	for _, c := range []struct {
		name  string
		fen   string
		rules Rules
		want  Status
	}{
		{"ongoing", StartFEN, r, Status{}},
		{"white has no pieces", "BB7/9/9/9/9 w 0 10", r, Status{BlackWins, NoPieces}},
		{"black has no pieces", "9/9/9/9/W8 b 0 10", r, Status{WhiteWins, NoPieces}},
		// Black on a5 is boxed in by White on a4, b4, b5 that it cannot capture (no empty
		// point to step to), so Black has no legal turn.
		{"no moves loses", "BW7/WW7/9/9/9 b 0 0", r, Status{WhiteWins, NoMoves}},
		{"no moves draws (option)", "BW7/WW7/9/9/9 b 0 0", Rules{NoMovesDraw: true}, Status{Draw, NoMoves}},
		{"paika limit", "B8/9/9/9/8W w 50 120", r, Status{Draw, PaikaLimit}},
		{"paika limit off", "B8/9/9/9/8W w 50 120", Rules{}, Status{}},
		{"paika limit 49", "B8/9/9/9/8W w 49 120", r, Status{}},
		{"ply cap", "B8/9/9/9/8W w 3 200", Rules{PaikaLimit: 50, MaxPlies: 200}, Status{Draw, MaxPlies}},
	} {
		p := MustParseFEN(c.fen)
		assert.Equal(t, c.want, c.rules.Status(&p), c.name)
	}
	assert.Equal(t, "1-0", WhiteWins.String())
	assert.Equal(t, "1/2-1/2", Draw.String())
	for _, reason := range []Reason{NoPieces, NoMoves, PaikaLimit, MaxPlies} {
		back, ok := ParseReason(reason.String())
		assert.True(t, ok)
		assert.Equal(t, reason, back)
	}
}

func TestPlayCounters(t *testing.T) {
	p := MustParseFEN("2W4BB/9/5B3/W8/WW4W1W b 7 20")
	paika, err := p.ParseTurn(DefaultRules(), "f3-e3")
	require.NoError(t, err)
	q := p.Play(paika)
	assert.Equal(t, 8, q.Paika)
	assert.Equal(t, 21, q.Ply)
	assert.Equal(t, White, q.Side)
	assert.Equal(t, q.computeHash(), q.Hash(), "incremental hash")
	c := MustParseFEN("BBBB1B1BB/BBBBBWBBB/BW1WWB1BW/WWWBWWWWW/WWWW1WWWW b 9 3")
	capture, err := c.ParseTurn(DefaultRules(), "g4-g3A")
	require.NoError(t, err)
	d := c.Play(capture)
	assert.Equal(t, 0, d.Paika, "a capture resets the paika count")
	assert.Equal(t, d.computeHash(), d.Hash())
}

func TestFirstTurnNoChain(t *testing.T) {
	// midgame-2 has chains of up to five steps; with the option at ply 0 only single
	// capture steps remain: e1-d2A, e2-e3A, g3-f2W, g3-f3W, g3-f4A.
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	got := sortedNotation(p.Turns(Rules{FirstTurnNoChain: true}, nil))
	assert.Equal(t, []string{"e1-d2A", "e2-e3A", "g3-f2W", "g3-f3W", "g3-f4A"}, got)
	p.Ply = 2 // from the third ply on, chains are allowed again
	assert.Len(t, p.Turns(Rules{FirstTurnNoChain: true}, nil), 17)
}

func TestTurnBuilder(t *testing.T) {
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	pt := func(s string) Point { q, _ := ParsePoint(s); return q }
	b := NewTurnBuilder(p, DefaultRules())
	assert.False(t, b.CanStop())
	// g3 to f3 captures by withdrawal only; g3 to f4 by approach only.
	opts := b.Options()
	assert.Contains(t, opts, StepOption{pt("g3"), pt("f3"), Withdrawal})
	assert.NotContains(t, opts, StepOption{pt("g3"), pt("f3"), Approach})
	assert.Error(t, b.Step(StepOption{pt("a1"), pt("a2"), Paika}), "a paika when a capture is compulsory")
	require.NoError(t, b.Step(StepOption{pt("g3"), pt("f4"), Approach}))
	assert.True(t, b.CanStop())
	require.NoError(t, b.Step(StepOption{pt("f4"), pt("f3"), Withdrawal}))
	mid := b.Position()
	assert.Equal(t, White, mid.Side, "mid-turn the same side is still to move")
	assert.False(t, mid.Pieces[White].Has(pt("g3")))
	assert.True(t, mid.Pieces[White].Has(pt("f3")))
	require.NoError(t, b.Step(StepOption{pt("f3"), pt("e3"), Approach}))
	turn, err := b.Stop()
	require.NoError(t, err)
	assert.Equal(t, "g3-f4A-f3W-e3A", turn.String())
	assert.True(t, b.Done())
	assert.Equal(t, []Point{pt("g3"), pt("f4"), pt("f3"), pt("e3")}, b.Visited())

	// Playing a chain to its end completes the turn without Stop.
	b = NewTurnBuilder(p, DefaultRules())
	for _, s := range []StepOption{{pt("e1"), pt("d2"), Approach}, {pt("d2"), pt("d1"), Withdrawal}} {
		require.NoError(t, b.Step(s))
	}
	assert.True(t, b.Done())
	got, ok := b.Turn()
	require.True(t, ok)
	assert.Equal(t, "e1-d2A-d1W", got.String())
}

func TestSymmetryMaps(t *testing.T) {
	a1, _ := ParsePoint("a1")
	c2, _ := ParsePoint("c2")
	for _, c := range []struct {
		s    Symmetry
		p    Point
		want string
	}{
		{MirrorLR, a1, "i1"}, {MirrorTB, a1, "a5"}, {Rotate180, a1, "i5"}, {Identity, a1, "a1"},
		{MirrorLR, c2, "g2"}, {MirrorTB, c2, "c4"}, {Rotate180, c2, "g4"},
	} {
		assert.Equal(t, c.want, TransformPoint(c.p, c.s).String())
	}
	// Every symmetry maps lines onto lines and is its own inverse.
	for s := Identity; s < NumSymmetries; s++ {
		for p := Point(0); p < Points; p++ {
			q := TransformPoint(p, s)
			assert.Equal(t, p, TransformPoint(q, s))
			assert.Equal(t, Neighbours(p).Count(), Neighbours(q).Count())
			assert.Equal(t, Neighbours(p).Transform(s), Neighbours(q), "%s under %d", p, s)
		}
	}
}

func TestTurnsAllocateNothing(t *testing.T) {
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	buf := make([]Turn, 0, MaxTurnsHint)
	var seen ResultSet
	allocs := testing.AllocsPerRun(100, func() {
		buf = p.Turns(DefaultRules(), buf[:0])
		buf = p.DistinctTurns(DefaultRules(), buf[:0], &seen)
		_ = p.CountTurns(DefaultRules(), Distinct, &seen)
		q := p.Play(buf[0])
		_ = DefaultRules().Status(&q)
	})
	assert.Zero(t, allocs)
}

// TestEndCheckOrder puts two end conditions on one position and asserts the order
// docs/NOTES.md ("Order of end checks") states: no pieces, then no legal turn, then the
// paika limit, then the ply cap; a decisive result wins over a limit on the same ply.
func TestEndCheckOrder(t *testing.T) {
	all := Rules{PaikaLimit: 50, MaxPlies: 200}
	allDraw := Rules{PaikaLimit: 50, MaxPlies: 200, NoMovesDraw: true}
	for _, c := range []struct {
		name  string
		fen   string
		rules Rules
		want  Status
	}{
		// White has no pieces, hence no turn either: the loss is by no pieces, even when a
		// side without a turn would only draw.
		{"no pieces before no moves", "BB7/9/9/9/9 w 0 10", Rules{NoMovesDraw: true}, Status{BlackWins, NoPieces}},
		{"no pieces before paika limit", "BB7/9/9/9/9 w 50 10", all, Status{BlackWins, NoPieces}},
		{"no pieces before ply cap", "BB7/9/9/9/9 w 0 200", all, Status{BlackWins, NoPieces}},
		{"no pieces before both limits", "BB7/9/9/9/9 w 50 200", allDraw, Status{BlackWins, NoPieces}},
		// Black a5 boxed in (see TestStatus): no legal turn.
		{"no moves before paika limit", "BW7/WW7/9/9/9 b 50 0", all, Status{WhiteWins, NoMoves}},
		{"no moves before ply cap", "BW7/WW7/9/9/9 b 0 200", all, Status{WhiteWins, NoMoves}},
		{"no moves (draw) before paika limit", "BW7/WW7/9/9/9 b 60 0", allDraw, Status{Draw, NoMoves}},
		{"no moves (draw) before ply cap", "BW7/WW7/9/9/9 b 0 300", allDraw, Status{Draw, NoMoves}},
		{"paika limit before ply cap", "B8/9/9/9/8W w 50 200", all, Status{Draw, PaikaLimit}},
		{"ply cap alone", "B8/9/9/9/8W w 49 200", all, Status{Draw, MaxPlies}},
		{"ply cap 199", "B8/9/9/9/8W w 49 199", all, Status{}},
	} {
		p := MustParseFEN(c.fen)
		assert.Equal(t, c.want, c.rules.Status(&p), c.name)
	}
}
func TestOngoingNamesWhyTheGameEnded(t *testing.T) {
	r := DefaultRules()
	start := Start()
	assert.NoError(t, r.Ongoing(&start))
	// White to move with no piece: Black has won.
	p, err := ParseFEN("9/9/9/9/3B5 w 0 10")
	require.NoError(t, err)
	err = r.Ongoing(&p)
	var over *GameOverError
	require.ErrorAs(t, err, &over)
	assert.Equal(t, Status{BlackWins, NoPieces}, over.Status)
	assert.Equal(t, "the game is already over (0-1, no-pieces)", err.Error())
}
