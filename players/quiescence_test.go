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

// TestDeltaPruningSkipsHopelessCaptures: White, four pieces down, can take one piece
// (e1-e2 approaching e3). With delta pruning, quiescence at a window whose α is more than
// that piece plus deltaMargin above stand-pat returns stand-pat without playing the
// capture; an α the capture could reach, or the switch off, plays it and returns
// plainQuiescence's value.
func TestDeltaPruningSkipsHopelessCaptures(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("B7B/B7B/4B4/9/4W4 w 0 12")
	require.True(t, p.CanCapture())
	stand := EvaluateWeights(&p, &Weights2)
	require.Less(t, stand, -3*PieceValue, "White is pieces down")
	plain := plainQuiescence(Evaluate2, &p, r, 0)
	require.Greater(t, plain, stand, "the capture is worth playing")

	search := func(delta bool, alpha int) (int, uint64) {
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, evalWeights: &Weights2, qDelta: delta}, nil)
		s.begin(context.Background(), r, 0, 0)
		v := s.qsearch(&p, 0, 0, alpha, alpha+1)
		return v, s.nodes
	}
	hopeless := stand + PieceValue + deltaMargin // the one piece and the margin reach α at most
	v, nodes := search(true, hopeless)
	assert.Equal(t, stand, v, "pruned: stand-pat")
	assert.Equal(t, uint64(1), nodes, "pruned: the capture is not played")

	for _, c := range []struct {
		delta bool
		alpha int
	}{{false, hopeless}, {true, hopeless - 1}} {
		v, nodes := search(c.delta, c.alpha)
		assert.Greater(t, nodes, uint64(1), "delta %v, α %d: the capture is played", c.delta, c.alpha)
		if plain > c.alpha {
			assert.Greater(t, v, c.alpha, "delta %v: fails high as the plain value %d does", c.delta, plain)
		} else {
			assert.LessOrEqual(t, v, c.alpha, "delta %v: fails low as the plain value %d does", c.delta, plain)
		}
	}
}

// TestDeltaPruningHalvesTheOpening: from the start to depth 8 the expert with delta
// pruning finds the same turn and score in at most 60% of the nodes (most of the
// opening's tree is quiescence, where it prunes).
func TestDeltaPruningHalvesTheOpening(t *testing.T) {
	if testing.Short() {
		t.Skip("two depth-8 searches")
	}
	skipUnderRace(t)
	p := engine.Start()
	var a [2]Analysis
	for i, delta := range []bool{false, true} {
		o := DefaultExpertOptions()
		o.Depth, o.QDelta = 8, delta
		var err error
		a[i], err = NewExpert(o).Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
	}
	assert.Equal(t, a[0].Turn, a[1].Turn)
	assert.Equal(t, a[0].Score, a[1].Score)
	assert.Less(t, float64(a[1].Nodes), 0.6*float64(a[0].Nodes), "nodes %d with, %d without", a[1].Nodes, a[0].Nodes)
}
