// index.go: the compact numbering of positions. A class's slot is (orbit of the smaller
// piece set under the board symmetries) × (combinatorial rank of the larger set among the
// remaining points), so a class takes about a quarter of C(45,a)·C(45−a,b) bytes.

package tablebase

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/fanorona/fanorona/engine"
)

// binom[n][k] is the binomial coefficient C(n, k) for n, k ≤ 45 (0 when k > n).
var binom [engine.Points + 1][engine.Points + 1]uint64

// rankTerm[p][i] is C(p, i) again, shaped so that masked indexes need no bounds checks in
// the hot ranking loops.
var rankTerm [64][16]uint64

// unrankTerm[i][p] is C(p, i) for p ≤ 45 and the largest uint64 above: a non-decreasing
// row of 64 for each i, which colexUnrank searches in six fixed halvings.
var unrankTerm [16][64]uint64

// lowTriples[r] and lowPairs[r] are the 3-set and the 2-set of colex rank r: the lowest
// members of a set, found by colexUnrank in one lookup (113 KiB in all).
var (
	lowTriples [engine.Points * (engine.Points - 1) * (engine.Points - 2) / 6]engine.Bitboard
	lowPairs   [engine.Points * (engine.Points - 1) / 2]engine.Bitboard
)

func init() {
	for n := 0; n <= engine.Points; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
		for k := 0; k < 16 && k <= n; k++ {
			rankTerm[n][k] = binom[n][k]
		}
	}
	for k := range unrankTerm {
		for p := range unrankTerm[k] {
			unrankTerm[k][p] = ^uint64(0)
			if p <= engine.Points {
				unrankTerm[k][p] = binom[p][k]
			}
		}
	}
	// In colex order the sets of the points 0..c come first, so counting through the
	// sets of the whole board numbers them by rank.
	r := 0
	for c := 2; c < engine.Points; c++ {
		for b := 1; b < c; b++ {
			for a := 0; a < b; a++ {
				lowTriples[r] = engine.Bit(engine.Point(a)) | engine.Bit(engine.Point(b)) | engine.Bit(engine.Point(c))
				r++
			}
		}
	}
	r = 0
	for b := 1; b < engine.Points; b++ {
		for a := 0; a < b; a++ {
			lowPairs[r] = engine.Bit(engine.Point(a)) | engine.Bit(engine.Point(b))
			r++
		}
	}
}

// Binomial returns C(n, k) for 0 ≤ k, n ≤ 45.
func Binomial(n, k int) uint64 { return binom[n][k] }

// colexRank numbers a k-set of point indices: the sum over its i-th lowest member p
// (i from 1) of C(p, i). Sets of equal size get the ranks 0..C(45,k)−1.
func colexRank(b engine.Bitboard) uint64 {
	var r uint64
	i := 1
	for ; b != 0; b &= b - 1 {
		r += rankTerm[bits.TrailingZeros64(uint64(b))&63][i&15]
		i++
	}
	return r
}

// colexUnrank inverts colexRank for k-sets of the points 0..n−1: the highest member is
// the largest c with C(c, k) ≤ r (below n, as r < C(n, k)), and so on down. The search
// takes six halvings of the padded row whatever r is, with no bounds to keep; the last
// three members (the rank left is that of a 3-set, 2-set or point) are looked up.
func colexUnrank(r uint64, k, n int) engine.Bitboard {
	var b engine.Bitboard
	i := k
	for ; i > 3; i-- {
		row := &unrankTerm[i&15]
		c := 0 // row[c] ≤ r throughout: C(c, i) = 0 for c < i
		for step := 32; step > 0; step >>= 1 {
			if row[(c+step)&63] <= r {
				c += step
			}
		}
		r -= row[c&63]
		b |= 1 << uint(c)
	}
	switch i {
	case 3:
		b |= lowTriples[r]
	case 2:
		b |= lowPairs[r]
	case 1:
		b |= 1 << (r & 63)
	}
	return b
}

// orbits numbers the k-sets of points up to the board symmetries. Each orbit is
// represented by its member of lowest colex rank; every k-set records its orbit and a
// symmetry that maps it onto the representative (the identity for representatives).
type orbits struct {
	reps   []engine.Bitboard // representative of each orbit
	weight []uint8           // orbit size: how many k-sets each representative stands for
	stab   []uint8           // bit s set when symmetry s ≠ identity maps the representative onto itself
	// freePoint[o][c] is the c-th point (from a1) that representative o leaves empty, and
	// freeRank[o] its inverse: freeRank[o][p] is how many free points lie below p.
	freePoint [][64]uint8
	freeRank  [][64]uint8
	of        []uint32 // by colex rank of a k-set: orbit<<2 | symmetry to the representative
}

var (
	orbitsOnce  [engine.Points + 1]sync.Once
	orbitTables [engine.Points + 1]*orbits
)

// orbitsOf returns the orbit table of k-sets, built on first use (k ≤ 5 keeps it small).
func orbitsOf(k int) *orbits {
	orbitsOnce[k].Do(func() {
		n := binom[engine.Points][k]
		o := &orbits{of: make([]uint32, n)}
		repOfRank := map[uint64]uint32{}
		for r := uint64(0); r < n; r++ {
			set := colexUnrank(r, k, engine.Points)
			minRank, minSym := r, engine.Identity
			for s := engine.Symmetry(1); s < engine.NumSymmetries; s++ {
				if t := colexRank(set.Transform(s)); t < minRank {
					minRank, minSym = t, s
				}
			}
			if minRank == r {
				seen := map[engine.Bitboard]bool{}
				var stab uint8
				for s := engine.Symmetry(0); s < engine.NumSymmetries; s++ {
					seen[set.Transform(s)] = true
					if s != engine.Identity && set.Transform(s) == set {
						stab |= 1 << s
					}
				}
				repOfRank[r] = uint32(len(o.reps))
				o.reps = append(o.reps, set)
				o.weight = append(o.weight, uint8(len(seen)))
				o.stab = append(o.stab, stab)
				var free, rank [64]uint8
				c := 0
				for p := 0; p < engine.Points; p++ {
					rank[p] = uint8(c)
					if !set.Has(engine.Point(p)) {
						free[c] = uint8(p)
						c++
					}
				}
				o.freePoint = append(o.freePoint, free)
				o.freeRank = append(o.freeRank, rank)
			}
			o.of[r] = repOfRank[minRank]<<2 | uint32(minSym)
		}
		orbitTables[k] = o
	})
	return orbitTables[k]
}

// Class is a material class seen from the side to move: Own pieces to move against Enemy
// pieces. White to move with 3 against Black's 5 and Black to move with 3 against White's 5
// are the same class 3v5 (the colour swap).
type Class struct {
	Own, Enemy int
}

// String returns the class as "3v5" (side to move first).
func (c Class) String() string { return fmt.Sprintf("%dv%d", c.Own, c.Enemy) }

// Pieces returns the number of pieces on the board.
func (c Class) Pieces() int { return c.Own + c.Enemy }

// Swap returns the class with the other side to move.
func (c Class) Swap() Class { return Class{c.Enemy, c.Own} }

// ParseClass reads "3v5".
func ParseClass(s string) (Class, error) {
	var c Class
	var rest string
	n, _ := fmt.Sscanf(s, "%dv%d%s", &c.Own, &c.Enemy, &rest)
	if n != 2 || fmt.Sprintf("%dv%d", c.Own, c.Enemy) != s {
		return Class{}, fmt.Errorf("tablebase: material %q: want the form 3v5 (pieces of the side to move, then of the other)", s)
	}
	if err := c.check(); err != nil {
		return Class{}, err
	}
	return c, nil
}

// MaxSetSize bounds the smaller side of a class: the orbit table of 5-sets has 1.2 million
// entries; beyond that no class would fit in memory anyway.
const MaxSetSize = 5

func (c Class) check() error {
	switch {
	case c.Own < 1 || c.Enemy < 1:
		return fmt.Errorf("tablebase: class %v: each side needs at least one piece", c)
	case min(c.Own, c.Enemy) > MaxSetSize || max(c.Own, c.Enemy) > 15:
		return fmt.Errorf("tablebase: class %v is too large to index", c)
	}
	return nil
}

// indexer maps the positions of one class to slots 0..size−1 and back.
type indexer struct {
	class      Class
	ownFirst   bool // the side to move has the smaller set (or equal): it is the primary set
	primary    int  // size of the primary set
	secondary  int  // size of the other set
	orbits     *orbits
	perOrbit   uint64 // slots per primary orbit: C(45−primary, secondary)
	size       uint64
	freePoints int // 45 − primary
}

func newIndexer(c Class) *indexer {
	ix := &indexer{class: c, ownFirst: c.Own <= c.Enemy}
	ix.primary, ix.secondary = c.Own, c.Enemy
	if !ix.ownFirst {
		ix.primary, ix.secondary = c.Enemy, c.Own
	}
	ix.orbits = orbitsOf(ix.primary)
	ix.freePoints = engine.Points - ix.primary
	ix.perOrbit = binom[ix.freePoints][ix.secondary]
	ix.size = uint64(len(ix.orbits.reps)) * ix.perOrbit
	return ix
}

// index returns the slot of the position with own to move against enemy. The counts must
// match the class.
func (ix *indexer) index(own, enemy engine.Bitboard) uint64 {
	prim, sec := own, enemy
	if !ix.ownFirst {
		prim, sec = enemy, own
	}
	e := ix.orbits.of[colexRank(prim)]
	orbit, sym := uint64(e>>2), engine.Symmetry(e&3)
	if sym != engine.Identity {
		sec = sec.Transform(sym)
	}
	rep := ix.orbits.reps[orbit]
	r := rankAmongFree(sec, rep)
	// A representative that some symmetry maps onto itself leaves a choice of images of
	// the other set: the lowest rank is the position's one slot.
	for stab := ix.orbits.stab[orbit]; stab != 0; stab &= stab - 1 {
		if alt := rankAmongFree(sec.Transform(engine.Symmetry(bits.TrailingZeros8(stab))), rep); alt < r {
			r = alt
		}
	}
	return orbit*ix.perOrbit + r
}

// rankAmongFree ranks set among the points that prim leaves free: the colex rank of the
// set with those points renumbered 0, 1, 2, ….
func rankAmongFree(set, prim engine.Bitboard) uint64 {
	var r uint64
	i := 1
	for b := uint64(set); b != 0; b &= b - 1 {
		p := bits.TrailingZeros64(b)
		c := p - bits.OnesCount64(uint64(prim)&(1<<uint(p)-1))
		r += rankTerm[c&63][i&15]
		i++
	}
	return r
}

// compressedRank is rankAmongFree given the representative's freeRank row instead: a
// table lookup in place of counting its points below each point, cheaper when one
// representative serves many sets, so that its row stays in the cache.
func compressedRank(set engine.Bitboard, freeRank *[64]uint8) uint64 {
	var r uint64
	i := 1
	for b := uint64(set); b != 0; b &= b - 1 {
		r += rankTerm[freeRank[bits.TrailingZeros64(b)&63]&63][i&15]
		i++
	}
	return r
}

// canonical reports whether a slot is the one slot of its board. Slots whose primary set
// is symmetric come in groups of mirror images; only the lowest of each group is used,
// the others stay 0 and count for nothing.
func (ix *indexer) canonical(slot uint64) bool {
	if ix.orbits.stab[slot/ix.perOrbit] == 0 {
		return true
	}
	own, enemy := ix.position(slot)
	return ix.index(own, enemy) == slot
}

// position returns the pieces of a slot: own to move against enemy.
func (ix *indexer) position(slot uint64) (own, enemy engine.Bitboard) {
	orbit := slot / ix.perOrbit
	r := slot - orbit*ix.perOrbit
	prim := ix.orbits.reps[orbit]
	compressed := colexUnrank(r, ix.secondary, ix.freePoints)
	// Expand: the c-th point the primary set leaves free.
	free := ix.orbits.freePoint[orbit]
	var sec engine.Bitboard
	for b := uint64(compressed); b != 0; b &= b - 1 {
		sec |= 1 << (free[bits.TrailingZeros64(b)&63] & 63)
	}
	if ix.ownFirst {
		return prim, sec
	}
	return sec, prim
}

// walker visits consecutive slots without unranking each: in colex order the next set of
// the same size is the next larger bit pattern with as many bits (Gosper's hack).
type walker struct {
	ix    *indexer
	orbit uint64
	comp  uint64 // the secondary set among the free points, compressed
	limit uint64 // 1 << freePoints
}

// start positions the walker at slot.
func (w *walker) start(ix *indexer, slot uint64) {
	w.ix = ix
	w.orbit = slot / ix.perOrbit
	w.comp = uint64(colexUnrank(slot-w.orbit*ix.perOrbit, ix.secondary, ix.freePoints))
	w.limit = 1 << uint(ix.freePoints)
}

// pieces returns the current slot's own and enemy sets.
func (w *walker) pieces() (own, enemy engine.Bitboard) {
	free := &w.ix.orbits.freePoint[w.orbit]
	var sec engine.Bitboard
	for b := w.comp; b != 0; b &= b - 1 {
		sec |= 1 << (free[bits.TrailingZeros64(b)&63] & 63)
	}
	prim := w.ix.orbits.reps[w.orbit]
	if w.ix.ownFirst {
		return prim, sec
	}
	return sec, prim
}

// next moves to the following slot.
func (w *walker) next() {
	x := w.comp
	c := x & -x
	r := x + c
	x = r | ((x^r)>>2)/c
	if x >= w.limit {
		w.orbit++
		x = 1<<uint(w.ix.secondary) - 1
	}
	w.comp = x
}

// fixedIndex numbers positions of one class in which one side's pieces (the fixed set)
// stay put while the other side's move: the predecessors of a position by un-moves, or
// the successors of a position by its paika steps. What index derives from the fixed set
// alone (its orbit and symmetry when it is the primary set, its images under the
// symmetries when it is not) is computed once in reset, not once a position.
type fixedIndex struct {
	ix           *indexer
	fixedPrimary bool
	// When the fixed set is the primary one: its orbit's first slot, the symmetry that
	// maps it onto the representative, the representative's free ranks and its stabiliser.
	base uint64
	sym  engine.Symmetry
	free *[64]uint8
	stab uint8
	// Otherwise: the fixed set under each symmetry.
	images [engine.NumSymmetries]engine.Bitboard
}

// reset prepares positions of ix's class with fixed as its own pieces (fixedIsOwn) or as
// its enemy pieces.
func (f *fixedIndex) reset(ix *indexer, fixed engine.Bitboard, fixedIsOwn bool) {
	f.ix = ix
	f.fixedPrimary = fixedIsOwn == ix.ownFirst
	if f.fixedPrimary {
		e := ix.orbits.of[colexRank(fixed)]
		orbit := uint64(e >> 2)
		f.base, f.sym = orbit*ix.perOrbit, engine.Symmetry(e&3)
		f.free, f.stab = &ix.orbits.freeRank[orbit], ix.orbits.stab[orbit]
		return
	}
	for s := engine.Symmetry(0); s < engine.NumSymmetries; s++ {
		f.images[s] = fixed.Transform(s)
	}
}

// index returns the slot of the position whose other side holds moving; it equals
// ix.index with the two sets in their places.
func (f *fixedIndex) index(moving engine.Bitboard) uint64 {
	if f.fixedPrimary {
		sec := moving
		if f.sym != engine.Identity {
			sec = sec.Transform(f.sym)
		}
		r := compressedRank(sec, f.free)
		for stab := f.stab; stab != 0; stab &= stab - 1 {
			if alt := compressedRank(sec.Transform(engine.Symmetry(bits.TrailingZeros8(stab))), f.free); alt < r {
				r = alt
			}
		}
		return f.base + r
	}
	ix := f.ix
	e := ix.orbits.of[colexRank(moving)]
	orbit := uint64(e >> 2)
	sym := engine.Symmetry(e & 3)
	rep := ix.orbits.reps[orbit]
	r := rankAmongFree(f.images[sym], rep)
	// The symmetries compose by exclusive or of their numbers (a Klein four-group), so
	// the stabiliser's images of the fixed set were computed in reset too.
	for stab := ix.orbits.stab[orbit]; stab != 0; stab &= stab - 1 {
		if alt := rankAmongFree(f.images[(sym^engine.Symmetry(bits.TrailingZeros8(stab)))&3], rep); alt < r {
			r = alt
		}
	}
	return orbit*ix.perOrbit + r
}
