// oracle.go: the tables as the oracle the players' search probes (players.Oracle with
// its PieceLimiter and CostLimiter, matched by method set: this package does not import
// players, players does not import this one).

package tablebase

import "github.com/fanorona/fanorona/engine"

// Oracle answers from the tables of a Set: the theoretic tables when the game's rules have
// no paika limit, the rule-aware tables of the limit otherwise (at the position's
// counter). It covers the classes built there for that rule; a probe of any other
// material or rule (see CheckRules), or a table that fails to load, is "not known".
type Oracle struct {
	set         *Set
	maxPieces   int
	cheapPieces int // every table of at most this many pieces is held whole
}

// oracleWholeSlots is the largest table the oracle keeps whole in memory (64 MiB);
// oracleCacheBlocks is how many decompressed blocks of the larger ones it keeps (256 MiB).
const (
	oracleWholeSlots  = 1 << 26
	oracleCacheBlocks = 4096
)

// NewOracle returns the oracle of set, or nil when set holds no table. It sets set's
// loading policy for a search (LoadWhole, KeepBlocks) and loads the tables it holds whole.
func NewOracle(set *Set) *Oracle {
	tables, err := set.Tables()
	if err != nil || len(tables) == 0 {
		return nil
	}
	// The search probes at every node in reach: tables up to 64 Mi slots (every class of
	// at most 6 pieces) are held whole; larger ones are read block by block, a block not
	// in memory costing the time of two hundred nodes, so the search probes them only
	// with depth left (CheapPieces) and the set keeps more of their blocks.
	set.LoadWhole(oracleWholeSlots)
	set.KeepBlocks(oracleCacheBlocks)
	o := &Oracle{set: set}
	slots := make(map[TableID]uint64, len(tables))
	for _, id := range tables {
		o.maxPieces = max(o.maxPieces, id.Class.Pieces())
		if info, err := ReadInfo(set.Dir(), id.Class, id.Rule); err == nil {
			slots[id] = info.Slots
		}
	}
	o.cheapPieces = cheapPieces(tables, slots, oracleWholeSlots)
	// Load the whole tables now: loaded on first use, they would take the time of the
	// first timed search that reaches them (half a second for those of 6 pieces).
	for _, id := range tables {
		if n, ok := slots[id]; ok && n <= oracleWholeSlots {
			set.Table(id.Class, id.Rule) // a table that fails to load stays "not known"
		}
	}
	return o
}

// cheapPieces returns the most pieces n such that every table of at most n pieces has at
// most whole slots (a table whose size is unknown counts as large).
func cheapPieces(tables []TableID, slots map[TableID]uint64, whole uint64) int {
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

// Set returns the tables the oracle answers from.
func (o *Oracle) Set() *Set { return o.set }

// Probe answers as players.Oracle: value +1 win, 0 draw, -1 loss for the side to move and
// the plies with best play; under a paika limit the value holds at p's counter and plies
// counts to the capture that decides it, without a limit to the end. ok is false where
// the tables do not answer.
func (o *Oracle) Probe(p *engine.Position, r engine.Rules) (value, plies int, ok bool) {
	if CheckRules(r, p) != nil {
		return 0, 0, false
	}
	v, err := o.set.Probe(p, RuleOf(r))
	if err != nil {
		return 0, 0, false
	}
	switch v.Outcome {
	case Win:
		return 1, v.Plies, true
	case Loss:
		return -1, v.Plies, true
	}
	return 0, 0, true
}

// MaxPieces returns the most pieces of a position any table holds (players.PieceLimiter).
func (o *Oracle) MaxPieces() int { return o.maxPieces }

// CheapPieces returns the most pieces n such that every table of at most n pieces is held
// whole; tables of more pieces are read block by block (players.CostLimiter).
func (o *Oracle) CheapPieces() int { return o.cheapPieces }
