package players

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seededNet is a network of seeded random weights: scores that vary with every piece, so a
// search that updated a child's accumulators wrongly would score it differently from the
// net computed from scratch.
func seededNet(t *testing.T, seed uint64) *nnue.Net {
	rng := rand.New(rand.NewPCG(seed, 3))
	f := nnue.NewFloat(nnue.Shape{Hidden: 16, Layer: 8}, 150)
	fill := func(ws []float32, lo, hi float64) {
		for i := range ws {
			ws[i] = float32(lo + (hi-lo)*rng.Float64())
		}
	}
	// Accumulators and units on both sides of the clipped ReLU's bends.
	fill(f.W1, -0.15, 0.15)
	fill(f.B1, 0.2, 0.8)
	fill(f.W2, -1, 1)
	fill(f.B2, -0.2, 0.4)
	fill(f.W3, -3, 3)
	n, err := nnue.Quantise(f, nnue.Header{})
	require.NoError(t, err)
	return n
}

// netMinimax is plain minimax over every turn with the net evaluated from scratch at the
// leaves: the reference for the search's incrementally updated accumulators.
func netMinimax(n *nnue.Net, p *engine.Position, r engine.Rules, depth, ply int) int {
	if v, over := plainOver(p, r, ply); over {
		return v
	}
	if depth == 0 {
		return min(max(n.Evaluate(p), -(WinBound-1)), WinBound-1)
	}
	best := -1 << 30
	for _, t := range p.Turns(r, nil) {
		q := p.Play(t)
		best = max(best, -netMinimax(n, &q, r, depth-1, ply+1))
	}
	return best
}

func TestNetSearchIsMinimaxOverTheNet(t *testing.T) {
	r := engine.DefaultRules()
	n := seededNet(t, 5)
	positions := append([]string{engine.StartFEN, "2W4BB/9/5B3/W8/WW4W1W b 0 0", "3B2BBB/6B1B/1W5B1/3W5/9 b 0 0"}, lmrSuite[:4]...)
	for _, f := range positions {
		p := engine.MustParseFEN(f)
		for depth := 1; depth <= 3; depth++ {
			o := fixedDepthOptions(depth, false)
			o.Net = n
			a, err := NewExpert(o).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			want := -1 << 30
			for _, turn := range p.Turns(r, nil) {
				q := p.Play(turn)
				want = max(want, -netMinimax(n, &q, r, depth-1, 1))
			}
			assert.Equal(t, want, a.Score, "%s depth %d", f, depth)
		}
		scores := map[int]bool{}
		for _, turn := range p.Turns(r, nil) {
			q := p.Play(turn)
			scores[n.Evaluate(&q)] = true
		}
		assert.Greater(t, len(scores), 1, "%s: the net tells the children apart", f)
	}
}

func TestNetOptionOfTheExpertSpec(t *testing.T) {
	s, err := ParseSpec("expert:depth=2,net=default")
	require.NoError(t, err)
	assert.Same(t, nnue.Default(), s.settings.(ExpertOptions).Net)
	s, err = ParseSpec("expert:depth=2,net=none")
	require.NoError(t, err)
	assert.Nil(t, s.settings.(ExpertOptions).Net)
	_, err = ParseSpec("expert:net=/no/such/file.fnn")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "net=/no/such/file.fnn")
}

// Quiescence asks the net only at quiet positions, the kind it was trained on; a capture
// node's stand-pat bound is the hand evaluation's.
func TestNetScoresQuietPositionsOnly(t *testing.T) {
	o := DefaultExpertOptions()
	o.Net = seededNet(t, 7)
	e := NewExpert(o)
	s := e.s
	s.begin(context.Background(), engine.DefaultRules(), 0, 0)
	quiet, capture := 0, 0
	for _, f := range append([]string{engine.StartFEN}, midgameFENs...) {
		p := engine.MustParseFEN(f)
		s.acc.Refresh(0, &p)
		v, isQuiet := s.evaluateQuiet(&p, 0)
		assert.Equal(t, !p.CanCapture(), isQuiet, f)
		if isQuiet {
			quiet++
			assert.Equal(t, s.progressed(&p, min(max(o.Net.Evaluate(&p), -(WinBound-1)), WinBound-1)), v, f)
		} else {
			capture++
			assert.Equal(t, s.progressed(&p, EvaluateWeights(&p, &Weights2)), v, f)
		}
	}
	assert.Positive(t, quiet)
	assert.Positive(t, capture)
}
