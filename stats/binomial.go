package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// ClopperPearson returns the Clopper–Pearson exact confidence interval at
// level conf for a binomial proportion with k successes in n trials, from the
// beta distribution quantiles B(α/2; k, n−k+1) and B(1−α/2; k+1, n−k) with
// α = 1−conf. The lower bound is 0 when k = 0 and the upper bound 1 when
// k = n; with n = 0 the interval is [0, 1]. It panics unless 0 <= k <= n.
func ClopperPearson(k, n int, conf float64) Interval {
	checkConf(conf)
	checkKN(k, n)
	a := 1 - conf
	iv := Interval{0, 1}
	if k > 0 {
		iv.Lo = distuv.Beta{Alpha: float64(k), Beta: float64(n - k + 1)}.Quantile(a / 2)
	}
	if k < n {
		iv.Hi = distuv.Beta{Alpha: float64(k + 1), Beta: float64(n - k)}.Quantile(1 - a/2)
	}
	return iv
}

// Jeffreys returns the Jeffreys confidence interval at level conf for a
// binomial proportion: the equal-tailed interval of the Beta(k+½, n−k+½)
// posterior under the Jeffreys prior, with the lower bound set to 0 when
// k = 0 and the upper bound to 1 when k = n (Brown, Cai & DasGupta, 2001).
// It panics unless 0 <= k <= n.
func Jeffreys(k, n int, conf float64) Interval {
	checkConf(conf)
	checkKN(k, n)
	a := 1 - conf
	b := distuv.Beta{Alpha: float64(k) + 0.5, Beta: float64(n-k) + 0.5}
	iv := Interval{0, 1}
	if k > 0 {
		iv.Lo = b.Quantile(a / 2)
	}
	if k < n {
		iv.Hi = b.Quantile(1 - a/2)
	}
	return iv
}

// BinomialTest returns the p-value of the exact two-sided binomial test of
// H0: success probability = p, given k successes in n trials. The two-sided
// p-value sums the probabilities of all outcomes no more likely than the one
// observed (the "minimum likelihood" method of R's binom.test, with the same
// relative tolerance 1e-7). It is 1 when n = 0. It panics unless 0 <= k <= n
// and 0 < p < 1.
func BinomialTest(k, n int, p float64) float64 {
	checkKN(k, n)
	if !(p > 0 && p < 1) {
		panic("stats: binomial test probability not in (0, 1)")
	}
	if n == 0 {
		return 1
	}
	b := distuv.Binomial{N: float64(n), P: p}
	limit := b.Prob(float64(k)) * (1 + 1e-7)
	var sum float64
	for i := 0; i <= n; i++ {
		if q := b.Prob(float64(i)); q <= limit {
			sum += q
		}
	}
	return math.Min(1, sum)
}

func checkKN(k, n int) {
	if k < 0 || k > n {
		panic("stats: need 0 <= k <= n")
	}
}

// FirstMoveResult describes the advantage of moving first, from results
// seen from White's side.
type FirstMoveResult struct {
	Games int
	// Score is White's mean score with the trinomial likelihood-ratio interval
	// ([WDL.ScoreInterval]); Elo is the same as a logistic Elo advantage
	// ([WDL.Elo]).
	Score, Elo Estimate
	// Win, Draw and Loss are White's win, draw and loss rates, each with its
	// Clopper–Pearson exact interval.
	Win, Draw, Loss Estimate
	// PValue is the exact two-sided binomial sign test of White wins against
	// Black wins at probability ½ ([BinomialTest] with k = Wins,
	// n = Wins+Losses). Draws are excluded from the test.
	PValue float64
}

// FirstMove summarizes the first-move advantage from White's results
// (White's wins, draws and losses) at confidence level conf.
func FirstMove(white WDL, conf float64) FirstMoveResult {
	n := white.Games()
	rate := func(k int) Estimate {
		v := math.NaN()
		if n > 0 {
			v = float64(k) / float64(n)
		}
		return Estimate{Value: v, Interval: ClopperPearson(k, n, conf)}
	}
	return FirstMoveResult{
		Games:  n,
		Score:  Estimate{Value: white.Score(), Interval: white.ScoreInterval(conf)},
		Elo:    white.Elo(conf),
		Win:    rate(white.Wins),
		Draw:   rate(white.Draws),
		Loss:   rate(white.Losses),
		PValue: BinomialTest(white.Wins, white.Wins+white.Losses, 0.5),
	}
}
