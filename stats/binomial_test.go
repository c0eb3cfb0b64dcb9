package stats

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binomCDFByHand sums the binomial pmf P(X <= k) with the recurrence
// pmf(i+1) = pmf(i)·(n−i)/(i+1)·p/(1−p).
func binomCDFByHand(k, n int, p float64) float64 {
	pmf := math.Pow(1-p, float64(n))
	sum := 0.0
	for i := 0; i <= k; i++ {
		sum += pmf
		pmf *= float64(n-i) / float64(i+1) * p / (1 - p)
	}
	return sum
}

// bisect finds the root of a monotone f on (0, 1).
func bisect(f func(float64) float64) float64 {
	lo, hi := 0.0, 1.0
	flo := f(lo + 1e-300)
	for i := 0; i < 200; i++ {
		m := (lo + hi) / 2
		if (f(m) > 0) == (flo > 0) {
			lo = m
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

func TestClopperPearsonAgainstBisection(t *testing.T) {
	// Independent reference: the Clopper–Pearson bounds solve
	// P(X >= k | pL) = α/2 and P(X <= k | pU) = α/2, found by bisection on the
	// hand-summed binomial CDF.
	for _, c := range []struct{ k, n int }{{7, 20}, {1, 10}, {0, 15}, {15, 15}, {60, 120}, {3, 50}} {
		for _, conf := range []float64{0.95, 0.9} {
			a := 1 - conf
			got := ClopperPearson(c.k, c.n, conf)
			wantLo, wantHi := 0.0, 1.0
			if c.k > 0 {
				wantLo = bisect(func(p float64) float64 { return 1 - binomCDFByHand(c.k-1, c.n, p) - a/2 })
			}
			if c.k < c.n {
				wantHi = bisect(func(p float64) float64 { return binomCDFByHand(c.k, c.n, p) - a/2 })
			}
			assert.InDelta(t, wantLo, got.Lo, 1e-9, "lo k=%d n=%d", c.k, c.n)
			assert.InDelta(t, wantHi, got.Hi, 1e-9, "hi k=%d n=%d", c.k, c.n)
		}
	}
	// Published value (R binom.test(7, 20)): 0.1539092, 0.5921885.
	iv := ClopperPearson(7, 20, 0.95)
	assert.InDelta(t, 0.1539092, iv.Lo, 1e-7)
	assert.InDelta(t, 0.5921885, iv.Hi, 1e-7)
	assert.Equal(t, Interval{0, 1}, ClopperPearson(0, 0, 0.95))
	assert.Panics(t, func() { ClopperPearson(3, 2, 0.95) })
}

func TestJeffreys(t *testing.T) {
	// mpmath: quantiles 0.025 and 0.975 of Beta(7.5, 13.5) by bisection on the
	// regularized incomplete beta function.
	iv := Jeffreys(7, 20, 0.95)
	assert.InDelta(t, 0.172276213631912, iv.Lo, 1e-9)
	assert.InDelta(t, 0.567766093841496, iv.Hi, 1e-9)
	assert.Equal(t, 0.0, Jeffreys(0, 10, 0.95).Lo)
	assert.Equal(t, 1.0, Jeffreys(10, 10, 0.95).Hi)
	// Jeffreys is narrower than Clopper–Pearson, which is conservative.
	cp := ClopperPearson(7, 20, 0.95)
	assert.Greater(t, iv.Lo, cp.Lo)
	assert.Less(t, iv.Hi, cp.Hi)
}

// binomTestExact computes the minimum-likelihood two-sided p-value with
// exact rational pmf values C(n,i)·p^i·(1−p)^(n−i).
func binomTestExact(k, n int, p *big.Rat) float64 {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	pmf := make([]*big.Rat, n+1)
	for i := 0; i <= n; i++ {
		c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(n), int64(i)))
		for j := 0; j < i; j++ {
			c.Mul(c, p)
		}
		for j := 0; j < n-i; j++ {
			c.Mul(c, q)
		}
		pmf[i] = c
	}
	sum := new(big.Rat)
	for _, v := range pmf {
		if v.Cmp(pmf[k]) <= 0 {
			sum.Add(sum, v)
		}
	}
	f, _ := sum.Float64()
	return f
}

func TestBinomialTest(t *testing.T) {
	half := big.NewRat(1, 2)
	for _, c := range []struct{ k, n int }{{7, 20}, {60, 100}, {0, 12}, {12, 12}, {5, 10}, {31, 47}} {
		assert.InDelta(t, binomTestExact(c.k, c.n, half), BinomialTest(c.k, c.n, 0.5), 1e-10, "k=%d n=%d", c.k, c.n)
	}
	// Asymmetric null: R binom.test(3, 10, 0.1) gives p = 0.07019.
	assert.InDelta(t, binomTestExact(3, 10, big.NewRat(1, 10)), BinomialTest(3, 10, 0.1), 1e-10)
	assert.InDelta(t, 0.07019083, BinomialTest(3, 10, 0.1), 1e-8)
	// Published: R binom.test(7, 20)$p.value = 0.2631760.
	assert.InDelta(t, 0.2631760, BinomialTest(7, 20, 0.5), 1e-7)
	assert.Equal(t, 1.0, BinomialTest(0, 0, 0.5))
	// The null probability must lie strictly inside (0, 1), as documented: at either end
	// the test is degenerate (every outcome but one has probability 0).
	for _, p := range []float64{0, 1, -0.5, 1.5} {
		assert.Panics(t, func() { BinomialTest(3, 10, p) }, "p = %g", p)
	}
	assert.NotPanics(t, func() { BinomialTest(3, 10, 1e-9) })
}

func TestFirstMove(t *testing.T) {
	white := WDL{Wins: 60, Draws: 20, Losses: 40}
	r := FirstMove(white, 0.95)
	require.Equal(t, 120, r.Games)
	assert.InDelta(t, 70.0/120, r.Score.Value, 1e-15)
	assert.Equal(t, white.ScoreInterval(0.95), r.Score.Interval)
	assert.InDelta(t, EloFromScore(70.0/120), r.Elo.Value, 1e-12)
	assert.InDelta(t, 0.5, r.Win.Value, 1e-15)
	assert.InDelta(t, 20.0/120, r.Draw.Value, 1e-15)
	assert.InDelta(t, 40.0/120, r.Loss.Value, 1e-15)
	// Win-rate bounds by bisection on the hand-summed CDF.
	lo := bisect(func(p float64) float64 { return 1 - binomCDFByHand(59, 120, p) - 0.025 })
	hi := bisect(func(p float64) float64 { return binomCDFByHand(60, 120, p) - 0.025 })
	assert.InDelta(t, lo, r.Win.Lo, 1e-9)
	assert.InDelta(t, hi, r.Win.Hi, 1e-9)
	assert.True(t, r.Draw.Contains(20.0/120))
	assert.True(t, r.Loss.Contains(40.0/120))
	// Sign test on 60 White wins vs 40 Black wins, draws excluded: exact
	// rational sum (R binom.test(60, 100) gives 0.05689).
	assert.InDelta(t, 0.0568879336409808, r.PValue, 1e-10)

	empty := FirstMove(WDL{}, 0.95)
	assert.True(t, math.IsNaN(empty.Win.Value))
	assert.Equal(t, 1.0, empty.PValue)
}

func TestEdgeCasesLOSAndFirstMove(t *testing.T) {
	// All wins (n = 10): LOS Φ(√10) = 0.999217 (scipy norm.cdf), sign test
	// p = 2·2⁻¹⁰, win rate [0.025^(1/10), 1] (Clopper–Pearson at k = n),
	// score interval [exp(−χ²/20), 1].
	all := WDL{Wins: 10}
	assert.InDelta(t, 0.9992173, all.LOS(), 1e-7)
	r := FirstMove(all, 0.95)
	assert.InDelta(t, 2*math.Pow(0.5, 10), r.PValue, 1e-15)
	assert.InDelta(t, math.Pow(0.025, 0.1), r.Win.Lo, 1e-9)
	assert.Equal(t, 1.0, r.Win.Hi)
	assert.InDelta(t, math.Pow(0.025, 0.1), r.Score.Lo, 1e-12) // the exact end for N of N
	assert.Greater(t, r.Elo.Lo, 0.0)
	assert.True(t, math.IsInf(r.Elo.Hi, 1))

	// All draws (no decisive game): LOS ½, sign test 1, draw rate
	// [0.025^(1/8), 1], score interval around ½ of positive width.
	draws := WDL{Draws: 8}
	assert.Equal(t, 0.5, draws.LOS())
	r = FirstMove(draws, 0.95)
	assert.Equal(t, 1.0, r.PValue)
	assert.InDelta(t, math.Pow(0.025, 0.125), r.Draw.Lo, 1e-9)
	assert.Equal(t, 0.0, r.Win.Lo)
	assert.InDelta(t, 1-math.Pow(0.025, 0.125), r.Win.Hi, 1e-9)
	assert.Less(t, r.Elo.Lo, 0.0)
	assert.Greater(t, r.Elo.Hi, 0.0)

	// One game: LOS Φ(1) = 0.841345, sign test 1, win rate [0.025, 1].
	one := WDL{Wins: 1}
	assert.InDelta(t, 0.8413447, one.LOS(), 1e-7)
	r = FirstMove(one, 0.95)
	assert.Equal(t, 1.0, r.PValue)
	assert.InDelta(t, 0.025, r.Win.Lo, 1e-12)
	assert.InDelta(t, 0.025, r.Score.Lo, 1e-12) // the exact end for 1 of 1
}
