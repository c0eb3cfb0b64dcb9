package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestClusteredEqualMeansAtAnyScale(t *testing.T) {
	// TestClusteredFallback's equal cluster means m = 3/22 (30 clusters of
	// 11k games with 1.5k points, 10 of 55k games with 7.5k points), at
	// k = 10⁶: the residuals yⱼ − nⱼm are rounding error of about nⱼ·1e-16,
	// whose squares still sum to ~1e-17 — far above any fixed threshold
	// but far below (nⱼ·1e-10)². The clusters agree exactly, so V = 0 and the
	// interval is that of 40 observations at m: [m·e, 1 − (1−m)·e] with
	// e = exp(−χ²/80), not a Wald interval of width ~1e-9.
	const k = 1e6
	same := append(repeatClusters(30, Cluster{11 * k, 1.5 * k}), repeatClusters(10, Cluster{55 * k, 7.5 * k})...)
	iv := ClusteredScoreInterval(same, 0.95)
	m, e40 := 3.0/22, math.Exp(-z95*z95/80)
	assert.InDelta(t, m*e40, iv.Lo, 1e-9)
	assert.InDelta(t, 1-(1-m)*e40, iv.Hi, 1e-9)
}

func TestClusteredRobustPathBoundaries(t *testing.T) {
	// Exactly MinRobustClusters clusters take the robust interval (30, as in
	// TestClusteredByHand); one fewer takes the likelihood interval of the
	// cluster means. 29 clusters: 15 won twice, 14 lost twice: the cluster
	// means are 15 ones and 14 zeros, the interval that of WDL +15 −14.
	cs := append(repeatClusters(15, Cluster{2, 2}), repeatClusters(14, Cluster{2, 0})...)
	assert.Equal(t, WDL{Wins: 15, Losses: 14}.ScoreInterval(0.95), ClusteredScoreInterval(cs, 0.95))
	// With the 30th (lost twice) the robust interval, by hand as in
	// TestClusteredByHand: ½ ± z/√116.
	cs = append(cs, Cluster{2, 0})
	iv := ClusteredScoreInterval(cs, 0.95)
	assert.InDelta(t, 0.5-z95/math.Sqrt(116), iv.Lo, 1e-12)
	assert.InDelta(t, 0.5+z95/math.Sqrt(116), iv.Hi, 1e-12)
}

func TestClusteredMirror(t *testing.T) {
	// 34 openings lost every time, one drawn (10 games each): μ̂ = 5/350 and
	// μ̂ − z√V < 0, so the likelihood interval of the 35 cluster means, that
	// of WDL −34 =1 (the mirror of TestClusteredFallback's near-100% case),
	// which bounds the score above 0.
	nearNone := append(repeatClusters(34, Cluster{10, 0}), Cluster{10, 5})
	iv := ClusteredScoreInterval(nearNone, 0.95)
	assert.Equal(t, WDL{Losses: 34, Draws: 1}.ScoreInterval(0.95), iv)
	assert.Greater(t, iv.Lo, 0.0)

	// Any clusters seen from the other side (points → games − points) give
	// the mirrored interval [1 − Hi, 1 − Lo].
	for _, cs := range [][]Cluster{
		nearNone,
		append(repeatClusters(10, Cluster{3, 3}), repeatClusters(20, Cluster{1, 0})...),
		{{100, 90}, {3, 0}, {1, 0.5}},
		append(repeatClusters(20, Cluster{4, 3}), repeatClusters(15, Cluster{6, 1.5})...),
	} {
		mirror := make([]Cluster, len(cs))
		for i, c := range cs {
			mirror[i] = Cluster{c.Games, float64(c.Games) - c.Points}
		}
		a, b := ClusteredScoreInterval(cs, 0.95), ClusteredScoreInterval(mirror, 0.95)
		assert.InDelta(t, a.Lo, 1-b.Hi, 1e-9, "%v", cs)
		assert.InDelta(t, a.Hi, 1-b.Lo, 1e-9, "%v", cs)
	}
}

func TestClusteredEmptyClustersIgnoredInFallback(t *testing.T) {
	// A cluster with no games is no observation, on the likelihood path too
	// (5 clusters: fewer than MinRobustClusters).
	few := []Cluster{{10, 10}, {10, 5}, {10, 5}, {10, 0}, {10, 5}}
	want := WDL{1, 3, 1}.ScoreInterval(0.95)
	assert.Equal(t, want, ClusteredScoreInterval(append(few, Cluster{}), 0.95))
	assert.Equal(t, want, ClusteredScoreInterval(append([]Cluster{{}}, few...), 0.95))
}
