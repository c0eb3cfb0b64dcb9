// quiescence_test.go: the quiescence search against plain minimax over the captures.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainQuiescence is quiescence written as plain minimax, no window: a finished game
// scores as in plainMinimax, a position without a capture its static score under eval;
// where captures are possible the side to move takes the best of standing pat and each
// capture.
func plainQuiescence(eval func(*engine.Position) int, p *engine.Position, r engine.Rules, ply int) int {
	if v, over := plainOver(p, r, ply); over {
		return v
	}
	best := eval(p)
	if !p.CanCapture() {
		return best
	}
	for _, t := range p.DistinctTurns(r, nil, new(engine.ResultSet)) {
		q := p.Play(t)
		best = max(best, -plainQuiescence(eval, &q, r, ply+1))
	}
	return best
}

// TestQuiescenceIsPlain: with the first evaluation and with the learned one (which also
// tells quiescence whether a position is quiet), quiescence over an open window returns
// plainQuiescence's value from every midgame position where a capture is possible, and
// from two of random play (PCG seed 21, 22) where standing pat changes the value.
func TestQuiescenceIsPlain(t *testing.T) {
	skipUnderRace(t)
	r := engine.DefaultRules()
	fens := append([]string{"1W3B1B1/4B1BBB/8W/5WW1W/3W4W w 0 12", "7B1/B4B1B1/1WB5W/WW7/WW5W1 w 0 12"}, midgameFENs...)
	for _, c := range []struct {
		name    string
		eval    func(*engine.Position) int
		weights *[NumFeatures]int
	}{{"Evaluate", Evaluate, nil}, {"Evaluate2", Evaluate2, &Weights2}} {
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, evalWeights: c.weights}, nil)
		checked := 0
		for _, f := range fens {
			p := engine.MustParseFEN(f)
			if !p.CanCapture() {
				continue
			}
			checked++
			s.begin(context.Background(), r, 0, 0)
			assert.Equal(t, plainQuiescence(c.eval, &p, r, 0), s.qsearch(&p, 0, 0, -infinity, infinity), "%s at %s", c.name, f)
		}
		require.GreaterOrEqual(t, checked, 5)
	}
}
