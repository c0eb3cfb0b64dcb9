package stats

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// eigenExitUpper is an independent reference for corridor.exitBy: the
// probability of leaving (lo, hi) at hi by time t from the eigenfunction
// (Fourier sine) expansion of the killed density with drift m,
//
//	P(t) = P(∞) + (1/L)·e^{m·hi}·Σₙ (nπ/L)(−1)ⁿ sin(nπ(−lo)/L)·e^{−κₙt}/κₙ,
//
// κₙ = n²π²/(2L²) + m²/2, with P(∞) = (1 − e^{2m·lo})/(1 − e^{−2mL}) the
// gambler's-ruin probability (−lo/L without drift). It converges fast for
// t that is not small against L².
func eigenExitUpper(lo, hi, m, t float64) float64 {
	L := hi - lo
	pInf := -lo / L
	if m != 0 {
		pInf = (1 - math.Exp(2*m*lo)) / (1 - math.Exp(-2*m*L))
	}
	var s float64
	for n := 1; n <= 20000; n++ {
		fn := float64(n)
		k := fn*fn*math.Pi*math.Pi/(2*L*L) + m*m/2
		term := fn * math.Pi / L * math.Sin(fn*math.Pi*(-lo)/L) * math.Exp(-k*t) / k
		if n%2 == 1 {
			term = -term
		}
		s += term
		if k*t > 50 {
			break
		}
	}
	return pInf + math.Exp(m*hi)/L*s
}

func TestCorridorExitMatchesEigenExpansion(t *testing.T) {
	for _, c := range []struct{ lo, hi, m, t float64 }{
		{-2.94, 2.94, 0, 1}, {-2.94, 2.94, 0, 10}, {-2.94, 2.94, 0, 40},
		{-2.94, 2.94, 0.3, 3}, {-2.94, 2.94, -0.3, 3}, {-1, 3, 1.5, 2},
		{-3.5, 3.5, 2.2, 0.8}, {-1.2, 0.7, -0.05, 5}, {-10, 12, 0.02, 200},
	} {
		cor := corridor{c.lo, c.hi, c.m}
		lower, upper := cor.exitBy(c.t)
		assert.InDelta(t, eigenExitUpper(c.lo, c.hi, c.m, c.t), upper, 1e-9, "%+v upper", c)
		// The lower end is the mirror image.
		assert.InDelta(t, eigenExitUpper(-c.hi, -c.lo, -c.m, c.t), lower, 1e-9, "%+v lower", c)
	}
}

func TestCorridorExitLimits(t *testing.T) {
	// Long after the start the motion has left: Wald's exit probabilities.
	cor := corridor{-2, 3, 0.4}
	lower, upper := cor.exitBy(1e4)
	want := (1 - math.Exp(-2*0.4*2)) / (1 - math.Exp(-2*0.4*5))
	assert.InDelta(t, want, upper, 1e-12)
	assert.InDelta(t, 1-want, lower, 1e-12)
	// Without drift, symmetric ends are equally likely at every time.
	for _, tt := range []float64{0.5, 3, 9} {
		lower, upper = corridor{-2, 2, 0}.exitBy(tt)
		assert.InDelta(t, lower, upper, 1e-14)
	}
	// Soon after the start only the near end matters: the one-sided first
	// passage of a motion with drift, Φ((mt−h)/√t) + e^{2mh}·Φ((−mt−h)/√t).
	h, m, tt := 1.0, 2.0, 0.05
	_, upper = corridor{-30, h, m}.exitBy(tt)
	N := distuv.UnitNormal
	assert.InDelta(t, N.CDF((m*tt-h)/math.Sqrt(tt))+math.Exp(2*m*h)*N.CDF((-m*tt-h)/math.Sqrt(tt)), upper, 1e-14)
	// Strong drifts and long corridors: no overflow, probabilities in [0, 1].
	lower, upper = corridor{-400, 300, 30}.exitBy(2)
	assert.InDelta(t, 0, lower, 1e-300)
	assert.InDelta(t, 0, upper, 1e-12)
	lower, upper = corridor{-400, 300, 30}.exitBy(20)
	assert.InDelta(t, 1, upper, 1e-12)
	assert.Zero(t, lower)
	lower, upper = corridor{-4, 3, 0}.exitBy(0)
	assert.Zero(t, lower+upper)
}

func TestLogPhiTail(t *testing.T) {
	// Against the direct value where Φ is still representable, on both sides
	// of the switch to the asymptotic series.
	for _, z := range []float64{-5, -20, -29.9, -30.1, -35} {
		assert.InDelta(t, math.Log(0.5*math.Erfc(-z/math.Sqrt2)), logPhi(z), 1e-9*math.Abs(logPhi(z)), "z=%v", z)
	}
	assert.InDelta(t, -1e6/2-math.Log(1e3)-0.5*math.Log(2*math.Pi)-1e-6, logPhi(-1e3), 1e-9)
}

// stopStats are the figures of simulated SPRTs stopped at their first
// decision: the medians of the naive (fixed-sample) and the corrected Elo,
// and how often each 95% score interval held the true score.
type stopStats struct {
	runs                             int
	meanTrials, shareH1              float64
	naiveMedian, correctedMedian     float64
	naiveCoverage, correctedCoverage float64
}

// sprtModel is what a simulated test counts: the outcomes' scores and, from
// the counts over them, the test's decision, its naive score and interval,
// and its corrected estimate.
type sprtModel struct {
	xs      []float64
	decide  func(counts []int) Decision
	naive   func(counts []int) (float64, Interval)
	stopped func(counts []int) (StoppedEstimate, bool)
}

func sprtModels(elo0, elo1 float64) (pentanomial, trinomial sprtModel) {
	const alpha, beta, conf = 0.05, 0.05, 0.95
	pent := func(c []int) Pentanomial { return Pentanomial(c) }
	wdl := func(c []int) WDL { return WDL{Losses: c[0], Draws: c[1], Wins: c[2]} }
	pentanomial = sprtModel{pairScores,
		func(c []int) Decision { return SPRT(pent(c), elo0, elo1, alpha, beta).Decision },
		func(c []int) (float64, Interval) { return pent(c).Score(), pent(c).ScoreInterval(conf) },
		func(c []int) (StoppedEstimate, bool) { return SPRTStopped(pent(c), elo0, elo1, alpha, beta, conf) }}
	trinomial = sprtModel{gameScores,
		func(c []int) Decision { return SPRTWDL(wdl(c), elo0, elo1, alpha, beta).Decision },
		func(c []int) (float64, Interval) { return wdl(c).Score(), wdl(c).ScoreInterval(conf) },
		func(c []int) (StoppedEstimate, bool) { return SPRTWDLStopped(wdl(c), elo0, elo1, alpha, beta, conf) }}
	return
}

// simulateStops runs the model's SPRT on outcomes drawn from p, checking
// after every trial, until it decides, `runs` times.
func simulateStops(rng *rand.Rand, m sprtModel, p []float64, runs int) stopStats {
	var trueScore float64
	for i, q := range p {
		trueScore += q * m.xs[i]
	}
	var naive, corrected []float64
	var naiveIn, correctedIn, trials, h1 int
	for range runs {
		counts := make([]int, len(p))
		var d Decision
		for d == Continue {
			u, i := rng.Float64(), 0
			for ; i < len(p)-1 && u >= p[i]; i++ {
				u -= p[i]
			}
			counts[i]++
			trials++
			d = m.decide(counts)
		}
		if d == AcceptH1 {
			h1++
		}
		e, ok := m.stopped(counts)
		if !ok {
			panic("a decided test without a corrected estimate")
		}
		s, iv := m.naive(counts)
		naive = append(naive, EloFromScore(s))
		corrected = append(corrected, e.Elo.Value)
		if iv.Contains(trueScore) {
			naiveIn++
		}
		if e.Score.Contains(trueScore) {
			correctedIn++
		}
	}
	median := func(v []float64) float64 {
		sort.Float64s(v)
		return (v[(len(v)-1)/2] + v[len(v)/2]) / 2
	}
	n := float64(runs)
	return stopStats{runs: runs, meanTrials: float64(trials) / n, shareH1: float64(h1) / n,
		naiveMedian: median(naive), correctedMedian: median(corrected),
		naiveCoverage: float64(naiveIn) / n, correctedCoverage: float64(correctedIn) / n}
}

// TestSPRTStoppedEstimateSimulated plays SPRT(0, 50) to its first decision
// many times at known true Elo and checks that the corrected estimate's
// median lands on the true Elo and its 95% interval covers it about 95% of
// the time, while the naive fixed-sample estimate of the same stopped
// counts is visibly biased (the check would fail for it).
func TestSPRTStoppedEstimateSimulated(t *testing.T) {
	runs := 1000
	if testing.Short() {
		runs = 300
	}
	const elo0, elo1 = 0.0, 50.0
	pentanomial, trinomial := sprtModels(elo0, elo1)
	wdlShape := []float64{0.3, 0.4, 0.3}               // draw ratio 0.4 at 0 Elo
	pairShape := []float64{0.04, 0.2, 0.52, 0.2, 0.04} // many drawn pairs
	rng := rand.New(rand.NewPCG(26, 2026))
	for _, c := range []struct {
		name       string
		model      sprtModel
		shape      []float64
		elo        float64
		tolerance  float64 // on the corrected median, Elo
		naiveBias  bool    // the naive median is off by more than 5 Elo, its coverage below 0.92
		coverageHi float64
	}{
		{"trinomial", trinomial, wdlShape, 0, 5, true, 0.98},
		{"trinomial", trinomial, wdlShape, 25, 5, false, 0.98},
		{"trinomial", trinomial, wdlShape, 50, 5, true, 0.98},
		// At 200 Elo most tests stop as fast as they can (no game or pair
		// lost): the interval is then the hull of the model's and the
		// fixed-sample one, a little wider than needed.
		{"trinomial", trinomial, wdlShape, 200, 12, false, 0.99},
		{"pentanomial", pentanomial, pairShape, 0, 5, false, 0.98},
		{"pentanomial", pentanomial, pairShape, 50, 5, true, 0.98},
		{"pentanomial", pentanomial, pairShape, 200, 12, false, 0.99},
	} {
		p := tilted(c.shape, c.model.xs, ScoreFromElo(c.elo))
		st := simulateStops(rng, c.model, p, runs)
		t.Logf("%s, true Elo %v: %d runs, %.1f trials, H1 %.3f; naive median %.1f, coverage %.3f; corrected median %.1f, coverage %.3f",
			c.name, c.elo, st.runs, st.meanTrials, st.shareH1, st.naiveMedian, st.naiveCoverage, st.correctedMedian, st.correctedCoverage)
		assert.InDelta(t, c.elo, st.correctedMedian, c.tolerance, "%s at %v Elo: corrected median", c.name, c.elo)
		assert.GreaterOrEqual(t, st.correctedCoverage, 0.92, "%s at %v Elo: corrected coverage", c.name, c.elo)
		assert.LessOrEqual(t, st.correctedCoverage, c.coverageHi, "%s at %v Elo: corrected coverage", c.name, c.elo)
		if c.naiveBias {
			assert.Greater(t, math.Abs(st.naiveMedian-c.elo), 5.0, "%s at %v Elo: naive median", c.name, c.elo)
			assert.Less(t, st.naiveCoverage, 0.92, "%s at %v Elo: naive coverage", c.name, c.elo)
		}
	}
}

func TestSPRTStoppedByHand(t *testing.T) {
	// Not decided: no corrected estimate.
	_, ok := SPRTWDLStopped(WDL{Wins: 10, Draws: 10, Losses: 10}, 0, 50, 0.05, 0.05, 0.95)
	assert.False(t, ok)
	// A test stopped for H1 with a few losses: the correction pulls the
	// estimate toward the middle, below the naive score, inside its interval.
	w := WDL{Wins: 110, Draws: 60, Losses: 62}
	require.Equal(t, AcceptH1, SPRTWDL(w, 0, 50, 0.05, 0.05).Decision)
	e, ok := SPRTWDLStopped(w, 0, 50, 0.05, 0.05, 0.95)
	require.True(t, ok)
	assert.Less(t, e.Score.Value, w.Score())
	assert.True(t, e.Score.Lo < e.Score.Value && e.Score.Value < e.Score.Hi)
	assert.InDelta(t, EloFromScore(e.Score.Value), e.Elo.Value, 1e-9)
	// The mirror image (wins and losses exchanged, the hypotheses negated)
	// is the same test from the other side: the estimate mirrors too.
	m, ok := SPRTWDLStopped(w.Swap(), -50, 0, 0.05, 0.05, 0.95)
	require.True(t, ok)
	require.Equal(t, AcceptH0, SPRTWDL(w.Swap(), -50, 0, 0.05, 0.05).Decision)
	assert.InDelta(t, 1-e.Score.Value, m.Score.Value, 1e-9)
	assert.InDelta(t, 1-e.Score.Hi, m.Score.Lo, 1e-9)
	assert.InDelta(t, 1-e.Score.Lo, m.Score.Hi, 1e-9)
	// The fastest stop (23 pairs, none lost: LLR = 23·ln(s1/s0)): the
	// fixed-sample score, an interval holding the fixed-sample one.
	p := Pentanomial{0, 0, 1, 3, 19}
	require.InDelta(t, 23*math.Log(ScoreFromElo(50)/0.5), SPRT(p, 0, 50, 0.05, 0.05).LLR, 1e-9)
	e, ok = SPRTStopped(p, 0, 50, 0.05, 0.05, 0.95)
	require.True(t, ok)
	assert.Equal(t, p.Score(), e.Score.Value)
	iv := p.ScoreInterval(0.95)
	assert.LessOrEqual(t, e.Score.Lo, iv.Lo)
	assert.GreaterOrEqual(t, e.Score.Hi, iv.Hi)
}
