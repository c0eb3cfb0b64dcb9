package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWDLBasics(t *testing.T) {
	w := WDL{Wins: 5, Draws: 2, Losses: 3}
	assert.Equal(t, 10, w.Games())
	assert.InDelta(t, 0.6, w.Score(), 1e-15) // (5 + 2/2) / 10
	assert.Equal(t, WDL{3, 2, 5}, w.Swap())
	assert.InDelta(t, 0.4, w.Swap().Score(), 1e-15)
	assert.Equal(t, WDL{6, 4, 8}, w.Add(WDL{1, 2, 5}))
	assert.Equal(t, "+5 =2 -3", w.String())
	assert.True(t, math.IsNaN(WDL{}.Score()))
}

func TestEloScoreConversion(t *testing.T) {
	// By hand: s = 3/4 gives 400·log10(3) = 190.848501887865 Elo.
	assert.InDelta(t, 190.848501887865, EloFromScore(0.75), 1e-9)
	// By hand: 1/(1+10^(−100/400)) = 0.640065 (10^−0.25 = 0.562341325190349).
	assert.InDelta(t, 1/(1+0.562341325190349), ScoreFromElo(100), 1e-12)
	assert.Equal(t, 0.0, EloFromScore(0.5))
	assert.True(t, math.IsInf(EloFromScore(1), 1))
	assert.True(t, math.IsInf(EloFromScore(0), -1))
	assert.True(t, math.IsNaN(EloFromScore(1.5)))
	for _, e := range []float64{-800, -123.4, 0, 7, 555} {
		assert.InDelta(t, e, EloFromScore(ScoreFromElo(e)), 1e-9, "round trip %v", e)
	}
}

func TestScoreIntervalAndElo(t *testing.T) {
	// By hand: WDL 30/40/30 has s = 0.5 and per-game variance
	// (30·0.25 + 40·0 + 30·0.25)/100 = 0.15, so the 95% half-width is
	// 1.959964·√(0.15/100) = 0.0759091; mpmath gives bounds
	// 0.424090921287100, 0.575909078712900 and Elo(upper) = 53.1579797800532.
	w := WDL{30, 40, 30}
	iv := w.ScoreInterval(0.95)
	assert.InDelta(t, 0.424090921287100, iv.Lo, 1e-12)
	assert.InDelta(t, 0.575909078712900, iv.Hi, 1e-12)
	e := w.Elo(0.95)
	assert.InDelta(t, 0, e.Value, 1e-12)
	assert.InDelta(t, 53.1579797800532, e.Hi, 1e-9)
	assert.InDelta(t, -53.1579797800532, e.Lo, 1e-9) // symmetric
	assert.True(t, e.Contains(0))

	// A wider confidence level gives a wider interval.
	iv99 := w.ScoreInterval(0.99)
	assert.Less(t, iv99.Lo, iv.Lo)
	assert.Greater(t, iv99.Hi, iv.Hi)

	assert.Panics(t, func() { w.ScoreInterval(1) })
}

func TestScoreExtremes(t *testing.T) {
	all := WDL{Wins: 10}
	iv := all.ScoreInterval(0.95)
	assert.Equal(t, Interval{1, 1}, iv)
	e := all.Elo(0.95)
	assert.True(t, math.IsInf(e.Value, 1))
	assert.True(t, math.IsInf(e.Lo, 1) && math.IsInf(e.Hi, 1))

	none := WDL{Losses: 3}
	e = none.Elo(0.95)
	assert.True(t, math.IsInf(e.Value, -1))
	assert.False(t, math.IsNaN(e.Lo) || math.IsNaN(e.Hi))

	// Near-perfect score: interval is clamped to [0, 1], upper Elo is +Inf.
	near := WDL{Wins: 9, Losses: 1}
	iv = near.ScoreInterval(0.95)
	assert.Equal(t, 1.0, iv.Hi)
	assert.True(t, math.IsInf(near.Elo(0.95).Hi, 1))
	assert.False(t, math.IsNaN(near.Elo(0.95).Lo))

	empty := WDL{}
	assert.Equal(t, Interval{0, 1}, empty.ScoreInterval(0.95))
	e = empty.Elo(0.95)
	assert.True(t, math.IsNaN(e.Value))
	assert.True(t, math.IsInf(e.Lo, -1) && math.IsInf(e.Hi, 1))
}

func TestLOS(t *testing.T) {
	// By hand: (60−40)/√100 = 2, Φ(2) = 0.977249868051821 (mpmath ncdf).
	assert.InDelta(t, 0.977249868051821, WDL{60, 500, 40}.LOS(), 1e-12)
	assert.InDelta(t, 1-0.977249868051821, WDL{40, 0, 60}.LOS(), 1e-12)
	assert.Equal(t, 0.5, WDL{Draws: 7}.LOS())
	assert.Equal(t, 0.5, WDL{5, 1, 5}.LOS())
}

func TestPentanomial(t *testing.T) {
	// Reference computed in Python from the definition: pairs
	// [10 30 100 40 20] have per-game pair scores 0, ¼, ½, ¾, 1, so the mean is
	// 107.5/200 = 0.5375, the variance 0.05796875, the 95% half-width
	// 1.959964·√(0.05796875/200) = 0.0333680; Elo 26.1066926050366 in
	// [2.87127922789445, 49.5779131346477].
	p := Pentanomial{10, 30, 100, 40, 20}
	require.Equal(t, 200, p.Pairs())
	assert.Equal(t, 400, p.Games())
	assert.InDelta(t, 0.5375, p.Score(), 1e-15)
	iv := p.ScoreInterval(0.95)
	assert.InDelta(t, 0.504132008899837, iv.Lo, 1e-12)
	assert.InDelta(t, 0.570867991100163, iv.Hi, 1e-12)
	e := p.Elo(0.95)
	assert.InDelta(t, 26.1066926050366, e.Value, 1e-9)
	assert.InDelta(t, 2.87127922789445, e.Lo, 1e-9)
	assert.InDelta(t, 49.5779131346477, e.Hi, 1e-9)

	var q Pentanomial
	q.AddPair(1, 1)
	q.AddPair(0.5, 0)
	q.AddPair(1, 0)
	q.AddPair(0, 0.5)
	assert.Equal(t, Pentanomial{0, 2, 1, 0, 1}, q)
	assert.Panics(t, func() { q.AddPair(1, 0.3) })
	assert.True(t, math.IsNaN(Pentanomial{}.Score()))
}
