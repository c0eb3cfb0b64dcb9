package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// simulate plays every ordered pair of players `rounds` times under the
// BayesElo draw model with the given ratings, advantage and DrawElo.
func simulate(rng *rand.Rand, elo []float64, adv, drawElo float64, rounds int) []Game {
	f := func(x float64) float64 { return 1 / (1 + math.Pow(10, -x/400)) }
	var games []Game
	for w := range elo {
		for b := range elo {
			if w == b {
				continue
			}
			x := elo[w] - elo[b] + adv
			pw, pl := f(x-drawElo), f(-x-drawElo)
			for range rounds {
				u := rng.Float64()
				s := 0.5
				switch {
				case u < pw:
					s = 1
				case u < pw+pl:
					s = 0
				}
				games = append(games, Game{White: w, Black: b, Score: s})
			}
		}
	}
	return games
}

func TestFitRatingsRecoversKnownRatings(t *testing.T) {
	// Synthetic data from known parameters with a fixed seed; the fit must
	// recover them within 3 standard errors (and the true values must be
	// close in absolute terms, < 40 Elo).
	truth := []float64{-300, -150, 0, 50, 150, 250} // mean 0
	const adv, drawElo = 40.0, 150.0
	rng := rand.New(rand.NewPCG(2024, 6))
	games := simulate(rng, truth, adv, drawElo, 150) // 4500 games
	r, err := FitRatings(len(truth), games, 0.95)
	require.NoError(t, err)
	require.Len(t, r.Elo, len(truth))
	var mean float64
	for i, e := range r.Elo {
		mean += e.Value
		se := (e.Hi - e.Lo) / (2 * 1.959963984540054)
		require.Greater(t, se, 0.0)
		assert.InDelta(t, truth[i], e.Value, 3*se, "player %d", i)
		assert.InDelta(t, truth[i], e.Value, 40, "player %d", i)
		assert.Less(t, se, 25.0)
	}
	assert.InDelta(t, 0, mean, 1e-9) // anchored at mean 0
	t.Logf("fit: %+v", r)
	se := (r.FirstMove.Hi - r.FirstMove.Lo) / (2 * 1.959963984540054)
	assert.InDelta(t, adv, r.FirstMove.Value, 3*se)
	assert.True(t, r.FirstMove.Contains(adv), "the 95%% interval %+v covers the true advantage %g", r.FirstMove, adv)
	assert.InDelta(t, drawElo, r.DrawElo, 20)
}

func TestFitRatingsDerivatives(t *testing.T) {
	// The analytic gradient and Hessian must match gonum's finite
	// differences of the objective.
	rng := rand.New(rand.NewPCG(5, 5))
	games := simulate(rng, []float64{-100, 20, 80}, 30, 100, 5)
	games = append(games, Game{1, 1, 1}, Game{1, 1, 0.5}, Game{2, 2, 0}) // self-play terms too
	m, err := newBTModel(3, countEach(games))
	require.NoError(t, err)
	theta := []float64{-80, 10, 60, 25, math.Log(120)}
	f := func(x []float64) float64 { return m.eval(x, nil, nil) }
	g := make([]float64, len(theta))
	h := mat.NewSymDense(len(theta), nil)
	m.eval(theta, g, h)
	ng := fd.Gradient(nil, f, theta, &fd.Settings{Formula: fd.Central, Step: 1e-4})
	for i := range g {
		assert.InDelta(t, ng[i], g[i], 1e-6*math.Max(1, math.Abs(g[i])), "grad %d", i)
	}
	nh := mat.NewSymDense(len(theta), nil)
	fd.Hessian(nh, f, theta, &fd.Settings{Formula: fd.Central, Step: 1e-3})
	for i := range theta {
		for j := range theta {
			assert.InDelta(t, nh.At(i, j), h.At(i, j), 1e-4*math.Max(1, math.Abs(h.At(i, j))), "hess %d,%d", i, j)
		}
	}
}

func TestFitRatingsDegenerate(t *testing.T) {
	// Player 0 wins every game, with both colours; no draws at all.
	var games []Game
	for range 10 {
		games = append(games, Game{0, 1, 1}, Game{1, 0, 0}, Game{0, 2, 1}, Game{2, 0, 0}, Game{1, 2, 1}, Game{2, 1, 1})
	}
	r, err := FitRatings(3, games, 0.95)
	require.NoError(t, err)
	for i, e := range r.Elo {
		for _, v := range []float64{e.Value, e.Lo, e.Hi} {
			assert.False(t, math.IsNaN(v) || math.IsInf(v, 0), "player %d", i)
		}
	}
	assert.Greater(t, r.Elo[0].Value, r.Elo[1].Value)
	assert.Greater(t, r.Elo[0].Value, r.Elo[2].Value)
	assert.Greater(t, r.DrawElo, 0.0)
	assert.False(t, math.IsInf(r.FirstMove.Value, 0) || math.IsNaN(r.FirstMove.Value))

	// Only draws: ratings equal by symmetry, DrawElo finite.
	draws := []Game{{0, 1, 0.5}, {1, 0, 0.5}, {0, 1, 0.5}, {1, 0, 0.5}}
	r, err = FitRatings(2, draws, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, 0, r.Elo[0].Value, 1e-6)
	assert.InDelta(t, 0, r.FirstMove.Value, 1e-6)
	assert.False(t, math.IsInf(r.DrawElo, 0))

	// White always wins: a large but finite first-move advantage.
	whiteWins := []Game{{0, 1, 1}, {1, 0, 1}, {0, 1, 1}, {1, 0, 1}}
	r, err = FitRatings(2, whiteWins, 0.95)
	require.NoError(t, err)
	assert.Greater(t, r.FirstMove.Value, 0.0)
	assert.False(t, math.IsInf(r.FirstMove.Value, 0))
	assert.InDelta(t, 0, r.Elo[0].Value, 1e-6)

	_, err = FitRatings(2, []Game{{0, 2, 1}}, 0.95)
	assert.Error(t, err)
	_, err = FitRatings(2, []Game{{0, 1, 0.7}}, 0.95)
	assert.Error(t, err)
	_, err = FitRatings(0, nil, 0.95)
	assert.Error(t, err)
}

func TestFitRatingsUnratedPlayers(t *testing.T) {
	// Player 2 has no games, then only games against itself: it has no
	// rating, and the mean of the rated players' ratings stays 0.
	rng := rand.New(rand.NewPCG(7, 11))
	games := simulate(rng, []float64{-60, 60}, 30, 100, 40)
	two, err := FitRatings(2, games, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, 0, two.Elo[0].Value+two.Elo[1].Value, 1e-9)

	three, err := FitRatings(3, games, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, 0, three.Elo[0].Value+three.Elo[1].Value, 1e-9)
	// An isolated player changes nothing for the others.
	for i := range 2 {
		assert.InDelta(t, two.Elo[i].Value, three.Elo[i].Value, 1e-9)
		assert.InDelta(t, two.Elo[i].Lo, three.Elo[i].Lo, 1e-9)
	}
	assert.True(t, math.IsNaN(three.Elo[2].Value))
	assert.True(t, math.IsInf(three.Elo[2].Lo, -1) && math.IsInf(three.Elo[2].Hi, 1))

	// Self-play games only: still unrated, and still mean 0 over 0 and 1.
	self := append(append([]Game(nil), games...), Game{2, 2, 1}, Game{2, 2, 1}, Game{2, 2, 0.5})
	r, err := FitRatings(3, self, 0.95)
	require.NoError(t, err)
	assert.InDelta(t, 0, r.Elo[0].Value+r.Elo[1].Value, 1e-9)
	assert.True(t, math.IsNaN(r.Elo[2].Value))

	// Self-play informs the first-move advantage: twenty more White wins
	// raise it.
	for range 20 {
		self = append(self, Game{2, 2, 1})
	}
	more, err := FitRatings(3, self, 0.95)
	require.NoError(t, err)
	assert.Greater(t, more.FirstMove.Value, r.FirstMove.Value+10)

	// Only self-play: a first-move advantage and no ratings.
	only, err := FitRatings(1, []Game{{0, 0, 1}, {0, 0, 1}, {0, 0, 0.5}}, 0.95)
	require.NoError(t, err)
	assert.Greater(t, only.FirstMove.Value, 0.0)
	assert.True(t, math.IsNaN(only.Elo[0].Value))
}

// TestFitRatingsWhiteIndexAtNumPlayers: a White index equal to the
// number of players is out of range and an error, not a panic, whether or
// not it is a self-play game.
func TestFitRatingsWhiteIndexAtNumPlayers(t *testing.T) {
	for _, g := range []Game{{White: 2, Black: 0, Score: 1}, {White: 2, Black: 2, Score: 0.5}} {
		var err error
		require.NotPanics(t, func() { _, err = FitRatings(2, []Game{{0, 1, 1}, g}, 0.95) }, "%+v", g)
		assert.ErrorContains(t, err, "game 1: bad players 2, ", "%+v", g)
	}
}

// TestFitRatingsCountZeroAddsNothing: a count of 0 is accepted and adds
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

// TestOutcomeDrawFarFromEqualRatings: P(draw) = f(x+d) − f(x−d) is even in x and
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
