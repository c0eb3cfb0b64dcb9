// simple.go: the random and greedy players.

package players

import (
	"context"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// Random plays uniformly over the complete legal turns: exactly
// turns[rng.IntN(len(turns))] where turns = p.Turns(r, buf), so every capture path
// (each route, each stopping point) is one outcome, as in perft's "paths" convention.
// rng is PCG seeded with the player's seed on a stream mixing the position (see
// positionRand), one draw per choice.
type Random struct {
	seed uint64
	buf  []engine.Turn
	rand *choiceRand
}

// NewRandom returns the random player.
func NewRandom(seed uint64) *Random {
	return &Random{seed: seed, buf: make([]engine.Turn, 0, 64), rand: newChoiceRand()}
}

// Choose implements Player. It allocates nothing: random self-play runs on it.
func (pl *Random) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	if err := ctx.Err(); err != nil {
		return engine.Turn{}, err
	}
	turns := p.Turns(r, pl.buf[:0])
	pl.buf = turns[:0]
	if len(turns) == 0 {
		return engine.Turn{}, ErrNoTurn
	}
	return turns[pl.rand.at(pl.seed, streamRandom, p).IntN(len(turns))], nil
}

// Analyze implements Analyzer: the turn, with the static evaluation as the score.
func (pl *Random) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	start := time.Now()
	t, err := pl.Choose(ctx, p, r)
	if err != nil {
		return Analysis{}, err
	}
	return Analysis{Turn: t, PV: []engine.Turn{t}, Score: Evaluate(p), Nodes: 1, Time: time.Since(start)}, nil
}

// Greedy plays the turn that captures most pieces (a paika when none can capture), ties
// broken uniformly at random among the complete legal turns (paths) that capture that
// many.
type Greedy struct {
	seed uint64
	buf  []engine.Turn
}

// NewGreedy returns the greedy player.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{seed: seed, buf: make([]engine.Turn, 0, 64)}
}

// Choose implements Player.
func (pl *Greedy) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := pl.Analyze(ctx, p, r)
	return a.Turn, err
}

// Analyze implements Analyzer: the turn, scored by the evaluation after it.
func (pl *Greedy) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	start := time.Now()
	turns := p.Turns(r, pl.buf[:0])
	pl.buf = turns[:0]
	if len(turns) == 0 {
		return Analysis{}, ErrNoTurn
	}
	most := 0
	for _, t := range turns {
		most = max(most, t.Captured.Count())
	}
	best := turns[:0]
	for _, t := range turns {
		if t.Captured.Count() == most {
			best = append(best, t) // in place: best never overtakes the loop
		}
	}
	rng := positionRand(pl.seed, streamGreedy, p)
	t := best[rng.IntN(len(best))]
	q := p.Play(t)
	return Analysis{Turn: t, PV: []engine.Turn{t}, Score: -Evaluate(&q), Depth: 1, Nodes: uint64(len(turns)), Time: time.Since(start)}, nil
}
