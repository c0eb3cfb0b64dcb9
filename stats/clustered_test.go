package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"
)

const z95 = 1.959963984540054

func repeatClusters(k int, c Cluster) []Cluster {
	cs := make([]Cluster, k)
	for i := range cs {
		cs[i] = c
	}
	return cs
}

func TestClusteredByHand(t *testing.T) {
	// 15 openings won twice, 15 lost twice: μ = ½, every residual
	// yⱼ − nⱼμ = ±1, so V = 30/29 · 30/60² = 1/116 and the interval is
	// ½ ± z/√116; the 60 games as independent would give ½ ± z/√240.
	cs := append(repeatClusters(15, Cluster{2, 2}), repeatClusters(15, Cluster{2, 0})...)
	iv := ClusteredScoreInterval(cs, 0.95)
	assert.InDelta(t, 0.5-z95/math.Sqrt(116), iv.Lo, 1e-12)
	assert.InDelta(t, 0.5+z95/math.Sqrt(116), iv.Hi, 1e-12)

	// Unequal sizes: 10 openings of 3 games all won, 20 of one game lost:
	// N = 50, μ = 30/50 = 0.6, residuals 3 − 1.8 = 1.2 (×10) and −0.6 (×20),
	// Σ r² = 14.4 + 7.2 = 21.6, V = 30/29 · 21.6/2500.
	cs = append(repeatClusters(10, Cluster{3, 3}), repeatClusters(20, Cluster{1, 0})...)
	h := z95 * math.Sqrt(30.0/29*21.6/2500)
	iv = ClusteredScoreInterval(cs, 0.95)
	assert.InDelta(t, 0.6-h, iv.Lo, 1e-12)
	assert.InDelta(t, 0.6+h, iv.Hi, 1e-12)
	e := ClusteredElo(cs, 0.95)
	assert.InDelta(t, EloFromScore(0.6), e.Value, 1e-9)
	assert.InDelta(t, EloFromScore(0.6-h), e.Lo, 1e-9)
	assert.InDelta(t, EloFromScore(0.6+h), e.Hi, 1e-9)
	// Empty clusters are ignored.
	assert.Equal(t, iv, ClusteredScoreInterval(append(cs, Cluster{}), 0.95))
}

func TestClusteredSingletonsAreWald(t *testing.T) {
	// With one game per cluster the CR1 variance is s²/N (s² with divisor
	// N−1), so the interval is the ordinary Wald interval, computed here
	// with gonum's sample standard deviation.
	rng := rand.New(rand.NewPCG(1, 30))
	scores := []float64{0, 0.5, 1}
	for _, n := range []int{30, 31, 57, 200, 1000} {
		xs := make([]float64, n)
		cs := make([]Cluster, n)
		for i := range xs {
			xs[i] = scores[rng.IntN(3)]
			cs[i] = Cluster{1, xs[i]}
		}
		mean, sd := stat.MeanStdDev(xs, nil)
		h := z95 * sd / math.Sqrt(float64(n))
		iv := ClusteredScoreInterval(cs, 0.95)
		assert.InDelta(t, math.Max(0, mean-h), iv.Lo, 1e-12, "n=%d", n)
		assert.InDelta(t, math.Min(1, mean+h), iv.Hi, 1e-12, "n=%d", n)
	}
}

func TestClusteredFallback(t *testing.T) {
	c := math.Exp(-z95 * z95 / 2)
	// One deterministic game repeated 400 times (one cluster): the interval
	// of one observation, not of 400 — one draw gives [c/2, 1 − c/2] with
	// c = exp(−χ²/2), one win the exact end for 1 of 1, [0.025, 1].
	iv := ClusteredScoreInterval([]Cluster{{400, 200}}, 0.95)
	assert.InDelta(t, c/2, iv.Lo, 1e-12)
	assert.InDelta(t, 1-c/2, iv.Hi, 1e-12)
	iv = ClusteredScoreInterval([]Cluster{{400, 400}}, 0.95)
	assert.InDelta(t, 0.025, iv.Lo, 1e-12)
	assert.Equal(t, 1.0, iv.Hi)
	e := ClusteredElo([]Cluster{{400, 400}}, 0.95)
	assert.True(t, math.IsInf(e.Value, 1) && math.IsInf(e.Hi, 1))
	assert.InDelta(t, EloFromScore(0.025), e.Lo, 1e-9)

	// Few clusters of equal size: the likelihood-ratio interval of the
	// cluster means, here 1, ½, ½, 0, ½ — that of WDL +1 =3 −1.
	few := []Cluster{{10, 10}, {10, 5}, {10, 5}, {10, 0}, {10, 5}}
	assert.Equal(t, WDL{1, 3, 1}.ScoreInterval(0.95), ClusteredScoreInterval(few, 0.95))

	// No spread among 40 clusters (every opening scores ½): V = 0, so the
	// interval of 40 drawn observations, not a point.
	same := repeatClusters(40, Cluster{10, 5})
	assert.Equal(t, WDL{Draws: 40}.ScoreInterval(0.95), ClusteredScoreInterval(same, 0.95))

	// Equal cluster means m = 3/22 that leave rounding-error residuals
	// (11 games 1½ points, 55 games 7½ points): still V = 0, not a Wald
	// interval of width 1e-8. As 40 observations at m, mass moves to 0
	// below and to 1 above: with e = exp(−χ²/80), [m·e, 1 − (1−m)·e].
	same = append(repeatClusters(30, Cluster{11, 1.5}), repeatClusters(10, Cluster{55, 7.5})...)
	iv = ClusteredScoreInterval(same, 0.95)
	m, e40 := 3.0/22, math.Exp(-z95*z95/80)
	assert.InDelta(t, m*e40, iv.Lo, 1e-9)
	assert.InDelta(t, 1-(1-m)*e40, iv.Hi, 1e-9)

	// 34 openings won every time, one drawn (10 games each): μ̂ + z√V is
	// above 1, so the likelihood-ratio interval of the 35 cluster means,
	// that of WDL +34 =1 −0, which bounds the score (and Elo) below 1.
	nearAll := append(repeatClusters(34, Cluster{10, 10}), Cluster{10, 5})
	iv = ClusteredScoreInterval(nearAll, 0.95)
	assert.Equal(t, WDL{Wins: 34, Draws: 1}.ScoreInterval(0.95), iv)
	assert.Less(t, iv.Hi, 1.0)
	assert.False(t, math.IsInf(ClusteredElo(nearAll, 0.95).Hi, 0))

	// Unequal sizes: centred on the pooled mean Σy/Σn, proper width.
	mixed := []Cluster{{100, 90}, {3, 0}, {1, 0.5}}
	iv = ClusteredScoreInterval(mixed, 0.95)
	require.Greater(t, iv.Hi-iv.Lo, 0.2)
	assert.True(t, iv.Contains(90.5/104))

	assert.Equal(t, Interval{0, 1}, ClusteredScoreInterval(nil, 0.95))
	assert.True(t, math.IsNaN(ClusteredElo(nil, 0.95).Value))
	assert.Panics(t, func() { ClusteredScoreInterval([]Cluster{{2, 3}}, 0.95) })
	assert.Panics(t, func() { ClusteredScoreInterval([]Cluster{{2, -1}}, 0.95) })
}

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
