// mutants_test.go: checks written for mutants that lived in a whole-package mutation run
// of players (docs/TESTING.md, "Mutation testing"): the MCTS limits, the expert's vary draw and
// its Lazy SMP helpers, the score helpers at their bounds, the spec options at theirs, and
// the reduction table.

package players

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

// TestMCTSLimits: the playout count is the one asked for when no time limit is set, and
// the options are clamped to at least 1 as documented, never lowered otherwise.
func TestMCTSLimits(t *testing.T) {
	p := engine.Start()
	for _, n := range []int{1, 100, 130} {
		a, err := NewMCTS(MCTSOptions{Playouts: n, Exploration: 1.4, MaxPlies: 200}, 3).Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		assert.Equal(t, uint64(n), a.Nodes, "playouts run with no time limit")
	}
	m := NewMCTS(DefaultMCTSOptions(), 1)
	assert.Equal(t, MCTSOptions{Playouts: 1000, Exploration: 1.4, MaxPlies: 200}, m.opts)
	m = NewMCTS(MCTSOptions{Playouts: 2, MaxPlies: 2}, 1)
	assert.Equal(t, 2, m.opts.Playouts)
	assert.Equal(t, 2, m.opts.MaxPlies)
	m = NewMCTS(MCTSOptions{Playouts: -4, MaxPlies: 0}, 1)
	assert.Equal(t, 1, m.opts.Playouts)
	assert.Equal(t, 1, m.opts.MaxPlies)
	pl, err := NewFromString("mcts:plies=40", 0)
	require.NoError(t, err)
	assert.Equal(t, 40, pl.(*MCTS).opts.MaxPlies)
}

// TestVaryDrawsEveryBonus: vary=V gives each root turn a bonus drawn from 0..V, both ends
// included (vary=1: 0 or 1).
func TestVaryDrawsEveryBonus(t *testing.T) {
	r := engine.DefaultRules()
	for _, vary := range []int{1, 2} {
		o := DefaultExpertOptions()
		o.Depth, o.Vary = 2, vary
		e := NewExpertSeeded(o, 9)
		seen := map[int]int{}
		for _, f := range midgameFENs {
			p := engine.MustParseFEN(f)
			_, err := e.Analyze(context.Background(), &p, r)
			require.NoError(t, err, f)
			require.Len(t, e.bias, len(p.DistinctTurns(r, nil, &e.seen)), f)
			for _, b := range e.bias {
				seen[b]++
			}
		}
		for b := range seen {
			assert.True(t, b >= 0 && b <= vary, "vary=%d drew %d", vary, b)
		}
		for b := 0; b <= vary; b++ {
			assert.Positive(t, seen[b], "vary=%d never drew %d", vary, b)
		}
	}
}

// TestThreadsRunTheHelpers: with threads=2 the helper searches too (its nodes are its own,
// counted in the analysis), not only the main thread.
func TestThreadsRunTheHelpers(t *testing.T) {
	r := engine.DefaultRules()
	o := DefaultExpertOptions()
	o.Depth, o.Threads = 6, 2
	e := NewExpert(o)
	require.Len(t, e.helpers, 1)
	var helperNodes uint64
	for _, f := range midgameFENs[:3] {
		p := engine.MustParseFEN(f)
		a, err := e.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		helperNodes += e.helpers[0].nodes
		assert.Equal(t, e.s.nodes+e.helpers[0].nodes, a.Nodes, f)
	}
	assert.Positive(t, helperNodes)
}

// TestScoreHelpersAtTheirBounds: a proven win or loss starts exactly at ±WinBound; a
// forced end n plies away scores ±(MateScore − n).
func TestScoreHelpersAtTheirBounds(t *testing.T) {
	assert.True(t, IsWin(WinBound))
	assert.False(t, IsWin(WinBound-1))
	assert.True(t, IsLoss(-WinBound))
	assert.False(t, IsLoss(-WinBound+1))
	for _, n := range []int{0, 3, 1000} {
		got, ok := MatePlies(MateScore - n)
		assert.True(t, ok)
		assert.Equal(t, n, got, "win in %d", n)
		got, ok = MatePlies(-MateScore + n)
		assert.True(t, ok)
		assert.Equal(t, n, got, "loss in %d", n)
	}
	_, ok := MatePlies(MateBound - 1)
	assert.False(t, ok)
	assert.Equal(t, "loss in 4", FormatScore(-MateScore+4))
	assert.Equal(t, "win in 7", FormatScore(MateScore-7))
}

// TestSpecOptionsAtTheirBounds: each bound of an option is accepted, one past it refused;
// the expert searches with Weights2 unless weights= gives its own; the options of experiments
// that did not win are refused, by name; Describe lists options only where there are some.
func TestSpecOptionsAtTheirBounds(t *testing.T) {
	pl, err := NewFromString("hard:depth=32", 0) // maxPly/4: the levels' stack holds depth and quiescence
	require.NoError(t, err)
	assert.Equal(t, 32, pl.(*Level).Params().Depth)
	_, err = NewFromString("hard:depth=33", 0)
	assert.EqualError(t, err, `player spec "hard:depth=33": option depth=33: want a whole number from 1 to 32`)
	pl, err = NewFromString("hard:depth=1", 0)
	require.NoError(t, err)
	assert.Equal(t, 1, pl.(*Level).Params().Depth)
	for _, bad := range []string{"expert:time=0s", "expert:time=-1ms", "mcts:time=0s"} {
		_, err = NewFromString(bad, 0)
		assert.ErrorContains(t, err, "want a positive duration", bad)
	}
	pl, err = NewFromString("expert:time=1ns", 0)
	require.NoError(t, err)
	assert.Equal(t, time.Nanosecond, pl.(*Expert).Options().Time)
	pl, err = NewFromString("expert", 0)
	require.NoError(t, err)
	assert.Equal(t, &Weights2, pl.(*Expert).s.cfg.evalWeights)
	for _, key := range []string{"v", "eval", "null", "extend", "rep", "partial", "delta", "qtt", "qforced", "keep", "clmr"} {
		_, err = NewFromString("expert:depth=3,"+key+"=1", 0)
		assert.EqualError(t, err, `player spec "expert:depth=3,`+key+`=1": option "`+key+`" was removed: an experiment that did not win (docs/EXPERIMENTS.md)`)
	}
	// weights=: the player's own copy of the seven weights.
	for _, spec := range []string{"expert:weights=1/-2/3/0/-1000/1000/7", "expert:depth=3,weights=1/-2/3/0/-1000/1000/7"} {
		pl, err = NewFromString(spec, 0)
		require.NoError(t, err)
		got := pl.(*Expert).s.cfg.evalWeights
		require.NotNil(t, got, spec)
		assert.Equal(t, [NumFeatures]int{1, -2, 3, 0, -1000, 1000, 7}, *got, spec)
		assert.False(t, got == pl.(*Expert).Options().Weights, "a copy: %s", spec)
	}
	for spec, want := range map[string]string{
		"expert:weights=1/2/3/4/5/6":       "want 7 whole numbers from -1000 to 1000 separated by /",
		"expert:weights=1/2/3/4/5/6/7/8":   "want 7 whole numbers",
		"expert:weights=1/2/3/4/5/6/1001":  "want 7 whole numbers",
		"expert:weights=1/2/3/4/5/-1001/7": "want 7 whole numbers",
		"expert:weights=1/2/x/4/5/6/7":     "want 7 whole numbers",
	} {
		_, err = NewFromString(spec, 0)
		assert.ErrorContains(t, err, want, spec)
	}
	doc, ok := Describe("random")
	require.True(t, ok)
	assert.NotContains(t, doc, "options")
	doc, ok = Describe("expert")
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(doc, " (options: depth, nodes, time, tc, hash, qs, killers, lmr, weights, progress, ordering, prune, aspiration, vary, threads)"), doc)
}

// TestReductionTable: the log reductions are ⌊0.5 + ln d · ln i / 2⌋, values worked out
// by hand (ln 10 = 2.3026, ln 20 = 2.9957, ln 3 = 1.0986, ln 63 = 4.1431, ln 8 = 2.0794).
func TestReductionTable(t *testing.T) {
	for _, c := range []struct{ d, i, want int }{
		{10, 10, 3}, // 0.5 + 5.302/2 = 3.15
		{20, 3, 2},  // 0.5 + 3.291/2 = 2.15
		{3, 20, 2},
		{63, 63, 9}, // 0.5 + 17.165/2 = 9.08
		{8, 8, 2},   // 0.5 + 4.324/2 = 2.66
		{2, 2, 0},   // 0.5 + 0.480/2 = 0.74
		{1, 63, 0},  // ln 1 = 0
		{5, 1, 0},
	} {
		assert.Equal(t, c.want, int(lmrTable[c.d][c.i]), "d %d, turn %d", c.d, c.i)
	}
}

// TestGreedyScoresItsTurnForItself: greedy's score is the position after its turn, for
// the side that played it: 100 a piece plus the points' bonuses, by a plain count.
func TestGreedyScoresItsTurnForItself(t *testing.T) {
	r := engine.DefaultRules()
	g := NewGreedy(4)
	positive := 0
	for _, f := range append([]string{engine.StartFEN}, midgameFENs...) {
		p := engine.MustParseFEN(f)
		a, err := g.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		q := p.Play(a.Turn)
		me, them := q.Pieces[p.Side], q.Pieces[p.Side^1]
		b1, _, _, _ := plainSide(me, them)
		b2, _, _, _ := plainSide(them, me)
		want := 100*(me.Count()-them.Count()) + b1 - b2
		assert.Equal(t, want, a.Score, f)
		if want > 0 {
			positive++
		}
	}
	assert.Positive(t, positive)
}
