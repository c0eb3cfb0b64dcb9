// table.go: one class's values in memory, one byte a slot, and what is known about them.

package tablebase

import (
	"sync/atomic"
	"unsafe"

	"github.com/fanorona/fanorona/engine"
)

// Info describes a built class: its size and its counts of boards by value. Counts are of
// boards (every placement of the pieces, side to move fixed by the class), not of slots.
type Info struct {
	Class Class
	// PaikaLimit is the rule the values hold under: 0 for the theoretic values (no
	// limit, distances to the end of the game), L for a rule-aware table (values at
	// counter 0 under limit L, distances to the deciding capture).
	PaikaLimit  int
	Slots       uint64 // bytes of values stored
	Positions   uint64 // boards: C(45,own)·C(45−own,enemy)
	Wins        uint64 // boards the side to move wins
	Draws       uint64
	Losses      uint64
	LongestWin  int    // plies of the longest win (0 if none)
	WinExample  uint64 // a slot of that longest win
	LongestLoss int    // plies of the longest loss
	LossExample uint64
}

// Table holds the values of one class. During a build its bytes are read and written
// with atomic word operations; once built it is read-only and safe to share.
type Table struct {
	ix    *indexer
	words []uint64 // backing store, so that bytes are 8-aligned for atomic word access
	bytes []byte   // the values, one per slot
	info  Info
}

func init() {
	// Atomic access to a byte goes through its 8-byte word, which needs the byte order.
	w := uint64(1)
	if *(*byte)(unsafe.Pointer(&w)) != 1 {
		panic("tablebase: needs a little-endian machine")
	}
}

func newTable(c Class, limit int) *Table {
	ix := newIndexer(c)
	t := &Table{ix: ix}
	t.words = allocWords((ix.size + 7) / 8)
	t.bytes = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.words))), ix.size)
	t.info = Info{Class: c, PaikaLimit: limit, Slots: ix.size}
	return t
}

// Class returns the table's class.
func (t *Table) Class() Class { return t.ix.class }

// Info returns the table's description and counts.
func (t *Table) Info() Info { return t.info }

// Slots returns the number of stored values.
func (t *Table) Slots() uint64 { return t.ix.size }

// Position returns the board of a slot with White to move.
func (t *Table) Position(slot uint64) engine.Position {
	own, enemy := t.ix.position(slot)
	return engine.NewPosition(own, enemy, engine.White, 0, 0)
}

// Rule returns the rule of the values.
func (t *Table) Rule() Rule { return Rule{t.info.PaikaLimit} }

// Value returns the value of the slot (at counter 0 in a rule-aware table).
func (t *Table) Value(slot uint64) Value { return decodeAs(t.info.PaikaLimit, t.bytes[slot]) }

// decodeAs decodes a byte of a table of the given rule.
func decodeAs(limit int, b byte) Value {
	if limit > 0 {
		return decodeRule(b)
	}
	return decode(b)
}

// lookup returns the code of own to move against enemy (read-only tables).
func (t *Table) lookup(own, enemy engine.Bitboard) byte { return t.bytes[t.ix.index(own, enemy)] }

// load returns the code of a slot while other goroutines may write neighbouring bytes.
func (t *Table) load(slot uint64) byte {
	return byte(atomic.LoadUint64(&t.words[slot>>3]) >> (slot & 7 * 8))
}

// setIfDraw stores code in a slot that still holds 0 and reports whether it did.
func (t *Table) setIfDraw(slot uint64, code byte) bool {
	w := &t.words[slot>>3]
	shift := slot & 7 * 8
	for {
		old := atomic.LoadUint64(w)
		if byte(old>>shift) != codeDraw {
			return false
		}
		if atomic.CompareAndSwapUint64(w, old, old|uint64(code)<<shift) {
			return true
		}
	}
}

// countValues fills the counts and longest distances of info from the bytes.
func (t *Table) countValues() {
	in := &t.info
	in.Positions, in.Wins, in.Draws, in.Losses = 0, 0, 0, 0
	in.LongestWin, in.LongestLoss = 0, -1
	for slot, b := range t.bytes {
		w := t.ix.weight(uint64(slot))
		in.Positions += w
		v := decodeAs(in.PaikaLimit, b)
		switch v.Outcome {
		case Win:
			in.Wins += w
			if v.Plies > in.LongestWin {
				in.LongestWin, in.WinExample = v.Plies, uint64(slot)
			}
		case Loss:
			in.Losses += w
			if v.Plies > in.LongestLoss {
				in.LongestLoss, in.LossExample = v.Plies, uint64(slot)
			}
		default:
			in.Draws += w
		}
	}
	if in.LongestLoss < 0 {
		in.LongestLoss = 0
	}
}

// ExampleFEN returns the board of a slot of the class, White to move, as a FEN.
func (in Info) ExampleFEN(slot uint64) string {
	own, enemy := newIndexer(in.Class).position(slot)
	p := engine.NewPosition(own, enemy, engine.White, 0, 0)
	return p.FEN()
}
