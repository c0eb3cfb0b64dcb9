package players

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLevelMarginWindowAtItsEdge: a level weighs each candidate after the first with a
// window that only proves it is more than Margin below the best so far. A turn exactly
// Margin below the best must still be scored exactly and be among the turns slack plays;
// a turn one point further below must never be played. The reference is the plain
// fixed-depth minimax of the test file (no windows, no ordering, no pruning): with slack
// 1 and every candidate weighed, the turns played over 60 seeds are exactly the turns
// within the margin of its best other than a unique best (the best when there is none),
// each with its plain score.
//
// The positions (found by random play) have turns a few points apart at depth 2:
//   - Black's lone piece on d5 against twelve: d5-e5 -628, d5-c5 -630, d5-d4 is mated
//     (with margin 1 only d5-e5 may be played, with margin 2 or 3 only d5-c5);
//   - 18 distinct turns, the best two at -212, then -214 (two), -216, -218 (two), ...
//
// A window one point too narrow (alpha = best-Margin+1) lets a turn below the margin fail
// low onto a bound inside it, and reports a turn at the margin with a score above its own.
func TestLevelMarginWindowAtItsEdge(t *testing.T) {
	r := engine.DefaultRules()
	const depth = 2
	for _, c := range []struct {
		fen     string
		margins []int
	}{
		{"3B4W/9/9/1W1W1W1W1/1W1W5 b 0 27", []int{1, 2, 3}},
		{"1B1B4B/5B2B/7W1/1W7/1W1WWWW2 b 2 15", []int{1, 2, 3, 4, 5, 6}},
	} {
		p := engine.MustParseFEN(c.fen)
		values, best := plainScores(&p, r, depth)
		require.Greater(t, len(values), 2, c.fen)
		for _, margin := range c.margins {
			within, atBest := map[string]bool{}, 0
			for tn, v := range values {
				if v >= best-margin {
					within[tn] = true
				}
				if v == best {
					atBest++
				}
			}
			if atBest == 1 && len(within) > 1 {
				for tn, v := range values {
					if v == best {
						delete(within, tn) // a unique best is never the slack turn
					}
				}
			}
			name := fmt.Sprintf("%s margin %d", c.fen, margin)
			got := map[string]bool{}
			for seed := uint64(0); seed < 60; seed++ {
				pl := NewLevel(LevelParams{Depth: depth, Slack: 1, Margin: margin}, seed)
				a, err := pl.Analyze(context.Background(), &p, r)
				require.NoError(t, err, name)
				got[a.Turn.String()] = true
				assert.Equal(t, values[a.Turn.String()], a.Score, "%s, seed %d: %s", name, seed, a.Turn)
			}
			assert.Equal(t, within, got, name)
		}
	}
}

// plainScores returns the plain minimax score of each distinct turn of p searched depth
// plies (its own included), by notation, and the best of them.
func plainScores(p *engine.Position, r engine.Rules, depth int) (map[string]int, int) {
	values := map[string]int{}
	best := -MateScore
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(r, nil, &seen) {
		q := p.Play(tn)
		values[tn.String()] = -plainMinimax(&q, r, depth-1, 1)
		best = max(best, values[tn.String()])
	}
	return values, best
}

// TestLevelVaryAddsABonusOfZeroToVary: with Vary v each candidate's score gets a bonus
// drawn from 0..v, so the score reported is the played turn's plain score plus 0..v, the
// turn is within v of the plain best, and over 60 seeds some bonus is above 0 and (v = 10
// on turns 2, 4, 6 and 8 below the best) some turn other than a plain best is played.
func TestLevelVaryAddsABonusOfZeroToVary(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("1B1B4B/5B2B/7W1/1W7/1W1WWWW2 b 2 15")
	const depth = 2
	values, best := plainScores(&p, r, depth)
	for _, vary := range []int{1, 10} {
		bonus, notBest := 0, 0
		for seed := uint64(0); seed < 60; seed++ {
			a, err := NewLevel(LevelParams{Depth: depth, Vary: vary}, seed).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			v, ok := values[a.Turn.String()]
			require.True(t, ok, "%s is a turn", a.Turn)
			assert.GreaterOrEqual(t, v, best-vary, "vary %d, seed %d: %s", vary, seed, a.Turn)
			assert.GreaterOrEqual(t, a.Score-v, 0, "vary %d, seed %d: %s", vary, seed, a.Turn)
			assert.LessOrEqual(t, a.Score-v, vary, "vary %d, seed %d: %s", vary, seed, a.Turn)
			if a.Score > v {
				bonus++
			}
			if v < best {
				notBest++
			}
		}
		assert.Positive(t, bonus, "vary %d: a bonus above 0 in 60 seeds", vary)
		if vary == 10 {
			assert.Positive(t, notBest, "vary 10: a turn below the plain best in 60 seeds")
		}
	}
}

// TestLevelPlaysTheFirstOfTiedBestTurns: without slack the level plays "the first
// candidate with the highest score" in its seeded order (a PCG permutation of the distinct
// turns, positionRand's level stream). The position has two turns tied at the plain best
// at depth 2 (b5-c5 and d5-e5, -212), so which one is played depends on that order; the
// order is rebuilt here and the first plain-best turn in it must be played for every seed.
func TestLevelPlaysTheFirstOfTiedBestTurns(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("1B1B4B/5B2B/7W1/1W7/1W1WWWW2 b 2 15")
	const depth = 2
	values, best := plainScores(&p, r, depth)
	tied := 0
	for _, v := range values {
		if v == best {
			tied++
		}
	}
	require.Equal(t, 2, tied)
	played := map[string]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		var seen engine.ResultSet
		order := p.DistinctTurns(r, nil, &seen)
		rng := positionRand(seed, streamLevel, &p)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		first := order[slices.IndexFunc(order, func(tn engine.Turn) bool { return values[tn.String()] == best })]
		a, err := NewLevel(LevelParams{Depth: depth}, seed).Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		assert.Equal(t, first.String(), a.Turn.String(), "seed %d", seed)
		assert.Equal(t, best, a.Score, "seed %d", seed)
		played[a.Turn.String()] = true
	}
	assert.Len(t, played, 2, "each tied turn comes first for some seed")
}

// cancelledAfterFirstCheck is a context whose Done channel is closed from the start but
// whose Err reports the cancellation only from its second call on: Analyze's entry check
// passes, and the search sees the closed channel at its first poll (node 1,024).
type cancelledAfterFirstCheck struct {
	context.Context
	calls atomic.Int32
}

func (c *cancelledAfterFirstCheck) Done() <-chan struct{} {
	done := make(chan struct{})
	close(done)
	return done
}

func (c *cancelledAfterFirstCheck) Err() error {
	if c.calls.Add(1) == 1 {
		return nil
	}
	return context.Canceled
}

// TestLevelStoppedMidSearch: the two ways a level's search stops before the end.
//   - Out of time (Time 1 ns: the clock is read at node 1,024) while the first candidate is
//     searched (depth 6 from the start: more than 1,024 nodes): the level plays that
//     candidate, scored by the evaluation of the board after it for the side that played.
//   - Cancelled at node 1,024 while a later candidate is searched (midgame-3 at depth 4:
//     the first candidate alone takes fewer than 1,024 nodes, all of them more): Analyze
//     returns the context's error and no turn.
func TestLevelStoppedMidSearch(t *testing.T) {
	r := engine.DefaultRules()
	start := engine.Start()
	first, err := NewLevel(LevelParams{Depth: 6, Candidates: 1}, 1).Analyze(context.Background(), &start, r)
	require.NoError(t, err)
	require.Greater(t, first.Nodes, uint64(1024), "the first candidate is still being weighed at the first poll")
	a, err := NewLevel(LevelParams{Depth: 6, Time: time.Nanosecond}, 1).Analyze(context.Background(), &start, r)
	require.NoError(t, err)
	after := start.Play(a.Turn)
	assert.Equal(t, -Evaluate(&after), a.Score, "the first candidate's evaluation, for the side that played it")
	assert.Equal(t, []engine.Turn{a.Turn}, a.PV)

	p := engine.MustParseFEN("2W4BB/9/5B3/W8/WW4W1W b 0 0") // midgame-3
	one, err := NewLevel(LevelParams{Depth: 4, Candidates: 1}, 1).Analyze(context.Background(), &p, r)
	require.NoError(t, err)
	all, err := NewLevel(LevelParams{Depth: 4}, 1).Analyze(context.Background(), &p, r)
	require.NoError(t, err)
	require.Less(t, one.Nodes, uint64(1024), "the first candidate is weighed before the first poll")
	require.Greater(t, all.Nodes, uint64(1024), "a later candidate is being weighed at the first poll")
	a, err = NewLevel(LevelParams{Depth: 4}, 1).Analyze(&cancelledAfterFirstCheck{Context: context.Background()}, &p, r)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, Analysis{}, a)
}
