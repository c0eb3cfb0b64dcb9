package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGamesToDetectTheTextbookValue(t *testing.T) {
	// Chow, Shao and Wang, Sample Size Calculations in Clinical Research (2nd ed.), §4.1,
	// one-sample proportion: p 0.55 against 0.5, two-sided α 0.05, power 0.8: n = 782.5 → 783.
	n, err := GamesToDetect(0.05, 0, 0.05, 0.8)
	require.NoError(t, err)
	assert.Equal(t, 783, n)
	// Symmetric in the sign of the edge up to σ1, which is the same for 0.45 and 0.55.
	m, err := GamesToDetect(-0.05, 0, 0.05, 0.8)
	require.NoError(t, err)
	assert.Equal(t, n, m)
	// Draws shrink the variance: fewer games for the same edge.
	d, err := GamesToDetect(0.05, 0.4, 0.05, 0.8)
	require.NoError(t, err)
	assert.Less(t, d, n)

	p, err := ScorePower(783, 0.05, 0, 0.05)
	require.NoError(t, err)
	assert.InDelta(t, 0.8, p, 0.001)
}

// TestGamesToDetectBySimulation: runs of the computed number of games, drawn with that
// edge and draw rate and tested as the file comment says, reject H0 as often as the power
// asked for (8,000 runs: a standard error of 0.0045; tolerance 4 of them plus the normal
// approximation's own error, about 0.005 at these sizes).
func TestGamesToDetectBySimulation(t *testing.T) {
	for _, c := range []struct{ edge, draws, alpha, power, z float64 }{
		// z is z_{1−α/2} as a printed normal table gives it.
		{0.04, 0.1, 0.05, 0.8, 1.960},
		{0.03, 0.4, 0.01, 0.9, 2.576},
		{-0.05, 0.05, 0.05, 0.5, 1.960},
	} {
		n, err := GamesToDetect(c.edge, c.draws, c.alpha, c.power)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(7, uint64(n)))
		win := 0.5 + c.edge - c.draws/2
		z := c.z
		sd0 := math.Sqrt((1 - c.draws) / 4)
		const runs = 8000
		rejected := 0
		for range runs {
			sum := 0.0
			for range n {
				u := rng.Float64()
				switch {
				case u < win:
					sum++
				case u < win+c.draws:
					sum += 0.5
				}
			}
			if math.Abs(sum/float64(n)-0.5) > z*sd0/math.Sqrt(float64(n)) {
				rejected++
			}
		}
		got := float64(rejected) / runs
		assert.InDelta(t, c.power, got, 4*0.0045+0.01, "%+v: %d games", c, n)
	}
}

func TestGamesToDetectRefusesWhatNoGameCanBe(t *testing.T) {
	for _, c := range []struct{ edge, draws, alpha, power float64 }{
		{0, 0, 0.05, 0.8}, {0.6, 0, 0.05, 0.8}, {0.3, 0.5, 0.05, 0.8}, // no edge; above what the draws allow
		{0.05, -0.1, 0.05, 0.8}, {0.05, 1, 0.05, 0.8},
		{0.05, 0, 0, 0.8}, {0.05, 0, 1, 0.8}, {0.05, 0, 0.05, 1}, {0.05, 0, 0.05, math.NaN()},
	} {
		_, err := GamesToDetect(c.edge, c.draws, c.alpha, c.power)
		assert.Error(t, err, "%+v", c)
	}
	_, err := ScorePower(0, 0.05, 0, 0.05)
	assert.Error(t, err)
}
