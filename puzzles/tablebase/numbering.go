// numbering.go: a class's slots for other packages, which number positions up to the
// board's symmetries without a table (the proof package's reachable graph).

package tablebase

import "github.com/fanorona/fanorona/engine"

// Numbering numbers the positions of one class, as its table's slots: a board and its
// images under the symmetries share a slot. A few slots stand for no board (those of a
// symmetric set of the side with fewer pieces whose mirror image numbers lower).
type Numbering struct{ ix *indexer }

// NewNumbering returns the numbering of class c.
func NewNumbering(c Class) (Numbering, error) {
	if err := c.check(); err != nil {
		return Numbering{}, err
	}
	return Numbering{newIndexer(c)}, nil
}

// Size returns the number of slots: every slot is below it.
func (n Numbering) Size() uint64 { return n.ix.size }

// Slot returns the slot of the board with own to move against enemy; the counts must
// match the class.
func (n Numbering) Slot(own, enemy engine.Bitboard) uint64 { return n.ix.index(own, enemy) }

// Pieces returns a board of slot: own to move against enemy.
func (n Numbering) Pieces(slot uint64) (own, enemy engine.Bitboard) { return n.ix.position(slot) }

// Orbit returns the number of the orbit of the set of points b (at most 5) under the
// board's symmetries among the sets of its size, the orbits numbered in the order of
// their least members, and how many orbits there are.
func Orbit(b engine.Bitboard) (orbit, orbits int) {
	o := orbitsOf(b.Count())
	return int(o.of[colexRank(b)] >> 2), len(o.reps)
}
