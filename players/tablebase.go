// tablebase.go: the endgame tablebases of package puzzles/tablebase as an Oracle, and the
// expert's conversion of a tablebase win at the root.

package players

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// TablebaseOracle answers from the tables in set: the theoretic tables when the rules have
// no paika limit, the rule-aware tables of the limit otherwise (at the position's
// counter). It covers the classes built there for that rule; a probe of any other
// material or rule (see tablebase.CheckRules), or a table that fails to load, is "not
// known".
type TablebaseOracle struct {
	set         *tablebase.Set
	maxPieces   int
	cheapPieces int // every table of at most this many pieces is held whole
}

// wholeTableSlots is the largest table the oracle keeps whole in memory (64 MiB);
// probeCacheBlocks is how many decompressed blocks of the larger ones it keeps (256 MiB).
const (
	wholeTableSlots  = 1 << 26
	probeCacheBlocks = 4096
)

// NewTablebaseOracle returns the oracle of set, or nil when set holds no table.
func NewTablebaseOracle(set *tablebase.Set) *TablebaseOracle {
	tables, err := set.Tables()
	if err != nil || len(tables) == 0 {
		return nil
	}
	// The search probes at every node in reach: tables up to 64 Mi slots (every class of
	// at most 6 pieces) are held whole; larger ones are read block by block, a block not
	// in memory costing the time of two hundred nodes, so the search probes them only
	// with depth left (CheapPieces) and the set keeps more of their blocks.
	set.LoadWhole(wholeTableSlots)
	set.KeepBlocks(probeCacheBlocks)
	o := &TablebaseOracle{set: set}
	slots := make(map[tablebase.TableID]uint64, len(tables))
	for _, id := range tables {
		o.maxPieces = max(o.maxPieces, id.Class.Pieces())
		if info, err := tablebase.ReadRuleInfo(set.Dir(), id.Class, id.PaikaLimit); err == nil {
			slots[id] = info.Slots
		}
	}
	o.cheapPieces = cheapPieces(tables, slots, wholeTableSlots)
	// Load the whole tables now: loaded on first use, they would take the time of the
	// first timed search that reaches them (half a second for those of 6 pieces).
	for _, id := range tables {
		if n, ok := slots[id]; ok && n <= wholeTableSlots {
			set.RuleTable(id.Class, id.PaikaLimit) // a table that fails to load stays "not known"
		}
	}
	return o
}

// cheapPieces returns the most pieces n such that every table of at most n pieces has at
// most whole slots (a table whose size is unknown counts as large).
func cheapPieces(tables []tablebase.TableID, slots map[tablebase.TableID]uint64, whole uint64) int {
	n := 0
	for _, id := range tables {
		n = max(n, id.Class.Pieces())
	}
	for _, id := range tables {
		if s, ok := slots[id]; !ok || s > whole {
			n = min(n, id.Class.Pieces()-1)
		}
	}
	return n
}

// Probe implements Oracle: under a paika limit the value holds at p's counter and plies
// counts to the capture that decides it; without a limit plies counts to the end.
func (o *TablebaseOracle) Probe(p *engine.Position, r engine.Rules) (int, int, bool) {
	if tablebase.CheckRules(r, p) != nil {
		return 0, 0, false
	}
	v, err := o.set.ProbeUnder(p, r.PaikaLimit)
	if err != nil {
		return 0, 0, false
	}
	switch v.Outcome {
	case tablebase.Win:
		return 1, v.Plies, true
	case tablebase.Loss:
		return -1, v.Plies, true
	}
	return 0, 0, true
}

// MaxPieces implements PieceLimiter.
func (o *TablebaseOracle) MaxPieces() int { return o.maxPieces }

// CheapPieces implements CostLimiter: tables of more pieces are read block by block.
func (o *TablebaseOracle) CheapPieces() int { return o.cheapPieces }

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
