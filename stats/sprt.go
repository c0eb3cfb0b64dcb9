package stats

import "math"

// Decision is the state of a sequential probability ratio test.
type Decision int

// SPRT decisions.
const (
	Continue Decision = iota // neither bound reached: play more games
	AcceptH0                 // LLR <= LowerBound: accept elo = elo0
	AcceptH1                 // LLR >= UpperBound: accept elo = elo1
)

func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "accept H0"
	case AcceptH1:
		return "accept H1"
	}
	return "invalid"
}

// SPRTResult is the state of a sequential probability ratio test.
type SPRTResult struct {
	LLR        float64 // log-likelihood ratio of H1 against H0
	LowerBound float64 // ln(β/(1−α))
	UpperBound float64 // ln((1−β)/α)
	Decision   Decision
}

// sprtEps replaces empty outcome classes, as fishtest does, so that the
// variance is never zero.
const sprtEps = 1e-3

// SPRT runs the generalized sequential probability ratio test of
// H0: elo = elo0 against H1: elo = elo1 (logistic Elo) on colour-swapped game
// pairs, with the normal approximation to the generalized log-likelihood
// ratio used by fishtest:
//
//	LLR ≈ N·(s1−s0)·(2x̄−s0−s1) / (2σ²),
//
// where s0 and s1 are the expected scores of elo0 and elo1, N the number of
// pairs and x̄, σ² the mean and variance (divisor N) of the per-game score of
// a pair. As in fishtest, empty outcome classes count as 0.001 pairs. The
// bounds are Wald's ln(β/(1−α)) and ln((1−β)/α); alpha and beta are the type I
// and type II error rates. With no pairs the LLR is 0.
func SPRT(p Pentanomial, elo0, elo1, alpha, beta float64) SPRTResult {
	return gsprt(pairScores, p[:], elo0, elo1, alpha, beta)
}

// SPRTWDL is [SPRT] on single games (trinomial model: the per-game scores 1,
// ½, 0 are the independent observations and N is the number of games).
func SPRTWDL(w WDL, elo0, elo1, alpha, beta float64) SPRTResult {
	return gsprt([]float64{1, 0.5, 0}, []int{w.Wins, w.Draws, w.Losses}, elo0, elo1, alpha, beta)
}

func gsprt(xs []float64, counts []int, elo0, elo1, alpha, beta float64) SPRTResult {
	if !(alpha > 0 && alpha < 1 && beta > 0 && beta < 1) {
		panic("stats: SPRT error rates not in (0, 1)")
	}
	r := SPRTResult{
		LowerBound: math.Log(beta / (1 - alpha)),
		UpperBound: math.Log((1 - beta) / alpha),
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	if total > 0 {
		var n, mean, m2 float64
		w := make([]float64, len(counts))
		for i, c := range counts {
			w[i] = math.Max(float64(c), sprtEps)
			n += w[i]
			mean += w[i] * xs[i]
		}
		mean /= n
		for i := range w {
			d := xs[i] - mean
			m2 += w[i] * d * d
		}
		variance := m2 / n
		s0, s1 := ScoreFromElo(elo0), ScoreFromElo(elo1)
		r.LLR = n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
	}
	switch {
	case r.LLR >= r.UpperBound:
		r.Decision = AcceptH1
	case r.LLR <= r.LowerBound:
		r.Decision = AcceptH0
	}
	return r
}
