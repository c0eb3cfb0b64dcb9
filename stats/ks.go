package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// KSResult is the outcome of a two-sample Kolmogorov–Smirnov test.
type KSResult struct {
	D      float64 // largest distance between the two empirical CDFs
	PValue float64 // two-sided p-value of H0: same distribution
	Exact  bool    // whether PValue is exact (else asymptotic)
}

// ksExactLimit is the largest n·m for which KS2 computes the exact p-value.
const ksExactLimit = 1_000_000

// KS2 runs the two-sample Kolmogorov–Smirnov test on x and y. D is computed
// by gonum's stat.KolmogorovSmirnov. The p-value is
//
//   - exact when len(x)·len(y) <= 10⁶: the probability, under H0 with
//     continuous data, that a uniformly random merge order of the two samples
//     gives a statistic >= D, counted by dynamic programming over lattice
//     paths (Hodges 1958);
//   - otherwise asymptotic: Q_KS((√nₑ + 0.12 + 0.11/√nₑ)·D) with
//     nₑ = nm/(n+m) (Stephens' effective-n correction, as in Numerical
//     Recipes) and Q_KS the survival function of the Kolmogorov distribution,
//     summed from its series.
//
// Ties (common with integer data such as game lengths) make both p-values
// conservative. With an empty sample D is 1 (0 if both are empty) and the
// p-value is 1.
func KS2(x, y []float64) KSResult {
	if len(x) == 0 || len(y) == 0 {
		return ksEmpty(len(x) == 0 && len(y) == 0)
	}
	xs, ys := slices.Clone(x), slices.Clone(y)
	slices.Sort(xs)
	slices.Sort(ys)
	return ksPValue(stat.KolmogorovSmirnov(xs, nil, ys, nil), int64(len(xs)), int64(len(ys)))
}

// ksEmpty is the result when a sample is empty: D is 0 if both are, else 1.
func ksEmpty(both bool) KSResult {
	d := 1.0
	if both {
		d = 0
	}
	return KSResult{D: d, PValue: 1, Exact: true}
}

// ksPValue completes the result for statistic d on samples of n and m
// values.
func ksPValue(d float64, n, m int64) KSResult {
	if n*m <= ksExactLimit {
		return KSResult{D: d, PValue: ksExactP(int(n), int(m), d), Exact: true}
	}
	ne := float64(n) * float64(m) / float64(n+m)
	sq := math.Sqrt(ne)
	return KSResult{D: d, PValue: kolmogorovQ((sq + 0.12 + 0.11/sq) * d)}
}

// ksExactP returns P(D_{n,m} >= d) for continuous data: the fraction of the
// C(n+m, n) monotone lattice paths from (0,0) to (n,m) that touch a point
// (i,j) with |i/n − j/m| >= d. v[j] holds, for the current row i, the
// fraction of paths to (i,j) that have touched the boundary; the recurrence
// v(i,j) = i/(i+j)·v(i−1,j) + j/(i+j)·v(i,j−1) keeps the values in [0,1].
func ksExactP(n, m int, d float64) float64 {
	// D is a multiple of 1/(nm); work in integers to avoid rounding.
	t := int64(math.Round(d * float64(n) * float64(m)))
	out := func(i, j int) bool {
		v := int64(i)*int64(m) - int64(j)*int64(n)
		if v < 0 {
			v = -v
		}
		return v >= t
	}
	v := make([]float64, m+1)
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			switch {
			case out(i, j):
				v[j] = 1
			case i == 0 && j == 0:
				v[j] = 0
			case i == 0:
				v[j] = v[j-1]
			case j == 0:
				// v[0] already holds v(i−1, 0).
			default:
				fi, fj := float64(i), float64(j)
				v[j] = (fi*v[j] + fj*v[j-1]) / (fi + fj)
			}
		}
	}
	return math.Min(1, v[m])
}

// kolmogorovQ returns the survival function of the Kolmogorov distribution,
// Q(λ) = 2 Σ_{j≥1} (−1)^{j−1} exp(−2j²λ²). For small λ, where that series
// converges slowly, it uses the equivalent theta-function form
// 1 − (√(2π)/λ) Σ_{j≥1} exp(−(2j−1)²π²/(8λ²)).
func kolmogorovQ(lambda float64) float64 {
	if lambda <= 0 {
		return 1
	}
	if lambda < 1.18 {
		var s float64
		for j := 1; j <= 10; j++ {
			k := float64(2*j - 1)
			s += math.Exp(-k * k * math.Pi * math.Pi / (8 * lambda * lambda))
		}
		return math.Max(0, 1-math.Sqrt(2*math.Pi)/lambda*s)
	}
	var s float64
	sign := 1.0
	for j := 1; j <= 100; j++ {
		term := sign * math.Exp(-2*float64(j*j)*lambda*lambda)
		s += term
		if math.Abs(term) < 1e-17 {
			break
		}
		sign = -sign
	}
	return math.Min(1, math.Max(0, 2*s))
}
