package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-computed SPRT decisions. With elo0 = 0 and elo1 = 100:
// s0 = ½, s1 = 1/(1+10^(−¼)) = 0.6400649998, and when only whole pairs are
// won or lost (no draws) the constrained MLEs are binomial, so
//
//	LLR = W·ln(s1/s0) + L·ln((1−s1)/(1−s0)) = W·0.2469616350 − L·0.3286846383.
//
// With α = β = 0.05 Wald's bounds are ±ln 19 = ±2.9444389792.
const (
	winStep  = 0.24696163496644355 // ln(s1/s0) for 0 vs 100 Elo
	lossStep = -0.328684638282068  // ln((1−s1)/(1−s0))
	ln19     = 2.9444389791664403
)

func TestSPRTDecisionsByHand(t *testing.T) {
	for _, c := range []struct {
		won, lost int
		llr       float64
		want      Decision
	}{
		{11, 0, 2.716577984630879, Continue},  // 11·0.24696 < 2.94444
		{12, 0, 2.9635396195973227, AcceptH1}, // 12·0.24696 ≥ 2.94444
		{14, 2, 2.8000936129660734, Continue}, // 14·0.24696 − 2·0.32868
		{15, 2, 3.047055247932517, AcceptH1},
		{0, 8, -2.629477106256544, Continue}, // 8·(−0.32868) > −2.94444
		{0, 9, -2.958161744538612, AcceptH0},
		{2, 10, -2.792923112887793, Continue},
		{1, 10, -3.0398847478542366, AcceptH0},
	} {
		r := SPRT(Pentanomial{c.lost, 0, 0, 0, c.won}, 0, 100, 0.05, 0.05)
		assert.InDelta(t, c.llr, r.LLR, 1e-12, "+%d −%d pairs", c.won, c.lost)
		assert.InDelta(t, float64(c.won)*winStep+float64(c.lost)*lossStep, r.LLR, 1e-12)
		assert.Equal(t, c.want, r.Decision, "+%d −%d pairs: LLR %v in (%v, %v)", c.won, c.lost, r.LLR, r.LowerBound, r.UpperBound)
		assert.InDelta(t, -ln19, r.LowerBound, 1e-15)
		assert.InDelta(t, ln19, r.UpperBound, 1e-15)
		// The same as single games: W wins and L losses.
		g := SPRTWDL(WDL{Wins: c.won, Losses: c.lost}, 0, 100, 0.05, 0.05)
		assert.InDelta(t, c.llr, g.LLR, 1e-12)
		assert.Equal(t, c.want, g.Decision)
	}

	// All pairs drawn (each game drawn), s0 = ½: the H0 fit is the data, the
	// H1 fit moves mass 2s1 − 1 to won pairs, LLR = N·ln(2(1−s1)) =
	// N·(−0.32868): 8 pairs continue (−2.6295), 9 accept H0 (−2.9582).
	assert.Equal(t, Continue, SPRT(Pentanomial{2: 8}, 0, 100, 0.05, 0.05).Decision)
	r := SPRT(Pentanomial{2: 9}, 0, 100, 0.05, 0.05)
	assert.InDelta(t, 9*math.Log(2*(1-ScoreFromElo(100))), r.LLR, 1e-12)
	assert.Equal(t, AcceptH0, r.Decision)
}

func TestSPRTErrorRatesPlaceTheBounds(t *testing.T) {
	// α = 0.05, β = 0.2: lower ln(0.2/0.95) = −1.5581446180,
	// upper ln(0.8/0.05) = ln 16 = 2.7725887222. Swapped (α = 0.2, β = 0.05):
	// lower ln(0.05/0.8) = −2.7725887222, upper ln(0.95/0.2) = 1.5581446180.
	r := SPRT(Pentanomial{}, 0, 100, 0.05, 0.2)
	assert.InDelta(t, -1.5581446180465497, r.LowerBound, 1e-12)
	assert.InDelta(t, 2.772588722239781, r.UpperBound, 1e-12)
	r = SPRT(Pentanomial{}, 0, 100, 0.2, 0.05)
	assert.InDelta(t, -2.772588722239781, r.LowerBound, 1e-12)
	assert.InDelta(t, 1.5581446180465497, r.UpperBound, 1e-12)

	// 7 pairs won: LLR 7·0.24696 = 1.7287 accepts H1 when α = 0.2 (upper
	// 1.558), not when α = 0.05 (upper 2.773). 5 lost: −1.6434 accepts H0
	// when β = 0.2 (lower −1.558), not when β = 0.05 (lower −2.773).
	won, lost := Pentanomial{4: 7}, Pentanomial{0: 5}
	assert.Equal(t, AcceptH1, SPRT(won, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, Continue, SPRT(won, 0, 100, 0.05, 0.2).Decision)
	assert.Equal(t, AcceptH0, SPRT(lost, 0, 100, 0.05, 0.2).Decision)
	assert.Equal(t, Continue, SPRT(lost, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{Wins: 7}, 0, 100, 0.2, 0.05).Decision)
	assert.Equal(t, AcceptH0, SPRTWDL(WDL{Losses: 5}, 0, 100, 0.05, 0.2).Decision)

	// A bound is reached when the LLR equals it: with α = β = ½ both bounds
	// are ln 1 = 0 and, with no games, the LLR 0 reaches the upper one first.
	r = SPRT(Pentanomial{}, 0, 100, 0.5, 0.5)
	require.Equal(t, 0.0, r.UpperBound)
	assert.Equal(t, AcceptH1, r.Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{}, 0, 100, 0.5, 0.5).Decision)
}

func TestSPRTParameterChecks(t *testing.T) {
	p := Pentanomial{1, 2, 3, 2, 1}
	for _, c := range []struct{ elo0, elo1, alpha, beta float64 }{
		{0, 10, 0, 0.05}, {0, 10, 1, 0.05}, {0, 10, 0.05, 0}, {0, 10, 0.05, 1},
		{0, 10, -0.1, 0.05}, {0, 10, 0.05, 1.5}, {0, 10, math.NaN(), 0.05},
		{10, 10, 0.05, 0.05}, {10, 0, 0.05, 0.05},
	} {
		assert.Panics(t, func() { SPRT(p, c.elo0, c.elo1, c.alpha, c.beta) }, "%+v", c)
		assert.Panics(t, func() { SPRTWDL(WDL{3, 4, 5}, c.elo0, c.elo1, c.alpha, c.beta) }, "%+v", c)
	}
	assert.NotPanics(t, func() { SPRT(p, -10, 10, 0.001, 0.999) })
}

func TestDecisionNames(t *testing.T) {
	assert.Equal(t, "continue", Continue.String())
	assert.Equal(t, "accept H0", AcceptH0.String())
	assert.Equal(t, "accept H1", AcceptH1.String())
	assert.Equal(t, "invalid", Decision(3).String())
	assert.Equal(t, "invalid", Decision(-1).String())
}

func TestSPRTMirror(t *testing.T) {
	// Seen from the other side the pair outcomes reverse and the scores map
	// s → 1 − s, ScoreFromElo(−e) = 1 − ScoreFromElo(e): the test of
	// elo0 < elo1 on p is minus the test of −elo1 < −elo0 on reversed p.
	for _, p := range []Pentanomial{{10, 30, 100, 40, 20}, {0, 3, 5, 1, 0}, {0, 0, 1, 2, 0}, {4, 0, 0, 0, 1}, {0, 0, 0, 0, 6}, {2, 1, 0, 0, 0}} {
		rev := Pentanomial{p[4], p[3], p[2], p[1], p[0]}
		a := SPRT(p, -5, 15, 0.05, 0.05)
		b := SPRT(rev, -15, 5, 0.05, 0.05)
		assert.InDelta(t, a.LLR, -b.LLR, 1e-9, "%v", p)
		iv, ivr := p.ScoreInterval(0.95), rev.ScoreInterval(0.95)
		assert.InDelta(t, iv.Lo, 1-ivr.Hi, 1e-9, "%v", p)
		assert.InDelta(t, iv.Hi, 1-ivr.Lo, 1e-9, "%v", p)
	}
	for _, w := range []WDL{{520, 300, 480}, {3, 10, 0}, {0, 2, 5}, {1, 0, 0}, {0, 7, 0}} {
		a := SPRTWDL(w, 0, 20, 0.05, 0.05)
		b := SPRTWDL(w.Swap(), -20, 0, 0.05, 0.05)
		assert.InDelta(t, a.LLR, -b.LLR, 1e-9, "%v", w)
		iv, ivs := w.ScoreInterval(0.95), w.Swap().ScoreInterval(0.95)
		assert.InDelta(t, iv.Lo, 1-ivs.Hi, 1e-9, "%v", w)
		assert.InDelta(t, iv.Hi, 1-ivs.Lo, 1e-9, "%v", w)
	}
}

func TestAddPairEveryOutcome(t *testing.T) {
	// The nine results of a pair by the player's two scores, into the class of
	// the pair's points: 0+0 → 0, 0+½ and ½+0 → ½, 0+1, ½+½ and 1+0 → 1,
	// ½+1 and 1+½ → 1½, 1+1 → 2. (Only the sum is checked: 0.3 + 0.2 is a
	// valid ½.)
	var p Pentanomial
	for _, a := range []float64{0, 0.5, 1} {
		for _, b := range []float64{0, 0.5, 1} {
			p.AddPair(a, b)
		}
	}
	assert.Equal(t, Pentanomial{1, 2, 3, 2, 1}, p)
	assert.Equal(t, 9, p.Pairs())
	assert.Equal(t, 18, p.Games())
	assert.InDelta(t, 0.5, p.Score(), 1e-15)
	for _, bad := range [][2]float64{{-0.5, 0}, {0, -1}, {1, 1.5}, {1.5, 1}, {0.25, 0}, {0.3, 0.1}} {
		assert.Panics(t, func() { p.AddPair(bad[0], bad[1]) }, "%v", bad)
	}
}

func TestConfidenceLevelChecked(t *testing.T) {
	// Levels 0 and 1 (and outside) are refused by every interval.
	w, p := WDL{3, 4, 5}, Pentanomial{1, 2, 3, 2, 1}
	for _, conf := range []float64{0, 1, -0.5, 1.5} {
		assert.Panics(t, func() { w.ScoreInterval(conf) }, "%v", conf)
		assert.Panics(t, func() { p.ScoreInterval(conf) }, "%v", conf)
		assert.Panics(t, func() { ClopperPearson(1, 3, conf) }, "%v", conf)
		assert.Panics(t, func() { ClusteredScoreInterval([]Cluster{{2, 1}}, conf) }, "%v", conf)
	}
	assert.NotPanics(t, func() { w.ScoreInterval(1e-9) })
}
