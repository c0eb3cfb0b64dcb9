package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// This file holds the estimate of a sequential test corrected for its stop.
//
// An SPRT that stops at a bound stops when the data happen to look extreme,
// so the fixed-sample estimate and interval of its counts are conditional on
// the stop and biased away from the middle (a test stopped early for H1
// overstates the difference, one stopped early for H0 understates it). The
// correction is Michel Van den Bergh's, the one fishtest reports for SPRT
// runs: model the LLR as a Brownian motion with drift, stopped where it
// leaves the corridor between the bounds, and order the outcomes of the
// stopped process — an exit at the lower bound is the worse the sooner it
// comes, an exit at the upper bound the worse the later it comes. For a
// hypothetical true score s let F(s) be the probability, under s, of an
// outcome worse than the observed one (for a stop at the upper bound at
// time t, 1 − P(exit at the upper bound by t); at the lower bound,
// P(exit at the lower bound by t)). F decreases in s; the median-unbiased
// estimate is the s with F(s) = ½ and the interval at level conf has the
// ends F(s) = (1+conf)/2 and F(s) = (1−conf)/2.
//
// The Brownian model of the LLR under s is the one the test decides with:
// p_s is the maximum-likelihood outcome distribution with mean s (the
// observed frequencies tilted to mean s, as in likelihood.go), p₀ and p₁ are
// its own constrained MLEs at the hypotheses' scores s0 and s1, and a trial
// moves the LLR by ln(p₁ᵢ/p₀ᵢ) for outcome i, so the drift and the variance
// per trial are the mean and variance of that jump under p_s. The LLR moves
// in jumps and overshoots a bound; as in fishtest, the stop is dated to when
// the straight line from the start to the observed LLR meets the bound: t =
// N·bound/LLR for N trials. At the fastest stop there is (the LLR at its
// ceiling N·ln(s1/s0), no trial at the far end of the outcomes) the number
// of trials was set by the bounds, not by the score: the estimate is then
// the fixed-sample score and the interval the hull of the model's and the
// fixed-sample one. Simulated SPRTs (TestSPRTStoppedEstimateSimulated) check
// the median and the coverage this gives.

// StoppedEstimate is a stopped SPRT's estimate corrected for the stop.
type StoppedEstimate struct {
	Score Estimate // per-game mean score: median-unbiased value and interval
	Elo   Estimate // the same through EloFromScore
}

// SPRTStopped returns the estimate of the pentanomial SPRT of [SPRT] that
// stopped with these counts, corrected for the stop: the median-unbiased
// per-game score and its confidence interval at level conf under the stopped
// Brownian model described above (the pair is the trial; the stop is dated
// from p.Pairs() and the LLR, as the first time the test decided). ok is
// false when the counts have not decided. It panics on the parameters [SPRT]
// refuses and on a conf outside (0, 1).
func SPRTStopped(p Pentanomial, elo0, elo1, alpha, beta, conf float64) (e StoppedEstimate, ok bool) {
	return stoppedEstimate(newOutcomes(pairScores, p[:]), SPRT(p, elo0, elo1, alpha, beta), elo0, elo1, conf)
}

// SPRTWDLStopped is [SPRTStopped] for [SPRTWDL], the test over single games.
func SPRTWDLStopped(w WDL, elo0, elo1, alpha, beta, conf float64) (e StoppedEstimate, ok bool) {
	return stoppedEstimate(newOutcomes(gameScores, w.counts()), SPRTWDL(w, elo0, elo1, alpha, beta), elo0, elo1, conf)
}

func stoppedEstimate(o outcomes, r SPRTResult, elo0, elo1, conf float64) (StoppedEstimate, bool) {
	checkConf(conf)
	if r.Decision == Continue {
		return StoppedEstimate{}, false
	}
	s0, s1 := ScoreFromElo(elo0), ScoreFromElo(elo1)
	// The stop, in the model's continuous time: when the LLR's mean path, a
	// straight line to the observed LLR, met the bound it crossed. This
	// takes away the overshoot of the last jumps and, for a test that went
	// on after deciding, dates the decision to about when it came.
	bound, ceiling := r.UpperBound, o.n*math.Log(s1/s0)
	if r.Decision == AcceptH0 {
		bound, ceiling = r.LowerBound, o.n*math.Log((1-s1)/(1-s0))
	}
	t := o.n * math.Min(1, bound/r.LLR)
	// worse(s): the probability under s of an outcome worse than the observed stop.
	worse := func(s float64) float64 {
		drift, sd := llrJump(o.tilt(s), o.xs, s0, s1)
		var lower, upper float64
		if sd > 1e-9*math.Abs(drift) {
			lower, upper = corridor{lo: r.LowerBound / sd, hi: r.UpperBound / sd, drift: drift / sd}.exitBy(t)
		} else {
			// Every outcome the model allows moves the LLR by the same amount
			// (with an end class unobserved, the constrained MLEs fill it and
			// are proportional elsewhere): the LLR is a straight line.
			// At the fastest stop the line meets the bound at t itself: a
			// tie, counted half worse, half better.
			lower, upper = step(drift*t, r.LowerBound, -1), step(drift*t, r.UpperBound, 1)
		}
		if r.Decision == AcceptH0 {
			return lower
		}
		return 1 - upper
	}
	score := Estimate{
		Value:    decreasingRoot(worse, 0.5),
		Interval: Interval{Lo: decreasingRoot(worse, (1+conf)/2), Hi: decreasingRoot(worse, (1-conf)/2)},
	}
	if math.Abs(r.LLR-ceiling) <= 1e-9*math.Abs(ceiling) {
		// The fastest stop there is: no trial at the far end of the outcomes
		// (no pair or game lost, for H1), the LLR at its ceiling
		// N·ln(s1/s0) (N·ln((1−s1)/(1−s0)) for H0), so the number of trials
		// was set by the bounds, not by the score, and the stop (the best
		// outcome the test has) says nothing more. The model, whose outcomes
		// under most s then never reach that end either, has no median there
		// and too narrow an interval; the estimate is the fixed-sample score
		// of those N trials, the interval the hull of the model's and the
		// fixed-sample one.
		iv := o.lrInterval(conf)
		score.Value = o.mean
		score.Lo, score.Hi = math.Min(score.Lo, iv.Lo), math.Max(score.Hi, iv.Hi)
	}
	return StoppedEstimate{Score: score, Elo: eloEstimate(score.Value, score.Interval)}, true
}

// step returns 1 when x is beyond the bound (above for side 1, below for −1),
// 0 when short of it, ½ when within 1e-9 of it.
func step(x, bound, side float64) float64 {
	switch d := side * (x - bound); {
	case math.Abs(d) <= 1e-9*math.Abs(bound):
		return 0.5
	case d > 0:
		return 1
	}
	return 0
}

// decreasingRoot returns the score s in [0, 1] where the decreasing function
// f crosses target, by bisection to 1e-12 (0 or 1 when f stays on one side
// over the open interval).
func decreasingRoot(f func(float64) float64, target float64) float64 {
	lo, hi := 1e-9, 1-1e-9
	if f(lo) < target {
		return 0
	}
	if f(hi) > target {
		return 1
	}
	for hi-lo > 1e-12 {
		m := lo + (hi-lo)/2
		if f(m) > target {
			lo = m
		} else {
			hi = m
		}
	}
	return lo + (hi-lo)/2
}

// tilt returns p_s, the maximum-likelihood distribution over o.xs with mean
// s, 0 < s < 1: the observed frequencies reweighted by the Lagrange
// multiplier of likelihood.go, the mass they leave (when an unobserved end
// class carries it) at that end.
func (o outcomes) tilt(s float64) []float64 {
	th := o.theta(s)
	p := make([]float64, len(o.xs))
	var sum float64
	for i, f := range o.freq {
		if f > 0 {
			p[i] = f / (1 + th*(o.xs[i]-s))
			sum += p[i]
		}
	}
	if rest := 1 - sum; rest > 0 {
		// The mass left over keeps the mean at s: it sits at 1 when the
		// observed classes' mean is below s, at 0 otherwise.
		var m float64
		for i, q := range p {
			m += q * o.xs[i]
		}
		if m < s*sum {
			p[len(p)-1] += rest
		} else {
			p[0] += rest
		}
	}
	return p
}

// llrJump returns the mean and standard deviation, under the outcome
// distribution p over xs, of one trial's jump of the LLR of s1 against s0,
// ln(p₁ᵢ/p₀ᵢ) with p₀ and p₁ the constrained MLEs of p at means s0 and s1.
func llrJump(p, xs []float64, s0, s1 float64) (mean, sd float64) {
	o := outcomes{xs: xs, freq: p, n: 1}
	p0, p1 := o.tilt(s0), o.tilt(s1)
	var m2 float64
	for i, q := range p {
		if q > 0 {
			j := math.Log(p1[i] / p0[i])
			mean += q * j
			m2 += q * j * j
		}
	}
	return mean, math.Sqrt(math.Max(m2-mean*mean, 0))
}

// corridor is a Brownian motion X(t) = drift·t + W(t) (unit variance per unit
// time) started at 0 and stopped when it leaves (lo, hi), lo < 0 < hi.
type corridor struct{ lo, hi, drift float64 }

// exitBy returns the probabilities that X leaves the corridor by time t at
// the lower and at the upper end.
//
// By the method of images the flux of the driftless motion through hi at
// time u is Σₖ f(hi + 2kL, u) over all integers k, L = hi − lo, with
// f(c, u) = c/√(2πu³)·exp(−c²/2u) the first-passage density to level c
// (signed: negative for c < 0); a drift multiplies it by
// exp(drift·hi − drift²u/2) (Girsanov). Integrating each term over (0, t]
// gives, with m = |drift| and c > 0,
//
//	∫₀ᵗ f(c, u)·e^{−m²u/2} du = e^{−mc}·Φ((mt − c)/√t) + e^{mc}·Φ((−mt − c)/√t),
//
// the first-passage probability by t of the motion with drift m to level c
// times e^{−mc}. Both terms are computed from logarithms, so no factor
// overflows; from |k| = 1 on the terms shrink as |k| grows (like Gaussian
// tails), and the sum stops when they are below 1e-17 on both sides. The
// lower end is the mirror image: the corridor (−hi, −lo) with drift −drift.
func (c corridor) exitBy(t float64) (lower, upper float64) {
	if !(t > 0) {
		return 0, 0
	}
	upper = firstExit(c.hi, c.hi-c.lo, c.drift, t)
	lower = firstExit(-c.lo, c.hi-c.lo, -c.drift, t)
	return math.Min(1, math.Max(0, lower)), math.Min(1, math.Max(0, upper))
}

// firstExit returns P(exit at the end at distance d > 0 by time t) for the
// corridor of width w with the given drift toward that end.
func firstExit(d, w, drift, t float64) float64 {
	m, sq := math.Abs(drift), math.Sqrt(t)
	// term is the k-th image's contribution, its sign that of d + 2kw.
	term := func(k int) float64 {
		c := d + 2*float64(k)*w
		ac := math.Abs(c)
		l1 := drift*d - m*ac + logPhi((m*t-ac)/sq)
		l2 := drift*d + m*ac + logPhi((-m*t-ac)/sq)
		v := math.Exp(l1) + math.Exp(l2)
		if c < 0 {
			return -v
		}
		return v
	}
	sum := term(0)
	for k := 1; k < 100000; k++ {
		a, b := term(k), term(-k)
		sum += a + b
		// From k = 1 on, both terms of an image shrink as |k| grows.
		if math.Abs(a) < 1e-17 && math.Abs(b) < 1e-17 {
			break
		}
	}
	return sum
}

// logPhi returns ln Φ(z), the log of the standard normal distribution
// function, accurate far into the lower tail (where Φ itself underflows).
func logPhi(z float64) float64 {
	if z > -30 {
		return math.Log(distuv.UnitNormal.CDF(z))
	}
	// Φ(z) = φ(z)/|z| · (1 − 1/z² + 3/z⁴ − 15/z⁶ + …) for z → −∞.
	z2 := z * z
	return -z2/2 - math.Log(-z) - 0.5*math.Log(2*math.Pi) + math.Log1p(-1/z2+3/(z2*z2)-15/(z2*z2*z2))
}
