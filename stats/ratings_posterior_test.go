package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// plainLogPosterior writes FitRatings' model out from its doc comment, sharing
// no code with btModel: f(x) = 1/(1+10^(−x/400)), x = r_White − r_Black + a,
// P(White wins) = f(x−D), P(Black wins) = f(−x−D), a draw the rest; plus, for
// every rated player, one virtual game with each colour against a 0-rated
// opponent scored ¼ win, ½ draw, ¼ loss. Self-play games have x = a.
func plainLogPosterior(games []Game, r []float64, a, d float64) float64 {
	f := func(x float64) float64 { return 1 / (1 + math.Pow(10, -x/400)) }
	logP := func(x, score float64) float64 {
		win, loss := f(x-d), f(-x-d)
		switch score {
		case 1:
			return math.Log(win)
		case 0:
			return math.Log(loss)
		}
		return math.Log(1 - win - loss)
	}
	var l float64
	for _, g := range games {
		x := a
		if g.White != g.Black {
			x += r[g.White] - r[g.Black]
		}
		l += logP(x, g.Score)
	}
	for _, ri := range r {
		// The player with White, then with Black; the weights are symmetric,
		// so whose win is whose does not matter.
		for _, x := range []float64{ri + a, -ri + a} {
			l += 0.25*logP(x, 1) + 0.5*logP(x, 0.5) + 0.25*logP(x, 0)
		}
	}
	return l
}

func TestFitRatingsIsThePosteriorMode(t *testing.T) {
	// Hand-made games among three players (no simulation): 0 strong, 2 weak,
	// some draws, a White edge, and two self-play games.
	var games []Game
	add := func(w, b int, score float64, times int) {
		for range times {
			games = append(games, Game{White: w, Black: b, Score: score})
		}
	}
	add(0, 1, 1, 5)
	add(0, 1, 0.5, 3)
	add(0, 1, 0, 1)
	add(1, 0, 1, 2)
	add(1, 0, 0.5, 4)
	add(1, 0, 0, 4)
	add(1, 2, 1, 6)
	add(1, 2, 0.5, 2)
	add(2, 1, 1, 3)
	add(2, 1, 0, 4)
	add(2, 1, 0.5, 1)
	add(0, 2, 1, 4)
	add(2, 0, 0, 3)
	add(2, 0, 0.5, 1)
	add(2, 2, 1, 1)
	add(2, 2, 0.5, 1)
	fit, err := FitRatings(3, games, 0.95)
	require.NoError(t, err)

	// FitRatings reports the ratings centred; the prior's 0-rated opponent
	// fixes the raw level, found here by golden-section search on the plain
	// posterior along the shift.
	shifted := func(c float64) []float64 {
		return []float64{fit.Elo[0].Value + c, fit.Elo[1].Value + c, fit.Elo[2].Value + c}
	}
	lo, hi := -400.0, 400.0
	for range 200 {
		m1, m2 := lo+(hi-lo)*0.382, hi-(hi-lo)*0.382
		if plainLogPosterior(games, shifted(m1), fit.FirstMove.Value, fit.DrawElo) < plainLogPosterior(games, shifted(m2), fit.FirstMove.Value, fit.DrawElo) {
			lo = m1
		} else {
			hi = m2
		}
	}
	raw := shifted((lo + hi) / 2)
	theta := []float64{raw[0], raw[1], raw[2], fit.FirstMove.Value, math.Log(fit.DrawElo)}
	negPost := func(th []float64) float64 {
		return -plainLogPosterior(games, th[:3], th[3], math.Exp(th[4]))
	}

	// The mode: every partial derivative of the plain posterior is 0 there.
	// (Per Elo for the ratings and the advantage, per unit of ln DrawElo
	// for the last.)
	grad := fd.Gradient(nil, negPost, theta, &fd.Settings{Formula: fd.Central, Step: 1e-4})
	for i, g := range grad {
		t.Logf("d/dθ%d = %.3g", i, g)
		assert.InDelta(t, 0, g, 1e-6, "d/dθ%d at the fit %v", i, theta)
	}
	// And a maximum, not a saddle: a step of 1 Elo (1% of DrawElo) off it
	// in any coordinate lowers the posterior.
	for i, step := range []float64{1, 1, 1, 1, 0.01} {
		for _, s := range []float64{-step, step} {
			off := append([]float64(nil), theta...)
			off[i] += s
			assert.Greater(t, negPost(off), negPost(theta), "θ%d %+g", i, s)
		}
	}
	// Ordering by hand: 0 scored 12.5 of 19 against 1 and 6.5 of 8 against 2;
	// 1 scored 11 of 20 against 2.
	assert.Greater(t, fit.Elo[0].Value, fit.Elo[1].Value)
	assert.Greater(t, fit.Elo[1].Value, fit.Elo[2].Value)
	assert.InDelta(t, 0, fit.Elo[0].Value+fit.Elo[1].Value+fit.Elo[2].Value, 1e-9)

	// The intervals: z·√(cᵀΣc) with Σ the inverse of the plain posterior's
	// Hessian (by finite differences here) and c picking r_i − mean(r).
	h := mat.NewSymDense(5, nil)
	fd.Hessian(h, negPost, theta, &fd.Settings{Formula: fd.Central, Step: 1e-2})
	var chol mat.Cholesky
	require.True(t, chol.Factorize(h))
	var cov mat.SymDense
	require.NoError(t, chol.InverseTo(&cov))
	for i := range 3 {
		c := mat.NewVecDense(5, []float64{-1.0 / 3, -1.0 / 3, -1.0 / 3, 0, 0})
		c.SetVec(i, 2.0/3)
		half := z95 * math.Sqrt(mat.Inner(c, &cov, c))
		assert.InDelta(t, half, fit.Elo[i].Hi-fit.Elo[i].Value, 1e-3*half, "player %d", i)
		assert.InDelta(t, half, fit.Elo[i].Value-fit.Elo[i].Lo, 1e-3*half, "player %d", i)
	}
	half := z95 * math.Sqrt(cov.At(3, 3))
	assert.InDelta(t, half, fit.FirstMove.Hi-fit.FirstMove.Value, 1e-3*half)
	assert.InDelta(t, half, fit.FirstMove.Value-fit.FirstMove.Lo, 1e-3*half)
}

func TestFitRatingsSymmetricDataByHand(t *testing.T) {
	// Two players, each colour assignment played equally with mirrored
	// results: swapping colours maps the data onto itself with a → −a, so
	// the unique mode has a = 0, and r₀ = −r₁ (mean 0). Player 0 scores
	// 7 of 10 with each colour.
	var games []Game
	for range 6 {
		games = append(games, Game{0, 1, 1}, Game{1, 0, 0})
	}
	for range 2 {
		games = append(games, Game{0, 1, 0.5}, Game{1, 0, 0.5})
	}
	for range 2 {
		games = append(games, Game{0, 1, 0}, Game{1, 0, 1})
	}
	fit, err := FitRatings(2, games, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, 0, fit.FirstMove.Value, 1e-6)
	assert.InDelta(t, -fit.Elo[1].Value, fit.Elo[0].Value, 1e-9)
	assert.Greater(t, fit.Elo[0].Value, 0.0)
	// The intervals are symmetric about the values, and the two players'
	// have the same width (r₀ − mean = −(r₁ − mean)).
	assert.InDelta(t, fit.Elo[0].Hi-fit.Elo[0].Value, fit.Elo[0].Value-fit.Elo[0].Lo, 1e-9)
	assert.InDelta(t, fit.Elo[0].Hi-fit.Elo[0].Lo, fit.Elo[1].Hi-fit.Elo[1].Lo, 1e-6)

	// The same data with the colours of every game swapped (and White's score
	// mirrored) gives the same ratings: the model has no colour bias built in.
	swapped := make([]Game, len(games))
	for i, g := range games {
		swapped[i] = Game{White: g.Black, Black: g.White, Score: 1 - g.Score}
	}
	back, err := FitRatings(2, swapped, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, fit.Elo[0].Value, back.Elo[0].Value, 1e-6)
	assert.InDelta(t, fit.DrawElo, back.DrawElo, 1e-6)
	assert.InDelta(t, 0, back.FirstMove.Value, 1e-6)

	// Relabelling the players relabels the ratings.
	relabel := make([]Game, len(games))
	for i, g := range games {
		relabel[i] = Game{White: 1 - g.White, Black: 1 - g.Black, Score: g.Score}
	}
	other, err := FitRatings(2, relabel, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, fit.Elo[0].Value, other.Elo[1].Value, 1e-6)
	assert.InDelta(t, fit.Elo[1].Lo, other.Elo[0].Lo, 1e-6)
}
