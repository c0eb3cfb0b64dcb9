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

// SPRT runs Wald's sequential probability ratio test of H0: elo = elo0
// against H1: elo = elo1 (logistic Elo, [ScoreFromElo]) on colour-swapped
// game pairs, deciding on the exact generalized log-likelihood ratio (GLR) of
// the pentanomial model, the statistic fishtest (LLRcalc's LLR_logistic with
// the constrained MLE of MLE_expected) and fastchess decide with:
//
//	LLR = N · Σᵢ p̂ᵢ · ln(p₁ᵢ / p₀ᵢ),
//
// where N is the number of pairs, p̂ the observed frequencies of the five pair
// outcomes (per-game scores 0, ¼, ½, ¾, 1) and p₀, p₁ the maximum-likelihood
// outcome distributions constrained to the mean scores s0 = ScoreFromElo(elo0)
// and s1 = ScoreFromElo(elo1) (found through the Lagrange multiplier of the
// mean constraint). The pair, not the game, is the independent observation.
//
// Empty classes and small samples: the constrained MLEs range over the full
// outcome support, so an outcome class never observed costs no likelihood
// and can carry the mass a hypothesis needs (this is the exact supremum;
// fishtest instead adds 0.001 pseudo-pairs to empty classes). Mixing either
// MLE with a point mass at 1 or at 0 bounds the statistic for any data:
//
//	N·ln((1−s1)/(1−s0)) <= LLR <= N·ln(s1/s0)   (elo0 < elo1),
//
// so a decision needs at least ln((1−β)/α)/ln(s1/s0) pairs for H1 and
// ln((1−α)/β)/ln((1−s0)/(1−s1)) for H0: with α = β = 0.05 and both
// hypotheses within ±210 Elo one or two pairs can never decide (for 0 and
// 10 Elo at least 104 pairs are needed). Only hypotheses far apart let a
// pair or two decide, and then rightly: under 0 against 1000 Elo, one pair
// lost twice has probability below 0.4% under H1. No pseudo-counts, variance
// floors or approximations are involved.
//
// The bounds are Wald's ln(β/(1−α)) and ln((1−β)/α); alpha and beta are the
// type I and type II error rates. With no pairs the LLR is 0. It panics
// unless 0 < alpha, beta < 1 and elo0 < elo1.
func SPRT(p Pentanomial, elo0, elo1, alpha, beta float64) SPRTResult {
	return gsprt(newOutcomes(pairScores, p[:]), elo0, elo1, alpha, beta)
}

// SPRTWDL is [SPRT] on single games, for games that are not colour-swapped
// pairs: the trinomial model over loss, draw and win (scores 0, ½, 1) with
// the game as the independent observation and N the number of games.
func SPRTWDL(w WDL, elo0, elo1, alpha, beta float64) SPRTResult {
	return gsprt(newOutcomes(gameScores, w.counts()), elo0, elo1, alpha, beta)
}

func gsprt(o outcomes, elo0, elo1, alpha, beta float64) SPRTResult {
	if !(alpha > 0 && alpha < 1 && beta > 0 && beta < 1) {
		panic("stats: SPRT error rates not in (0, 1)")
	}
	if !(elo0 < elo1) {
		panic("stats: SPRT needs elo0 < elo1")
	}
	r := SPRTResult{
		LowerBound: math.Log(beta / (1 - alpha)),
		UpperBound: math.Log((1 - beta) / alpha),
	}
	if o.n > 0 {
		r.LLR = o.n * (o.kl(ScoreFromElo(elo0)) - o.kl(ScoreFromElo(elo1)))
	}
	switch {
	case r.LLR >= r.UpperBound:
		r.Decision = AcceptH1
	case r.LLR <= r.LowerBound:
		r.Decision = AcceptH0
	}
	return r
}
