// table.go: the transposition table: a fixed array of entries in buckets of two, keyed by
// the whole board (no false hits), with a replacement policy by work.

package proof

import "github.com/fanorona/fanorona/engine"

// key is a position's exact identity for a proof: the white pieces with the side to move
// in bit 63, the black pieces with the paika counter (under a limit; 0 under the
// theoretic rules) in bits 56-62.
type key struct{ lo, hi uint64 }

// keyOf returns p's key and the hash that places it in the table.
func keyOf(p *engine.Position, limit int) (key, uint64) {
	counter := uint64(0)
	if limit > 0 {
		counter = uint64(p.Paika)
	}
	k := keyOfBoard(p.Pieces[engine.White], p.Pieces[engine.Black], p.Side)
	k.hi |= counter << 56
	return k, p.Hash() ^ (counter+1)*0x9e3779b97f4a7c15
}

// keyOfBoard is the key of a board and its side to move with the counter 0: White's pieces
// and the side in lo, Black's pieces in hi (the counter, keyOf's, above them).
func keyOfBoard(white, black engine.Bitboard, side engine.Color) key {
	return key{uint64(white) | uint64(side)<<63, uint64(black)}
}

// pieces returns the pieces of colour c on the board of key k.
func (k key) pieces(c engine.Color) engine.Bitboard {
	if c == engine.White {
		return engine.Bitboard(k.lo &^ (1 << 63))
	}
	return engine.Bitboard(k.hi & (1<<56 - 1))
}

// side returns the side to move of key k.
func (k key) side() engine.Color { return engine.Color(k.lo >> 63) }

// infinity is a proof or disproof number that cannot be reached: the node is decided.
const infinity = uint32(1 << 30)

// entry is one node's proof and disproof numbers and the work (nodes searched) spent on
// it. pn = dn = 0 marks an empty slot (no node has both). Work 0 marks an estimate: a
// child's initial numbers, kept so that each expansion of its parent does not count its
// turns again; a searched node has work 1 or more.
type entry struct {
	k      key
	pn, dn uint32
	work   uint32
	_      uint32
}

// ttable is a fixed-size array of entries: a store never allocates. Two entries share a
// bucket; a new node replaces the one of the two with less work, so the roots of large
// subtrees (the expensive proofs) survive the many small nodes near the leaves.
type ttable struct {
	entries []entry
	mask    uint64
}

// newTTable returns a table of at least 2 and at most entries entries (a power of two).
func newTTable(entries int) *ttable {
	n := 2
	for n*2 <= entries {
		n *= 2
	}
	t := &ttable{entries: make([]entry, n), mask: uint64(n-1) &^ 1}
	adviseHugePages(t.bytes())
	return t
}

// clear empties the table.
func (t *ttable) clear() { clear(t.entries) }

// lookup returns the numbers stored for k, searched or estimated.
func (t *ttable) lookup(k key, h uint64) (pn, dn uint32, ok bool) {
	i := h & t.mask
	for j := i; j <= i+1; j++ {
		if e := &t.entries[j]; e.k == k && (e.pn|e.dn) != 0 {
			return e.pn, e.dn, true
		}
	}
	return 0, 0, false
}

// lookupSearched returns the numbers stored for k if k was searched (not an estimate).
func (t *ttable) lookupSearched(k key, h uint64) (pn, dn uint32, ok bool) {
	i := h & t.mask
	for j := i; j <= i+1; j++ {
		if e := &t.entries[j]; e.k == k && e.work != 0 {
			return e.pn, e.dn, true
		}
	}
	return 0, 0, false
}

// free reports whether e holds no searched node: empty or an estimate.
func (e *entry) free() bool { return e.work == 0 }

// estimate records k's initial numbers in a slot holding no searched node, if there is
// one: an estimate never displaces a searched node, so the searched nodes a table keeps
// are the same with estimates or without.
func (t *ttable) estimate(k key, h uint64, pn, dn uint32) {
	i := h & t.mask
	e := &t.entries[i]
	if !e.free() {
		if e = &t.entries[i+1]; !e.free() {
			return
		}
	}
	e.k, e.pn, e.dn = k, pn, dn
}

// store records k's numbers and adds work to what it had. A slot holding an estimate
// counts as empty. When k's own estimate is in the second slot and its numbers go to the
// first, the estimate stays behind them: lookups read the first slot first, and the first
// is replaced only when both hold searched nodes.
func (t *ttable) store(k key, h uint64, pn, dn uint32, work uint64) {
	i := h & t.mask
	a, b := &t.entries[i], &t.entries[i+1]
	var e *entry
	switch {
	case a.k == k && !a.free():
		e = a
	case b.k == k && !b.free():
		e = b
	case a.free():
		e = a
		e.work = 0
	case b.free():
		e = b
		e.work = 0
	case a.work <= b.work:
		e = a
		e.work = 0
	default:
		e = b
		e.work = 0
	}
	e.k, e.pn, e.dn = k, pn, dn
	e.work = uint32(min(uint64(e.work)+work, 1<<32-1))
}
