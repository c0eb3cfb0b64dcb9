package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// exactGLR is an independent reference for the SPRT statistic: the exact
// generalized log-likelihood ratio Σ nᵢ·ln(p₁ᵢ/p₀ᵢ), where p_s maximizes the
// multinomial likelihood subject to Σ pᵢxᵢ = s. By Lagrange,
// pᵢ = p̂ᵢ/(1+θ(xᵢ−s)) with θ the root of Σ p̂ᵢ(xᵢ−s)/(1+θ(xᵢ−s)) = 0,
// found here by bisection.
func exactGLR(counts []int, xs []float64, elo0, elo1 float64) float64 {
	var n float64
	for _, c := range counts {
		n += float64(c)
	}
	fit := func(s float64) []float64 {
		lo, hi := -1/(1-s)+1e-12, 1/s-1e-12 // xs span [0, 1]
		h := func(th float64) float64 {
			var v float64
			for i, c := range counts {
				v += float64(c) / n * (xs[i] - s) / (1 + th*(xs[i]-s))
			}
			return v
		}
		for range 200 {
			m := (lo + hi) / 2
			if h(m) > 0 {
				lo = m
			} else {
				hi = m
			}
		}
		th := (lo + hi) / 2
		p := make([]float64, len(xs))
		for i, c := range counts {
			p[i] = float64(c) / n / (1 + th*(xs[i]-s))
		}
		return p
	}
	p0, p1 := fit(ScoreFromElo(elo0)), fit(ScoreFromElo(elo1))
	var llr float64
	for i, c := range counts {
		if c > 0 {
			llr += float64(c) * math.Log(p1[i]/p0[i])
		}
	}
	return llr
}

func TestSPRTAgainstExactGLR(t *testing.T) {
	// The fishtest formula is a second-order approximation of the exact GLR;
	// for hypotheses a few Elo apart they agree within a few per cent.
	p := Pentanomial{10, 30, 100, 40, 20}
	got := SPRT(p, 0, 10, 0.05, 0.05)
	want := exactGLR(p[:], pairScores, 0, 10) // 1.48356 (also in Python)
	assert.InEpsilon(t, want, got.LLR, 0.03)
	// Python evaluation of N(s1−s0)(2x̄−s0−s1)/(2σ²) for these counts.
	assert.InDelta(t, 1.5043411221106868, got.LLR, 1e-9)

	w := WDL{520, 300, 480}
	gw := SPRTWDL(w, 0, 5, 0.05, 0.05)
	assert.InEpsilon(t, exactGLR([]int{520, 300, 480}, []float64{1, 0.5, 0}, 0, 5), gw.LLR, 0.01)
	assert.InDelta(t, 0.5740150791349881, gw.LLR, 1e-9)

	// Negative evidence: score below both hypotheses.
	neg := Pentanomial{25, 60, 130, 50, 20} // score 0.482
	gn := SPRT(neg, 0, 5, 0.05, 0.05)
	assert.Less(t, gn.LLR, 0.0)
	assert.InEpsilon(t, exactGLR(neg[:], pairScores, 0, 5), gn.LLR, 0.03)
}

func TestSPRTBoundsAndDecision(t *testing.T) {
	r := SPRT(Pentanomial{}, 0, 5, 0.05, 0.05)
	// By hand: ln(0.05/0.95) = −2.944438979166440.
	assert.InDelta(t, -2.944438979166440, r.LowerBound, 1e-12)
	assert.InDelta(t, 2.944438979166440, r.UpperBound, 1e-12)
	assert.Equal(t, 0.0, r.LLR)
	assert.Equal(t, Continue, r.Decision)

	r = SPRT(Pentanomial{}, 0, 5, 0.05, 0.1)
	assert.InDelta(t, math.Log(0.1/0.95), r.LowerBound, 1e-15)
	assert.InDelta(t, math.Log(0.9/0.05), r.UpperBound, 1e-15)

	strong := Pentanomial{100, 400, 1000, 700, 300} // score ≈ 0.56
	assert.Equal(t, AcceptH1, SPRT(strong, 0, 5, 0.05, 0.05).Decision)
	weak := Pentanomial{300, 700, 1000, 400, 100}
	assert.Equal(t, AcceptH0, SPRT(weak, 0, 5, 0.05, 0.05).Decision)
	assert.Equal(t, AcceptH1, SPRTWDL(WDL{600, 200, 400}, 0, 5, 0.05, 0.05).Decision)
	assert.Equal(t, "accept H0", AcceptH0.String())

	// Zero variance is regularized (fishtest's 1e-3 per empty class): finite.
	allDraws := SPRTWDL(WDL{Draws: 5}, 0, 5, 0.05, 0.05)
	assert.False(t, math.IsNaN(allDraws.LLR) || math.IsInf(allDraws.LLR, 0))
	assert.Less(t, allDraws.LLR, 0.0) // score ½ is closer to H0 (0 Elo)
}
