// reachindex.go: the indices of a reach graph's positions. reachSlots numbers them by
// their classes' table slots, an array read each; reachIndex is an open-addressed table
// that keeps each key in its slot (a probe costs one cache line where a Go map's costs
// two, its control word and its slot; on huge pages, as they are at random), for the
// boards of no class and the positions of a set written.

package proof

import (
	"math/bits"
	"unsafe"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// reachIndex maps keys to the graph's indices.
type reachIndex struct {
	slots []reachSlot // a power of 2 long, at most half full
	n     int
}

type reachSlot struct {
	k key
	i int32 // the index + 1; 0: empty
}

func (x *reachIndex) home(k key) uint64 {
	h := (k.lo*0x9e3779b97f4a7c15 ^ k.hi) * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) & uint64(len(x.slots)-1)
}

// get returns k's index.
func (x *reachIndex) get(k key) (int32, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for j := x.home(k); ; j = (j + 1) & mask {
		s := &x.slots[j]
		if s.i == 0 {
			return 0, false
		}
		if s.k == k {
			return s.i - 1, true
		}
	}
}

// add returns k's index, giving it index i when absent (added true).
func (x *reachIndex) add(k key, i int32) (int32, bool) {
	if 2*(x.n+1) > len(x.slots) {
		x.grow()
	}
	mask := uint64(len(x.slots) - 1)
	for j := x.home(k); ; j = (j + 1) & mask {
		s := &x.slots[j]
		if s.i == 0 {
			*s = reachSlot{k, i + 1}
			x.n++
			return i, true
		}
		if s.k == k {
			return s.i - 1, false
		}
	}
}

func (x *reachIndex) insert(k key, i int32) {
	mask := uint64(len(x.slots) - 1)
	j := x.home(k)
	for x.slots[j].i != 0 {
		j = (j + 1) & mask
	}
	x.slots[j] = reachSlot{k, i}
}

func (x *reachIndex) grow() {
	old := x.slots
	x.slots = make([]reachSlot, max(1<<10, 1<<bits.Len(uint(2*len(old)-1))))
	adviseHugePages(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x.slots))), len(x.slots)*int(unsafe.Sizeof(reachSlot{}))))
	for _, s := range old {
		if s.i != 0 {
			x.insert(s.k, s.i)
		}
	}
}

// has reports whether k is in the index, as a set.
func (x *reachIndex) has(k key) bool {
	_, ok := x.get(k)
	return ok
}

// put adds k to the index, as a set, and reports whether it was absent.
func (x *reachIndex) put(k key) bool {
	_, added := x.add(k, 0)
	return added
}

// reachSlots maps a graph's positions to its indices through their classes' table slots:
// one slot for a board and its images, so no canonical key is computed, and an array
// read in place of a probe (the slots of a class of 5 pieces take 13 MiB, a table of
// keys about 400). Boards of no class (a side without pieces) are in ends, by their
// least image's key.
type reachSlots struct {
	blocks [2][reachSide + 1][reachSide + 1]*reachBlock // side to move, White's and Black's pieces
	ends   reachIndex
}

// reachSide bounds the pieces a side has in a class numbered by its slots.
const reachSide = 4

// reachBlock is one class with one colour to move: the index + 1 of each slot (0: none).
type reachBlock struct {
	num tablebase.Numbering
	ids []int32
}

// cell returns where the index of the board white, black with side to move is kept, nil
// when its class has no block (then ends holds it).
func (x *reachSlots) cell(white, black engine.Bitboard, side engine.Color) *int32 {
	w, b := white.Count(), black.Count()
	if w == 0 || b == 0 || w > reachSide || b > reachSide {
		return nil
	}
	blk := x.blocks[side][w][b]
	if blk == nil {
		c := tablebase.Class{Own: w, Enemy: b}
		if side == engine.Black {
			c = c.Swap()
		}
		num, err := tablebase.NewNumbering(c)
		if err != nil {
			return nil
		}
		blk = &reachBlock{num: num, ids: make([]int32, num.Size())}
		adviseHugePages(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(blk.ids))), 4*len(blk.ids)))
		x.blocks[side][w][b] = blk
	}
	own, enemy := white, black
	if side == engine.Black {
		own, enemy = black, white
	}
	return &blk.ids[blk.num.Slot(own, enemy)]
}

// get returns the index of a board.
func (x *reachSlots) get(white, black engine.Bitboard, side engine.Color) (int32, bool) {
	if c := x.cell(white, black, side); c != nil {
		return *c - 1, *c != 0
	}
	return x.ends.get(canonicalBoard(white, black, side))
}

// add returns the index of a board, giving it index i when absent (added true).
func (x *reachSlots) add(white, black engine.Bitboard, side engine.Color, i int32) (int32, bool) {
	if c := x.cell(white, black, side); c != nil {
		if *c != 0 {
			return *c - 1, false
		}
		*c = i + 1
		return i, true
	}
	return x.ends.add(canonicalBoard(white, black, side), i)
}
