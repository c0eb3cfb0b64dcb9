package stats

import (
	"math"
	"math/rand/v2"
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

// chi2 is the 95% quantile of χ²₁, 1.959963984540054².
const chi2 = 1.959963984540054 * 1.959963984540054

// refLRInterval inverts 2(ℓ(p̂) − ℓ(μ)) <= χ² by bisection on each side of
// the observed mean m, with ℓ(μ) the constrained log-likelihood given by
// logLik (one of the references in sprt_test.go).
func refLRInterval(logLik func(mu float64) float64, top, m float64) Interval {
	inside := func(mu float64) bool { return 2*(top-logLik(mu)) <= chi2 }
	bound := func(in, out float64) float64 {
		for range 100 {
			mid := (in + out) / 2
			if inside(mid) {
				in = mid
			} else {
				out = mid
			}
		}
		return in
	}
	return Interval{bound(m, 1e-12), bound(m, 1-1e-12)}
}

func TestScoreIntervalLikelihoodRatio(t *testing.T) {
	// Against ternary search over the draw rate (trinomialLogLik), a
	// computation that shares nothing with the Lagrange-multiplier code.
	for _, w := range []WDL{{30, 40, 30}, {52, 30, 18}, {2, 9, 0}, {0, 1, 4}} {
		top := trinomialLogLik(w, w.Score())
		want := refLRInterval(func(mu float64) float64 { return trinomialLogLik(w, mu) }, top, w.Score())
		got := w.ScoreInterval(0.95)
		assert.InDelta(t, want.Lo, got.Lo, 1e-7, "%v", w)
		assert.InDelta(t, want.Hi, got.Hi, 1e-7, "%v", w)
	}
	// Large samples: close to the normal interval s ± z·σ/√N (WDL 30/40/30:
	// s = ½, σ² = 0.15, half-width 1.959964·√(0.15/100) = 0.0759091).
	iv := WDL{300, 400, 300}.ScoreInterval(0.95)
	assert.InDelta(t, 0.5-0.0759091/math.Sqrt(10), iv.Lo, 2e-4)
	assert.InDelta(t, 0.5+0.0759091/math.Sqrt(10), iv.Hi, 2e-4)
	// Symmetric data, symmetric interval; Elo maps the bounds.
	w := WDL{30, 40, 30}
	iv = w.ScoreInterval(0.95)
	assert.InDelta(t, 1-iv.Hi, iv.Lo, 1e-9)
	e := w.Elo(0.95)
	assert.InDelta(t, 0, e.Value, 1e-12)
	assert.InDelta(t, EloFromScore(iv.Hi), e.Hi, 1e-9)
	assert.InDelta(t, -e.Hi, e.Lo, 1e-6)
	// A wider confidence level gives a wider interval.
	iv99 := w.ScoreInterval(0.99)
	assert.Less(t, iv99.Lo, iv.Lo)
	assert.Greater(t, iv99.Hi, iv.Hi)
	assert.Panics(t, func() { w.ScoreInterval(1) })
}

func TestScoreExtremes(t *testing.T) {
	// All wins: the likelihood-ratio end exp(−χ²/(2N)) (0.980976 for 100 of 100)
	// would cover only ~85%, so the exact one-sided end is used: P(all N at 1) <= μ^N
	// gives μ >= 0.025^(1/N) = 0.963783 for 100 of 100 (Clopper–Pearson's end for
	// N of N), Elo >= 400·log10(μ/(1−μ)) = +570.03.
	all := WDL{Wins: 100}
	lo := math.Pow(0.025, 1.0/100)
	iv := all.ScoreInterval(0.95)
	assert.InDelta(t, lo, iv.Lo, 1e-12)
	assert.InDelta(t, ClopperPearson(100, 100, 0.95).Lo, iv.Lo, 1e-9)
	assert.Less(t, iv.Lo, math.Exp(-chi2/200), "the exact end is wider than the likelihood-ratio end")
	assert.Equal(t, 1.0, iv.Hi)
	e := all.Elo(0.95)
	assert.True(t, math.IsInf(e.Value, 1))
	assert.InDelta(t, 570.028245050794, e.Lo, 1e-6)
	assert.True(t, math.IsInf(e.Hi, 1))

	// All losses, mirrored: finite upper Elo bound, −Inf lower.
	e = WDL{Losses: 100}.Elo(0.95)
	assert.True(t, math.IsInf(e.Value, -1))
	assert.True(t, math.IsInf(e.Lo, -1))
	assert.InDelta(t, -570.028245050794, e.Hi, 1e-6)

	// All draws (no decisive game): mass 2μ−1 moves to wins, so
	// 2N·ln(1/(2(1−μ))) <= χ² gives [e/2, 1 − e/2] with e = exp(−χ²/(2N)):
	// 20 draws give [0.454215, 0.545785].
	iv = WDL{Draws: 20}.ScoreInterval(0.95)
	ed := math.Exp(-chi2 / 40)
	assert.InDelta(t, ed/2, iv.Lo, 1e-12)
	assert.InDelta(t, 1-ed/2, iv.Hi, 1e-12)
	assert.InDelta(t, 0.454215, iv.Lo, 1e-6)

	// One game: a win gives the exact end [0.025, 1], a loss [0, 0.975]; a draw
	// (not at an end) the likelihood-ratio [e/2, 1 − e/2] with e = exp(−χ²/2) = 0.1465.
	e1 := math.Exp(-chi2 / 2)
	assert.InDelta(t, 0.1465000644860842, e1, 1e-12)
	iv = WDL{Wins: 1}.ScoreInterval(0.95)
	assert.InDelta(t, 0.025, iv.Lo, 1e-12)
	assert.Equal(t, 1.0, iv.Hi)
	iv = WDL{Draws: 1}.ScoreInterval(0.95)
	assert.InDelta(t, e1/2, iv.Lo, 1e-12)
	assert.InDelta(t, 1-e1/2, iv.Hi, 1e-12)
	iv = WDL{Losses: 1}.ScoreInterval(0.95)
	assert.Equal(t, 0.0, iv.Lo)
	assert.InDelta(t, 0.975, iv.Hi, 1e-12)

	// No draws: the binomial likelihood-ratio interval,
	// 2[W ln(p̂/μ) + L ln((1−p̂)/(1−μ))] <= χ².
	near := WDL{Wins: 9, Losses: 1}
	bin := func(mu float64) float64 { return 9*math.Log(mu) + math.Log(1-mu) }
	want := refLRInterval(bin, bin(0.9), 0.9)
	iv = near.ScoreInterval(0.95)
	assert.InDelta(t, want.Lo, iv.Lo, 1e-9)
	assert.InDelta(t, want.Hi, iv.Hi, 1e-9)
	assert.Less(t, iv.Hi, 1.0)
	assert.False(t, math.IsInf(near.Elo(0.95).Hi, 0))

	empty := WDL{}
	assert.Equal(t, Interval{0, 1}, empty.ScoreInterval(0.95))
	e = empty.Elo(0.95)
	assert.True(t, math.IsNaN(e.Value))
	assert.True(t, math.IsInf(e.Lo, -1) && math.IsInf(e.Hi, 1))

	// Never a point, always around the score: every result of up to four
	// games.
	for n := 1; n <= 4; n++ {
		for wins := 0; wins <= n; wins++ {
			for draws := 0; wins+draws <= n; draws++ {
				w := WDL{wins, draws, n - wins - draws}
				iv := w.ScoreInterval(0.95)
				assert.Greater(t, iv.Hi-iv.Lo, 0.1, "%v", w)
				assert.True(t, iv.Contains(w.Score()), "%v", w)
			}
		}
	}
}

func TestLOS(t *testing.T) {
	// By hand: (60−40)/√100 = 2, Φ(2) = 0.977249868051821 (mpmath ncdf).
	assert.InDelta(t, 0.977249868051821, WDL{60, 500, 40}.LOS(), 1e-12)
	assert.InDelta(t, 1-0.977249868051821, WDL{40, 0, 60}.LOS(), 1e-12)
	assert.Equal(t, 0.5, WDL{Draws: 7}.LOS())
	assert.Equal(t, 0.5, WDL{5, 1, 5}.LOS())
}

func TestPentanomial(t *testing.T) {
	p := Pentanomial{10, 30, 100, 40, 20}
	require.Equal(t, 200, p.Pairs())
	assert.Equal(t, 400, p.Games())
	assert.InDelta(t, 0.5375, p.Score(), 1e-15) // 107.5/200
	// Against bisection on the multiplier (refLogLik).
	ll := func(mu float64) float64 { return refLogLik(p[:], pairScores, mu) }
	want := refLRInterval(ll, ll(p.Score()), p.Score())
	iv := p.ScoreInterval(0.95)
	assert.InDelta(t, want.Lo, iv.Lo, 1e-9)
	assert.InDelta(t, want.Hi, iv.Hi, 1e-9)
	// Close to the normal interval: variance 0.05796875 per pair, 95%
	// half-width 1.959964·√(0.05796875/200) = 0.0333680.
	assert.InDelta(t, 0.5375-0.0333680, iv.Lo, 5e-4)
	assert.InDelta(t, 0.5375+0.0333680, iv.Hi, 5e-4)
	e := p.Elo(0.95)
	assert.InDelta(t, 26.1066926050366, e.Value, 1e-9) // 400·log10(0.5375/0.4625)
	assert.InDelta(t, EloFromScore(iv.Lo), e.Lo, 1e-9)
	assert.InDelta(t, EloFromScore(iv.Hi), e.Hi, 1e-9)

	// Edge cases with closed forms (see TestScoreExtremes): all pairs won,
	// all drawn (no decisive game), one pair.
	iv = Pentanomial{4: 100}.ScoreInterval(0.95)
	assert.InDelta(t, math.Pow(0.025, 1.0/100), iv.Lo, 1e-12) // the exact end for N of N pairs
	assert.Equal(t, 1.0, iv.Hi)
	iv = Pentanomial{2: 20}.ScoreInterval(0.95)
	assert.InDelta(t, math.Exp(-chi2/40)/2, iv.Lo, 1e-12)
	assert.InDelta(t, 1-math.Exp(-chi2/40)/2, iv.Hi, 1e-12)
	// One pair scoring 1½ (per game ¾): mass moves to 0 below, to 1 above:
	// [¾·e, 1 − e/4] with e = exp(−χ²/2).
	e1 := math.Exp(-chi2 / 2)
	iv = Pentanomial{3: 1}.ScoreInterval(0.95)
	assert.InDelta(t, 0.75*e1, iv.Lo, 1e-12)
	assert.InDelta(t, 1-e1/4, iv.Hi, 1e-12)
	for a := range 5 {
		for b := a; b < 5; b++ {
			var q Pentanomial
			q[a]++
			q[b]++
			iv := q.ScoreInterval(0.95)
			assert.Greater(t, iv.Hi-iv.Lo, 0.1, "%v", q)
			assert.True(t, iv.Contains(q.Score()), "%v", q)
		}
	}
	assert.Equal(t, Interval{0, 1}, Pentanomial{}.ScoreInterval(0.95))

	var q Pentanomial
	q.AddPair(1, 1)
	q.AddPair(0.5, 0)
	q.AddPair(1, 0)
	q.AddPair(0, 0.5)
	assert.Equal(t, Pentanomial{0, 2, 1, 0, 1}, q)
	assert.Panics(t, func() { q.AddPair(1, 0.3) })
	assert.True(t, math.IsNaN(Pentanomial{}.Score()))
}

func TestScoreIntervalCoverage(t *testing.T) {
	// Simulated coverage of the 95% interval on 30 games, balanced,
	// lopsided and draw-heavy. The likelihood-ratio interval is not exact
	// on small discrete samples: with few decisive games it undercovers a
	// little (0.90–0.95 here, see docs/STATISTICS.md), but it must stay near
	// nominal, where the collapsed normal interval fell to 0.76 on 10 games.
	rng := rand.New(rand.NewPCG(12, 34))
	for _, p := range [][3]float64{{0.35, 0.3, 0.35}, {0.8, 0.15, 0.05}, {0.1, 0.85, 0.05}} {
		mu := p[0] + p[1]/2
		const samples, games = 1000, 30
		covered := 0
		for range samples {
			var w WDL
			for range games {
				switch u := rng.Float64(); {
				case u < p[0]:
					w.Wins++
				case u < p[0]+p[1]:
					w.Draws++
				default:
					w.Losses++
				}
			}
			if w.ScoreInterval(0.95).Contains(mu) {
				covered++
			}
		}
		c := float64(covered) / samples
		t.Logf("p = %v: coverage %.3f", p, c)
		assert.GreaterOrEqual(t, c, 0.88, "%v", p)
		assert.LessOrEqual(t, c, 0.99, "%v", p)
	}
}

func TestScoreIntervalProperties(t *testing.T) {
	// Random counts from one game to billions: the interval holds the score,
	// has positive width, stays in [0, 1] and widens with conf; the SPRT's
	// LLR is finite.
	rng := rand.New(rand.NewPCG(77, 1))
	for range 300 {
		scale := []int{1, 3, 10, 1000, 1_000_000, 1_000_000_000}[rng.IntN(6)]
		w := WDL{rng.IntN(scale + 1), rng.IntN(scale + 1), rng.IntN(scale + 1)}
		p := Pentanomial{rng.IntN(scale + 1), rng.IntN(scale + 1), rng.IntN(scale + 1), rng.IntN(scale + 1), rng.IntN(scale + 1)}
		if w.Games() == 0 || p.Pairs() == 0 {
			continue
		}
		for _, c := range []struct {
			s      float64
			iv, wd Interval
			what   any
		}{
			{w.Score(), w.ScoreInterval(0.95), w.ScoreInterval(0.999), w},
			{p.Score(), p.ScoreInterval(0.95), p.ScoreInterval(0.999), p},
		} {
			require.True(t, c.iv.Contains(c.s), "%v %v", c.what, c.iv)
			assert.Greater(t, c.iv.Hi, c.iv.Lo, "%v", c.what)
			assert.True(t, c.iv.Lo >= 0 && c.iv.Hi <= 1, "%v", c.what)
			assert.True(t, c.wd.Lo <= c.iv.Lo && c.wd.Hi >= c.iv.Hi, "%v", c.what)
		}
		r := SPRT(p, -3, 7, 0.05, 0.05)
		assert.False(t, math.IsNaN(r.LLR) || math.IsInf(r.LLR, 0), "%v", p)
		r = SPRTWDL(w, -3, 7, 0.05, 0.05)
		assert.False(t, math.IsNaN(r.LLR) || math.IsInf(r.LLR, 0), "%v", w)
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
