// quantised_agreement_test.go: the trained net, quantised, scores real positions as the
// float net does.

package train

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfPlayPositions writes the positions of a few quick self-play games.
func selfPlayPositions(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "selfplay.pos")
	_, err := data.Generate(context.Background(), data.Config{Games: 40, Player: "expert:nodes=300,vary=10", Seed: 3,
		OpeningPlies: [2]int{4, 8}, Workers: 2, Toolkit: "test"}, path, false)
	require.NoError(t, err)
	return path
}

// The quantised net's Evaluate is within agreeTolerance hundredths of a piece of
// Float.Forward·Scale on every position, and within a hundredth on average: the rounding
// of the weights (1/1024 each) and of the score to a whole hundredth.
const agreeTolerance = 3

func TestQuantisedAgreesWithFloat(t *testing.T) {
	path := selfPlayPositions(t)
	cfg := smallConfig()
	cfg.Shape.Hidden, cfg.Shape.Layer = 32, 16
	cfg.MaxEpochs = 4
	res, err := Run(context.Background(), cfg, []string{path}, nil)
	require.NoError(t, err)
	_, recs, err := data.ReadFile(path)
	require.NoError(t, err)
	require.Greater(t, len(recs), 500)
	var sum, worst float64
	spread := 0.0
	for _, r := range recs {
		p := r.Position()
		want := float64(res.Float.Forward(&p)) * float64(res.Float.Scale)
		got := float64(res.Net.Evaluate(&p))
		d := math.Abs(got - want)
		sum += d
		worst = math.Max(worst, d)
		spread = math.Max(spread, math.Abs(want))
		assert.LessOrEqual(t, d, float64(agreeTolerance), "%v: quantised %v, float %v", p, got, want)
	}
	t.Logf("%d positions: mean |difference| %.3f, worst %.3f hundredths; scores up to ±%.0f", len(recs), sum/float64(len(recs)), worst, spread)
	assert.Less(t, sum/float64(len(recs)), 1.0)
	require.Greater(t, spread, 20.0, "the net says more than a constant")
}
