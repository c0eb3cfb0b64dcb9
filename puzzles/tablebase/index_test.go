package tablebase

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
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
