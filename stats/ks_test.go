package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ksBrute computes D by direct evaluation of both empirical CDFs at every
// data point.
func ksBrute(x, y []float64) float64 {
	ecdf := func(s []float64, v float64) float64 {
		c := 0
		for _, e := range s {
			if e <= v {
				c++
			}
		}
		return float64(c) / float64(len(s))
	}
	var d float64
	for _, v := range append(append([]float64{}, x...), y...) {
		d = math.Max(d, math.Abs(ecdf(x, v)-ecdf(y, v)))
	}
	return d
}

// ksPermutationP enumerates every split of the pooled sample into groups of
// sizes len(x), len(y) and returns the fraction with D >= D_observed.
func ksPermutationP(x, y []float64) float64 {
	pool := append(append([]float64{}, x...), y...)
	n := len(x)
	d0 := ksBrute(x, y)
	var hit, total int
	for mask := 0; mask < 1<<len(pool); mask++ {
		if popcount(mask) != n {
			continue
		}
		var a, b []float64
		for i, v := range pool {
			if mask&(1<<i) != 0 {
				a = append(a, v)
			} else {
				b = append(b, v)
			}
		}
		total++
		if ksBrute(a, b) >= d0-1e-12 {
			hit++
		}
	}
	return float64(hit) / float64(total)
}

func popcount(m int) int {
	c := 0
	for ; m != 0; m &= m - 1 {
		c++
	}
	return c
}

func TestKS2ExactAgainstPermutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, sz := range [][2]int{{5, 6}, {4, 9}, {7, 7}, {3, 10}} {
		x := make([]float64, sz[0])
		y := make([]float64, sz[1])
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		for i := range y {
			y[i] = rng.NormFloat64() + 0.8
		}
		r := KS2(x, y)
		require.True(t, r.Exact)
		assert.InDelta(t, ksBrute(x, y), r.D, 1e-12, "D for %v", sz)
		assert.InDelta(t, ksPermutationP(x, y), r.PValue, 1e-12, "p for %v", sz)
	}
	// By hand: complete separation of 3 vs 3 values, D = 1; only 2 of the
	// C(6,3) = 20 orderings reach D = 1, so p = 0.1.
	r := KS2([]float64{1, 2, 3}, []float64{4, 5, 6})
	assert.Equal(t, 1.0, r.D)
	assert.InDelta(t, 0.1, r.PValue, 1e-12)
	// Identical samples: D = 0, p = 1.
	r = KS2([]float64{1, 2, 3}, []float64{3, 2, 1})
	assert.Equal(t, 0.0, r.D)
	assert.Equal(t, 1.0, r.PValue)
	assert.Equal(t, 1.0, KS2(nil, []float64{1}).PValue)
}

func TestKolmogorovQ(t *testing.T) {
	// Table of the Kolmogorov distribution (Smirnov 1948): critical values
	// 1.2238, 1.3581, 1.6276 at α = 0.10, 0.05, 0.01; the other values were
	// computed with mpmath from the series with 400 terms at 30 digits.
	for _, c := range []struct{ lambda, q float64 }{
		{0.5, 0.963945243664875},
		{0.8, 0.544142411574198},
		{1.0, 0.269999671677355},
		{1.2238, 0.100023427835678},
		{1.3581, 0.0499996304316674},
		{1.6276, 0.0100015373330608},
		{2.0, 0.000670925255779695},
	} {
		assert.InDelta(t, c.q, kolmogorovQ(c.lambda), 1e-12, "λ=%v", c.lambda)
	}
	assert.Equal(t, 1.0, kolmogorovQ(0))
}

func TestKS2Asymptotic(t *testing.T) {
	// The asymptotic p-value must approach the exact one for large samples:
	// compare at n = m = 1000 (exact by lattice paths) for D values around
	// the 5% critical value; agreement within 10% relative (the
	// lattice discreteness of the exact law is not fully corrected).
	n := 1000
	ne := float64(n) / 2
	sq := math.Sqrt(ne)
	for _, k := range []int{50, 60, 70} {
		d := float64(k) / float64(n)
		exact := ksExactP(n, n, d)
		asym := kolmogorovQ((sq + 0.12 + 0.11/sq) * d)
		assert.InEpsilon(t, exact, asym, 0.10, "D=%v", d)
	}
	// Over the exact limit KS2 switches to the asymptotic p-value.
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 1100)
	y := make([]float64, 1000)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	for i := range y {
		y[i] = rng.NormFloat64() + 0.2
	}
	r := KS2(x, y)
	assert.False(t, r.Exact)
	assert.InDelta(t, ksBrute(x[:50], y[:50]), KS2(x[:50], y[:50]).D, 1e-12)
	assert.Less(t, r.PValue, 0.01) // a 0.2σ shift with 1000+ values is detected
}
