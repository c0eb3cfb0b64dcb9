// gradient_test.go: the trainer's forward pass is nnue.Float.Forward, and its backward
// pass is the gradient of the loss of Forward, checked against central differences.

package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradientNet returns seeded random weights of shape s, spread so that many units of
// both layers sit on their clipped ReLU's slope and some outside it.
func gradientNet(s nnue.Shape, seed uint64) (layout, []float32) {
	o := newLayout(s)
	v := o.initial(seed, 1.98)
	rng := rand.New(rand.NewPCG(seed, 9))
	w := o.views(v)
	for i := range w.B2 {
		w.B2[i] = float32(rng.Float64() - 0.3)
	}
	for i := range w.W3 {
		w.W3[i] *= 3
	}
	*w.B3 = 0.2
	return o, v
}

type labelled struct {
	p engine.Position
	t float32
}

func gradientPositions(n int) []labelled {
	rng := rand.New(rand.NewPCG(5, 5))
	out := make([]labelled, n)
	for i := range out {
		r := randomRecord(rng, 0)
		out[i] = labelled{r.Position(), float32(rng.Float64())}
	}
	return out
}

// referenceLoss is the mean (sigmoid(Forward) − t)² over the positions, from
// nnue.Float.Forward alone.
func referenceLoss(f *nnue.Float, ps []labelled) float64 {
	var sum float64
	for _, l := range ps {
		d := sigmoid(float64(f.Forward(&l.p))) - float64(l.t)
		sum += d * d
	}
	return sum / float64(len(ps))
}

func TestForwardIsFloatForward(t *testing.T) {
	o, v := gradientNet(nnue.Shape{Hidden: 8, Layer: 4}, 1)
	f := o.float(v, 100)
	sc := newScratch(o)
	for _, l := range gradientPositions(50) {
		sc.features(l.p.Pieces[engine.White], l.p.Pieces[engine.Black], l.p.Side)
		assert.InDelta(t, f.Forward(&l.p), sc.forward(o, o.views(v)), 1e-6)
	}
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	o, v := gradientNet(nnue.Shape{Hidden: 8, Layer: 4}, 1)
	ps := gradientPositions(6)
	// The trainer's gradient of the mean loss.
	g := make([]float32, o.n)
	sc := newScratch(o)
	for _, l := range ps {
		sc.features(l.p.Pieces[engine.White], l.p.Pieces[engine.Black], l.p.Side)
		_, d := step(sc.forward(o, o.views(v)), l.t, 1/float64(len(ps)))
		sc.backward(o, o.views(v), o.views(g), d)
	}
	// Central differences of the reference loss, at two steps: a weight whose two
	// estimates disagree moved a unit across a kink of the clipped ReLU and is skipped.
	diff := func(i int, eps float32) float64 {
		keep := v[i]
		v[i] = keep + eps
		up := referenceLoss(o.float(v, 100), ps)
		v[i] = keep - eps
		down := referenceLoss(o.float(v, 100), ps)
		v[i] = keep
		return (up - down) / float64(2*eps)
	}
	checked, nonzero := 0, 0
	for i := range v {
		a, b := diff(i, 4e-3), diff(i, 2e-3)
		if math.Abs(a-b) > 1e-4+0.02*math.Abs(a) {
			continue
		}
		checked++
		if math.Abs(b) > 1e-4 {
			nonzero++
		}
		if !assert.InDelta(t, b, g[i], 2e-5+0.005*math.Abs(b), "weight %d of %d", i, o.n) {
			break
		}
	}
	require.Greater(t, checked, o.n*9/10, "most weights are away from a kink")
	assert.Greater(t, nonzero, o.n/20, "the check saw gradients, not only zeros")
	t.Logf("%d weights: %d checked, %d of them nonzero", o.n, checked, nonzero)
}
