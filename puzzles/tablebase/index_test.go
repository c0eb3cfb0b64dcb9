package tablebase

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/require"
)

func BenchmarkPosition(b *testing.B) {
	ix := newIndexer(Class{3, 5})
	var sink engine.Bitboard
	for i := 0; i < b.N; i++ {
		o, e := ix.position(uint64(i) * 7919 % ix.size)
		sink ^= o ^ e
	}
	_ = sink
}

func BenchmarkIndex(b *testing.B) {
	ix := newIndexer(Class{3, 5})
	o, e := ix.position(123456789)
	var sink uint64
	for i := 0; i < b.N; i++ {
		sink += ix.index(o, e^engine.Bitboard(i&1))
	}
	_ = sink
}

func BenchmarkCanCapture(b *testing.B) {
	ix := newIndexer(Class{3, 5})
	o, e := ix.position(123456789)
	p := engine.Position{Pieces: [2]engine.Bitboard{o, e}}
	n := 0
	for i := 0; i < b.N; i++ {
		if p.CanCapture() {
			n++
		}
	}
	_ = n
}

func BenchmarkPositionSequential(b *testing.B) {
	ix := newIndexer(Class{3, 5})
	var sink engine.Bitboard
	for i := 0; i < b.N; i++ {
		o, e := ix.position(uint64(i) + 1e9)
		sink ^= o ^ e
	}
	_ = sink
}

func TestWalkerMatchesPosition(t *testing.T) {
	for _, c := range []Class{{1, 1}, {2, 3}, {3, 2}, {1, 4}} {
		ix := newIndexer(c)
		var w walker
		w.start(ix, 0)
		for s := uint64(0); s < ix.size; s++ {
			o, e := w.pieces()
			po, pe := ix.position(s)
			if o != po || e != pe {
				t.Fatalf("%v slot %d: walker %x %x, position %x %x", c, s, o, e, po, pe)
			}
			w.next()
		}
	}
}

func BenchmarkWalker(b *testing.B) {
	ix := newIndexer(Class{3, 5})
	var w walker
	w.start(ix, 1e9)
	var sink engine.Bitboard
	for i := 0; i < b.N; i++ {
		o, e := w.pieces()
		w.next()
		sink ^= o ^ e
	}
	_ = sink
}

// TestFixedIndexAgreesWithIndex: for random positions of classes where either side is
// the primary set, the slot fixedIndex gives with either side held fixed is index's.
func TestFixedIndexAgreesWithIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []Class{{1, 1}, {2, 3}, {3, 2}, {3, 3}, {1, 4}, {4, 2}} {
		ix := newIndexer(c)
		var f fixedIndex
		for range 20000 {
			own, enemy := ix.position(r.Uint64N(ix.size))
			// A random symmetry image, so that non-canonical placements are met too.
			s := engine.Symmetry(r.IntN(int(engine.NumSymmetries)))
			own, enemy = own.Transform(s), enemy.Transform(s)
			want := ix.index(own, enemy)
			f.reset(ix, own, true)
			require.Equal(t, want, f.index(enemy), "%v own fixed: %v %v", c, own, enemy)
			f.reset(ix, enemy, false)
			require.Equal(t, want, f.index(own), "%v enemy fixed: %v %v", c, own, enemy)
		}
	}
}

// TestKeptNumberingsAgreeWithIndex: the numberings init keeps for the successors of its
// captures (keptIndexes), by the side left to move and by the capturing side,
// give index's slot, for random positions of several classes met again and again, so that
// their entries are both reused and replaced.
func TestKeptNumberingsAgreeWithIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var left, moved keptIndexes
	var indexers []*indexer
	for _, c := range []Class{{1, 3}, {2, 3}, {2, 4}, {3, 3}, {3, 1}, {4, 2}} {
		indexers = append(indexers, newIndexer(c))
	}
	// A few positions of each class recur, as consecutive slots of init repeat sets.
	positions := make([][8][2]engine.Bitboard, len(indexers))
	for range 20000 {
		i, k := r.IntN(len(indexers)), r.IntN(8)
		ix, c := indexers[i], indexers[i].class
		if positions[i][k][0] == 0 || r.IntN(4) == 0 {
			own, enemy := ix.position(r.Uint64N(ix.size))
			s := engine.Symmetry(r.IntN(int(engine.NumSymmetries)))
			positions[i][k] = [2]engine.Bitboard{own.Transform(s), enemy.Transform(s)}
		}
		own, enemy := positions[i][k][0], positions[i][k][1]
		want := ix.index(own, enemy)
		if ix.ownFirst {
			require.Equal(t, want, left.of(ix, own, true).index(enemy), "%v: %v %v", c, own, enemy)
		} else {
			require.Equal(t, want, moved.of(ix, enemy, false).index(own), "%v: %v %v", c, own, enemy)
		}
	}
}

// TestCompressedRankCountsFreePointsBelow: the free-rank table gives each point of a set
// its place among the points the representative leaves empty, the point's index less the
// representative's points below it, for random sets of every representative size.
func TestCompressedRankCountsFreePointsBelow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for k := 1; k <= 3; k++ {
		o := orbitsOf(k)
		for range 20000 {
			orbit := r.IntN(len(o.reps))
			rep := o.reps[orbit]
			var set engine.Bitboard
			for n := 1 + r.IntN(8); set.Count() < n; {
				if p := engine.Point(r.IntN(engine.Points)); !rep.Has(p) {
					set |= engine.Bit(p)
				}
			}
			var want uint64
			i := 1
			for b := set; b != 0; b &= b - 1 {
				p := int(b.First())
				c := p - (rep & (engine.Bit(b.First()) - 1)).Count()
				want += Binomial(c, i)
				i++
			}
			require.Equal(t, want, compressedRank(set, &o.freeRank[orbit]), "rep %v set %v", rep, set)
			require.Equal(t, want, rankAmongFree(set, rep), "rep %v set %v", rep, set)
		}
	}
}

// BenchmarkFixedIndex numbers the positions one step away from random positions of 3v3
// and 3v4, with the primary set held fixed and with the other set held fixed, as the
// un-move pass does.
func BenchmarkFixedIndex(b *testing.B) {
	for _, c := range []Class{{3, 3}, {3, 4}} {
		for _, primaryFixed := range []bool{true, false} {
			b.Run(fmt.Sprintf("%v/primaryFixed=%v", c, primaryFixed), func(b *testing.B) {
				ix := newIndexer(c)
				r := rand.New(rand.NewPCG(7, 8))
				type probe struct{ fixed, moving engine.Bitboard }
				var probes [1024]probe
				for i := range probes {
					own, enemy := ix.position(r.Uint64N(ix.size))
					probes[i] = probe{own, enemy}
				}
				var f fixedIndex
				var sink uint64
				for i := 0; b.Loop(); i++ {
					p := &probes[i&1023]
					if primaryFixed {
						f.reset(ix, p.fixed, true)
					} else {
						f.reset(ix, p.moving, false)
						p = &probe{p.moving, p.fixed}
					}
					empty := engine.AllPoints &^ (p.fixed | p.moving)
					for ys := p.moving; ys != 0; ys &= ys - 1 {
						for xs := engine.Neighbours(ys.First()) & empty; xs != 0; xs &= xs - 1 {
							sink += f.index(p.moving ^ ys&-ys ^ xs&-xs)
						}
					}
				}
				_ = sink
			})
		}
	}
}

// TestColexUnrankInvertsColexRank: for sets of 1 to 10 points among the first n (random
// ranks, seeded, and the first and last rank), unranking gives a set of as many points
// below n whose colex rank is the one unranked.
func TestColexUnrankInvertsColexRank(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for k := 1; k <= 10; k++ {
		for _, n := range []int{k, k + 1, 30, 42, engine.Points} {
			count := binom[n][k]
			ranks := []uint64{0, count - 1}
			for range 2000 {
				ranks = append(ranks, r.Uint64N(count))
			}
			for _, rank := range ranks {
				set := colexUnrank(rank, k, n)
				require.Equal(t, k, set.Count(), "k=%d n=%d rank %d", k, n, rank)
				require.Less(t, uint64(set), uint64(1)<<uint(n), "k=%d n=%d rank %d: a point beyond n", k, n, rank)
				require.Equal(t, rank, colexRank(set), "k=%d n=%d", k, n)
			}
		}
	}
}
