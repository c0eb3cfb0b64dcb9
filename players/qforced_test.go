// qforced_test.go: the expert's qforced switch, quiescence searching a forced capture
// instead of standing pat on it.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainQuiescence is quiescence written as plain minimax, no window: a finished game
// scores as in plainMinimax, a position without a capture its Evaluate; where captures
// are possible the side to move takes the best of standing pat and each capture, except
// that a side with at most forcedMax captures must play one (no standing pat).
func plainQuiescence(p *engine.Position, r engine.Rules, ply, forcedMax int) int {
	return plainQuiescenceBy(Evaluate, p, r, ply, forcedMax)
}

// plainQuiescenceBy is plainQuiescence with the static scores of eval.
func plainQuiescenceBy(eval func(*engine.Position) int, p *engine.Position, r engine.Rules, ply, forcedMax int) int {
	if v, over := plainOver(p, r, ply); over {
		return v
	}
	stand := eval(p)
	if !p.CanCapture() {
		return stand
	}
	turns := p.DistinctTurns(r, nil, new(engine.ResultSet))
	best := stand
	if len(turns) <= forcedMax {
		best = -infinity
	}
	for _, t := range turns {
		q := p.Play(t)
		best = max(best, -plainQuiescenceBy(eval, &q, r, ply+1, forcedMax))
	}
	return best
}

// TestForcedCaptureQuiescenceIsPlain: over an open window, quiescence with and without
// qforced returns plainQuiescence's value from every midgame position where a capture is
// possible. Some position must score
// differently with the switch, or the comparison would show nothing.
func TestForcedCaptureQuiescenceIsPlain(t *testing.T) {
	skipUnderRace(t)
	r := engine.DefaultRules()
	run := func(p *engine.Position, forced bool) int {
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, qsForced: forced}, nil)
		s.begin(context.Background(), r, 0, 0)
		return s.qsearch(p, 0, 0, -infinity, infinity)
	}
	// Random play (PCG seed 21,22), two captures possible: the first two positions found
	// where standing pat on either changes the value, so a switch that also forced two
	// captures would be seen.
	fens := append([]string{"1W3B1B1/4B1BBB/8W/5WW1W/3W4W w 0 12", "7B1/B4B1B1/1WB5W/WW7/WW5W1 w 0 12"}, midgameFENs...)
	checked, differed := 0, 0
	for _, f := range fens {
		p := engine.MustParseFEN(f)
		if !p.CanCapture() {
			continue
		}
		checked++
		off, on := plainQuiescence(&p, r, 0, 0), plainQuiescence(&p, r, 0, 1)
		assert.Equal(t, off, run(&p, false), "%s without", f)
		assert.Equal(t, on, run(&p, true), "%s with qforced", f)
		if on != off {
			differed++
		}
	}
	require.GreaterOrEqual(t, checked, 5)
	assert.Positive(t, differed, "no position's value depends on the switch")
}

// TestLearnedEvaluationQuiescenceIsPlain: with the learned evaluation (which also tells
// quiescence whether a position is quiet), quiescence over an open window returns
// plainQuiescence's value under Evaluate2 from every midgame position where a capture is
// possible, and from the two of random play above.
func TestLearnedEvaluationQuiescenceIsPlain(t *testing.T) {
	skipUnderRace(t)
	r := engine.DefaultRules()
	s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, evalWeights: &Weights2}, nil)
	fens := append([]string{"1W3B1B1/4B1BBB/8W/5WW1W/3W4W w 0 12", "7B1/B4B1B1/1WB5W/WW7/WW5W1 w 0 12"}, midgameFENs...)
	checked := 0
	for _, f := range fens {
		p := engine.MustParseFEN(f)
		if !p.CanCapture() {
			continue
		}
		checked++
		s.begin(context.Background(), r, 0, 0)
		assert.Equal(t, plainQuiescenceBy(Evaluate2, &p, r, 0, 0), s.qsearch(&p, 0, 0, -infinity, infinity), f)
	}
	require.GreaterOrEqual(t, checked, 5)
}
