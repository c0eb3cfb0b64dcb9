package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// This file holds the one likelihood computation shared by the SPRT and the
// score intervals: the maximum-likelihood distribution of a discrete outcome
// constrained to a given mean.
//
// The model: an outcome takes values x₀ < x₁ < … < x_k in [0, 1] with
// x₀ = 0 and x_k = 1 always in the support (a loss, a won game or pair), and
// was observed with frequencies p̂ᵢ (summing to 1) in N independent trials.
// Among all distributions on the support with mean μ, the one maximizing the
// likelihood Σ N·p̂ᵢ·ln pᵢ is, by a Lagrange multiplier θ for the mean,
//
//	pᵢ = p̂ᵢ / (1 + θ(xᵢ − μ)),
//
// with θ the root in [−1/(1−μ), 1/μ] of the decreasing function
// g(θ) = Σ p̂ᵢ(xᵢ−μ)/(1+θ(xᵢ−μ)) (fishtest's "secular equation"). When a class
// at an end of the support was never observed, the root may lie beyond the
// end of that range: then θ sits at the end and the mass the observed classes
// leave, 1 − Σpᵢ, goes to the unobserved extreme outcome (0 or 1), which is
// where an unobserved class costs no likelihood and moves the mean most. This
// is the exact supremum over the full outcome support, with no pseudo-counts.
//
// The scaled log-likelihood ratio of the unconstrained MLE p̂ against the
// constrained one is then
//
//	K(μ) = (ℓ(p̂) − ℓ(p_μ)) / N = Σ p̂ᵢ ln(1 + θ(xᵢ − μ)) ≥ 0,
//
// a convex function of μ with K(x̄) = 0 at the observed mean x̄.

// outcomes is a discrete sample: values in [0, 1] (sorted, including 0 and
// 1) with their observed frequencies and the number of independent trials.
type outcomes struct {
	xs, freq []float64
	n        float64
	mean     float64
}

// newOutcomes builds the sample from counts over xs, which must be sorted
// with xs[0] = 0 and xs[len−1] = 1. With no trials n is 0.
func newOutcomes(xs []float64, counts []int) outcomes {
	o := outcomes{xs: xs, freq: make([]float64, len(xs))}
	for _, c := range counts {
		o.n += float64(c)
	}
	if o.n == 0 {
		o.mean = math.NaN()
		return o
	}
	for i, c := range counts {
		o.freq[i] = float64(c) / o.n
		o.mean += o.freq[i] * xs[i]
	}
	return o
}

// secular returns g(θ) for mean mu.
func (o outcomes) secular(theta, mu float64) float64 {
	var g float64
	for i, f := range o.freq {
		if f > 0 {
			d := o.xs[i] - mu
			g += f * d / (1 + theta*d)
		}
	}
	return g
}

// theta returns the Lagrange multiplier of the MLE constrained to mean mu,
// 0 < mu < 1 (see the comment at the top of the file).
func (o outcomes) theta(mu float64) float64 {
	lo, hi := -1/(1-mu), 1/mu
	// An end of the range is the answer when the class there is unobserved
	// and g keeps its sign up to it.
	if o.freq[0] == 0 && o.secular(hi, mu) >= 0 {
		return hi
	}
	if o.freq[len(o.freq)-1] == 0 && o.secular(lo, mu) <= 0 {
		return lo
	}
	// Safeguarded Newton on the bracket (lo, hi): g decreases, g' < 0.
	th := 0.0
	for range 200 {
		var g, dg float64
		for i, f := range o.freq {
			if f > 0 {
				d := o.xs[i] - mu
				q := d / (1 + th*d)
				g += f * q
				dg -= f * q * q
			}
		}
		if g == 0 {
			return th
		}
		if g > 0 {
			lo = th
		} else {
			hi = th
		}
		next := th - g/dg
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if math.Abs(next-th) <= 1e-15*math.Max(1, math.Abs(th)) {
			return next
		}
		th = next
	}
	return th
}

// kl returns K(μ), the per-trial log-likelihood ratio of the unconstrained
// MLE against the MLE with mean mu. It is +Inf where mean mu is impossible
// (mu = 0 or 1 with an outcome observed elsewhere) and NaN with no trials.
func (o outcomes) kl(mu float64) float64 {
	if o.n == 0 {
		return math.NaN()
	}
	if mu <= 0 || mu >= 1 {
		// Only a point mass at the end has mean 0 (or 1).
		end := 0
		if mu >= 1 {
			end = len(o.xs) - 1
		}
		if o.freq[end] == 1 {
			return 0
		}
		return math.Inf(1)
	}
	th := o.theta(mu)
	var k float64
	for i, f := range o.freq {
		if f > 0 {
			k += f * math.Log1p(th*(o.xs[i]-mu))
		}
	}
	return math.Max(0, k)
}

// chi2Quantile1 returns the conf quantile of the χ² distribution with one
// degree of freedom, the square of the two-sided normal quantile.
func chi2Quantile1(conf float64) float64 {
	checkConf(conf)
	return distuv.ChiSquared{K: 1}.Quantile(conf)
}

// lrInterval returns the likelihood-ratio confidence interval for the mean,
// {μ : 2N·K(μ) <= χ²₁(conf)}, its ends found on each side of the observed
// mean (K is convex with its minimum 0 there) to within 1e-12·χ² of the
// statistic. With no trials it is [0, 1].
func (o outcomes) lrInterval(conf float64) Interval {
	c := chi2Quantile1(conf)
	if o.n == 0 {
		return Interval{0, 1}
	}
	h := func(mu float64) float64 { return 2*o.n*o.kl(mu) - c }
	// bound finds where h crosses 0 between a point in the interval (h <= 0)
	// and an end of [0, 1], by the Illinois variant of regula falsi (h is
	// convex, so plain regula falsi would creep from one side), stopping
	// where |h| <= 1e-12·c or the bracket is narrower than 1e-14.
	bound := func(in, out float64) float64 {
		hOut := h(out)
		if hOut <= 0 {
			return out
		}
		hIn := h(in)
		// Where the end is impossible (K = +Inf there), bisect until the
		// outer point has a finite value.
		for math.IsInf(hOut, 1) {
			m := in + (out-in)/2
			if m == in || m == out {
				return in
			}
			if hm := h(m); hm <= 0 {
				in, hIn = m, hm
			} else {
				out, hOut = m, hm
			}
		}
		side := 0
		for range 200 {
			x := out - hOut*(out-in)/(hOut-hIn)
			if !(x > math.Min(in, out) && x < math.Max(in, out)) {
				x = in + (out-in)/2
			}
			if x == in || x == out || math.Abs(out-in) <= 1e-14 {
				break
			}
			hx := h(x)
			if math.Abs(hx) <= 1e-12*c {
				return x
			}
			if hx <= 0 {
				in, hIn = x, hx
				if side == -1 {
					hOut /= 2
				}
				side = -1
			} else {
				out, hOut = x, hx
				if side == 1 {
					hIn /= 2
				}
				side = 1
			}
		}
		return in
	}
	m := math.Min(1, math.Max(0, o.mean))
	iv := Interval{Lo: bound(m, 0), Hi: bound(m, 1)}
	// Every trial at one end: the likelihood-ratio end exp(−χ²/2N) covers only about
	// 85% there, so take the exact one-sided bound instead. For outcomes in [0, 1] with
	// mean μ, P(every trial scores 1) <= μ^N (P(X = 1) <= E[X]), so μ >= (α/2)^(1/N) at
	// level 1 − α/2 (Clopper–Pearson's end for N of N); symmetrically at 0.
	last := len(o.freq) - 1
	if edge := math.Pow((1-conf)/2, 1/o.n); o.freq[last] == 1 {
		iv.Lo = math.Min(iv.Lo, edge)
	} else if o.freq[0] == 1 {
		iv.Hi = math.Max(iv.Hi, 1-edge)
	}
	return iv
}
