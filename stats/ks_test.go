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

// kolmogorovQSeries sums the alternating series of the Kolmogorov survival
// function, Q(λ) = 2 Σ_{j≥1} (−1)^{j−1} exp(−2j²λ²), over 1000 terms: slow,
// but exact to rounding for the λ >= 0.5 it is used at here.
func kolmogorovQSeries(lambda float64) float64 {
	var s float64
	for j := 1000; j >= 1; j-- { // smallest terms first
		term := math.Exp(-2 * float64(j) * float64(j) * lambda * lambda)
		if j%2 == 0 {
			term = -term
		}
		s += term
	}
	return 2 * s
}

// TestKS2ExactAtTheLimit: the documented limit of the exact test, n·m <= 10⁶, is inclusive.
func TestKS2ExactAtTheLimit(t *testing.T) {
	x := make([]float64, 1000)
	y := make([]float64, 1000)
	for i := range x {
		x[i] = float64(2 * i)
		y[i] = float64(2*i + 1)
	}
	r := KS2(x, y)
	require.Equal(t, 1_000_000, len(x)*len(y))
	// The samples interleave, so the ECDFs differ by at most one step.
	assert.InDelta(t, 0.001, r.D, 1e-15)
	assert.True(t, r.Exact, "n·m = 10⁶ is inside the exact limit")
	assert.Equal(t, 1.0, r.PValue) // D = 1/n is the least positive value: every order reaches it
}

// TestKS2CountsAsymptoticPValue: over the exact limit the p-value, with the effective n
// and Stephens' correction, is
// Q_KS((√nₑ + 0.12 + 0.11/√nₑ)·D) with nₑ = nm/(n+m). Unequal sizes (10 and
// 100001, nₑ ≈ 10) make every term of the correction matter.
func TestKS2CountsAsymptoticPValue(t *testing.T) {
	var a, b LengthCounts
	for range 10 {
		a.Add(20, false)
	}
	for range 60001 {
		b.Add(10, false)
	}
	for range 40000 {
		b.Add(30, true)
	}
	// By hand: F_b jumps to 60001/100001 at 10, F_a to 1 at 20, F_b to 1 at
	// 30; the largest gap is 60001/100001 at 10 (and 40000/100001 at 20).
	d := 60001.0 / 100001
	ne := 10.0 * 100001 / (10 + 100001)
	lambda := (math.Sqrt(ne) + 0.12 + 0.11/math.Sqrt(ne)) * d
	want := kolmogorovQSeries(lambda)
	require.Greater(t, want, 1e-4) // λ ≈ 2: a p-value far from 0 and 1
	require.Less(t, want, 1e-2)
	r := KS2Counts(&a, &b)
	assert.False(t, r.Exact)
	assert.InDelta(t, d, r.D, 1e-15)
	assert.InEpsilon(t, want, r.PValue, 1e-9)
}

// TestKolmogorovQFarTails: Q switches form at λ = 1.18; far from the switch
// each form is used where it is accurate. For tiny λ the
// alternating series cut at 100 terms is far from converged, and Q is 1 to
// double precision (the theta form's first term is exp(−π²/(8λ²)) = e^−3084
// at λ = 0.02); for large λ, Q = 2e^{−2λ²} to double precision (the next
// term is e^{−6λ²} times smaller), which the theta form 1 − (…) cannot
// resolve.
func TestKolmogorovQFarTails(t *testing.T) {
	assert.Equal(t, 1.0, kolmogorovQ(0.02))
	assert.Equal(t, 1.0, kolmogorovQ(0.1))
	for _, lambda := range []float64{3, 5} {
		assert.InEpsilon(t, 2*math.Exp(-2*lambda*lambda), kolmogorovQ(lambda), 1e-12, "λ=%v", lambda)
	}
}
