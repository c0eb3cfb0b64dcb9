// resultset_test.go: the distinct-board set against a plain map, through its overflow
// path (more results than the table holds) and the wrap of its generation stamp. No
// position of the game is known to reach the overflow, so the set is driven directly.

package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resultKeys returns n distinct (from, to, captured) triples, in a seeded random order.
func resultKeys(n int, seed uint64) [][3]uint64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	seen := map[[3]uint64]bool{}
	var out [][3]uint64
	for len(out) < n {
		k := [3]uint64{uint64(rng.IntN(Points)), uint64(rng.IntN(Points)), rng.Uint64() & uint64(AllPoints)}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func TestResultSetOverflowMatchesAMap(t *testing.T) {
	var s ResultSet
	for round, n := range []int{10, resultLimit - 1, resultLimit, resultLimit + 1, 3 * resultSlots, 50} {
		s.reset()
		keys := resultKeys(n, uint64(round))
		ref := map[[3]uint64]bool{}
		add := func(k [3]uint64) {
			want := !ref[k]
			ref[k] = true
			got := s.add(Point(k[0]), Point(k[1]), Bitboard(k[2]))
			require.Equal(t, want, got, "round %d (%d keys), key %v after %d distinct", round, n, k, len(ref))
		}
		// Every key once, then every key again (each must be known, whether it went into
		// the table before it filled or into the overflow after), interleaved with new
		// keys once the table is full.
		for _, k := range keys {
			add(k)
		}
		for i, k := range keys {
			add(k)
			if i%7 == 0 {
				add([3]uint64{uint64(i % Points), uint64((i + 1) % Points), uint64(AllPoints) &^ uint64(i)})
			}
		}
		assert.Equal(t, len(ref) > resultLimit, len(s.extra) > 0, "round %d: the overflow is used exactly past the limit", round)
		assert.Equal(t, max(0, len(ref)-resultLimit), len(s.extra), "round %d: the overflow holds the keys past the limit", round)
	}
	// After a reset nothing is known any more, the overflow included.
	s.reset()
	for _, k := range resultKeys(3*resultSlots, 0) {
		require.True(t, s.add(Point(k[0]), Point(k[1]), Bitboard(k[2])))
	}
}

func TestResultSetStampWrap(t *testing.T) {
	var s ResultSet
	keys := resultKeys(200, 9)
	s.reset() // generation 1
	for _, k := range keys {
		require.True(t, s.add(Point(k[0]), Point(k[1]), Bitboard(k[2])))
	}
	// 2^32 - 1 resets later the stamp wraps back to generation 1: the keys of the old
	// generation 1 must not look known.
	s.now = math.MaxUint32
	s.reset()
	require.Equal(t, uint32(1), s.now)
	for _, k := range keys[:100] {
		require.True(t, s.add(Point(k[0]), Point(k[1]), Bitboard(k[2])), "a key of an old generation is new after the wrap")
	}
	for _, k := range keys[:100] {
		require.False(t, s.add(Point(k[0]), Point(k[1]), Bitboard(k[2])), "a key of this generation is known")
	}
}

// TestDistinctTurnsThroughTheOverflow fills the set to its limit before generating, as if
// the position had that many earlier results, and checks DistinctTurns still finds each
// distinct board once: the plain reference compares resulting boards.
func TestDistinctTurnsThroughTheOverflow(t *testing.T) {
	r := DefaultRules()
	// Found by random play: 19 paths, 18 boards (two capture paths end on one board).
	p := MustParseFEN("1B1B1B3/B3B1W2/B2B4W/WW1WW2WW/WW1WWW3 b 0 7")
	boards := map[[2]Bitboard]bool{}
	for _, tn := range p.Turns(r, nil) {
		q := p.Play(tn)
		boards[[2]Bitboard{q.Pieces[White], q.Pieces[Black]}] = true
	}
	require.Greater(t, len(p.Turns(r, nil)), len(boards), "the position has paths to one board")

	var s ResultSet
	s.reset()
	// Keys no real turn can have (from a point to itself, capturing everything).
	for i := 0; s.n < resultLimit; i++ {
		s.add(Point(i%Points), Point(i%Points), AllPoints&^Bitboard(i/Points))
	}
	g := chainWalker{collect: true, seen: &s}
	turns := p.generate(r, &g)
	assert.NotEmpty(t, s.extra, "the turns went to the overflow")
	got := map[[2]Bitboard]bool{}
	for _, tn := range turns {
		q := p.Play(tn)
		k := [2]Bitboard{q.Pieces[White], q.Pieces[Black]}
		assert.False(t, got[k], "board of %s produced twice", tn)
		got[k] = true
	}
	assert.Equal(t, boards, got)
}
