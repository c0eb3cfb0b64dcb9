// tables.go: the tables a proof probes, behind a small interface, so that the search and
// the checker depend on one probe only.

package proof

import (
	"path/filepath"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Tables answers for the positions whose class is built.
type Tables interface {
	// Probe returns the value of p for its side to move under paika limit limit (0:
	// theoretic) at p's counter, and false when p's class has no table under that rule.
	Probe(p *engine.Position, limit int) (tablebase.Value, bool, error)
	// File returns the path of the file holding the table of id.
	File(id tablebase.TableID) string
}

// SetTables adapts a tablebase.Set, restricted to classes of at most MaxPieces pieces
// (0: all), and remembers which classes exist so that a probe of a missing one costs an
// array read.
type SetTables struct {
	set       *tablebase.Set
	maxPieces int
	// known[limit != 0][own][enemy]: 0 not yet asked, 1 built, 2 not built; limit is the
	// non-zero limit asked for last (a set serves one rule at a time cheaply).
	known [2][engine.MaxPiecesPerSide + 1][engine.MaxPiecesPerSide + 1]uint8
	limit int
}

// FromSet returns the tables of set with at most maxPieces pieces (0: every class).
func FromSet(set *tablebase.Set, maxPieces int) *SetTables {
	return &SetTables{set: set, maxPieces: maxPieces}
}

// wholeSlots is the size of a table loaded whole for a search: the search probes at every
// node, so the small tables are read into memory once.
const wholeSlots = 1 << 24

// SearchTables returns the tables of set for a search or a check: every class, the tables
// of at most wholeSlots slots loaded whole; nil (no tables) when set is nil.
func SearchTables(set *tablebase.Set) Tables {
	if set == nil {
		return nil
	}
	set.LoadWhole(wholeSlots)
	return FromSet(set, 0)
}

// Probe implements Tables.
func (t *SetTables) Probe(p *engine.Position, limit int) (tablebase.Value, bool, error) {
	if t == nil || t.set == nil {
		return tablebase.Value{}, false, nil
	}
	c, ok := tablebase.ClassOf(p)
	if !ok || (t.maxPieces > 0 && c.Pieces() > t.maxPieces) {
		return tablebase.Value{}, false, nil
	}
	r := 0
	if limit != 0 {
		r = 1
		if limit != t.limit {
			t.known[1] = [engine.MaxPiecesPerSide + 1][engine.MaxPiecesPerSide + 1]uint8{}
			t.limit = limit
		}
	}
	k := &t.known[r][c.Own][c.Enemy]
	if *k == 0 {
		*k = 2
		if t.set.Has(c, tablebase.PaikaRule(limit)) {
			*k = 1
		}
	}
	if *k != 1 {
		return tablebase.Value{}, false, nil
	}
	v, err := t.set.Probe(p, tablebase.PaikaRule(limit))
	if err != nil {
		return tablebase.Value{}, false, err
	}
	return v, true, nil
}

// File implements Tables.
func (t *SetTables) File(id tablebase.TableID) string {
	return filepath.Join(t.set.Dir(), tablebase.FileName(id.Class, id.Rule))
}
