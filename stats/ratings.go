package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Game is one game for [FitRatings]: the indices of the White and Black
// players and White's score (1 win, 0.5 draw, 0 loss).
type Game struct {
	White, Black int
	Score        float64
}

// CountedGame is Count identical games, for [FitRatingsCounted].
type CountedGame struct {
	Game
	Count int
}

// Ratings is the result of [FitRatings]. All values are in Elo.
type Ratings struct {
	// Elo holds each player's rating, anchored so that the mean over the
	// rated players is 0, with its confidence interval (relative to that
	// mean); NaN in (−Inf, +Inf) for a player without a rated game.
	Elo []Estimate
	// FirstMove is the fitted advantage of moving first (White) with its
	// confidence interval.
	FirstMove Estimate
	// DrawElo is BayesElo's fitted draw parameter; larger means more draws.
	DrawElo float64
}

// RatingPrior is the number of virtual games per rated player used as a prior by
// [FitRatings].
const RatingPrior = 2.0

// FitRatings fits ratings for numPlayers players to games by maximum a
// posteriori estimation in the Bradley–Terry model with BayesElo's draw
// model (Rao–Kupper with the logistic Elo curve). With f(x) = 1/(1+10^(−x/400))
// and x = r_White − r_Black + FirstMove,
//
//	P(White wins) = f(x − DrawElo)
//	P(Black wins) = f(−x − DrawElo)
//	P(draw)       = 1 − P(White wins) − P(Black wins).
//
// As in BayesElo, the ratings are on the scale of decisive results, so when
// draws are frequent the spread is wider than that of [EloFromScore] applied
// to scores.
//
// Prior: every rated player is credited with RatingPrior virtual games against a
// virtual opponent rated 0, half with each colour, each scored as ¼ win,
// ½ draw and ¼ loss (BayesElo-style virtual draws). This keeps all estimates
// finite when a player won or lost every game, when one colour always wins,
// and when there are no draws (or only draws), at the cost of a slight
// shrinkage towards 0. Players in separate groups that never meet are each
// pulled towards 0.
//
// Self-play games (White == Black) are accepted: they inform the first-move
// advantage and DrawElo only. The ratings are anchored so that their mean
// over the rated players, those with at least one game against a different
// player, is 0; a player with no such game (no games, or self-play only) has
// no rating: its Value is NaN and its interval (−Inf, +Inf), and it is left
// out of the model, prior included, so that it changes no other estimate.
// With no rated player at all, one placeholder player carries the prior.
//
// The posterior is maximised by a damped Newton method (analytic gradient and
// Hessian, gonum's Cholesky solver, backtracking line search). Confidence
// intervals at level conf are normal intervals from the inverse Hessian of
// the negative log posterior (observed Fisher information including the
// prior); the ratings' covariance is that of the centred ratings r − mean(r).
func FitRatings(numPlayers int, games []Game, conf float64) (Ratings, error) {
	return FitRatingsCounted(numPlayers, countEach(games), conf)
}

// countEach gives every game a count of 1.
func countEach(games []Game) []CountedGame {
	counted := make([]CountedGame, len(games))
	for i, g := range games {
		counted[i] = CountedGame{Game: g, Count: 1}
	}
	return counted
}

// FitRatingsCounted is [FitRatings] over counts of identical games (one entry per
// pairing, colour and outcome), so that its memory depends on the players, not on
// the number of games. A count of 0 adds nothing; a negative count is an error.
func FitRatingsCounted(numPlayers int, games []CountedGame, conf float64) (Ratings, error) {
	z := zQuantile(conf)
	if numPlayers <= 0 {
		return Ratings{}, errors.New("stats: FitRatings needs at least one player")
	}
	// The rated players are those with a game against another player; only
	// they enter the model (with their prior), so that a player without
	// rated games, whose rating the data say nothing about, influences
	// neither the others nor the anchor.
	fitIndex := make([]int, numPlayers)
	for i := range fitIndex {
		fitIndex[i] = -1
	}
	var set []int
	for i, g := range games {
		if g.White < 0 || g.White >= numPlayers || g.Black < 0 || g.Black >= numPlayers {
			return Ratings{}, fmt.Errorf("stats: game %d: bad players %d, %d", i, g.White, g.Black)
		}
		if g.White == g.Black || g.Count == 0 { // self-play, or no game: not rated
			continue
		}
		for _, p := range []int{g.White, g.Black} {
			if fitIndex[p] < 0 {
				fitIndex[p] = len(set)
				set = append(set, p)
			}
		}
	}
	fitGames := make([]CountedGame, len(games))
	for i, g := range games {
		fitGames[i] = CountedGame{Game{White: max(0, fitIndex[g.White]), Black: max(0, fitIndex[g.Black]), Score: g.Score}, g.Count}
	}
	// With no rated player at all, one placeholder carries the prior that
	// keeps the first-move advantage and DrawElo finite.
	n := max(1, len(set))
	theta, cov, err := fitBT(n, fitGames)
	if err != nil {
		return Ratings{}, err
	}
	r := Ratings{Elo: make([]Estimate, numPlayers), DrawElo: math.Exp(theta[n+1])}
	for i := range r.Elo {
		r.Elo[i] = Estimate{Value: math.NaN(), Interval: Interval{math.Inf(-1), math.Inf(1)}}
	}
	if k := float64(len(set)); k > 0 {
		var mean float64
		for j := range set {
			mean += theta[j]
		}
		mean /= k
		// Var(r_j − mean) = Σjj − 2/k Σ_l Σjl + 1/k² Σ_l Σ_m Σlm.
		rowMean := make([]float64, len(set))
		var all float64
		for j := range set {
			for l := range set {
				rowMean[j] += cov.At(j, l)
			}
			all += rowMean[j]
			rowMean[j] /= k
		}
		all /= k * k
		for j, p := range set {
			v := cov.At(j, j) - 2*rowMean[j] + all
			h := z * math.Sqrt(math.Max(0, v))
			e := theta[j] - mean
			r.Elo[p] = Estimate{Value: e, Interval: Interval{e - h, e + h}}
		}
	}
	a := theta[n]
	h := z * math.Sqrt(cov.At(n, n))
	r.FirstMove = Estimate{Value: a, Interval: Interval{a - h, a + h}}
	return r, nil
}

// eloK converts Elo to natural-log odds: f(x) = 1/(1+exp(−eloK·x)).
var eloK = math.Ln10 / 400

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-eloK*x)) }

// btTerm is a weighted outcome: White index, Black index (−1 for the
// virtual 0-rated opponent) and weights of win, draw and loss for White.
type btTerm struct {
	w, b       int
	pw, pd, pl float64
}

// btModel is the negative log posterior over θ = (r_0..r_{n−1}, a, u) with
// DrawElo = exp(u).
type btModel struct {
	n     int
	terms []btTerm
}

func newBTModel(n int, games []CountedGame) (*btModel, error) {
	if n <= 0 {
		return nil, errors.New("stats: FitRatings needs at least one player")
	}
	m := &btModel{n: n}
	for i, g := range games {
		if g.White < 0 || g.White >= n || g.Black < 0 || g.Black >= n {
			return nil, fmt.Errorf("stats: game %d: bad players %d, %d", i, g.White, g.Black)
		}
		t := btTerm{w: g.White, b: g.Black}
		if g.White == g.Black {
			// Self-play: x = a whatever the rating, so the game informs only
			// the first-move advantage and the draw rate. Written with the
			// virtual 0-rated player on both sides, so that the rating's
			// +1 and −1 coefficients do not enter the Hessian twice.
			t.w, t.b = -1, -1
		}
		if g.Count < 0 {
			return nil, fmt.Errorf("stats: game %d: negative count %d", i, g.Count)
		}
		weight := float64(g.Count)
		switch g.Score {
		case 1:
			t.pw = weight
		case 0.5:
			t.pd = weight
		case 0:
			t.pl = weight
		default:
			return nil, fmt.Errorf("stats: game %d: score %v not 0, 0.5 or 1", i, g.Score)
		}
		m.terms = append(m.terms, t)
	}
	h := RatingPrior / 2
	for i := 0; i < n; i++ {
		m.terms = append(m.terms,
			btTerm{w: i, b: -1, pw: h / 4, pd: h / 2, pl: h / 4},
			btTerm{w: -1, b: i, pw: h / 4, pd: h / 2, pl: h / 4})
	}
	return m, nil
}

// outcome returns the log-likelihood ℓ of one weighted term as a function of
// (x, d) with its first and second derivatives.
func outcome(t btTerm, x, d float64) (l, lx, ld, lxx, lxd, ldd float64) {
	k := eloK
	if t.pw != 0 {
		f := logistic(x - d)
		h := -k * k * f * (1 - f)
		l += t.pw * math.Log(f)
		lx += t.pw * k * (1 - f)
		ld -= t.pw * k * (1 - f)
		lxx += t.pw * h
		lxd -= t.pw * h
		ldd += t.pw * h
	}
	if t.pl != 0 {
		f := logistic(-x - d)
		h := -k * k * f * (1 - f)
		l += t.pl * math.Log(f)
		lx -= t.pl * k * (1 - f)
		ld -= t.pl * k * (1 - f)
		lxx += t.pl * h
		lxd += t.pl * h
		ldd += t.pl * h
	}
	if t.pd != 0 {
		// P = f(y+d) − f(y−d) with y = −|x| for accuracy; P is even in x.
		s := 1.0
		y := x
		if y > 0 {
			y, s = -y, -1
		}
		f1, f2 := logistic(y+d), logistic(y-d)
		d1, d2 := k*f1*(1-f1), k*f2*(1-f2)
		e1, e2 := k*d1*(1-2*f1), k*d2*(1-2*f2)
		p := f1 - f2
		px, pd := s*(d1-d2), d1+d2
		pxx, pxd, pdd := e1-e2, s*(e1+e2), e1-e2
		l += t.pd * math.Log(p)
		lx += t.pd * px / p
		ld += t.pd * pd / p
		lxx += t.pd * (pxx/p - px*px/(p*p))
		lxd += t.pd * (pxd/p - px*pd/(p*p))
		ldd += t.pd * (pdd/p - pd*pd/(p*p))
	}
	return
}

func (m *btModel) rating(theta []float64, i int) float64 {
	if i < 0 {
		return 0
	}
	return theta[i]
}

// eval returns the negative log posterior at θ and, if grad or hess is
// non-nil, stores its gradient and Hessian.
func (m *btModel) eval(theta, grad []float64, hess *mat.SymDense) float64 {
	n := m.n
	a, u := theta[n], theta[n+1]
	d := math.Exp(u)
	for i := range grad {
		grad[i] = 0
	}
	if hess != nil {
		hess.Zero()
	}
	var f float64
	for _, t := range m.terms {
		x := m.rating(theta, t.w) - m.rating(theta, t.b) + a
		l, lx, ld, lxx, lxd, ldd := outcome(t, x, d)
		f -= l
		// Chain rule for d = exp(u).
		lu, lxu, luu := ld*d, lxd*d, ldd*d*d+ld*d
		// x depends on θ via coefficients +1 (White), −1 (Black), +1 (a).
		idx := [3]int{t.w, t.b, n}
		sgn := [3]float64{1, -1, 1}
		if grad != nil {
			for q := 0; q < 3; q++ {
				if idx[q] >= 0 {
					grad[idx[q]] -= sgn[q] * lx
				}
			}
			grad[n+1] -= lu
		}
		if hess != nil {
			for p := 0; p < 3; p++ {
				if idx[p] < 0 {
					continue
				}
				for q := p; q < 3; q++ {
					if idx[q] < 0 {
						continue
					}
					i, j := idx[p], idx[q]
					addSym(hess, i, j, -sgn[p]*sgn[q]*lxx)
				}
				addSym(hess, idx[p], n+1, -sgn[p]*lxu)
			}
			addSym(hess, n+1, n+1, -luu)
		}
	}
	return f
}

// addSym adds v to element (i,j) (and so (j,i)) of a symmetric matrix.
func addSym(h *mat.SymDense, i, j int, v float64) {
	if i == j {
		h.SetSym(i, i, h.At(i, i)+v)
		return
	}
	h.SetSym(i, j, h.At(i, j)+v)
}

// fitBT returns the posterior mode θ = (r, a, ln DrawElo) and the inverse
// Hessian of the negative log posterior there.
func fitBT(n int, games []CountedGame) ([]float64, *mat.SymDense, error) {
	m, err := newBTModel(n, games)
	if err != nil {
		return nil, nil, err
	}
	// Start from zero ratings and advantage and the DrawElo matching the
	// overall draw rate at equal ratings: P(draw) = 2f(d) − 1.
	var draws, total float64
	for _, t := range m.terms {
		draws += t.pd
		total += t.pw + t.pd + t.pl
	}
	x0 := make([]float64, n+2)
	x0[n+1] = math.Log(EloFromScore((1 + draws/total) / 2))
	theta, err := newton(m, x0)
	if err != nil {
		return nil, nil, err
	}
	for _, v := range theta {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, nil, errors.New("stats: rating fit diverged")
		}
	}
	h := mat.NewSymDense(n+2, nil)
	m.eval(theta, nil, h)
	var chol mat.Cholesky
	if !chol.Factorize(h) {
		return nil, nil, errors.New("stats: rating fit: information matrix not positive definite")
	}
	cov := mat.NewSymDense(n+2, nil)
	if err := chol.InverseTo(cov); err != nil {
		return nil, nil, fmt.Errorf("stats: rating fit: %w", err)
	}
	return theta, cov, nil
}

// newton minimises the model's negative log posterior from x0 by Newton's
// method with a Levenberg shift when the Hessian is not positive definite and
// a backtracking (Armijo) line search, switching to full steps once the
// Newton decrement is tiny. It stops when the largest gradient component is
// below 1e-9, after three full steps, or when no step decreases the
// objective at a numerically stationary point.
//
// (gonum's optimize package would do this too, but it pulls in
// golang.org/x/tools, which the module does not require.)
func newton(m *btModel, x0 []float64) ([]float64, error) {
	dim := len(x0)
	x := append([]float64(nil), x0...)
	g := make([]float64, dim)
	h := mat.NewSymDense(dim, nil)
	shifted := mat.NewSymDense(dim, nil)
	step := mat.NewVecDense(dim, nil)
	trial := make([]float64, dim)
	var chol mat.Cholesky
	fx := m.eval(x, g, h)
	small := 0
	for iter := 0; iter < 200; iter++ {
		if floats.Norm(g, math.Inf(1)) < 1e-9 {
			return x, nil
		}
		// Solve (H + τI) δ = −g with the smallest τ in 0, 1e-8·s, 1e-7·s, ...
		// that makes the matrix positive definite (s = largest |H_ii|).
		var scale float64
		for i := 0; i < dim; i++ {
			scale = math.Max(scale, math.Abs(h.At(i, i)))
		}
		tau := 0.0
		for {
			shifted.CopySym(h)
			for i := 0; i < dim; i++ {
				shifted.SetSym(i, i, h.At(i, i)+tau)
			}
			if chol.Factorize(shifted) {
				break
			}
			if tau == 0 {
				tau = 1e-8 * math.Max(scale, 1e-300)
			} else {
				tau *= 10
			}
			if math.IsInf(tau, 0) {
				return nil, errors.New("stats: rating fit: cannot make the Hessian positive definite")
			}
		}
		if err := chol.SolveVecTo(step, mat.NewVecDense(dim, g)); err != nil {
			return nil, fmt.Errorf("stats: rating fit: %w", err)
		}
		step.ScaleVec(-1, step)
		slope := floats.Dot(g, step.RawVector().Data)
		if tau == 0 && -slope < 1e-8 {
			// Within the region of quadratic convergence the decrease
			// (half the squared Newton decrement, −slope/2) is below the
			// objective's rounding error, so a line search cannot judge the
			// step: take full Newton steps; three of them reach full precision.
			floats.Add(x, step.RawVector().Data)
			fx = m.eval(x, g, h)
			if small++; small == 3 {
				return x, nil
			}
			continue
		}
		t := 1.0
		var ft float64
		for ; t > 1e-12; t /= 2 {
			floats.AddScaledTo(trial, x, t, step.RawVector().Data)
			ft = m.eval(trial, nil, nil)
			if ft <= fx+1e-4*t*slope {
				break
			}
		}
		if t <= 1e-12 || math.IsNaN(ft) {
			// No further decrease possible: accept x if it is numerically
			// stationary relative to the objective's size.
			if floats.Norm(g, math.Inf(1)) < 1e-6*math.Max(1, math.Abs(fx)) {
				return x, nil
			}
			return nil, errors.New("stats: rating fit: line search failed")
		}
		copy(x, trial)
		fx = m.eval(x, g, h)
	}
	return nil, errors.New("stats: rating fit: no convergence in 200 Newton iterations")
}
