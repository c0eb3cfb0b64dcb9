package tune

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

func TestGenerateIsReproducible(t *testing.T) {
	c := Config{Games: 4, Player: "expert:nodes=300,vary=20", Seed: 5, OpeningPlies: 4, Workers: 2}
	a, err := Generate(context.Background(), c)
	require.NoError(t, err)
	c.Workers = 1
	b, err := Generate(context.Background(), c)
	require.NoError(t, err)
	require.NotEmpty(t, a)
	assert.Equal(t, a, b)
	for _, s := range a {
		p, err := engine.ParseFEN(s.FEN)
		require.NoError(t, err)
		assert.False(t, p.CanCapture(), "only quiet positions: %s", s.FEN)
		assert.Contains(t, []float64{0, 0.5, 1}, s.Result)
	}
	c.Seed = 6
	d, err := Generate(context.Background(), c)
	require.NoError(t, err)
	assert.NotEqual(t, a, d, "another seed, other games")
}

// TestFitRecoversAKnownModel labels positions with the win probability of a known weight
// vector (not 0/1 results), so the least-squares fit must return those weights.
func TestFitRecoversAKnownModel(t *testing.T) {
	samples, err := Generate(context.Background(), Config{Games: 30, Player: "expert:nodes=300,vary=30", Seed: 9, OpeningPlies: 2, Workers: 2})
	require.NoError(t, err)
	want := [players.NumFeatures]float64{120, 2, 6, 0, -30, 4, 60}
	const k = 0.9
	for i := range samples {
		p := engine.MustParseFEN(samples[i].FEN)
		f := players.Features(&p)
		e := 0.0
		for j, w := range want {
			v := float64(f[j])
			if j == players.FeatEndMaterial {
				v /= 44
			}
			e += w * v
		}
		samples[i].Result = 1 / (1 + math.Exp(-k*e/100))
	}
	fit, err := FitWeights(samples, [players.NumFeatures]int{100, 1})
	require.NoError(t, err)
	assert.Less(t, fit.Loss, 1e-6)
	// K is fitted to the starting weights, so the fitted weights are want scaled by k/K.
	for j, w := range want {
		if j == players.FeatTargets {
			continue // always 0 in quiet positions: not identified
		}
		assert.InDelta(t, w*k/fit.K, fit.Weights[j], 0.5+0.02*math.Abs(w), players.FeatureNames[j])
	}
}
