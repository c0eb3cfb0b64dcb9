// reachindex.go: the index of a reach graph's positions, an open-addressed table that
// keeps each key in its slot: a probe costs one cache line where a Go map's costs two
// (its control word and its slot), and the graph's exploration is mostly probes; on
// huge pages, as they are at random.

package proof

import (
	"math/bits"
	"unsafe"
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
