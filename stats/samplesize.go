// samplesize.go: how many games a test of a player's score needs to detect a given edge,
// and the power a number of games gives.
//
// A game scores s ∈ {0, ½, 1}. The test is the two-sided z-test of the mean score against
// ½ at level α: reject when |x̄ − ½| > z_{1−α/2}·σ0/√n, σ0 the sd of a game under H0. Under
// H1 the mean is ½ + edge with sd σ1, and (the far tail neglected)
//
//	power(n) = Φ((|edge|·√n − z_{1−α/2}·σ0) / σ1),   so   n = ((z_{1−α/2}·σ0 + z_{power}·σ1) / edge)².
//
// With a draw rate d and a mean m, the wins are w = m − d/2, E[s²] = w + d/4 and
// σ² = w + d/4 − m²; under H0 (m = ½, the same d) σ0² = (1 − d)/4. Without draws this is the
// one-sample test of a proportion (Chow, Shao and Wang, Sample Size Calculations in
// Clinical Research, 2nd ed., §4.1: 0.55 against 0.5 at α 0.05 and power 0.8 takes 783).

package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// scoreSDs returns σ0 and σ1, the sd of a game's score under H0 (mean ½) and under a mean
// of ½ + edge, with draw rate d; an error when no game distribution has that mean and
// draw rate.
func scoreSDs(edge, d float64) (sd0, sd1 float64, err error) {
	switch {
	case !(d >= 0 && d < 1):
		return 0, 0, fmt.Errorf("stats: draw rate %v not in [0, 1)", d)
	case !(math.Abs(edge) > 0 && math.Abs(edge) <= (1-d)/2):
		return 0, 0, fmt.Errorf("stats: score edge %v not in (0, %v] in size: with draw rate %v the score is at most %v", edge, (1-d)/2, d, 1-d/2)
	}
	m := 0.5 + edge
	w := m - d/2
	return math.Sqrt((1 - d) / 4), math.Sqrt(math.Max(w+d/4-m*m, 0)), nil
}

func checkLevels(alpha, power float64) error {
	if !(alpha > 0 && alpha < 1) {
		return fmt.Errorf("stats: significance level %v not in (0, 1)", alpha)
	}
	if !(power > alpha/2 && power < 1) {
		return fmt.Errorf("stats: power %v not in (%v, 1)", power, alpha/2)
	}
	return nil
}

// GamesToDetect returns the games a two-sided test of the score against ½ at level alpha
// needs to detect, with probability power, a true score of ½ + edge (edge ≠ 0, negative for
// a score below ½) when a share drawRate of the games are drawn: the normal approximation
// of the file comment, rounded up.
func GamesToDetect(edge, drawRate, alpha, power float64) (int, error) {
	if err := checkLevels(alpha, power); err != nil {
		return 0, err
	}
	sd0, sd1, err := scoreSDs(edge, drawRate)
	if err != nil {
		return 0, err
	}
	za := distuv.UnitNormal.Quantile(1 - alpha/2)
	zb := distuv.UnitNormal.Quantile(power)
	n := math.Pow((za*sd0+zb*sd1)/edge, 2)
	return int(math.Ceil(n - 1e-9)), nil
}

// ScorePower returns the probability that games games detect (the same test) a true score
// of ½ + edge with draw rate drawRate: the power of a run that found no edge.
func ScorePower(games int, edge, drawRate, alpha float64) (float64, error) {
	if !(alpha > 0 && alpha < 1) {
		return 0, fmt.Errorf("stats: significance level %v not in (0, 1)", alpha)
	}
	if games < 1 {
		return 0, fmt.Errorf("stats: %d games: want 1 or more", games)
	}
	sd0, sd1, err := scoreSDs(edge, drawRate)
	if err != nil {
		return 0, err
	}
	za := distuv.UnitNormal.Quantile(1 - alpha/2)
	return distuv.UnitNormal.CDF((math.Abs(edge)*math.Sqrt(float64(games)) - za*sd0) / sd1), nil
}
