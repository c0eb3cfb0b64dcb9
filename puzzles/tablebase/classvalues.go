// classvalues.go: one class's values in memory, one byte a slot, and what is known about them.

package tablebase

import (
	"math/bits"
	"sync"
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
	// mapped: words are a mapping of their own (alloc_linux.go), returned by free.
	mapped bool
}

func init() {
	// Atomic access to a byte goes through its 8-byte word, which needs the byte order.
	w := uint64(1)
	if *(*byte)(unsafe.Pointer(&w)) != 1 {
		panic("tablebase: needs a little-endian machine")
	}
}

// liveTableBytes counts the values of the tables made and not freed (by free: those left
// to the garbage collector stay counted), which EstimateBuild predicts of a build.
var liveTableBytes atomic.Uint64

func newTable(c Class, limit int) *Table {
	ix := newIndexer(c)
	t := &Table{ix: ix}
	t.words, t.mapped = allocWords((ix.size + 7) / 8)
	liveTableBytes.Add(ix.size)
	t.bytes = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.words))), ix.size)
	t.info = Info{Class: c, PaikaLimit: limit, Slots: ix.size}
	return t
}

// free gives the table's memory back at once, not when the garbage collector finds it
// unused (a mapping, never): a build frees each table once nothing more of it reads the
// table. A freed table holds no values; freeing it again does nothing.
func (t *Table) free() {
	if t.words == nil {
		return
	}
	if t.mapped {
		freeWords(t.words)
		t.mapped = false
	}
	liveTableBytes.Add(-t.ix.size)
	t.words, t.bytes = nil, nil
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

// setIf stores code in a slot that still holds undecided and reports whether it did.
func (t *Table) setIf(slot uint64, undecided, code byte) bool {
	w := &t.words[slot>>3]
	shift := slot & 7 * 8
	for {
		old := atomic.LoadUint64(w)
		if byte(old>>shift) != undecided {
			return false
		}
		if atomic.CompareAndSwapUint64(w, old, old&^(0xff<<shift)|uint64(code)<<shift) {
			return true
		}
	}
}

// countValues fills the counts and longest distances of info from the bytes, on workers
// goroutines. It counts each value byte, not each slot: a slot's weight is its orbit's
// unless the orbit's fixed set has a stabiliser, so a whole orbit is a histogram of its
// bytes times one weight. The longest distances and their example slots are those of a
// scan in slot order (the first slot of the longest, weight or not), as the header keeps.
func (t *Table) countValues(workers int) {
	var raw, boards [256]uint64 // slots and boards per byte
	n := uint64(len(t.bytes))
	per := t.ix.perOrbit
	orbits := (n + per - 1) / per
	var mu sync.Mutex
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r, b [256]uint64 // slots and boards per byte of this goroutine's orbits
			for {
				orbit := next.Add(1) - 1
				if orbit >= orbits {
					break
				}
				lo, hi := orbit*per, min((orbit+1)*per, n)
				var h [256]uint64
				for _, v := range t.bytes[lo:hi] {
					h[v]++
				}
				for v, c := range h {
					r[v] += c
				}
				if t.ix.orbits.stab[orbit] != 0 {
					t.stabilisedOrbitBoards(orbit, &h)
					for v, c := range h {
						b[v] += c
					}
					continue
				}
				w := uint64(t.ix.orbits.weight[orbit])
				for v, c := range h {
					b[v] += c * w
				}
			}
			mu.Lock()
			for v := range r {
				raw[v] += r[v]
				boards[v] += b[v]
			}
			mu.Unlock()
		}()
	}
	wg.Wait()

	in := &t.info
	in.Positions, in.Wins, in.Draws, in.Losses = 0, 0, 0, 0
	in.LongestWin, in.LongestLoss = 0, -1
	for code := range raw {
		v := decodeAs(in.PaikaLimit, byte(code))
		in.Positions += boards[code]
		switch v.Outcome {
		case Win:
			in.Wins += boards[code]
		case Loss:
			in.Losses += boards[code]
		default:
			in.Draws += boards[code]
		}
		if raw[code] == 0 {
			continue
		}
		switch {
		case v.Outcome == Win && v.Plies > in.LongestWin:
			in.LongestWin = v.Plies
		case v.Outcome == Loss && v.Plies > in.LongestLoss:
			in.LongestLoss = v.Plies
		}
	}
	t.findExamples()
	in.LongestLoss = max(in.LongestLoss, 0)
}

// stabilisedOrbitBoards turns h, the histogram of the bytes of an orbit whose
// representative some symmetries map onto itself, into boards per byte. Of each group of
// mirror-image slots only the lowest is used (index), and the others hold codeDraw, so a
// slot of another byte is that of a board with as many images as there are symmetries,
// unless the board's other set is symmetric too: those few sets are enumerated and
// corrected. The draws are what is left of the orbit's boards.
func (t *Table) stabilisedOrbitBoards(orbit uint64, h *[256]uint64) {
	ix := t.ix
	rep := ix.orbits.reps[orbit]
	var syms []engine.Symmetry
	for st := ix.orbits.stab[orbit]; st != 0; st &= st - 1 {
		syms = append(syms, engine.Symmetry(bits.TrailingZeros8(st)))
	}
	all := uint64(engine.NumSymmetries)
	for v := 1; v < 256; v++ {
		h[v] *= all
	}
	base := orbit * ix.perOrbit
	for i, g := range syms {
		forSymmetricSets(engine.AllPoints&^rep, ix.secondary, g, func(q engine.Bitboard) {
			for _, e := range syms[:i] {
				if q.Transform(e) == q {
					return // enumerated with an earlier symmetry
				}
			}
			// A slot that is not its board's holds codeDraw: it is skipped here too.
			if code := t.bytes[base+rankAmongFree(q, rep)]; code != codeDraw {
				fixers := uint64(1) // the identity
				for _, e := range syms {
					if q.Transform(e) == q {
						fixers++
					}
				}
				h[code] -= all - all/fixers
			}
		})
	}
	h[codeDraw] = uint64(ix.orbits.weight[orbit]) * ix.perOrbit
	for v := 1; v < 256; v++ {
		h[codeDraw] -= h[v]
	}
}

// forSymmetricSets calls fn with every set of k points of free that symmetry g (which maps
// free onto itself) maps onto itself: unions of g's cycles on free, its fixed points and
// its pairs.
func forSymmetricSets(free engine.Bitboard, k int, g engine.Symmetry, fn func(engine.Bitboard)) {
	var cycles []engine.Bitboard
	for b := free; b != 0; b &= b - 1 {
		p := b & -b
		if img := p.Transform(g); img >= p {
			cycles = append(cycles, p|img)
		}
	}
	var pick func(i, need int, set engine.Bitboard)
	pick = func(i, need int, set engine.Bitboard) {
		if need == 0 {
			fn(set)
			return
		}
		for ; i < len(cycles); i++ {
			if c := cycles[i].Count(); c <= need {
				pick(i+1, need-c, set|cycles[i])
			}
		}
	}
	pick(0, k, 0)
}

// findExamples sets the example slots of the longest win and loss (LongestLoss −1: none)
// to the first slot holding each, in one scan that stops when both are found.
func (t *Table) findExamples() {
	in := &t.info
	const win, loss = 1, 2
	var want uint8
	var is [256]uint8
	for code := range is {
		v := decodeAs(in.PaikaLimit, byte(code))
		if in.LongestWin > 0 && v == (Value{Outcome: Win, Plies: in.LongestWin}) {
			is[code], want = win, want|win
		}
		if in.LongestLoss >= 0 && v == (Value{Outcome: Loss, Plies: in.LongestLoss}) {
			is[code], want = loss, want|loss
		}
	}
	for slot, b := range t.bytes {
		if k := is[b]; k&want != 0 {
			if k == win {
				in.WinExample = uint64(slot)
			} else {
				in.LossExample = uint64(slot)
			}
			if want &^= k; want == 0 {
				return
			}
		}
	}
}

// ExampleFEN returns the board of a slot of the class, White to move, as a FEN.
func (in Info) ExampleFEN(slot uint64) string {
	own, enemy := newIndexer(in.Class).position(slot)
	p := engine.NewPosition(own, enemy, engine.White, 0, 0)
	return p.FEN()
}
