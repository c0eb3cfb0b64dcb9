// tablebase.go: the endgame tablebases of package puzzles/tablebase as an Oracle.

package players

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// TablebaseOracle answers from the tables in set. It covers the classes built there; a
// probe of any other material, or a table that fails to load, is "not known".
type TablebaseOracle struct {
	set       *tablebase.Set
	maxPieces int
}

// NewTablebaseOracle returns the oracle of set, or nil when set holds no table.
func NewTablebaseOracle(set *tablebase.Set) *TablebaseOracle {
	classes, err := set.Classes()
	if err != nil || len(classes) == 0 {
		return nil
	}
	o := &TablebaseOracle{set: set}
	for _, c := range classes {
		o.maxPieces = max(o.maxPieces, c.Pieces())
	}
	return o
}

// Probe implements Oracle.
func (o *TablebaseOracle) Probe(p *engine.Position) (int, int, bool) {
	v, err := o.set.Probe(p)
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
