package stats

import (
	"errors"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Summary describes a sample of numbers.
//
// Quantiles use gonum's stat.Quantile with stat.LinInterp, which is
// Hyndman & Fan's definition 4 (R's quantile type 4): linear interpolation of
// the empirical CDF, Q(p) = x₍ₖ₎ + (np−k)(x₍ₖ₊₁₎−x₍ₖ₎) with k = ⌊np⌋ and
// Q(p) = x₍₁₎ for np < 1.
type Summary struct {
	Count  int
	Mean   float64
	StdDev float64 // sample standard deviation (divisor n−1); 0 for a single value
	Min    float64
	Q5     float64
	Q25    float64
	Median float64
	Q75    float64
	Q95    float64
	Max    float64
}

// Summarize returns the summary statistics of xs. With no values, Count is 0
// and every other field is NaN.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		nan := math.NaN()
		return Summary{Mean: nan, StdDev: nan, Min: nan, Q5: nan, Q25: nan, Median: nan, Q75: nan, Q95: nan, Max: nan}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	mean, sd := stat.MeanStdDev(s, nil)
	if len(s) == 1 {
		sd = 0
	}
	q := func(p float64) float64 { return stat.Quantile(p, stat.LinInterp, s, nil) }
	return Summary{
		Count:  len(s),
		Mean:   mean,
		StdDev: sd,
		Min:    s[0],
		Q5:     q(0.05),
		Q25:    q(0.25),
		Median: q(0.5),
		Q75:    q(0.75),
		Q95:    q(0.95),
		Max:    s[len(s)-1],
	}
}

// Hist is a histogram: bin i holds Counts[i] values x with
// Edges[i] <= x < Edges[i+1], so len(Edges) == len(Counts)+1.
type Hist struct {
	Edges  []float64
	Counts []int
}

// FreedmanDiaconis returns the Freedman–Diaconis histogram bin width
// 2·IQR·n^(−1/3), with the interquartile range taken from type-4 quantiles
// (see [Summary]). When the IQR is zero it falls back to Sturges' rule,
// range/(⌈log₂ n⌉+1), and to 1 when all values are equal or xs is empty.
func FreedmanDiaconis(xs []float64) float64 {
	if len(xs) == 0 {
		return 1
	}
	s := Summarize(xs)
	if w := 2 * (s.Q75 - s.Q25) / math.Cbrt(float64(s.Count)); w > 0 {
		return w
	}
	if r := s.Max - s.Min; r > 0 {
		return r / (math.Ceil(math.Log2(float64(s.Count))) + 1)
	}
	return 1
}

// Histogram bins xs into bins of the given width whose edges are integer
// multiples of width, from the last multiple <= min(xs) to the first
// multiple > max(xs); bins are half-open [lo, hi). A width <= 0 selects the
// Freedman–Diaconis rule ([FreedmanDiaconis]). With no values the histogram is
// empty. xs must not contain NaN or ±Inf, and Histogram panics if more than
// 10⁶ bins would be needed. Counting is done by gonum's stat.Histogram.
func Histogram(xs []float64, width float64) Hist {
	if len(xs) == 0 {
		return Hist{}
	}
	if !(width > 0) {
		width = FreedmanDiaconis(xs)
	}
	return HistogramEdges(xs, histogramEdges(slices.Min(xs), slices.Max(xs), width))
}

// histogramEdges returns the edges of [Histogram] for values in [lo, hi].
func histogramEdges(lo, hi, width float64) []float64 {
	start := math.Floor(lo/width) * width
	if start > lo {
		start -= width
	}
	if (hi-start)/width >= maxBins { // ⌊(hi−start)/width⌋+1 bins: over 10⁶ from a quotient of 10⁶
		panic("stats: histogram would have more than 1e6 bins")
	}
	edges := []float64{start}
	for i := 1; edges[len(edges)-1] <= hi; i++ {
		edges = append(edges, start+float64(i)*width)
	}
	return edges
}

const maxBins = 1e6

// HistogramEdges counts xs in the half-open bins [edges[i], edges[i+1]).
// Values outside [edges[0], edges[len-1]) are ignored. The edges must be
// sorted and at least two.
func HistogramEdges(xs []float64, edges []float64) Hist {
	if len(edges) < 2 || !slices.IsSorted(edges) {
		panic("stats: need at least two sorted histogram edges")
	}
	s := make([]float64, 0, len(xs))
	for _, x := range xs {
		if x >= edges[0] && x < edges[len(edges)-1] {
			s = append(s, x)
		}
	}
	slices.Sort(s)
	fc := stat.Histogram(nil, edges, s, nil)
	counts := make([]int, len(fc))
	for i, c := range fc {
		counts[i] = int(c)
	}
	return Hist{Edges: slices.Clone(edges), Counts: counts}
}

// LengthStats summarizes game lengths in plies, keeping games that ended
// naturally apart from games stopped by a ply cap.
type LengthStats struct {
	All     Summary // every game
	Natural Summary // games that ended by the rules
	Capped  Summary // games stopped by the ply cap (Capped.Count is their number)
	// NaturalHist and CappedHist count natural and capped games on the same
	// bins (integer width from the Freedman–Diaconis rule on all games,
	// rounded up, at least 1 ply).
	NaturalHist, CappedHist Hist
}

// Lengths summarizes game lengths: plies[i] is the length of game i and
// capped[i] tells whether it was stopped by a ply cap rather than ending
// naturally. capped may be nil (no game capped); otherwise it must have the
// same length as plies.
func Lengths(plies []int, capped []bool) (LengthStats, error) {
	if capped != nil && len(capped) != len(plies) {
		return LengthStats{}, errors.New("stats: plies and capped differ in length")
	}
	var all, nat, capd []float64
	for i, p := range plies {
		x := float64(p)
		all = append(all, x)
		if capped != nil && capped[i] {
			capd = append(capd, x)
		} else {
			nat = append(nat, x)
		}
	}
	r := LengthStats{All: Summarize(all), Natural: Summarize(nat), Capped: Summarize(capd)}
	if len(all) > 0 {
		w := math.Max(1, math.Ceil(FreedmanDiaconis(all)))
		edges := Histogram(all, w).Edges
		r.NaturalHist = HistogramEdges(nat, edges)
		r.CappedHist = HistogramEdges(capd, edges)
	}
	return r, nil
}
