package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests written for mutants that survived the whole-package mutation run of
// stats. Each names the line it guards.

// kolmogorovQSeries sums the alternating series of the Kolmogorov survival
// function, Q(λ) = 2 Σ_{j≥1} (−1)^{j−1} exp(−2j²λ²), over 1000 terms: slow,
// but exact to rounding for the λ >= 0.5 it is used at here.
func kolmogorovQSeries(lambda float64) float64 {
	var s float64
	for j := 1000; j >= 1; j-- { // smallest terms first
		term := math.Exp(-2 * float64(j) * float64(j) * lambda * lambda)
		if j%2 == 0 {
			term = -term
		}
		s += term
	}
	return 2 * s
}

// ks.go:57 (n·m <= 10⁶ made strict): the documented limit is inclusive.
func TestKS2ExactAtTheLimit(t *testing.T) {
	x := make([]float64, 1000)
	y := make([]float64, 1000)
	for i := range x {
		x[i] = float64(2 * i)
		y[i] = float64(2*i + 1)
	}
	r := KS2(x, y)
	require.Equal(t, 1_000_000, len(x)*len(y))
	// The samples interleave, so the ECDFs differ by at most one step.
	assert.InDelta(t, 0.001, r.D, 1e-15)
	assert.True(t, r.Exact, "n·m = 10⁶ is inside the exact limit")
	assert.Equal(t, 1.0, r.PValue) // D = 1/n is the least positive value: every order reaches it
}

// ks.go:60, :62 (the effective n and Stephens' correction of the asymptotic
// p-value): over the exact limit the p-value is
// Q_KS((√nₑ + 0.12 + 0.11/√nₑ)·D) with nₑ = nm/(n+m). Unequal sizes (10 and
// 100001, nₑ ≈ 10) make every term of the correction matter.
func TestKS2CountsAsymptoticPValue(t *testing.T) {
	var a, b LengthCounts
	for range 10 {
		a.Add(20, false)
	}
	for range 60001 {
		b.Add(10, false)
	}
	for range 40000 {
		b.Add(30, true)
	}
	// By hand: F_b jumps to 60001/100001 at 10, F_a to 1 at 20, F_b to 1 at
	// 30; the largest gap is 60001/100001 at 10 (and 40000/100001 at 20).
	d := 60001.0 / 100001
	ne := 10.0 * 100001 / (10 + 100001)
	lambda := (math.Sqrt(ne) + 0.12 + 0.11/math.Sqrt(ne)) * d
	want := kolmogorovQSeries(lambda)
	require.Greater(t, want, 1e-4) // λ ≈ 2: a p-value far from 0 and 1
	require.Less(t, want, 1e-2)
	r := KS2Counts(&a, &b)
	assert.False(t, r.Exact)
	assert.InDelta(t, d, r.D, 1e-15)
	assert.InEpsilon(t, want, r.PValue, 1e-9)
}

// ks.go:109 (which form of Q is used below and above λ = 1.18): far from
// the switch each form is used where it is accurate. For tiny λ the
// alternating series cut at 100 terms is far from converged, and Q is 1 to
// double precision (the theta form's first term is exp(−π²/(8λ²)) = e^−3084
// at λ = 0.02); for large λ, Q = 2e^{−2λ²} to double precision (the next
// term is e^{−6λ²} times smaller), which the theta form 1 − (…) cannot
// resolve.
func TestKolmogorovQFarTails(t *testing.T) {
	assert.Equal(t, 1.0, kolmogorovQ(0.02))
	assert.Equal(t, 1.0, kolmogorovQ(0.1))
	for _, lambda := range []float64{3, 5} {
		assert.InEpsilon(t, 2*math.Exp(-2*lambda*lambda), kolmogorovQ(lambda), 1e-12, "λ=%v", lambda)
	}
}

// lengthcounts.go:39 (plies > MaxCountedPlies made >=): the longest length
// accepted is MaxCountedPlies itself.
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

// lengthcounts.go:194 (x >= last edge made >): the bins are half-open, so a
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

// lengthcounts.go:281 (p < 0 made <=, p > MaxCountedPlies made >=), :284
// (k < 0 made <=): JSON keys 0 and MaxCountedPlies are the ends of the
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

// lengths.go:101 (floor(lo/width)·width with · made /): the first edge is
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

// lengths.go:105 (the 10⁶-bin limit: its boundary, hi−start made hi+start,
// /width made ·width). Bins needed = ⌊(hi−start)/width⌋ + 1; exactly 10⁶ are
// allowed, one more panics. Here start = 10 and width = 2, so neither
// hi+start nor (hi−start)·width can pass for the real quotient.
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

// ratings.go:107 (g.White >= numPlayers made >): a White index equal to the
// number of players is out of range and an error, not a panic, whether or
// not it is a self-play game.
func TestFitRatingsWhiteIndexAtNumPlayers(t *testing.T) {
	for _, g := range []Game{{White: 2, Black: 0, Score: 1}, {White: 2, Black: 2, Score: 0.5}} {
		var err error
		require.NotPanics(t, func() { _, err = FitRatings(2, []Game{{0, 1, 1}, g}, 0.95) }, "%+v", g)
		assert.ErrorContains(t, err, "game 1: bad players 2, ", "%+v", g)
	}
}

// ratings.go:201 (g.Count < 0 made <=): a count of 0 is accepted and adds
// nothing, as documented: the fit equals the one without the entry, also
// when the entry names a player who has no other game (that player stays
// unrated and moves neither the anchor nor the others).
func TestFitRatingsCountZeroAddsNothing(t *testing.T) {
	base := []CountedGame{
		{Game{White: 0, Black: 1, Score: 1}, 5},
		{Game{White: 1, Black: 0, Score: 0.5}, 3},
		{Game{White: 1, Black: 0, Score: 0}, 2},
	}
	want, err := FitRatingsCounted(3, base, 0.95)
	require.NoError(t, err)
	require.True(t, math.IsNaN(want.Elo[2].Value), "player 2 has no game")
	for _, extra := range []CountedGame{
		{Game{White: 0, Black: 1, Score: 0}, 0},
		{Game{White: 2, Black: 0, Score: 1}, 0},
	} {
		got, err := FitRatingsCounted(3, append(append([]CountedGame(nil), base...), extra), 0.95)
		require.NoError(t, err, "%+v", extra)
		require.Len(t, got.Elo, 3)
		for i, e := range want.Elo {
			if math.IsNaN(e.Value) {
				assert.True(t, math.IsNaN(got.Elo[i].Value), "player %d, %+v", i, extra)
				assert.Equal(t, e.Interval, got.Elo[i].Interval, "player %d, %+v", i, extra)
				continue
			}
			assert.InDelta(t, e.Value, got.Elo[i].Value, 1e-9, "player %d, %+v", i, extra)
			assert.InDelta(t, e.Lo, got.Elo[i].Lo, 1e-9, "player %d, %+v", i, extra)
			assert.InDelta(t, e.Hi, got.Elo[i].Hi, 1e-9, "player %d, %+v", i, extra)
		}
		assert.InDelta(t, want.FirstMove.Value, got.FirstMove.Value, 1e-9, "%+v", extra)
		assert.InDelta(t, want.FirstMove.Lo, got.FirstMove.Lo, 1e-9, "%+v", extra)
		assert.InDelta(t, want.DrawElo, got.DrawElo, 1e-9, "%+v", extra)
	}
}

// ratings.go:254 (y > 0 negated): P(draw) = f(x+d) − f(x−d) is even in x and
// is computed at −|x|, where both terms are small, instead of at |x|, where
// both are near 1 and their difference loses most digits. At x = ±5000 Elo,
// d = 100: with a = 10^(−5100/400), b = 10^(−4900/400),
// P = 1/(1+a) − 1/(1+b) = (b−a)/((1+a)(1+b)), a form with no cancellation.
func TestOutcomeDrawFarFromEqualRatings(t *testing.T) {
	a, b := math.Pow(10, -5100.0/400), math.Pow(10, -4900.0/400)
	want := math.Log((b - a) / ((1 + a) * (1 + b)))
	for _, x := range []float64{5000, -5000} {
		l, _, _, _, _, _ := outcome(btTerm{pd: 1}, x, 100)
		assert.InDelta(t, want, l, 1e-9, "x=%v", x)
	}
}
