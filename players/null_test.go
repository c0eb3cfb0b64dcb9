package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nodesToDepth is the nodes the expert with options o visits searching p to depth (less
// where a forced result ends the search sooner).
func nodesToDepth(t *testing.T, o ExpertOptions, depth int, fen string) uint64 {
	t.Helper()
	p := engine.MustParseFEN(fen)
	o.Depth = depth
	a, err := NewExpert(o).Analyze(context.Background(), &p, engine.DefaultRules())
	require.NoError(t, err)
	return a.Nodes
}

// TestNullMoveNeedsThreePieces: null-move pruning never applies where the side to move has
// fewer than three pieces (zugzwang is common in sparse endings), so there the search
// visits exactly the nodes it visits without it; in the midgame it visits fewer.
func TestNullMoveNeedsThreePieces(t *testing.T) {
	skipUnderRace(t)
	off := DefaultExpertOptions()
	on := off
	on.NullMove = true
	for _, f := range []string{"B8/1B7/4W4/9/4W4 b 0 25", "9/2B3B2/9/3W1W3/9 w 0 10", "9/B7B/9/9/W7W w 0 10"} {
		assert.Equal(t, nodesToDepth(t, off, 8, f), nodesToDepth(t, on, 8, f), "two pieces a side: %s", f)
	}
	var sumOff, sumOn uint64
	for _, f := range midgameFENs[:4] {
		sumOff += nodesToDepth(t, off, 8, f)
		sumOn += nodesToDepth(t, on, 8, f)
	}
	assert.Less(t, sumOn, sumOff*9/10, "null moves prune at least a tenth of the midgame tree")
}

// TestPassedMarksOnlyAPass: the searcher tells a pass (the zero turn, From = To) from a
// turn, so that two passes never follow each other.
func TestPassedMarksOnlyAPass(t *testing.T) {
	s := newSearcher(searchConfig{nullMove: true}, nil)
	p := engine.MustParseFEN(engine.StartFEN)
	turns := p.Turns(engine.DefaultRules(), nil)
	require.NotEmpty(t, turns)
	assert.False(t, s.passed(0), "the root follows no pass")
	s.played[0] = turns[0]
	assert.False(t, s.passed(1))
	s.played[0] = engine.Turn{}
	assert.True(t, s.passed(1))
}

// TestMayPassByHand: each condition of a pass, one at a time, from a node that may pass.
func TestMayPassByHand(t *testing.T) {
	s := newSearcher(searchConfig{nullMove: true}, nil)
	mid := engine.MustParseFEN(midgameFENs[1]) // White to move: 6 pieces, no capture
	require.False(t, mid.CanCapture())
	few := engine.MustParseFEN("B8/1B7/4W4/9/4W4 w 0 25") // White: two pieces, no capture
	require.False(t, few.CanCapture())
	turns := mid.Turns(engine.DefaultRules(), nil)
	s.played[2] = turns[0] // the turn into ply 3 was a real one
	const depth, ply, beta = 3, 3, 50
	assert.True(t, s.mayPass(&mid, depth, ply, beta, false, true))
	assert.False(t, s.mayPass(&mid, depth, ply, beta, true, true), "on the principal variation")
	assert.False(t, s.mayPass(&mid, depth, ply, beta, false, false), "a capture is compulsory")
	assert.False(t, s.mayPass(&mid, depth, 0, beta, false, true), "at the root")
	assert.False(t, s.mayPass(&mid, nullMinDepth-1, ply, beta, false, true), "too shallow")
	assert.False(t, s.mayPass(&mid, depth, ply, WinBound, false, true), "β a proven win")
	assert.False(t, s.mayPass(&mid, depth, ply, -WinBound, false, true), "β a proven loss")
	assert.True(t, s.mayPass(&mid, depth, ply, WinBound-1, false, true))
	assert.True(t, s.mayPass(&mid, depth, ply, -WinBound+1, false, true))
	assert.False(t, s.mayPass(&few, depth, ply, beta, false, true), "two pieces to move")
	three := engine.MustParseFEN("B8/1B7/4W4/9/3WW4 w 0 25") // White: three pieces, no capture
	require.False(t, three.CanCapture())
	assert.True(t, s.mayPass(&three, depth, ply, beta, false, true), "three pieces to move")
	s.played[2] = engine.Turn{}
	assert.False(t, s.mayPass(&mid, depth, ply, beta, false, true), "after a pass")
	s.played[2] = turns[0]
	s.cfg.nullMove = false
	assert.False(t, s.mayPass(&mid, depth, ply, beta, false, true), "switched off")
}

// TestExtendOneSeesThroughAForcedReply: in the hand-checked position of
// TestExpertFindsForcedWins, d4-c4A wins in 3 plies because Black's reply d5-c5A is its
// only turn. Without quiescence, depth 2 cannot see the third ply; with extend, the
// forced reply is searched one ply deeper and the win is found at depth 2.
func TestExtendOneSeesThroughAForcedReply(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("1W1BB4/WB1W5/9/5W3/9 w 0 10")
	first, err := p.ParseTurn(r, "d4-c4A")
	require.NoError(t, err)
	q := p.Play(first)
	require.Len(t, q.DistinctTurns(r, nil, new(engine.ResultSet)), 1, "Black's reply is forced")
	for _, c := range []struct {
		spec string
		win  bool
	}{{"expert:depth=2,qs=false", false}, {"expert:depth=2,qs=false,extend=true", true}} {
		pl, err := New(c.spec, 0)
		require.NoError(t, err)
		a, err := Analyze(context.Background(), pl, &p, r)
		require.NoError(t, err)
		n, mate := MatePlies(a.Score)
		assert.Equal(t, c.win, mate && a.Score > 0, "%s: score %d", c.spec, a.Score)
		if c.win {
			assert.Equal(t, 3, n, c.spec)
			assert.Equal(t, "d4-c4A", a.Turn.String(), c.spec)
		}
	}
}
