// expert.go: the expert player, iterative-deepening alpha-beta with every feature on,
// optionally on several threads (Lazy SMP) and under a clock.

package players

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

// ExpertOptions are the limits and features of the expert. A zero limit is no limit; the
// search stops at the first limit reached and plays the best turn of the last completed
// iteration.
type ExpertOptions struct {
	Depth   int           // plies of the deepest iteration (0 = up to 63)
	Nodes   uint64        // positions visited, quiescence included (the main thread's)
	Time    time.Duration // wall-clock time a turn (the one limit that is not reproducible)
	HashMB  int           // transposition table size in MB (0 = no table)
	Quiesce bool          // extend leaves while the side to move must capture
	Killers bool          // killer-turn and history ordering of paika turns
	LMR     bool          // late-move reduction of paika turns
	Oracle  Oracle        // tablebase probes inside the search (nil = none)

	Weights    *[NumFeatures]int // Evaluate2's features weighed by these (nil: Evaluate, the levels' evaluation)
	Net        *nnue.Net         // the network's evaluation instead of the weights' (nil: none)
	Progress   bool              // scores pulled toward the draw as the paika counter nears the limit
	Ordering   bool              // countermove, history malus
	Prune      bool              // reverse futility, futility and late-move pruning of paika turns
	Aspiration bool              // aspiration windows at the root

	// Vary > 0 adds to each root turn's score a bonus drawn uniformly from 0..Vary
	// (hundredths of a piece) by the player's seed and the position, so that the expert
	// varies among turns that many apart; 0 = off.
	Vary int
	// Threads > 1 searches with that many threads sharing the table (Lazy SMP).
	Threads int
	// Clock is a time control: the expert keeps its own clock (or takes the game's,
	// SetClock) and gives each turn a share of it. Zero = none.
	Clock TimeControl
}

// DefaultExpertOptions returns every feature on, the default net's evaluation (the fitted
// weights, Weights2, bound capture nodes), a 16 MB table and no limit set.
func DefaultExpertOptions() ExpertOptions {
	return ExpertOptions{HashMB: 16, Quiesce: true, Killers: true, LMR: true, Weights: &Weights2,
		Net: nnue.Default(), Progress: true, Ordering: true, Prune: true, Aspiration: true, Threads: 1}
}

// forcedDepth caps the search of a position with a single distinct turn: its turn is known,
// only its score is searched for.
const forcedDepth = 4

// Expert is the strongest player: see ExpertOptions.
type Expert struct {
	opts       ExpertOptions
	seed       uint64
	s          *searcher
	helpers    []*searcher
	seen       engine.ResultSet
	bias       []int
	clock      clock
	lastSearch // the last search, for LastSearch (Reporter)
}

// NewExpert returns an expert with options o (Vary draws from seed 0; see NewExpertSeeded).
func NewExpert(o ExpertOptions) *Expert { return NewExpertSeeded(o, 0) }

// NewExpertSeeded returns an expert with options o whose Vary draws come from seed.
func NewExpertSeeded(o ExpertOptions, seed uint64) *Expert {
	if o.Depth <= 0 || o.Depth > maxPly/2-1 {
		o.Depth = maxPly/2 - 1
	}
	o.Threads = max(1, o.Threads)
	cfg := searchConfig{maxDepth: o.Depth, maxNodes: o.Nodes, maxTime: o.Time, hashMB: o.HashMB,
		quiesce: o.Quiesce, qMaxPlies: maxPly / 2, killers: o.Killers, lmr: o.LMR,
		net: o.Net, progress: o.Progress, ordering: o.Ordering, prune: o.Prune, aspiration: o.Aspiration}
	if o.Weights != nil {
		w := *o.Weights // the player's own copy: the caller may change theirs
		cfg.evalWeights = &w
	}
	e := &Expert{opts: o, seed: seed, s: newSearcher(cfg, o.Oracle), clock: clock{tc: o.Clock}}
	for i := 1; i < o.Threads; i++ {
		hcfg := cfg
		hcfg.hashMB = 0
		h := newSearcher(hcfg, o.Oracle)
		h.tt = e.s.tt
		e.helpers = append(e.helpers, h)
	}
	return e
}

// Close gives the expert's table and search buffers to the next player made (reuse.go);
// the expert must not be used after. Tournaments close each player after its game.
func (e *Expert) Close() error {
	if e.s == nil {
		return nil
	}
	for _, h := range e.helpers {
		giveSearcher(h, true)
	}
	giveSearcher(e.s, false)
	e.s, e.helpers = nil, nil
	return nil
}

// Options returns the expert's options.
func (e *Expert) Options() ExpertOptions { return e.opts }

// SetClock implements Clocked.
func (e *Expert) SetClock(remaining, increment time.Duration) { e.clock.set(remaining, increment) }

// Choose implements Player.
func (e *Expert) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := e.Analyze(ctx, p, r)
	return a.Turn, err
}

// streamExpert is the random stream of the expert's Vary draws.
const streamExpert uint64 = 0x4558504552540000 // "EXPERT"

// Analyze implements Analyzer. When ctx is cancelled it returns the best turn found so far
// together with ctx's error.
func (e *Expert) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	a, err := e.analyze(ctx, p, r)
	e.keep(a, err)
	return a, err
}

func (e *Expert) analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	if !p.HasTurn() {
		return Analysis{}, ErrNoTurn
	}
	if e.s == nil {
		panic("players: Expert used after Close")
	}
	start := time.Now()
	depth := e.opts.Depth
	var buf [2]engine.Turn
	if len(p.DistinctTurns(r, buf[:0], &e.seen)) == 1 {
		depth = min(depth, forcedDepth)
	}
	s := e.s
	s.rootBias = nil
	if e.opts.Vary > 0 {
		n := len(p.DistinctTurns(r, nil, &e.seen))
		rng := positionRand(e.seed, streamExpert, p)
		e.bias = e.bias[:0]
		for range n {
			e.bias = append(e.bias, rng.IntN(e.opts.Vary+1))
		}
		s.rootBias = e.bias
	}
	limit := e.clock.budget(p, e.opts.Time)
	if s.tt != nil {
		s.tt.newSearch()
	}
	s.begin(ctx, r, e.opts.Nodes, limit)
	if a, ok := s.oracleRoot(p); ok { // a won ending the tablebase converts (players/tablebase.go)
		a.Time = time.Since(start)
		e.clock.spent(p, a.Time)
		return a, ctx.Err()
	}
	var a Analysis
	if len(e.helpers) == 0 {
		a = s.deepen(p, 1, depth)
	} else {
		a = e.parallel(ctx, p, r, depth, limit)
	}
	a.Time = time.Since(start)
	e.clock.spent(p, a.Time)
	return a, ctx.Err()
}

// parallel is Lazy SMP: the helpers search the same root on the shared table, odd ones
// starting one ply deeper, until the main thread completes its search; the main
// thread's result is played, the nodes of all are counted.
func (e *Expert) parallel(ctx context.Context, p *engine.Position, r engine.Rules, depth int, limit time.Duration) Analysis {
	var halt atomic.Bool
	var wg sync.WaitGroup
	nodes := make([]uint64, len(e.helpers))
	for i, h := range e.helpers {
		h.begin(ctx, r, 0, limit)
		h.halt = &halt
		h.rootBias = e.s.rootBias
		wg.Add(1)
		go func() {
			defer wg.Done()
			nodes[i] = h.deepen(p, 1+(i+1)%2, depth).Nodes
		}()
	}
	a := e.s.deepen(p, 1, depth)
	halt.Store(true)
	wg.Wait()
	for _, n := range nodes {
		a.Nodes += n
	}
	return a
}
