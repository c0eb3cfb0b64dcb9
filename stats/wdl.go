package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// WDL counts wins, draws and losses from the point of view of one player
// (or of one colour, e.g. White).
type WDL struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// Games returns the number of games, Wins+Draws+Losses.
func (w WDL) Games() int { return w.Wins + w.Draws + w.Losses }

// Score returns the mean score per game, (Wins + Draws/2) / Games, a number
// in [0, 1]. It returns NaN when there are no games.
func (w WDL) Score() float64 {
	n := w.Games()
	if n == 0 {
		return math.NaN()
	}
	return (float64(w.Wins) + 0.5*float64(w.Draws)) / float64(n)
}

// Swap returns the same results from the opponent's point of view (wins and
// losses exchanged).
func (w WDL) Swap() WDL { return WDL{Wins: w.Losses, Draws: w.Draws, Losses: w.Wins} }

// Add returns the element-wise sum of w and o.
func (w WDL) Add(o WDL) WDL {
	return WDL{Wins: w.Wins + o.Wins, Draws: w.Draws + o.Draws, Losses: w.Losses + o.Losses}
}

// String formats w as "+W =D -L".
func (w WDL) String() string { return fmt.Sprintf("+%d =%d -%d", w.Wins, w.Draws, w.Losses) }

// Interval is a closed interval [Lo, Hi], typically a confidence interval.
type Interval struct{ Lo, Hi float64 }

// Contains reports whether Lo <= x <= Hi.
func (i Interval) Contains(x float64) bool { return i.Lo <= x && x <= i.Hi }

// Estimate is a point estimate with a confidence interval.
type Estimate struct {
	Value float64
	Interval
}

// ScoreInterval returns the confidence interval at level conf for the
// expected score per game by inverting the likelihood-ratio test of the
// trinomial model (the profile likelihood of the mean score):
//
//	{μ : 2·(ℓ(p̂) − ℓ(p̂_μ)) <= χ²₁(conf)},
//
// where ℓ is the log-likelihood of the games over the outcomes loss, draw and
// win (scores 0, ½, 1), p̂ the observed frequencies and p̂_μ the
// maximum-likelihood distribution with mean score μ, the same constrained MLE
// over the full outcome support that [SPRTWDL] decides with. Unlike the
// normal approximation it never collapses to a point: n wins of n give the
// exact end [(α/2)^(1/n), 1] (100 of 100 at 95%: [0.96378, 1]; the
// likelihood-ratio end exp(−χ²/(2n)) would cover only ~85% there), n draws an interval
// of positive width around ½, one game a wide interval. It is asymmetric near
// 0 and 1 and tends to the normal interval as the number of games grows.
// Like any interval on small discrete samples it is not exact: with few
// decisive games its coverage falls somewhat below conf (0.90 for 95% in
// simulations of 30 games with 85% draws; see docs/STATISTICS.md). With no
// games the interval is [0, 1].
func (w WDL) ScoreInterval(conf float64) Interval {
	return newOutcomes(gameScores, w.counts()).lrInterval(conf)
}

// gameScores are the scores of a loss, a draw and a win, in the order of
// [WDL.counts].
var gameScores = []float64{0, 0.5, 1}

// counts returns the losses, draws and wins, in the order of gameScores.
func (w WDL) counts() []int { return []int{w.Losses, w.Draws, w.Wins} }

// Elo returns the logistic-model Elo difference of the player over the
// opponents, EloFromScore(Score()), with the confidence interval obtained by
// mapping the bounds of ScoreInterval(conf) through EloFromScore (a score
// bound of 0 maps to −Inf, 1 to +Inf). A 0% or 100% score gives a value of
// −Inf or +Inf (never NaN) with one finite bound (100 wins of 100 at 95%:
// Elo >= +570.0); with no games the value is NaN and the interval
// (−Inf, +Inf).
func (w WDL) Elo(conf float64) Estimate {
	return eloEstimate(w.Score(), w.ScoreInterval(conf))
}

// LOS returns the likelihood of superiority, the probability that the player
// is stronger than the opponent, by the normal approximation
// Φ((W−L)/√(W+L)); draws carry no information. It is 0.5 when there are no
// decisive games.
func (w WDL) LOS() float64 {
	d := w.Wins + w.Losses
	if d == 0 {
		return 0.5
	}
	return distuv.UnitNormal.CDF(float64(w.Wins-w.Losses) / math.Sqrt(float64(d)))
}

// EloFromScore converts an expected score s in [0, 1] to an Elo difference by
// the logistic Elo model, -400·log10(1/s − 1). It returns -Inf for s = 0,
// +Inf for s = 1 and NaN outside [0, 1].
func EloFromScore(s float64) float64 {
	switch {
	case s == 0:
		return math.Inf(-1)
	case s == 1:
		return math.Inf(1)
	case !(s > 0 && s < 1):
		return math.NaN()
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo converts an Elo difference to an expected score by the logistic
// Elo model, 1/(1+10^(−elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// zQuantile returns the two-sided standard normal quantile for confidence
// level conf.
func zQuantile(conf float64) float64 {
	checkConf(conf)
	return distuv.UnitNormal.Quantile(1 - (1-conf)/2)
}

func checkConf(conf float64) {
	if !(conf > 0 && conf < 1) {
		panic(fmt.Sprintf("stats: confidence level %v not in (0, 1)", conf))
	}
}

func eloEstimate(s float64, iv Interval) Estimate {
	if math.IsNaN(s) {
		return Estimate{Value: math.NaN(), Interval: Interval{math.Inf(-1), math.Inf(1)}}
	}
	return Estimate{Value: EloFromScore(s), Interval: Interval{EloFromScore(iv.Lo), EloFromScore(iv.Hi)}}
}
