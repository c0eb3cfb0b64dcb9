package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScoreIntervalEndsAtBillionsOfGames(t *testing.T) {
	// With billions of games the likelihood ratio 2N·K(μ) − χ² is very steep
	// (the interval is ±5e-5 wide): a root finder that only creeps from the
	// inside, or a Newton step that stops early, ends short of the bound. The
	// reference is plain bisection on the trinomial log-likelihood by ternary
	// search over the draw rate (refLRInterval, trinomialLogLik), whose
	// rounding at |ℓ| ~ 1e9 moves the bound by about 1e-12.
	for _, w := range []WDL{{400_000_000, 350_000_000, 250_000_000}, {3_000_000_000, 10, 2}, {10, 2_000_000_000, 7}} {
		top := trinomialLogLik(w, w.Score())
		want := refLRInterval(func(mu float64) float64 { return trinomialLogLik(w, mu) }, top, w.Score())
		got := w.ScoreInterval(0.95)
		assert.InDelta(t, want.Lo, got.Lo, 1e-10, "%v", w)
		assert.InDelta(t, want.Hi, got.Hi, 1e-10, "%v", w)
	}
	// The pentanomial the same way, against bisection on the multiplier.
	for _, p := range []Pentanomial{{50_000_000, 200_000_000, 500_000_000, 200_000_000, 50_000_000}, {0, 1, 900_000_000, 3, 0}} {
		ll := func(mu float64) float64 { return refLogLik(p[:], pairScores, mu) }
		want := refLRInterval(ll, ll(p.Score()), p.Score())
		got := p.ScoreInterval(0.95)
		assert.InDelta(t, want.Lo, got.Lo, 1e-10, "%v", p)
		assert.InDelta(t, want.Hi, got.Hi, 1e-10, "%v", p)
	}
}
