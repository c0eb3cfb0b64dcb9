// expert.go: the expert player, iterative-deepening alpha-beta with every feature on.

package players

import (
	"context"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// ExpertOptions are the limits and features of the expert. A zero limit is no limit; the
// search stops at the first limit reached and plays the best turn of the last completed
// iteration.
type ExpertOptions struct {
	Depth   int           // plies of the deepest iteration (0 = up to 63)
	Nodes   uint64        // positions visited, quiescence included
	Time    time.Duration // wall-clock time (the one limit that is not reproducible)
	HashMB  int           // transposition table size in MB (0 = no table)
	Quiesce bool          // extend leaves while the side to move must capture
	Killers bool          // killer-turn and history ordering of paika turns
	LMR     bool          // late-move reduction of paika turns
	Oracle  Oracle        // tablebase probes inside the search (nil = none)
}

// DefaultExpertOptions returns every feature on, a 16 MB table and no limit set.
func DefaultExpertOptions() ExpertOptions {
	return ExpertOptions{HashMB: 16, Quiesce: true, Killers: true, LMR: true}
}

// forcedDepth caps the search of a position with a single distinct turn: its turn is known,
// only its score is searched for.
const forcedDepth = 4

// Expert is the strongest player: see ExpertOptions.
type Expert struct {
	opts ExpertOptions
	s    *searcher
	seen engine.ResultSet
}

// NewExpert returns an expert with options o.
func NewExpert(o ExpertOptions) *Expert {
	if o.Depth <= 0 || o.Depth > maxPly/2-1 {
		o.Depth = maxPly/2 - 1
	}
	cfg := searchConfig{maxDepth: o.Depth, maxNodes: o.Nodes, maxTime: o.Time, hashMB: o.HashMB,
		quiesce: o.Quiesce, qMaxPlies: maxPly / 2, killers: o.Killers, lmr: o.LMR}
	return &Expert{opts: o, s: newSearcher(cfg, o.Oracle)}
}

// Options returns the expert's options.
func (e *Expert) Options() ExpertOptions { return e.opts }

// Choose implements Player.
func (e *Expert) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := e.Analyze(ctx, p, r)
	return a.Turn, err
}

// Analyze implements Analyzer. When ctx is cancelled it returns the best turn found so far
// together with ctx's error.
func (e *Expert) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	if !p.HasTurn() {
		return Analysis{}, ErrNoTurn
	}
	depth := e.opts.Depth
	var buf [2]engine.Turn
	if len(p.DistinctTurns(r, buf[:0], &e.seen)) == 1 {
		depth = min(depth, forcedDepth)
	}
	a := e.s.iterate(ctx, p, r, depth)
	return a, ctx.Err()
}
