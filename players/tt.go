// tt.go: the transposition table, preallocated once per player and reused from search to
// search (and from game to game, reuse.go); a generation stamp makes each search start
// from an empty table without clearing it. Slots are two atomic words (the key XOR the data, and the data), so the
// threads of a parallel search share one table without locks: a slot torn by two
// writers fails the key check and reads as empty.

package players

import "sync/atomic"

// Bounds of a stored score.
const (
	boundExact uint8 = iota + 1
	boundLower       // the score is at least this (a beta cut-off)
	boundUpper       // the score is at most this (every turn failed low)
)

// ttEntry is the unpacked data of a slot.
type ttEntry struct {
	score int16
	move  uint16 // 1 + index of the best turn in the node's DistinctTurns list; 0 = none
	depth int8
	bound uint8
	gen   uint8
}

func (e ttEntry) pack() uint64 {
	return uint64(uint16(e.score)) | uint64(e.move)<<16 | uint64(uint8(e.depth))<<32 |
		uint64(e.bound)<<40 | uint64(e.gen)<<48
}

func unpackEntry(d uint64) ttEntry {
	return ttEntry{score: int16(uint16(d)), move: uint16(d >> 16), depth: int8(uint8(d >> 32)),
		bound: uint8(d >> 40), gen: uint8(d >> 48)}
}

type ttSlot struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

type transTable struct {
	slots []ttSlot
	mask  uint64
	gen   uint8
}

// newTransTable returns a table of tableSlots(mb) slots (nil for mb ≤ 0): one a closed
// player gave back when there is one (reuse.go), else a new one.
func newTransTable(mb int) *transTable {
	if mb <= 0 {
		return nil
	}
	n := tableSlots(mb)
	if t := reusedTable(n); t != nil {
		return t
	}
	return &transTable{slots: make([]ttSlot, n), mask: n - 1}
}

// tableSlots is the largest power-of-two number of 16-byte slots fitting in mb megabytes.
func tableSlots(mb int) uint64 {
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return n
}

// newSearch starts a new generation: every entry stored before is ignored. It must not
// run while a search uses the table.
func (t *transTable) newSearch() {
	t.gen++
	if t.gen == 0 { // wrapped: entries of generation 1 might be 256 searches old
		for i := range t.slots {
			t.slots[i].check.Store(0)
			t.slots[i].data.Store(0)
		}
		t.gen = 1
	}
}

// load returns the slot's key and entry as one consistent pair (a torn slot gives a key
// that matches no position).
func (t *transTable) load(key uint64) (uint64, ttEntry) {
	s := &t.slots[key&t.mask]
	d := s.data.Load()
	return s.check.Load() ^ d, unpackEntry(d)
}

// decides reports whether a stored score v (already brought to the node's ply) settles a
// node searched in the window (alpha, beta): exact, or a bound on the window's far side.
func (e ttEntry) decides(v, alpha, beta int) bool {
	return e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha
}

// boundOf is the bound of a node's best score searched in the window (alpha, beta).
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha:
		return boundUpper
	}
	return boundExact
}

func (t *transTable) probe(key uint64) (ttEntry, bool) {
	k, e := t.load(key)
	return e, k == key && t.readable(e)
}

// readable reports whether an entry (of the key asked for) may be read: one of this
// search, holding a bound.
func (t *transTable) readable(e ttEntry) bool {
	return e.gen == t.gen && e.bound != 0
}

func (t *transTable) store(key uint64, depth int, score int, bound uint8, move int) {
	k, e := t.load(key)
	if e.gen == t.gen && k != key && int(e.depth) > depth && bound != boundExact {
		return // keep the deeper entry of another position from this search
	}
	if k == key && t.readable(e) && move < 0 {
		move = int(e.move) - 1 // keep the known best turn
	}
	d := ttEntry{score: int16(score), move: uint16(move + 1), depth: int8(depth), bound: bound, gen: t.gen}.pack()
	s := &t.slots[key&t.mask]
	s.data.Store(d)
	s.check.Store(key ^ d)
}

// scoreToTT and scoreFromTT store mate scores relative to the node, not to the root.
func scoreToTT(v, ply int) int {
	switch {
	case v >= WinBound:
		return v + ply
	case v <= -WinBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v >= WinBound:
		return v - ply
	case v <= -WinBound:
		return v + ply
	}
	return v
}
