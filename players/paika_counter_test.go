// paika_counter_test.go: the expert's verdict on a position does not depend on a paika
// counter far from the limit, and its search ends at every counter.

package players

import (
	"context"
	"fmt"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forcesWin reports whether the side to move at p can force a win within n plies, by
// walking every line (no pruning, no evaluation, no table): the reference for the search.
func forcesWin(p *engine.Position, r engine.Rules, n int) bool {
	if n <= 0 || r.Status(p).Over() {
		return false
	}
	var seen engine.ResultSet
	for _, t := range p.DistinctTurns(r, nil, &seen) {
		q := p.Play(t)
		if forcedLoss(&q, r, n-1) {
			return true
		}
	}
	return false
}

// forcedLoss reports whether the side to move at p loses within n plies whatever it plays.
func forcedLoss(p *engine.Position, r engine.Rules, n int) bool {
	if st := r.Status(p); st.Over() {
		return st.Outcome != engine.Draw
	}
	if n <= 0 {
		return false
	}
	var seen engine.ResultSet
	for _, t := range p.DistinctTurns(r, nil, &seen) {
		q := p.Play(t)
		if !forcesWin(&q, r, n-1) {
			return false
		}
	}
	return true
}

// TestVerdictSteadyAcrossPaikaCounters: five against five, White to move wins in 7 by a
// lure (f1-e1, forcing c1-d1A) while the counter is below 49; the default expert at depth
// 7 must find that at every counter, within a small node bound, and see the draw at 49
// (every White turn is a paika turn that reaches the limit). Futility pruning of lures
// made the win vanish at counters 15–44, and an aspiration window that could not open
// past a mate score searched the root forever at 25, 30 and 45.
func TestVerdictSteadyAcrossPaikaCounters(t *testing.T) {
	r := engine.DefaultRules()
	counters := 50
	if testing.Short() {
		counters = 10 // 0–4 and 45–49: either side of the progress scaling's start and the limit
	}
	for i := 0; i < counters; i++ {
		c := i
		if testing.Short() && i >= 5 {
			c = 40 + i
		}
		p, err := engine.ParseFEN(fmt.Sprintf("9/1B1B1B1B1/9/4W1W1W/2B2WW2 w %d 38", c))
		require.NoError(t, err)
		o := DefaultExpertOptions()
		o.Depth = 7
		o.Nodes = 2_000_000 // a guard: a search that reaches it did not end on its own
		a, err := NewExpert(o).Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		assert.Equal(t, 7, a.Depth, "counter %d: depth completed", c)
		assert.Less(t, a.Nodes, uint64(100_000), "counter %d: nodes", c)
		wins := forcesWin(&p, r, 7)
		assert.Equal(t, c < 49, wins, "counter %d: the reference", c)
		if wins {
			n, ok := MatePlies(a.Score)
			assert.True(t, ok && a.Score > 0 && n <= 7, "counter %d: %s", c, FormatScore(a.Score))
		} else {
			assert.Equal(t, 0, a.Score, "counter %d: %s", c, FormatScore(a.Score))
		}
	}
}

// TestAspirationBoundsOpenInFull: the root window's sides, by hand; a side widened to
// infinity is open whatever the last score, so a mate beyond it is found, not failed on.
func TestAspirationBoundsOpenInFull(t *testing.T) {
	cases := []struct{ prev, lo, hi, alpha, beta int }{
		{100, 35, 35, 65, 135},
		{-141, 35, 140, -176, -1},
		{-141, 35, infinity, -176, infinity}, // a win in 7 (29993) lies above −141+infinity
		{141, infinity, 35, -infinity, 176},  // and a loss below 141−infinity
		{-29000, 35, 35, -29035, -28965},     // a proven score's window is still bounded
		{0, infinity, infinity, -infinity, infinity},
	}
	for _, c := range cases {
		a, b := aspirationBounds(c.prev, c.lo, c.hi)
		assert.Equal(t, [2]int{c.alpha, c.beta}, [2]int{a, b}, "prev %d, lo %d, hi %d", c.prev, c.lo, c.hi)
	}
}

// TestDepth8SelfPlayFromALongOpeningEnds: the depth-8 expert against itself from an opening
// whose game once never finished (its search looped at the root at a high paika counter)
// plays to the end, every search ending on its own far below a guard of nodes.
func TestDepth8SelfPlayFromALongOpeningEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game at depth 8 (about a second)")
	}
	r := engine.DefaultRules()
	p, err := engine.ParseFEN("2BBBBBBB/B8/5BWBW/WWB1WWWWW/WW1WWWWWW w 0 4")
	require.NoError(t, err)
	o := DefaultExpertOptions()
	o.Depth = 8
	const guard = 5_000_000
	o.Nodes = guard
	e := NewExpert(o)
	var total uint64
	for !r.Status(&p).Over() {
		require.Less(t, p.Ply, 1000, "the game goes on")
		a, err := e.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		require.Less(t, a.Nodes, uint64(guard), "ply %d (%s): the search reached the guard", p.Ply, p.FEN())
		total += a.Nodes
		p = p.Play(a.Turn)
	}
	t.Logf("%d plies, %d nodes, %s", p.Ply-4, total, r.Status(&p).Reason)
}
