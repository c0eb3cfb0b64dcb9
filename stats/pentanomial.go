package stats

import "math"

// Pentanomial counts colour-swapped game pairs (the same opening played once
// with each colour) by the pair's total score for one player: index 0..4
// holds the pairs scoring 0, ½, 1, 1½ and 2 points.
type Pentanomial [5]int

// pairScores are the per-game scores of the five pair outcomes.
var pairScores = []float64{0, 0.25, 0.5, 0.75, 1}

// AddPair records one game pair in which the player scored a and b (each 0,
// 0.5 or 1) in its two games. It panics if a+b is not a multiple of ½ in
// [0, 2].
func (p *Pentanomial) AddPair(a, b float64) {
	k := (a + b) * 2
	if k != math.Trunc(k) || k < 0 || k > 4 {
		panic("stats: pair score not in {0, 0.5, ..., 2}")
	}
	p[int(k)]++
}

// Pairs returns the number of game pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Games returns the number of games, 2·Pairs.
func (p Pentanomial) Games() int { return 2 * p.Pairs() }

// Score returns the mean score per game in [0, 1]; NaN when there are no
// pairs.
func (p Pentanomial) Score() float64 {
	return newOutcomes(pairScores, p[:]).mean
}

// ScoreInterval returns the confidence interval at level conf for the
// expected score per game by inverting the likelihood-ratio test of the
// pentanomial model, as [WDL.ScoreInterval] does for single games: the pair
// is the independent unit, its outcomes are the per-game scores 0, ¼, ½, ¾, 1,
// and the interval is {μ : 2·(ℓ(p̂) − ℓ(p̂_μ)) <= χ²₁(conf)} with p̂_μ the
// maximum-likelihood pair distribution with mean μ over the full outcome
// support (the constrained MLE [SPRT] decides with). It never collapses to a
// point (all pairs won, all drawn, one pair); with no pairs it is [0, 1].
func (p Pentanomial) ScoreInterval(conf float64) Interval {
	return newOutcomes(pairScores, p[:]).lrInterval(conf)
}

// Elo returns the logistic-model Elo difference EloFromScore(Score()) with
// the interval obtained by mapping ScoreInterval(conf) through EloFromScore
// (same conventions for 0%, 100% and empty input as [WDL.Elo]).
func (p Pentanomial) Elo(conf float64) Estimate {
	return eloEstimate(p.Score(), p.ScoreInterval(conf))
}
