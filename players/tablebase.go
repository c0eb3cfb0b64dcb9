// tablebase.go: the expert's conversion of a root its Oracle knows to be won (the endgame
// tablebases of package puzzles/tablebase are one such oracle: tablebase.NewOracle).

package players

import "github.com/fanorona/fanorona/engine"

// oracleRoot converts a root the oracle knows to be won: it plays the turn that keeps the
// win with the fewest plies to the deciding turn (under a paika limit: a winning capture
// now, else the step that leaves the opponent lost soonest), so that each capture comes
// within the limit and the game is won. A search could prefer a slower step whose score
// ties through the horizon; the tables need no search. ok is false when the root is not a
// known win.
func (s *searcher) oracleRoot(p *engine.Position) (Analysis, bool) {
	if s.oracle == nil || p.Occupied().Count() > s.oracleMax {
		return Analysis{}, false
	}
	if v, _, ok := s.oracle.Probe(p, s.rules); !ok || v <= 0 {
		return Analysis{}, false
	}
	turns := p.DistinctTurns(s.rules, s.turns[0][:0], &s.seen)
	s.turns[0] = turns[:0]
	best, bestPlies := -1, 0
	for i, t := range turns {
		q := p.Play(t)
		s.nodes++
		plies := 1
		if q.Own() != 0 {
			v, cp, ok := s.oracle.Probe(&q, s.rules)
			if !ok || v >= 0 {
				continue
			}
			if s.rules.PaikaLimit == 0 || t.Captured == 0 {
				plies = cp + 1
			}
		}
		if best < 0 || plies < bestPlies {
			best, bestPlies = i, plies
		}
	}
	if best < 0 {
		return Analysis{}, false // the oracle disagrees with itself: let the search decide
	}
	t := turns[best]
	return Analysis{Turn: t, Score: TBWinScore - bestPlies, PV: []engine.Turn{t}, Depth: 1, Nodes: s.nodes}, true
}
