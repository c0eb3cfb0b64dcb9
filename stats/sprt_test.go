package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refLogLik is an independent reference for the constrained MLE: the
// maximum over distributions on xs (sorted, from 0 to 1) with mean mu of the
// multinomial log-likelihood Σ nᵢ ln pᵢ, by plain bisection on the Lagrange
// multiplier θ of pᵢ = p̂ᵢ/(1+θ(xᵢ−mu)) over the whole feasible range. When
// the root lies beyond the range (an unobserved end class), bisection runs
// into the end, where the observed classes leave their missing mass to the
// unobserved extreme outcome.
func refLogLik(counts []int, xs []float64, mu float64) float64 {
	var n float64
	for _, c := range counts {
		n += float64(c)
	}
	lo, hi := -1/(1-mu), 1/mu
	h := func(th float64) float64 {
		var v float64
		for i, c := range counts {
			if c > 0 {
				v += float64(c) / n * (xs[i] - mu) / (1 + th*(xs[i]-mu))
			}
		}
		return v
	}
	for range 300 {
		m := (lo + hi) / 2
		if h(m) > 0 {
			lo = m
		} else {
			hi = m
		}
	}
	th := (lo + hi) / 2
	var l float64
	for i, c := range counts {
		if c > 0 {
			l += float64(c) * math.Log(float64(c)/n/(1+th*(xs[i]-mu)))
		}
	}
	return l
}

// refGLR is the exact GLR statistic from refLogLik.
func refGLR(counts []int, xs []float64, elo0, elo1 float64) float64 {
	return refLogLik(counts, xs, ScoreFromElo(elo1)) - refLogLik(counts, xs, ScoreFromElo(elo0))
}

// trinomialLogLik is a second, unrelated reference for three outcomes
// (loss, draw, win): with mean mu the distribution has one free parameter,
// the draw rate d, with win rate mu − d/2 and loss rate 1 − mu − d/2; the
// log-likelihood is concave in d and maximized here by ternary search.
func trinomialLogLik(w WDL, mu float64) float64 {
	ll := func(d float64) float64 {
		term := func(k int, p float64) float64 {
			if k == 0 {
				return 0
			}
			return float64(k) * math.Log(p)
		}
		return term(w.Wins, mu-d/2) + term(w.Draws, d) + term(w.Losses, 1-mu-d/2)
	}
	lo, hi := 0.0, 2*math.Min(mu, 1-mu)
	for range 300 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if ll(a) < ll(b) {
			lo = a
		} else {
			hi = b
		}
	}
	return ll((lo + hi) / 2)
}

func TestSPRTExactGLRByHand(t *testing.T) {
	s0, s1 := ScoreFromElo(0), ScoreFromElo(10)
	// No draws: the constrained MLE is the binomial one (mass on 0 and 1
	// only), so LLR = W·ln(s1/s0) + L·ln((1−s1)/(1−s0)) in closed form.
	w := WDL{Wins: 30, Losses: 20}
	want := 30*math.Log(s1/s0) + 20*math.Log((1-s1)/(1-s0))
	assert.InDelta(t, want, SPRTWDL(w, 0, 10, 0.05, 0.05).LLR, 1e-10)
	// The same pairs as pentanomial classes 0 and 4.
	assert.InDelta(t, want, SPRT(Pentanomial{20, 0, 0, 0, 30}, 0, 10, 0.05, 0.05).LLR, 1e-10)

	// All draws, s0 = ½ exactly: the H0 fit is the data (K = 0), the H1 fit
	// moves mass 2s1−1 to wins: LLR = N·ln(2(1−s1)).
	assert.InDelta(t, 7*math.Log(2*(1-s1)), SPRTWDL(WDL{Draws: 7}, 0, 10, 0.05, 0.05).LLR, 1e-12)
	assert.InDelta(t, 7*math.Log(2*(1-s1)), SPRT(Pentanomial{2: 7}, 0, 10, 0.05, 0.05).LLR, 1e-12)

	// General count vectors against bisection on the multiplier and, for
	// three outcomes, against ternary search over the draw rate.
	for _, p := range []Pentanomial{{10, 30, 100, 40, 20}, {0, 3, 5, 1, 0}, {25, 60, 130, 50, 20}, {0, 0, 1, 2, 0}} {
		got := SPRT(p, -5, 15, 0.05, 0.05).LLR
		assert.InDelta(t, refGLR(p[:], pairScores, -5, 15), got, 1e-9, "%v", p)
	}
	for _, w := range []WDL{{520, 300, 480}, {3, 10, 0}, {0, 2, 5}, {1, 0, 0}} {
		got := SPRTWDL(w, 0, 20, 0.05, 0.05).LLR
		tri := trinomialLogLik(w, ScoreFromElo(20)) - trinomialLogLik(w, ScoreFromElo(0))
		assert.InDelta(t, tri, got, 1e-7, "%v", w)
		assert.InDelta(t, refGLR(w.counts(), gameScores, 0, 20), got, 1e-9, "%v", w)
	}
	// Independently in Python (scipy brentq on the same Lagrange equation):
	// pentanomial [10 30 100 40 20] for 0 vs 10 Elo gives 1.48356.
	assert.InDelta(t, 1.48356, SPRT(Pentanomial{10, 30, 100, 40, 20}, 0, 10, 0.05, 0.05).LLR, 1e-5)
}

func TestSPRTBoundsAndDecision(t *testing.T) {
	r := SPRT(Pentanomial{}, 0, 5, 0.05, 0.05)
	// By hand: ln(0.05/0.95) = −2.944438979166440.
	assert.InDelta(t, -2.944438979166440, r.LowerBound, 1e-12)
	assert.InDelta(t, 2.944438979166440, r.UpperBound, 1e-12)
	assert.Equal(t, 0.0, r.LLR)
	assert.Equal(t, Continue, r.Decision)

	r = SPRT(Pentanomial{}, 0, 5, 0.05, 0.1)
	assert.InDelta(t, math.Log(0.1/0.95), r.LowerBound, 1e-15)
	assert.InDelta(t, math.Log(0.9/0.05), r.UpperBound, 1e-15)

	strong := Pentanomial{100, 400, 1000, 700, 300} // score ≈ 0.56
	assert.Equal(t, AcceptH1, SPRT(strong, 0, 5, 0.05, 0.05).Decision)
	weak := Pentanomial{300, 700, 1000, 400, 100}
	assert.Equal(t, AcceptH0, SPRT(weak, 0, 5, 0.05, 0.05).Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{600, 200, 400}, 0, 5, 0.05, 0.05).Decision)
	assert.Equal(t, "accept H0", AcceptH0.String())
	assert.Panics(t, func() { SPRT(strong, 5, 5, 0.05, 0.05) })
	assert.Panics(t, func() { SPRT(strong, 0, 5, 0, 0.05) })
}

func TestSPRTSmallSamplesNeverDecide(t *testing.T) {
	// Edge cases: one pair, two pairs, one game, all wins, all draws, no
	// decisive game. Every outcome vector of one or two pairs (and of up to
	// four single games) stays undecided for hypotheses within ±200 Elo,
	// and the LLR obeys N·ln((1−s1)/(1−s0)) <= LLR <= N·ln(s1/s0).
	hyps := [][2]float64{{0, 10}, {-5, 5}, {0, 50}, {-200, 200}, {150, 200}}
	for _, h := range hyps {
		s0, s1 := ScoreFromElo(h[0]), ScoreFromElo(h[1])
		check := func(n int, llr float64, d Decision, what any) {
			assert.Equal(t, Continue, d, "%v %v", h, what)
			assert.LessOrEqual(t, llr, float64(n)*math.Log(s1/s0)+1e-12, "%v %v", h, what)
			assert.GreaterOrEqual(t, llr, float64(n)*math.Log((1-s1)/(1-s0))-1e-12, "%v %v", h, what)
		}
		for a := range 5 {
			for b := a; b < 5; b++ {
				var one, two Pentanomial
				one[a]++
				two[a]++
				two[b]++
				r := SPRT(one, h[0], h[1], 0.05, 0.05)
				check(1, r.LLR, r.Decision, one)
				r = SPRT(two, h[0], h[1], 0.05, 0.05)
				check(2, r.LLR, r.Decision, two)
			}
		}
		for _, w := range []WDL{{Wins: 1}, {Draws: 1}, {Losses: 1}, {Wins: 2}, {Losses: 2}, {Draws: 4}, {Wins: 1, Draws: 1}} {
			r := SPRTWDL(w, h[0], h[1], 0.05, 0.05)
			check(w.Games(), r.LLR, r.Decision, w)
		}
	}
	// The bound is attained by all wins: N·ln(s1/s0) exactly.
	s0, s1 := ScoreFromElo(0), ScoreFromElo(10)
	assert.InDelta(t, 100*math.Log(s1/s0), SPRT(Pentanomial{4: 100}, 0, 10, 0.05, 0.05).LLR, 1e-10)
	// At least ln(19)/ln(s1/s0) = 103.7 pairs before accepting H1.
	assert.Equal(t, Continue, SPRT(Pentanomial{4: 103}, 0, 10, 0.05, 0.05).Decision)
	assert.Equal(t, AcceptH1, SPRT(Pentanomial{4: 104}, 0, 10, 0.05, 0.05).Decision)
}

// tilted returns the distribution p ∝ base·exp(λx) over xs with mean s.
func tilted(base, xs []float64, s float64) []float64 {
	p := make([]float64, len(base))
	mean := func(l float64) float64 {
		var z, m float64
		for i := range base {
			p[i] = base[i] * math.Exp(l*xs[i])
			z += p[i]
			m += p[i] * xs[i]
		}
		for i := range p {
			p[i] /= z
		}
		return m / z
	}
	lo, hi := -50.0, 50.0
	for range 200 {
		if m := (lo + hi) / 2; mean(m) < s {
			lo = m
		} else {
			hi = m
		}
	}
	mean((lo + hi) / 2)
	return p
}

// simulateSPRT runs `runs` sequential tests on outcomes drawn from p,
// checking after every observation, and returns how often each hypothesis
// was accepted.
func simulateSPRT(rng *rand.Rand, p []float64, runs int, test func(counts []int) Decision) (h0, h1 int) {
	cdf := make([]float64, len(p))
	var c float64
	for i, q := range p {
		c += q
		cdf[i] = c
	}
	for range runs {
		counts := make([]int, len(p))
		for {
			u := rng.Float64() * c
			i := 0
			for i < len(cdf)-1 && u >= cdf[i] {
				i++
			}
			counts[i]++
			switch test(counts) {
			case AcceptH0:
				h0++
			case AcceptH1:
				h1++
			default:
				continue
			}
			break
		}
	}
	return h0, h1
}

func TestSPRTSimulatedErrorRates(t *testing.T) {
	if testing.Short() {
		// Seconds of simulation; the mutation run repeats -short per mutant
		// and the exact, hand-computed cases cover the same code.
		t.Skip("simulated error rates: slow; runs without -short")
	}
	// Type I error: data at elo0, accepted H1; type II: data at elo1,
	// accepted H0. Each must be within 1.5 points of its nominal rate.
	const elo0, elo1, alpha, beta, runs = 0.0, 40.0, 0.05, 0.05, 2500
	pent := func(counts []int) Decision {
		return SPRT(Pentanomial(counts), elo0, elo1, alpha, beta).Decision
	}
	// A realistic pentanomial shape with many drawn pairs.
	shape := []float64{0.04, 0.2, 0.52, 0.2, 0.04}
	rng := rand.New(rand.NewPCG(9, 2026))
	_, h1 := simulateSPRT(rng, tilted(shape, pairScores, ScoreFromElo(elo0)), runs, pent)
	h0, _ := simulateSPRT(rng, tilted(shape, pairScores, ScoreFromElo(elo1)), runs, pent)
	typeI, typeII := float64(h1)/runs, float64(h0)/runs
	t.Logf("pentanomial: type I %.4f, type II %.4f (%d runs each)", typeI, typeII, runs)
	assert.InDelta(t, alpha, typeI, 0.015)
	assert.InDelta(t, beta, typeII, 0.015)

	tri := func(counts []int) Decision {
		return SPRTWDL(WDL{Losses: counts[0], Draws: counts[1], Wins: counts[2]}, elo0, elo1, alpha, beta).Decision
	}
	wdlShape := []float64{0.3, 0.4, 0.3}
	_, h1 = simulateSPRT(rng, tilted(wdlShape, gameScores, ScoreFromElo(elo0)), runs, tri)
	h0, _ = simulateSPRT(rng, tilted(wdlShape, gameScores, ScoreFromElo(elo1)), runs, tri)
	typeI, typeII = float64(h1)/runs, float64(h0)/runs
	t.Logf("trinomial: type I %.4f, type II %.4f (%d runs each)", typeI, typeII, runs)
	assert.InDelta(t, alpha, typeI, 0.015)
	assert.InDelta(t, beta, typeII, 0.015)
}

// Hand-computed SPRT decisions. With elo0 = 0 and elo1 = 100:
// s0 = ½, s1 = 1/(1+10^(−¼)) = 0.6400649998, and when only whole pairs are
// won or lost (no draws) the constrained MLEs are binomial, so
//
//	LLR = W·ln(s1/s0) + L·ln((1−s1)/(1−s0)) = W·0.2469616350 − L·0.3286846383.
//
// With α = β = 0.05 Wald's bounds are ±ln 19 = ±2.9444389792.
const (
	winStep  = 0.24696163496644355 // ln(s1/s0) for 0 vs 100 Elo
	lossStep = -0.328684638282068  // ln((1−s1)/(1−s0))
	ln19     = 2.9444389791664403
)

func TestSPRTDecisionsByHand(t *testing.T) {
	for _, c := range []struct {
		won, lost int
		llr       float64
		want      Decision
	}{
		{11, 0, 2.716577984630879, Continue},  // 11·0.24696 < 2.94444
		{12, 0, 2.9635396195973227, AcceptH1}, // 12·0.24696 ≥ 2.94444
		{14, 2, 2.8000936129660734, Continue}, // 14·0.24696 − 2·0.32868
		{15, 2, 3.047055247932517, AcceptH1},
		{0, 8, -2.629477106256544, Continue}, // 8·(−0.32868) > −2.94444
		{0, 9, -2.958161744538612, AcceptH0},
		{2, 10, -2.792923112887793, Continue},
		{1, 10, -3.0398847478542366, AcceptH0},
	} {
		r := SPRT(Pentanomial{c.lost, 0, 0, 0, c.won}, 0, 100, 0.05, 0.05)
		assert.InDelta(t, c.llr, r.LLR, 1e-12, "+%d −%d pairs", c.won, c.lost)
		assert.InDelta(t, float64(c.won)*winStep+float64(c.lost)*lossStep, r.LLR, 1e-12)
		assert.Equal(t, c.want, r.Decision, "+%d −%d pairs: LLR %v in (%v, %v)", c.won, c.lost, r.LLR, r.LowerBound, r.UpperBound)
		assert.InDelta(t, -ln19, r.LowerBound, 1e-15)
		assert.InDelta(t, ln19, r.UpperBound, 1e-15)
		// The same as single games: W wins and L losses.
		g := SPRTWDL(WDL{Wins: c.won, Losses: c.lost}, 0, 100, 0.05, 0.05)
		assert.InDelta(t, c.llr, g.LLR, 1e-12)
		assert.Equal(t, c.want, g.Decision)
	}

	// All pairs drawn (each game drawn), s0 = ½: the H0 fit is the data, the
	// H1 fit moves mass 2s1 − 1 to won pairs, LLR = N·ln(2(1−s1)) =
	// N·(−0.32868): 8 pairs continue (−2.6295), 9 accept H0 (−2.9582).
	assert.Equal(t, Continue, SPRT(Pentanomial{2: 8}, 0, 100, 0.05, 0.05).Decision)
	r := SPRT(Pentanomial{2: 9}, 0, 100, 0.05, 0.05)
	assert.InDelta(t, 9*math.Log(2*(1-ScoreFromElo(100))), r.LLR, 1e-12)
	assert.Equal(t, AcceptH0, r.Decision)
}

func TestSPRTErrorRatesPlaceTheBounds(t *testing.T) {
	// α = 0.05, β = 0.2: lower ln(0.2/0.95) = −1.5581446180,
	// upper ln(0.8/0.05) = ln 16 = 2.7725887222. Swapped (α = 0.2, β = 0.05):
	// lower ln(0.05/0.8) = −2.7725887222, upper ln(0.95/0.2) = 1.5581446180.
	r := SPRT(Pentanomial{}, 0, 100, 0.05, 0.2)
	assert.InDelta(t, -1.5581446180465497, r.LowerBound, 1e-12)
	assert.InDelta(t, 2.772588722239781, r.UpperBound, 1e-12)
	r = SPRT(Pentanomial{}, 0, 100, 0.2, 0.05)
	assert.InDelta(t, -2.772588722239781, r.LowerBound, 1e-12)
	assert.InDelta(t, 1.5581446180465497, r.UpperBound, 1e-12)

	// 7 pairs won: LLR 7·0.24696 = 1.7287 accepts H1 when α = 0.2 (upper
	// 1.558), not when α = 0.05 (upper 2.773). 5 lost: −1.6434 accepts H0
	// when β = 0.2 (lower −1.558), not when β = 0.05 (lower −2.773).
	won, lost := Pentanomial{4: 7}, Pentanomial{0: 5}
	assert.Equal(t, AcceptH1, SPRT(won, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, Continue, SPRT(won, 0, 100, 0.05, 0.2).Decision)
	assert.Equal(t, AcceptH0, SPRT(lost, 0, 100, 0.05, 0.2).Decision)
	assert.Equal(t, Continue, SPRT(lost, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{Wins: 7}, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, AcceptH0, SPRTWDL(WDL{Losses: 5}, 0, 100, 0.05, 0.2).Decision)

	// A bound is reached when the LLR equals it: with α = β = ½ both bounds
	// are ln 1 = 0 and, with no games, the LLR 0 reaches the upper one first.
	r = SPRT(Pentanomial{}, 0, 100, 0.5, 0.5)
	require.Equal(t, 0.0, r.UpperBound)
	assert.Equal(t, AcceptH1, r.Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{}, 0, 100, 0.5, 0.5).Decision)
}

func TestSPRTParameterChecks(t *testing.T) {
	p := Pentanomial{1, 2, 3, 2, 1}
	for _, c := range []struct{ elo0, elo1, alpha, beta float64 }{
		{0, 10, 0, 0.05}, {0, 10, 1, 0.05}, {0, 10, 0.05, 0}, {0, 10, 0.05, 1},
		{0, 10, -0.1, 0.05}, {0, 10, 0.05, 1.5}, {0, 10, math.NaN(), 0.05},
		{10, 10, 0.05, 0.05}, {10, 0, 0.05, 0.05},
	} {
		assert.Panics(t, func() { SPRT(p, c.elo0, c.elo1, c.alpha, c.beta) }, "%+v", c)
		assert.Panics(t, func() { SPRTWDL(WDL{3, 4, 5}, c.elo0, c.elo1, c.alpha, c.beta) }, "%+v", c)
	}
	assert.NotPanics(t, func() { SPRT(p, -10, 10, 0.001, 0.999) })
}

func TestDecisionNames(t *testing.T) {
	assert.Equal(t, "continue", Continue.String())
	assert.Equal(t, "accept H0", AcceptH0.String())
	assert.Equal(t, "accept H1", AcceptH1.String())
	assert.Equal(t, "invalid", Decision(3).String())
	assert.Equal(t, "invalid", Decision(-1).String())
}

func TestSPRTMirror(t *testing.T) {
	// Seen from the other side the pair outcomes reverse and the scores map
	// s → 1 − s, ScoreFromElo(−e) = 1 − ScoreFromElo(e): the test of
	// elo0 < elo1 on p is minus the test of −elo1 < −elo0 on reversed p.
	for _, p := range []Pentanomial{{10, 30, 100, 40, 20}, {0, 3, 5, 1, 0}, {0, 0, 1, 2, 0}, {4, 0, 0, 0, 1}, {0, 0, 0, 0, 6}, {2, 1, 0, 0, 0}} {
		rev := Pentanomial{p[4], p[3], p[2], p[1], p[0]}
		a := SPRT(p, -5, 15, 0.05, 0.05)
		b := SPRT(rev, -15, 5, 0.05, 0.05)
		assert.InDelta(t, a.LLR, -b.LLR, 1e-9, "%v", p)
		iv, ivr := p.ScoreInterval(0.95), rev.ScoreInterval(0.95)
		assert.InDelta(t, iv.Lo, 1-ivr.Hi, 1e-9, "%v", p)
		assert.InDelta(t, iv.Hi, 1-ivr.Lo, 1e-9, "%v", p)
	}
	for _, w := range []WDL{{520, 300, 480}, {3, 10, 0}, {0, 2, 5}, {1, 0, 0}, {0, 7, 0}} {
		a := SPRTWDL(w, 0, 20, 0.05, 0.05)
		b := SPRTWDL(w.Swap(), -20, 0, 0.05, 0.05)
		assert.InDelta(t, a.LLR, -b.LLR, 1e-9, "%v", w)
		iv, ivs := w.ScoreInterval(0.95), w.Swap().ScoreInterval(0.95)
		assert.InDelta(t, iv.Lo, 1-ivs.Hi, 1e-9, "%v", w)
		assert.InDelta(t, iv.Hi, 1-ivs.Lo, 1e-9, "%v", w)
	}
}
