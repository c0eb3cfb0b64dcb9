// bitset.go: the set of a shard's games already on disk when a run resumes, and the bound
// on a run's number of games.

package tournament

import "math"

// bitset is a growable set of small non-negative integers (the games of a run already
// on disk when it resumes).
type bitset []uint64

func (b *bitset) set(i int) {
	for i/64 >= len(*b) {
		*b = append(*b, 0)
	}
	(*b)[i/64] |= 1 << (i % 64)
}

func (b bitset) has(i int) bool { return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0 }

// maxGames bounds a run's number of games so that indices fit an int with room to spare.
const maxGames = math.MaxInt64 / 4
