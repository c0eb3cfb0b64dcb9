package players

import (
	"context"
	"fmt"
	"testing"

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
		values := map[string]int{}
		best := -MateScore
		var seen engine.ResultSet
		for _, tn := range p.DistinctTurns(r, nil, &seen) {
			q := p.Play(tn)
			values[tn.String()] = -plainMinimax(&q, r, depth-1, 1)
			best = max(best, values[tn.String()])
		}
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
