// ordering_test.go: the search's move ordering, history, cutoff bookkeeping and tablebase
// scores, each against values worked out by hand from its doc comment.

package players

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

// picks returns the turn indices in the order the search tries them.
func picks(order []int64) []int {
	var out []int
	for i := range order {
		out = append(out, pick(order, i))
	}
	return out
}

// TestOrderingOfPaikaTurnsByHand: the table's turn first, then the two killers, then the
// countermove of the turn played just before, then by history (highest first).
func TestOrderingOfPaikaTurnsByHand(t *testing.T) {
	p := engine.MustParseFEN("B1B1B1B1B/9/9/9/W1W1W1W1W w 0 1")
	require.False(t, p.CanCapture())
	s := newSearcher(searchConfig{killers: true, ordering: true}, nil)
	s.rules = engine.DefaultRules()
	const ply = 1
	turns, _ := s.generate(&p, ply, -1)
	turns = slices.Clone(turns)
	require.GreaterOrEqual(t, len(turns), 9)
	// Turn indices by role: tt 5, killers 2 and 7, countermove 0, history 3 > 8 > 1 > rest,
	// 4 below zero.
	s.killers[ply] = [2]uint16{killerKey(turns[2]), killerKey(turns[7])}
	prev := engine.Turn{From: engine.PointAt(4, 4), To: engine.PointAt(4, 3), Len: 1}
	s.played[ply-1] = prev
	s.counter[prev.From][prev.To] = killerKey(turns[0])
	s.history[turns[3].From][turns[3].To] = 900
	s.history[turns[8].From][turns[8].To] = 300
	s.history[turns[1].From][turns[1].To] = 20
	s.history[turns[4].From][turns[4].To] = -50
	_, order := s.generate(&p, ply, 5)
	got := picks(order)
	assert.Equal(t, []int{5, 2, 7, 0, 3, 8, 1}, got[:7])
	assert.Equal(t, 4, got[len(got)-1], "the negative history last")
	// Without the ordering feature there is no countermove: turn 0 falls to its history.
	s.cfg.ordering = false
	_, order = s.generate(&p, ply, 5)
	assert.Equal(t, []int{5, 2, 7, 3, 8, 1}, picks(order)[:6])
}

// TestOrderingOfCapturesByHand: captures by the number of pieces taken, then the shorter
// chain, whatever the killers say.
func TestOrderingOfCapturesByHand(t *testing.T) {
	s := newSearcher(searchConfig{killers: true, ordering: true}, nil)
	s.rules = engine.DefaultRules()
	checked := 0
	for _, f := range midgameFENs {
		p := engine.MustParseFEN(f)
		if !p.CanCapture() {
			continue
		}
		turns, _ := s.generate(&p, 0, -1)
		turns = slices.Clone(turns)
		s.killers[0] = [2]uint16{killerKey(turns[len(turns)-1]), 0}
		_, order := s.generate(&p, 0, -1)
		got := picks(order)
		for k := 1; k < len(got); k++ {
			a, b := turns[got[k-1]], turns[got[k]]
			ca, cb := a.Captured.Count(), b.Captured.Count()
			require.True(t, ca > cb || ca == cb && a.Len <= b.Len, "%s: %v before %v", f, a, b)
		}
		checked++
	}
	assert.Positive(t, checked)
}

// TestHistoryGravityByHand: with ordering, h += bonus − h·|bonus|/16384 (integer division);
// without, h += bonus.
func TestHistoryGravityByHand(t *testing.T) {
	s := newSearcher(searchConfig{ordering: true}, nil)
	tn := engine.Turn{From: 10, To: 11, Len: 1}
	h := &s.history[10][11]
	s.addHistory(tn, 400)
	assert.Equal(t, int32(400), *h)
	s.addHistory(tn, 400) // 400 + 400 − 400·400/16384 (9)
	assert.Equal(t, int32(791), *h)
	s.addHistory(tn, -400) // 791 − 400 − 791·400/16384 (19)
	assert.Equal(t, int32(372), *h)
	s.cfg.ordering = false
	s.addHistory(tn, 400)
	assert.Equal(t, int32(772), *h)
}

// TestCutoffByHand: the refuting turn becomes the first killer (the old first the second),
// gains depth² of history (at most 400 with ordering), the turns tried before it lose as
// much, and it becomes the countermove of the turn that led to the node.
func TestCutoffByHand(t *testing.T) {
	s := newSearcher(searchConfig{killers: true, ordering: true}, nil)
	refuter := engine.Turn{From: 20, To: 21, Len: 1}
	tried := []engine.Turn{{From: 30, To: 31, Len: 1}, {From: 32, To: 33, Len: 1}, refuter}
	old := engine.Turn{From: 1, To: 2, Len: 1}
	before := engine.Turn{From: 40, To: 39, Len: 1}
	const ply = 3
	s.killers[ply][0] = killerKey(old)
	s.played[ply-1] = before
	s.cutoff(refuter, ply, 5, []int64{0, 1}, tried)
	assert.Equal(t, [2]uint16{killerKey(refuter), killerKey(old)}, s.killers[ply])
	assert.Equal(t, int32(25), s.history[20][21])
	assert.Equal(t, int32(-25), s.history[30][31])
	assert.Equal(t, int32(-25), s.history[32][33])
	assert.Equal(t, killerKey(refuter), s.counter[40][39])
	// Depth 30: 900 capped at 400 (gravity from 25: 25 + 400 − 25·400/16384 = 425).
	s.cutoff(refuter, ply, 30, nil, tried)
	assert.Equal(t, int32(425), s.history[20][21])
	assert.Equal(t, [2]uint16{killerKey(refuter), killerKey(old)}, s.killers[ply], "the same killer is not repeated")
	// Without ordering: depth² uncapped, no malus, no countermove.
	s = newSearcher(searchConfig{killers: true}, nil)
	s.played[ply-1] = before
	s.cutoff(refuter, ply, 30, []int64{0}, tried)
	assert.Equal(t, int32(900), s.history[20][21])
	assert.Zero(t, s.history[30][31])
	assert.Zero(t, s.counter[40][39])
}

// fixedOracle answers every probe with one value, for positions of at most max pieces.
type fixedOracle struct {
	value, plies int
	ok           bool
	max          int
}

func (o fixedOracle) Probe(*engine.Position, engine.Rules) (int, int, bool) {
	return o.value, o.plies, o.ok
}
func (o fixedOracle) MaxPieces() int { return o.max }

// TestProbeScoresByHand: a tablebase win d plies away, found ply plies into the search,
// scores TBWinScore − ply − d; a loss the negative; a draw 0; nothing beyond the oracle's
// pieces or when it does not know.
func TestProbeScoresByHand(t *testing.T) {
	p := engine.MustParseFEN("9/9/4B4/9/WWB6 w 0 1") // 4 pieces
	for _, c := range []struct {
		o    fixedOracle
		want int
		ok   bool
	}{
		{fixedOracle{1, 5, true, 4}, TBWinScore - 2 - 5, true},
		{fixedOracle{-1, 5, true, 4}, -(TBWinScore - 2 - 5), true},
		{fixedOracle{0, 0, true, 4}, 0, true},
		{fixedOracle{1, 5, false, 4}, 0, false},
		{fixedOracle{1, 5, true, 3}, 0, false},
	} {
		s := newSearcher(searchConfig{}, c.o)
		v, ok := s.probe(&p, 2, 0)
		assert.Equal(t, c.ok, ok, "%+v", c.o)
		assert.Equal(t, c.want, v, "%+v", c.o)
	}
}

// costlyOracle is fixedOracle whose probes of more than cheap pieces read from disk.
type costlyOracle struct {
	fixedOracle
	cheap int
}

func (o costlyOracle) CheapPieces() int { return o.cheap }

// TestCostlyProbesNeedDepth: a position the oracle reads from disk is probed only at a node
// with costlyProbeDepth plies left to search (never in quiescence, depth 0); a cheap one
// at any depth; an oracle that names no cost is cheap throughout.
func TestCostlyProbesNeedDepth(t *testing.T) {
	p := engine.MustParseFEN("9/9/4B4/9/WWB6 w 0 1") // 4 pieces
	win := fixedOracle{1, 5, true, 4}
	for _, c := range []struct {
		o     Oracle
		depth int
		ok    bool
	}{
		{costlyOracle{win, 3}, costlyProbeDepth, true},
		{costlyOracle{win, 3}, costlyProbeDepth + 5, true},
		{costlyOracle{win, 3}, costlyProbeDepth - 1, false},
		{costlyOracle{win, 3}, 0, false},
		{costlyOracle{win, 4}, 0, true},
		{costlyOracle{win, 0}, 0, false},
		{win, 0, true},
	} {
		s := newSearcher(searchConfig{}, c.o)
		_, ok := s.probe(&p, 2, c.depth)
		assert.Equal(t, c.ok, ok, "%+v at depth %d", c.o, c.depth)
	}

	// In a search: with every position costly, only the nodes one ply below a depth-3
	// root (2 plies left) ask; below them, and in quiescence, none does.
	q := engine.MustParseFEN(midgameFENs[2])
	var plies []int
	o := costlyPlyOracle{&plies}
	s := newSearcher(searchConfig{maxDepth: 3, quiesce: true, qMaxPlies: maxPly / 2}, o)
	s.begin(context.Background(), engine.DefaultRules(), 0, 0)
	s.negamax(&q, 3, 0, -infinity, infinity)
	require.NotEmpty(t, plies, "the root's children ask")
	for _, ply := range plies {
		assert.Equal(t, q.Ply+1, ply, "probed a position at ply %d", ply)
	}
	require.Greater(t, s.nodes, uint64(len(plies)), "deeper nodes were searched")
}

// costlyPlyOracle knows nothing, says every position is costly and records the plies of
// the positions probed.
type costlyPlyOracle struct{ plies *[]int }

func (o costlyPlyOracle) Probe(p *engine.Position, _ engine.Rules) (int, int, bool) {
	*o.plies = append(*o.plies, p.Ply)
	return 0, 0, false
}
func (o costlyPlyOracle) CheapPieces() int { return 0 }

// TestRootIsSearchedNotProbed: an oracle that knows the root (here: every position a
// draw) does not stop the search there; the root's turns are searched and probed one ply
// down, so a legal turn with its PV is played, scored as the draw.
func TestRootIsSearchedNotProbed(t *testing.T) {
	r := engine.DefaultRules()
	for _, f := range midgameFENs[:3] {
		p := engine.MustParseFEN(f)
		o := DefaultExpertOptions()
		o.Depth = 3
		e := NewExpert(o)
		e.s.oracle, e.s.oracleMax = fixedOracle{0, 0, true, engine.Points}, engine.Points
		a, err := e.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		require.NotEmpty(t, a.PV, f)
		assert.Equal(t, a.PV[0], a.Turn)
		assert.Contains(t, p.Turns(r, nil), a.Turn, f)
		assert.Equal(t, 3, a.Depth, f)
		assert.Zero(t, a.Score, f)
	}
}

// countingOracle knows nothing and counts the nodes that asked it (every node below the
// root asks once, before its depth is looked at), in all and with each side to move.
type countingOracle struct{ calls *[3]int }

func (o countingOracle) Probe(p *engine.Position, _ engine.Rules) (int, int, bool) {
	o.calls[0]++
	o.calls[1+int(p.Side)]++
	return 0, 0, false
}

// pruneProbe runs the expert's negamax (no quiescence, no table) at p with the
// window (alpha, beta) and returns its score and the nodes it visited, itself included.
func pruneProbe(t *testing.T, p *engine.Position, depth, ply, alpha, beta int, prune bool) (int, int) {
	t.Helper()
	v, calls := pruneProbeCounts(t, p, depth, ply, alpha, beta, prune)
	return v, calls[0]
}

// pruneProbeCounts is pruneProbe with the nodes counted in all ([0]) and with White ([1])
// and Black ([2]) to move.
func pruneProbeCounts(t *testing.T, p *engine.Position, depth, ply, alpha, beta int, prune bool) (int, [3]int) {
	t.Helper()
	s := newSearcher(searchConfig{maxDepth: 8, killers: true, lmr: true, evalWeights: &Weights2, progress: true,
		ordering: true, prune: prune, qMaxPlies: maxPly / 2}, nil)
	var calls [3]int
	s.oracle, s.oracleMax = countingOracle{&calls}, engine.Points
	s.begin(context.Background(), engine.DefaultRules(), 0, 0)
	v := s.negamax(p, depth, ply, alpha, beta)
	if ply == 0 { // the root does not ask
		calls[0]++
		calls[1+int(p.Side)]++
	}
	return v, calls
}

// TestPruningByHand: at a quiet node of depth ≤ 3 below the root, searched with a null
// window away from proven results: reverse futility returns the static score when it is
// 90·depth or more above beta (the node alone is visited); late-move pruning searches the
// first 3 + 2·depth² turns; futility searches only the first turn when the static score
// plus 70·depth is at most alpha. Nothing is pruned elsewhere.
func TestPruningByHand(t *testing.T) {
	p := engine.MustParseFEN("B1B1B1B1B/9/9/9/W1W1W1W1W w 0 1")
	require.False(t, p.CanCapture())
	s := newSearcher(searchConfig{evalWeights: &Weights2, progress: true}, nil)
	s.rules = engine.DefaultRules()
	static := s.evaluate(&p, 0)
	n := len(p.DistinctTurns(s.rules, nil, &s.seen))
	require.Greater(t, n, 8)
	// Reverse futility, depths 1 to 3.
	for d := 1; d <= 3; d++ {
		beta := static - 90*d
		v, nodes := pruneProbe(t, &p, d, 1, beta-1, beta, true)
		assert.Equal(t, static, v, "depth %d", d)
		assert.Equal(t, 1, nodes, "depth %d: the node alone", d)
		_, nodes = pruneProbe(t, &p, d, 1, beta, beta+1, true)
		assert.Greater(t, nodes, 1, "depth %d, one above: searched", d)
	}
	// Not at depth 4, nor at the root, nor in a PV window, nor without the feature, nor
	// with a window at a proven loss.
	_, nodes := pruneProbe(t, &p, 4, 1, static-361, static-360, true)
	assert.Greater(t, nodes, 1, "depth 4")
	_, nodes = pruneProbe(t, &p, 1, 0, static-91, static-90, true)
	assert.Greater(t, nodes, 1, "the root")
	_, nodes = pruneProbe(t, &p, 1, 1, static-92, static-90, true)
	assert.Greater(t, nodes, 1, "a PV window")
	_, nodes = pruneProbe(t, &p, 1, 1, static-91, static-90, false)
	assert.Greater(t, nodes, 1, "prune off")
	_, nodes = pruneProbe(t, &p, 1, 1, -WinBound, -WinBound+1, true)
	assert.Greater(t, nodes, 1, "alpha at a proven loss")
	// Late-move pruning at depth 1: the first 5 turns (no child scores above static + 69).
	_, nodes = pruneProbe(t, &p, 1, 1, static+68, static+69, true)
	assert.Equal(t, 1+5, nodes, "late-move pruning")
	_, nodes = pruneProbe(t, &p, 1, 1, static+68, static+69, false)
	assert.Equal(t, 1+n, nodes, "prune off: every turn")
	// Futility at depth 1: static + 70 ≤ alpha: the first turn only.
	_, nodes = pruneProbe(t, &p, 1, 1, static+70, static+71, true)
	assert.Equal(t, 1+1, nodes, "futility")
	// ... but not with beta at a proven win.
	_, nodes = pruneProbe(t, &p, 1, 1, WinBound-1, WinBound, true)
	assert.Equal(t, 1+n, nodes, "beta at a proven win")
	// Depth 2, counting the children (Black to move): late-move pruning after 3 + 2·4 = 11
	// turns, futility from static + 140.
	require.Greater(t, n, 11)
	_, calls := pruneProbeCounts(t, &p, 2, 1, static+138, static+139, true)
	assert.Equal(t, 11, calls[1+int(engine.Black)], "late-move pruning at depth 2")
	_, calls = pruneProbeCounts(t, &p, 2, 1, static+140, static+141, true)
	assert.Equal(t, 1, calls[1+int(engine.Black)], "futility at depth 2")
}

// TestReductionsByHand: the plies a late turn is reduced, worked out from the doc comment
// and lmrTable's formula (⌊0.5 + ln d · ln i / 2⌋).
func TestReductionsByHand(t *testing.T) {
	logLMR := newSearcher(searchConfig{lmr: true}, nil)
	for _, c := range []struct {
		i, depth      int
		key           int64
		quiet, pvNode bool
		want          int
	}{
		{10, 10, 0, true, false, 3},         // ⌊0.5 + 2.303²/2⌋ = 3
		{10, 10, 0, true, true, 2},          // one less at a PV node
		{3, 3, 0, true, false, 1},           // ⌊0.5 + 1.099²/2⌋ = 1, at most 3 − 2
		{3, 3, 0, true, true, 0},            // and 0 at a PV node
		{63, 4, 0, true, false, 2},          // ⌊0.5 + 1.386·4.143/2⌋ = 3, capped at 4 − 2
		{200, 63, 0, true, false, 9},        // indices beyond 63 as 63
		{2, 10, 0, true, false, 0},          // the first three turns are not reduced
		{10, 2, 0, true, false, 0},          // nor below depth 3
		{10, 10, 0, false, false, 0},        // nor at a capture node
		{10, 10, keyKiller, true, false, 0}, // nor a killer or countermove
		{10, 10, keyKiller - 1, true, false, 3},
	} {
		got := logLMR.reduction(c.i, c.key, c.depth, c.quiet, c.pvNode)
		assert.Equal(t, c.want, got, "log: turn %d, depth %d, key %d, quiet %v, pv %v", c.i, c.depth, c.key, c.quiet, c.pvNode)
	}
	assert.Zero(t, newSearcher(searchConfig{}, nil).reduction(10, 0, 10, true, false), "no reductions")
}

// TestQuiescenceProbesBelowItsRoot: a position the oracle knows, met inside the quiescence
// search, is scored from the oracle without a search; the quiescence root (already probed
// by the node that called it) is not probed again.
func TestQuiescenceProbesBelowItsRoot(t *testing.T) {
	p := engine.MustParseFEN(midgameFENs[2])
	require.True(t, p.CanCapture())
	calls := [3]int{}
	win := fixedOracle{1, 3, true, engine.Points}
	s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2}, win)
	s.begin(context.Background(), engine.DefaultRules(), 0, 0)
	v := s.qsearch(&p, 2, 1, -infinity, infinity)
	assert.Equal(t, TBWinScore-2-3, v, "known below the quiescence root")
	assert.Equal(t, uint64(1), s.nodes)
	s = newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2}, countingOracle{&calls})
	s.begin(context.Background(), engine.DefaultRules(), 0, 0)
	s.qsearch(&p, 2, 0, -infinity, infinity)
	assert.Greater(t, s.nodes, uint64(1), "the captures are searched")
	assert.Equal(t, int(s.nodes)-1, calls[0], "every quiescence node but its root asks")
}

// TestAspirationByHand: from depth 4, unless the last score is a proven result, the root is
// searched first in prev ± 35 and each side that fails is widened fourfold, unbounded once
// beyond four pieces; below depth 4 or at a proven score, in the full window. The windows
// are replayed here on a second searcher; value and nodes must agree.
func TestAspirationByHand(t *testing.T) {
	p := engine.MustParseFEN(midgameFENs[0])
	cfg := searchConfig{maxDepth: 8, quiesce: true, qMaxPlies: maxPly / 2, killers: true, lmr: true,
		evalWeights: &Weights2, progress: true, ordering: true, prune: true, aspiration: true}
	fresh := func() *searcher {
		s := newSearcher(cfg, nil)
		s.begin(context.Background(), engine.DefaultRules(), 0, 0)
		return s
	}
	exact := fresh().negamax(&p, 4, 0, -infinity, infinity)
	replay := func(d, prev int) (int, uint64, int) {
		s := fresh()
		lo, hi, tries := 35, 35, 0
		for {
			alpha, beta := max(prev-lo, -infinity), min(prev+hi, infinity)
			v := s.negamax(&p, d, 0, alpha, beta)
			tries++
			switch {
			case v <= alpha && alpha > -infinity:
				if lo *= 4; lo > 400 {
					lo = infinity
				}
			case v >= beta && beta < infinity:
				if hi *= 4; hi > 400 {
					hi = infinity
				}
			default:
				return v, s.nodes, tries
			}
		}
	}
	full := func(d int) (int, uint64) {
		s := fresh()
		return s.negamax(&p, d, 0, -infinity, infinity), s.nodes
	}
	for _, c := range []struct {
		d, prev  int
		windowed bool
	}{
		{4, exact, true}, {4, exact + 100, true}, {4, exact - 1000, true}, {5, exact + 30, true},
		{4, exact + 35, true}, {4, exact - 35, true}, // the score at a window's edge fails there
		{4, WinBound - 1, true}, {4, -WinBound + 1, true},
		{3, exact, false}, {4, WinBound, false}, {4, -WinBound, false},
	} {
		s := fresh()
		v := s.rootSearch(&p, c.d, c.prev)
		var want int
		var nodes uint64
		tries := 1
		if c.windowed {
			want, nodes, tries = replay(c.d, c.prev)
		} else {
			want, nodes = full(c.d)
		}
		assert.Equal(t, want, v, "depth %d, prev %d", c.d, c.prev)
		assert.Equal(t, nodes, s.nodes, "depth %d, prev %d (%d windows)", c.d, c.prev, tries)
		if c.prev == exact-1000 {
			assert.GreaterOrEqual(t, tries, 3, "the high side widened more than once")
		}
	}
}

// TestDeepenStopsAtAForcedEndAndStartsFromTheBiggestCapture: iterative deepening stops once
// a forced end lies within the depth searched (a capture of the last piece: depth 1, win in
// 1), and before any iteration completes it holds the turn ordered first, a capture taking
// the most pieces.
func TestDeepenStopsAtAForcedEndAndStartsFromTheBiggestCapture(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("9/9/4B4/4W4/9 w 0 1")
	o := DefaultExpertOptions()
	o.Depth = 10
	a, err := NewExpert(o).Analyze(context.Background(), &p, r)
	require.NoError(t, err)
	assert.Equal(t, 1, a.Depth)
	assert.Equal(t, MateScore-1, a.Score)
	checked := 0
	for _, f := range midgameFENs {
		q := engine.MustParseFEN(f)
		turns := q.DistinctTurns(r, nil, &engine.ResultSet{})
		most := 0
		for _, tn := range turns {
			most = max(most, tn.Captured.Count())
		}
		if most < 2 {
			continue
		}
		s := newSearcher(searchConfig{killers: true, ordering: true}, nil)
		s.begin(context.Background(), r, 1, 0) // stopped at the first node
		a := s.deepen(&q, 1, 5)
		assert.Zero(t, a.Depth, f)
		assert.Equal(t, most, a.Turn.Captured.Count(), "%s: %v", f, a.Turn)
		checked++
	}
	assert.Positive(t, checked)
}
