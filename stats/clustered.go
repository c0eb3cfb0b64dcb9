package stats

import (
	"math"
	"slices"
)

// Cluster is the games of one cluster (one opening): how many, and their
// total score (win 1, draw ½) from the point of view of one player or colour.
type Cluster struct {
	Games  int
	Points float64
}

// MinRobustClusters is the fewest clusters for which [ClusteredScoreInterval]
// trusts the cluster-robust variance; below it the sandwich estimate is too
// noisy (its coverage falls well short of nominal with a handful of
// clusters).
const MinRobustClusters = 30

// ClusteredScoreInterval returns the confidence interval at level conf for
// the mean score per game, Σ Points / Σ Games, when games within a cluster
// (an opening played many times, or the same deterministic game repeated)
// are not independent of each other but clusters are.
//
// Method: with G clusters of nⱼ games and yⱼ points, N = Σnⱼ and
// μ̂ = Σyⱼ/N, the interval is μ̂ ± z·√V with the cluster-robust (CR1
// sandwich) variance of the mean,
//
//	V = G/(G−1) · Σⱼ (yⱼ − nⱼμ̂)² / N²,
//
// With clusters of one game each this is the ordinary Wald interval
// μ̂ ± z·s/√N (s² the sample variance, divisor N−1).
//
// Fallback: when there are fewer than [MinRobustClusters] clusters, when V
// is 0 (every cluster has the same mean score, e.g. one deterministic game
// repeated) or when μ̂ ± z·√V reaches beyond [0, 1] (near 0% or 100% the
// normal approximation fails and clamping would claim a score of 0 or 1
// that the data exclude), the interval is instead the likelihood-ratio interval of
// [WDL.ScoreInterval] applied to the cluster means as G independent
// observations in [0, 1] (weighted by nⱼ/N, so that it is centred on μ̂, and
// with G as the sample size: the pseudo-empirical likelihood of Chen and
// Sitter). It never collapses to a point: one cluster of 400 draws gives the
// interval of a single drawn observation, not of 400 draws. With no games the
// interval is [0, 1]. Clusters with no games are ignored; it panics unless
// 0 <= Points <= Games in every cluster.
func ClusteredScoreInterval(cs []Cluster, conf float64) Interval {
	z := zQuantile(conf)
	var n, points float64
	g := 0
	for _, c := range cs {
		checkCluster(c)
		if c.Games > 0 {
			n += float64(c.Games)
			points += c.Points
			g++
		}
	}
	if g == 0 {
		return Interval{0, 1}
	}
	mean := points / n
	// ss below the rounding error of the residuals (about nⱼ·1e-16 each)
	// means equal cluster means: V = 0.
	var ss, tiny float64
	for _, c := range cs {
		if c.Games > 0 {
			r := c.Points - float64(c.Games)*mean
			ss += r * r
			tiny += 1e-20 * float64(c.Games) * float64(c.Games)
		}
	}
	if g >= MinRobustClusters && ss > tiny {
		v := float64(g) / float64(g-1) * ss / (n * n)
		h := z * math.Sqrt(v)
		if mean-h >= 0 && mean+h <= 1 {
			return Interval{Lo: mean - h, Hi: mean + h}
		}
	}
	return clusterMeans(cs, n, g).lrInterval(conf)
}

// clusterMeans returns the cluster means as a sample of g observations with
// frequencies nⱼ/n, on a support that includes 0 and 1.
func clusterMeans(cs []Cluster, n float64, g int) outcomes {
	byMean := map[float64]float64{0: 0, 1: 0}
	for _, c := range cs {
		if c.Games > 0 {
			byMean[c.Points/float64(c.Games)] += float64(c.Games)
		}
	}
	o := outcomes{n: float64(g)}
	for x := range byMean {
		o.xs = append(o.xs, x)
	}
	slices.Sort(o.xs)
	for _, x := range o.xs {
		f := byMean[x] / n
		o.freq = append(o.freq, f)
		o.mean += f * x
	}
	return o
}

func checkCluster(c Cluster) {
	if c.Games < 0 || !(c.Points >= 0 && c.Points <= float64(c.Games)) {
		panic("stats: cluster needs 0 <= Points <= Games")
	}
}

// ClusteredElo returns the logistic-model Elo difference of the mean score
// of the clusters with the interval obtained by mapping
// [ClusteredScoreInterval] through [EloFromScore] (same conventions as
// [WDL.Elo]).
func ClusteredElo(cs []Cluster, conf float64) Estimate {
	var n, points float64
	for _, c := range cs {
		if c.Games > 0 {
			n += float64(c.Games)
			points += c.Points
		}
	}
	s := math.NaN()
	if n > 0 {
		s = points / n
	}
	return eloEstimate(s, ClusteredScoreInterval(cs, conf))
}
