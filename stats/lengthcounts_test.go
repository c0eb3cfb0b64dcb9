package stats

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomLengths draws n game lengths: mostly natural endings between 5 and
// 140 plies with a heavy middle, some capped at 200.
func randomLengths(rng *rand.Rand, n int) ([]int, []bool) {
	plies := make([]int, n)
	capped := make([]bool, n)
	for i := range plies {
		if rng.IntN(20) == 0 {
			plies[i], capped[i] = 200, true
			continue
		}
		plies[i] = 5 + rng.IntN(40) + rng.IntN(40) + rng.IntN(60)
	}
	return plies, capped
}

func countLengths(plies []int, capped []bool) *LengthCounts {
	var c LengthCounts
	for i, p := range plies {
		c.Add(p, capped[i])
	}
	return &c
}

func assertSameSummary(t *testing.T, want, got Summary, msg ...any) {
	t.Helper()
	assert.Equal(t, want.Count, got.Count, msg...)
	if want.Count == 0 {
		assert.True(t, math.IsNaN(got.Mean) && math.IsNaN(got.Median), msg...)
		return
	}
	// Quantiles and extremes exactly; moments to rounding.
	assert.Equal(t, []float64{want.Min, want.Q5, want.Q25, want.Median, want.Q75, want.Q95, want.Max},
		[]float64{got.Min, got.Q5, got.Q25, got.Median, got.Q75, got.Q95, got.Max}, msg...)
	assert.InDelta(t, want.Mean, got.Mean, 1e-9*math.Max(1, want.Mean), msg...)
	assert.InDelta(t, want.StdDev, got.StdDev, 1e-9*math.Max(1, want.StdDev), msg...)
}

func TestLengthCountsAgreeWithSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 9))
	sizes := []int{0, 1, 2, 3, 7, 19, 20, 21, 100, 333, 1000}
	for range 20 {
		sizes = append(sizes, 1+rng.IntN(600))
	}
	for _, n := range sizes {
		plies, capped := randomLengths(rng, n)
		c := countLengths(plies, capped)
		require.Equal(t, int64(n), c.N())
		want, err := Lengths(plies, capped)
		require.NoError(t, err)
		got, err := c.Stats()
		require.NoError(t, err)
		assertSameSummary(t, want.All, got.All, "all n=%d", n)
		assertSameSummary(t, want.Natural, got.Natural, "natural n=%d", n)
		assertSameSummary(t, want.Capped, got.Capped, "capped n=%d", n)
		assert.Equal(t, want.NaturalHist, got.NaturalHist, "n=%d", n)
		assert.Equal(t, want.CappedHist, got.CappedHist, "n=%d", n)

		xs := make([]float64, n)
		var nCapped int64
		for i, p := range plies {
			xs[i] = float64(p)
			if capped[i] {
				nCapped++
			}
		}
		assert.Equal(t, nCapped, c.Capped())
		assertSameSummary(t, Summarize(xs), c.Summary(), "summary n=%d", n)
		for _, w := range []float64{0, 1, 3, 7.5, 50} {
			assert.Equal(t, Histogram(xs, w), c.Histogram(w), "n=%d width %v", n, w)
		}
	}
}

func TestLengthCountsEdgeCases(t *testing.T) {
	// One game; all games the same length (no spread: Freedman–Diaconis and
	// Sturges give nothing, width 1); all capped.
	for _, tc := range []struct {
		plies  []int
		capped []bool
	}{
		{[]int{23}, []bool{false}},
		{[]int{23, 23, 23, 23}, []bool{false, false, false, false}},
		{[]int{200, 200}, []bool{true, true}},
		{[]int{0, 1}, []bool{false, true}},
	} {
		c := countLengths(tc.plies, tc.capped)
		want, _ := Lengths(tc.plies, tc.capped)
		got, err := c.Stats()
		require.NoError(t, err)
		assertSameSummary(t, want.All, got.All, "%v", tc.plies)
		assertSameSummary(t, want.Natural, got.Natural, "%v", tc.plies)
		assertSameSummary(t, want.Capped, got.Capped, "%v", tc.plies)
		assert.Equal(t, want.NaturalHist, got.NaturalHist, "%v", tc.plies)
		assert.Equal(t, want.CappedHist, got.CappedHist, "%v", tc.plies)
	}
	// By hand: four games of 23 plies: median 23, a single bin [23, 24).
	c := countLengths([]int{23, 23, 23, 23}, make([]bool, 4))
	assert.Equal(t, 23.0, c.Summary().Median)
	assert.Equal(t, Hist{Edges: []float64{23, 24}, Counts: []int{4}}, c.Histogram(0))

	var empty LengthCounts
	st, err := empty.Stats()
	require.NoError(t, err)
	assert.Equal(t, 0, st.All.Count)
	assert.Equal(t, Hist{}, empty.Histogram(0))
	assert.Panics(t, func() { empty.Add(-1, false) })
	assert.Panics(t, func() { empty.Add(MaxCountedPlies+1, false) })
}

func TestLengthCountsMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p1, c1 := randomLengths(rng, 150)
	p2, c2 := randomLengths(rng, 90)
	a, b := countLengths(p1, c1), countLengths(p2, c2)
	a.Merge(b)
	all := countLengths(append(p1, p2...), append(c1, c2...))
	assert.Equal(t, all.N(), a.N())
	want, _ := all.Stats()
	got, _ := a.Stats()
	assert.Equal(t, want, got)
	var empty LengthCounts
	empty.Merge(a)
	assert.Equal(t, a.N(), empty.N())
}

func TestKS2Counts(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	// Small samples (exact p-value) and large ones (n·m > 10⁶: asymptotic).
	for _, nm := range [][2]int{{1, 1}, {5, 9}, {40, 60}, {300, 250}, {1100, 1000}} {
		p1, c1 := randomLengths(rng, nm[0])
		p2, c2 := randomLengths(rng, nm[1])
		x, y := make([]float64, nm[0]), make([]float64, nm[1])
		for i, p := range p1 {
			x[i] = float64(p)
		}
		for i, p := range p2 {
			y[i] = float64(p) + 3 // a shift, so that D is not tiny
		}
		var shifted LengthCounts
		for i, p := range p2 {
			shifted.Add(p+3, c2[i])
		}
		want := KS2(x, y)
		got := KS2Counts(countLengths(p1, c1), &shifted)
		assert.InDelta(t, want.D, got.D, 1e-12, "%v", nm)
		assert.InDelta(t, want.PValue, got.PValue, 1e-12, "%v", nm)
		assert.Equal(t, want.Exact, got.Exact, "%v", nm)
	}
	var empty LengthCounts
	one := countLengths([]int{10}, []bool{false})
	assert.Equal(t, KS2(nil, nil), KS2Counts(&empty, &empty))
	assert.Equal(t, KS2(nil, []float64{10}), KS2Counts(&empty, one))
	assert.Equal(t, KS2([]float64{10}, nil), KS2Counts(one, &empty))
}

func TestLengthCountsJSON(t *testing.T) {
	c := countLengths([]int{23, 31, 23, 200, 9}, []bool{false, false, false, true, false})
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"natural":{"9":1,"23":2,"31":1},"capped":{"200":1}}`, string(b))
	assert.Equal(t, `{"natural":{"9":1,"23":2,"31":1},"capped":{"200":1}}`, string(b)) // increasing order
	var back LengthCounts
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, c.N(), back.N())
	want, _ := c.Stats()
	got, _ := back.Stats()
	assert.Equal(t, want, got)

	b, err = json.Marshal(LengthCounts{})
	require.NoError(t, err)
	assert.Equal(t, `{"natural":{},"capped":{}}`, string(b))

	for in, msg := range map[string]string{
		`{"natural":{"x":1},"capped":{}}`:  `natural: length "x"`,
		`{"natural":{"-1":1},"capped":{}}`: `natural: length "-1"`,
		`{"natural":{"07":1},"capped":{}}`: `natural: length "07"`,
		`{"natural":{},"capped":{"5":-2}}`: `capped: negative count -2 for length 5`,
		`{"natural":{},"cap":{}}`:          `unknown field "cap"`,
	} {
		var c LengthCounts
		assert.ErrorContains(t, json.Unmarshal([]byte(in), &c), msg, in)
	}
}

// TestLengthCountsAcceptsTheLongestLength: the longest length accepted is
// MaxCountedPlies itself.
func TestLengthCountsAcceptsTheLongestLength(t *testing.T) {
	var c LengthCounts
	require.NotPanics(t, func() { c.Add(MaxCountedPlies, true) })
	c.Add(0, false)
	assert.Equal(t, int64(2), c.N())
	assert.Equal(t, int64(1), c.Capped())
	s := c.Summary()
	assert.Equal(t, float64(MaxCountedPlies), s.Max)
	assert.Equal(t, 0.0, s.Min)
	assert.Panics(t, func() { c.Add(MaxCountedPlies+1, false) })
}

// TestWeightedHistogramEdgesLeavesOutTheLastEdge: the bins are half-open, so a
// value on the last edge is left out, as [HistogramEdges] does. (Histogram
// and Stats never pass such edges; this pins the helper's own contract.)
func TestWeightedHistogramEdgesLeavesOutTheLastEdge(t *testing.T) {
	var c LengthCounts
	for _, p := range []int{3, 4, 4, 6, 8, 8, 8, 9} {
		c.Add(p, p == 9)
	}
	edges := []float64{4, 6, 8}
	got := c.all().histogramEdges(edges)
	// By hand: [4,6) holds 4, 4; [6,8) holds 6; 3 is below, 8, 8, 8 and 9
	// are at or past the last edge.
	assert.Equal(t, []int{2, 1}, got.Counts)
	assert.Equal(t, HistogramEdges([]float64{3, 4, 4, 6, 8, 8, 8, 9}, edges).Counts, got.Counts)
}

// TestLengthCountsJSONAcceptsTheRangeEnds: JSON keys 0 and MaxCountedPlies are the ends of the
// accepted range, and only negative counts are refused (a count of 0 adds
// nothing).
func TestLengthCountsJSONAcceptsTheRangeEnds(t *testing.T) {
	var c LengthCounts
	require.NoError(t, c.UnmarshalJSON([]byte(`{"natural":{"0":3},"capped":{"1048576":2}}`)))
	require.Equal(t, 1<<20, MaxCountedPlies)
	assert.Equal(t, int64(5), c.N())
	assert.Equal(t, int64(2), c.Capped())
	s := c.Summary()
	assert.Equal(t, 0.0, s.Min)
	assert.Equal(t, float64(MaxCountedPlies), s.Max)
	require.NoError(t, c.UnmarshalJSON([]byte(`{"natural":{"5":0,"7":1},"capped":{"9":0}}`)))
	assert.Equal(t, int64(1), c.N())
	assert.Equal(t, int64(0), c.Capped())
	assert.Equal(t, 7.0, c.Summary().Min)
	assert.ErrorContains(t, c.UnmarshalJSON([]byte(`{"natural":{},"capped":{"1048577":1}}`)),
		`capped: length "1048577" is not an integer in [0, 1048576]`)
	assert.ErrorContains(t, c.UnmarshalJSON([]byte(`{"natural":{"-1":1},"capped":{}}`)),
		`natural: length "-1" is not an integer in [0, 1048576]`)
}
