// Package tune fits the weights of players.Evaluate2 to the results of games (Texel's
// method): it plays seeded self-play games, keeps their quiet positions labelled with the
// game's result for the side to move, and minimises the mean squared error between the
// results and a logistic function of the evaluation.
package tune

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"gonum.org/v1/gonum/optimize"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// Sample is one position of a game and the game's result for its side to move (1 win,
// ½ draw, 0 loss), or the position's value from the tables when Tablebase is set
// (GameSamples).
type Sample struct {
	FEN       string  `json:"fen"`
	Result    float64 `json:"result"`
	Tablebase bool    `json:"tablebase,omitempty"`
}

// Config is a data set: Games games of Player against itself under engine.DefaultRules, each
// from the position after OpeningPlies uniformly random turns, every choice seeded from Seed.
type Config struct {
	Games        int
	Player       string
	Seed         uint64
	OpeningPlies int
	MaxPlies     int // a game still going after this many plies is a draw
	Workers      int
	Progress     func(done, total int) // called after each game (from one goroutine at a time)
}

// Generate plays the games of c and returns their quiet positions (no capture on offer,
// after the opening), in the order of the games: the same Config gives the same samples.
func Generate(ctx context.Context, c Config) ([]Sample, error) {
	if c.Games < 1 {
		return nil, errors.New("tune: no games to play")
	}
	spec, err := players.ParseSpec(c.Player)
	if err != nil {
		return nil, err
	}
	c.Workers = max(1, c.Workers)
	if c.MaxPlies <= 0 {
		c.MaxPlies = 1000
	}
	perGame := make([][]Sample, c.Games)
	errs := make([]error, c.Games)
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range c.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				perGame[g], errs[g] = playGame(ctx, c, spec, g)
				mu.Lock()
				done++
				if c.Progress != nil {
					c.Progress(done, c.Games)
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < c.Games && ctx.Err() == nil; g++ {
		next <- g
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Sample
	for g := range perGame {
		if errs[g] != nil {
			return nil, fmt.Errorf("tune: game %d: %w", g, errs[g])
		}
		out = append(out, perGame[g]...)
	}
	return out, nil
}

// gameSeed derives game g's seed from the data set's.
func gameSeed(seed uint64, g int) uint64 {
	return rand.New(rand.NewPCG(seed, uint64(g))).Uint64()
}

func playGame(ctx context.Context, c Config, spec players.Spec, g int) ([]Sample, error) {
	seed := gameSeed(c.Seed, g)
	rng := rand.New(rand.NewPCG(seed, 0x4f50454e)) // "OPEN"
	r := engine.DefaultRules()
	r.MaxPlies = c.MaxPlies
	p := engine.Start()
	for i := 0; i < c.OpeningPlies && !r.Status(&p).Over(); i++ {
		turns := p.Turns(r, nil)
		p = p.Play(turns[rng.IntN(len(turns))])
	}
	var side [2]players.Player
	for i := range side {
		pl, err := players.New(spec, seed+uint64(i)+1)
		if err != nil {
			return nil, err
		}
		side[i] = pl
	}
	var fens []string
	var sides []engine.Color
	for {
		st := r.Status(&p)
		if st.Over() {
			out := make([]Sample, len(fens))
			for i := range fens {
				out[i] = Sample{FEN: fens[i], Result: resultFor(st.Outcome, sides[i])}
			}
			return out, nil
		}
		if !p.CanCapture() {
			fens = append(fens, p.FEN())
			sides = append(sides, p.Side)
		}
		t, err := side[p.Side].Choose(ctx, &p, r)
		if err != nil {
			return nil, err
		}
		p = p.Play(t)
	}
}

// Fit is a fitted evaluation: the logistic scale K (the win probability at evaluation E
// is 1/(1+e^(−K·E/100))), the weights in the units of players.Weights2, and the mean
// squared error before (players.Weights2 as given) and after.
type Fit struct {
	Samples   int
	K         float64
	Weights   [players.NumFeatures]float64
	LossStart float64
	Loss      float64
}

// featureRows returns the features of every sample, scaled as Evaluate2 weighs them.
func featureRows(samples []Sample) ([][players.NumFeatures]float64, []float64, error) {
	x := make([][players.NumFeatures]float64, len(samples))
	y := make([]float64, len(samples))
	for i, s := range samples {
		p, err := engine.ParseFEN(s.FEN)
		if err != nil {
			return nil, nil, fmt.Errorf("tune: sample %d: %w", i+1, err)
		}
		f := players.Features(&p)
		for j, v := range f {
			x[i][j] = float64(v)
		}
		x[i][players.FeatEndMaterial] /= 44
		y[i] = s.Result
	}
	return x, y, nil
}

// loss returns the mean squared error of weights w at scale k, and its gradient in w
// (into grad, when not nil).
func loss(x [][players.NumFeatures]float64, y []float64, k float64, w []float64, grad []float64) float64 {
	for j := range grad {
		grad[j] = 0
	}
	sum := 0.0
	for i := range x {
		e := 0.0
		for j, v := range x[i] {
			e += w[j] * v
		}
		p := 1 / (1 + math.Exp(-k*e/100))
		d := p - y[i]
		sum += d * d
		if grad != nil {
			g := 2 * d * p * (1 - p) * k / 100
			for j, v := range x[i] {
				grad[j] += g * v
			}
		}
	}
	n := float64(len(x))
	for j := range grad {
		grad[j] /= n
	}
	return sum / n
}

// FitWeights fits K to the starting weights (a golden-section search), then every weight
// but those of the features listed in fixed at that K (L-BFGS from the starting weights).
func FitWeights(samples []Sample, start [players.NumFeatures]int, fixed ...int) (Fit, error) {
	if len(samples) == 0 {
		return Fit{}, errors.New("tune: no samples")
	}
	x, y, err := featureRows(samples)
	if err != nil {
		return Fit{}, err
	}
	w0 := make([]float64, players.NumFeatures)
	for j, v := range start {
		w0[j] = float64(v)
	}
	// K: golden section on [0.05, 5].
	lo, hi := 0.05, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
		if loss(x, y, a, w0, nil) < loss(x, y, b, w0, nil) {
			hi = b
		} else {
			lo = a
		}
	}
	k := (lo + hi) / 2
	fit := Fit{Samples: len(samples), K: k, LossStart: loss(x, y, k, w0, nil)}
	prob := optimize.Problem{
		Func: func(w []float64) float64 { return loss(x, y, k, w, nil) },
		Grad: func(grad, w []float64) {
			loss(x, y, k, w, grad)
			for _, j := range fixed {
				grad[j] = 0
			}
		},
	}
	res, err := optimize.Minimize(prob, w0, &optimize.Settings{GradientThreshold: 1e-9}, &optimize.LBFGS{})
	if err != nil && res == nil {
		return Fit{}, fmt.Errorf("tune: fit: %w", err)
	}
	copy(fit.Weights[:], res.X)
	fit.Loss = res.F
	return fit, nil
}
