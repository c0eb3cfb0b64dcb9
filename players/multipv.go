// multipv.go: several principal variations (MultiPV) of one position: each distinct root
// turn scored by a search of the position it reaches, the best first.
//
// Every line's score is then exact to the same depth, which a search that excludes the
// best turns one at a time would give only at the cost of as many root searches.

package players

import (
	"context"
	"sort"

	"github.com/fanorona/fanorona/engine"
)

// MaxMultiPV is the most lines a command asks for (UCI engines bound their MultiPV
// option the same way); a position has fewer distinct turns.
const MaxMultiPV = 500

// Line is one of several principal variations: a root turn's score for the side to move
// and its variation, the root turn first.
type Line struct {
	Score int
	PV    []engine.Turn
}

// MultiPV scores each of roots (distinct turns of p) by child's analysis of the position
// it reaches, negated (an end of the game scored as r says, a forced end one ply further
// away), and returns the best k lines, best first (ties in the order of roots), and the
// nodes searched. child's table is shared by those searches.
func MultiPV(ctx context.Context, child Analyzer, p *engine.Position, r engine.Rules, roots []engine.Turn, k int) ([]Line, uint64, error) {
	var all []Line
	var nodes uint64
	for _, t := range roots {
		q := p.Play(t)
		if st := r.Status(&q); st.Over() {
			score := 0
			switch st.Outcome {
			case engine.WinFor(p.Side):
				score = MateScore - 1
			case engine.WinFor(p.Side.Other()):
				score = -(MateScore - 1)
			}
			all = append(all, Line{score, []engine.Turn{t}})
			continue
		}
		a, err := child.Analyze(ctx, &q, r)
		nodes += a.Nodes
		if err != nil {
			return nil, nodes, err
		}
		score := -a.Score
		switch {
		case score >= MateBound:
			score--
		case score <= -MateBound:
			score++
		}
		all = append(all, Line{score, append([]engine.Turn{t}, a.PV...)})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Score > all[j].Score })
	return all[:min(k, len(all))], nodes, nil
}

// Lines returns the best k lines of p given a, e's analysis of p: a's own line when k is
// 1 or p has one distinct turn, otherwise MultiPV by an expert with e's options searching
// each root turn's position one ply less deep than a (than e's depth when depth is e's
// only limit: a search that found a forced end stops early) and with no other limit.
func (e *Expert) Lines(ctx context.Context, p *engine.Position, r engine.Rules, a Analysis, k int) ([]Line, uint64, error) {
	roots := p.DistinctTurns(r, nil, &e.seen)
	if k <= 1 || len(roots) <= 1 {
		pv := a.PV
		if len(pv) == 0 {
			pv = []engine.Turn{a.Turn}
		}
		return []Line{{a.Score, pv}}, 0, nil
	}
	o := e.opts
	depth := a.Depth
	if o.Nodes == 0 && o.Time == 0 && o.Clock == (TimeControl{}) {
		depth = max(depth, o.Depth)
	}
	o.Depth, o.Nodes, o.Time, o.Clock, o.Vary = max(1, depth-1), 0, 0, TimeControl{}, 0
	child := NewExpert(o)
	defer child.Close()
	return MultiPV(ctx, child, p, r, roots, k)
}
