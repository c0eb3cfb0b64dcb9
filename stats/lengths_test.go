package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSummarize(t *testing.T) {
	// Hand computation for 10 12 12 15 20 30 (n = 6): mean 99/6 = 16.5,
	// squared deviations sum to 279.5, sample variance 279.5/5 = 55.9.
	// Type-4 quantiles Q(p) = x(k) + (np−k)(x(k+1)−x(k)), k = ⌊np⌋:
	// p=.05: np=.3<1 → 10; p=.25: np=1.5 → 10+.5·2 = 11; p=.5: np=3 → 12;
	// p=.75: np=4.5 → 15+.5·5 = 17.5; p=.95: np=5.7 → 20+.7·10 = 27.
	s := Summarize([]float64{30, 12, 10, 20, 12, 15})
	assert.Equal(t, 6, s.Count)
	assert.InDelta(t, 16.5, s.Mean, 1e-12)
	assert.InDelta(t, math.Sqrt(55.9), s.StdDev, 1e-12)
	assert.Equal(t, 10.0, s.Min)
	assert.InDelta(t, 10, s.Q5, 1e-12)
	assert.InDelta(t, 11, s.Q25, 1e-12)
	assert.InDelta(t, 12, s.Median, 1e-12)
	assert.InDelta(t, 17.5, s.Q75, 1e-12)
	assert.InDelta(t, 27, s.Q95, 1e-12)
	assert.Equal(t, 30.0, s.Max)

	one := Summarize([]float64{7})
	assert.Equal(t, 0.0, one.StdDev)
	assert.Equal(t, 7.0, one.Median)
	assert.True(t, math.IsNaN(Summarize(nil).Mean))
}

func TestHistogram(t *testing.T) {
	// By hand: edges are the multiples of 1 from ⌊−0.2⌋ = −1 to the first
	// multiple above 3, bins [−1,0) [0,1) [1,2) [2,3) [3,4).
	h := Histogram([]float64{0.5, 1, 1.5, 2.9, 3, -0.2}, 1)
	assert.Equal(t, []float64{-1, 0, 1, 2, 3, 4}, h.Edges)
	assert.Equal(t, []int{1, 1, 2, 1, 1}, h.Counts)

	h = HistogramEdges([]float64{-5, 0, 0.5, 1, 2, 9}, []float64{0, 1, 2})
	assert.Equal(t, []int{2, 1}, h.Counts) // −5, 2 and 9 fall outside [0, 2)

	assert.Empty(t, Histogram(nil, 1).Counts)

	// Freedman–Diaconis by hand for 1..8: type-4 Q25 = x(2) = 2,
	// Q75 = x(6) = 6, width = 2·4/8^(1/3) = 4.
	xs := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	assert.InDelta(t, 4, FreedmanDiaconis(xs), 1e-12)
	h = Histogram(xs, 0)
	assert.Equal(t, []float64{0, 4, 8, 12}, h.Edges)
	assert.Equal(t, []int{3, 4, 1}, h.Counts)
	// Zero IQR falls back to Sturges: range 10 / (⌈log₂ 8⌉+1) = 2.5.
	assert.InDelta(t, 2.5, FreedmanDiaconis([]float64{0, 5, 5, 5, 5, 5, 5, 10}), 1e-12)
	assert.Equal(t, 1.0, FreedmanDiaconis([]float64{3, 3}))
}

func TestLengths(t *testing.T) {
	plies := []int{10, 200, 12, 12, 15, 200, 20, 30}
	capped := []bool{false, true, false, false, false, true, false, false}
	r, err := Lengths(plies, capped)
	require.NoError(t, err)
	assert.Equal(t, 8, r.All.Count)
	assert.Equal(t, 6, r.Natural.Count)
	assert.Equal(t, 2, r.Capped.Count)
	assert.InDelta(t, 16.5, r.Natural.Mean, 1e-12) // as in TestSummarize
	assert.InDelta(t, 17.5, r.Natural.Q75, 1e-12)
	assert.InDelta(t, 499.0/8, r.All.Mean, 1e-12)
	assert.Equal(t, 200.0, r.All.Max)
	assert.Equal(t, 200.0, r.Capped.Min)
	// All games: type-4 Q25 = x(2) = 12, Q75 = x(6) = 30, FD width
	// 2·18/8^(1/3) = 18 plies; edges 0, 18, ..., 216 (first multiple > 200).
	require.Len(t, r.NaturalHist.Edges, 13)
	assert.Equal(t, r.NaturalHist.Edges, r.CappedHist.Edges)
	assert.Equal(t, 0.0, r.NaturalHist.Edges[0])
	assert.Equal(t, 216.0, r.NaturalHist.Edges[12])
	assert.Equal(t, []int{4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, r.NaturalHist.Counts)
	assert.Equal(t, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, r.CappedHist.Counts)

	r, err = Lengths([]int{5, 7}, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Natural.Count)
	assert.Equal(t, 0, r.Capped.Count)

	_, err = Lengths([]int{1, 2}, []bool{true})
	assert.Error(t, err)
}

// TestHistogramEdgesAreMultiplesOfTheWidth: the first edge, floor(lo/width)·width, is
// the last multiple of the width <= the smallest value.
func TestHistogramEdgesAreMultiplesOfTheWidth(t *testing.T) {
	h := Histogram([]float64{23, 31, 38, 57}, 10)
	// By hand: multiples of 10 from 20 (<= 23) to 60 (the first > 57).
	assert.Equal(t, []float64{20, 30, 40, 50, 60}, h.Edges)
	assert.Equal(t, []int{1, 2, 0, 1}, h.Counts)
	h = Histogram([]float64{-7, 4}, 5)
	assert.Equal(t, []float64{-10, -5, 0, 5}, h.Edges)
	assert.Equal(t, []int{1, 0, 1}, h.Counts)
}

// TestHistogramBinLimit: the 10⁶-bin limit at its boundary.
// Bins needed = ⌊(hi−start)/width⌋ + 1; exactly 10⁶ are
// allowed, one more panics. Here start = 10 and width = 2, so neither
// hi+start nor (hi−start)·width gives the same count as the quotient.
func TestHistogramBinLimit(t *testing.T) {
	hi := 10 + 2*999999 + 1.0 // (hi−10)/2 = 999999.5: 10⁶ bins
	var h Hist
	require.NotPanics(t, func() { h = Histogram([]float64{10, hi}, 2) })
	require.Len(t, h.Counts, 1_000_000)
	assert.Equal(t, 10.0, h.Edges[0])
	assert.Equal(t, 10+2e6, h.Edges[len(h.Edges)-1])
	assert.Equal(t, 1, h.Counts[0])
	assert.Equal(t, 1, h.Counts[len(h.Counts)-1])
	// (hi−10)/2 = 10⁶: edges 10, 12, …, 10+2·10⁶ <= hi, so a 10⁶+1st bin.
	assert.Panics(t, func() { Histogram([]float64{10, 10 + 2e6}, 2) })
	// The same limit through LengthCounts, whose histogram shares the edges.
	var c LengthCounts
	c.Add(0, false)
	c.Add(999_999, false)
	require.NotPanics(t, func() { h = c.Histogram(1) })
	assert.Len(t, h.Counts, 1_000_000)
	c.Add(1_000_000, true)
	assert.Panics(t, func() { c.Histogram(1) })
}
