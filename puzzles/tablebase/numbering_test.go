package tablebase

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNumberingSlots: a board and its images share one slot, below the size, and the
// slot's board is one of them; boards that are no image of each other have slots apart.
func TestNumberingSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 0))
	for _, c := range []Class{{1, 1}, {2, 3}, {3, 2}, {1, 4}, {2, 2}} {
		n, err := NewNumbering(c)
		require.NoError(t, err)
		board := map[uint64][2]engine.Bitboard{}
		for i := 0; i < 2000; i++ {
			own, enemy := randomSets(rng, c.Own, c.Enemy)
			s := n.Slot(own, enemy)
			require.Less(t, s, n.Size())
			images := map[[2]engine.Bitboard]bool{}
			for sym := engine.Identity; sym < engine.NumSymmetries; sym++ {
				o, e := own.Transform(sym), enemy.Transform(sym)
				images[[2]engine.Bitboard{o, e}] = true
				assert.Equal(t, s, n.Slot(o, e), "%v %x %x", c, own, enemy)
			}
			o, e := n.Pieces(s)
			assert.True(t, images[[2]engine.Bitboard{o, e}], "%v slot %d", c, s)
			if b, ok := board[s]; ok {
				assert.True(t, images[b], "%v slot %d for two boards", c, s)
			}
			board[s] = [2]engine.Bitboard{own, enemy}
		}
	}
	_, err := NewNumbering(Class{0, 3})
	assert.Error(t, err)
}

// randomSets returns disjoint sets of a and b points.
func randomSets(rng *rand.Rand, a, b int) (engine.Bitboard, engine.Bitboard) {
	var sets [2]engine.Bitboard
	for i, k := range []int{a, b} {
		for sets[i].Count() < k {
			p := engine.Bit(engine.Point(rng.IntN(engine.Points)))
			if (sets[0]|sets[1])&p == 0 {
				sets[i] |= p
			}
		}
	}
	return sets[0], sets[1]
}

// TestOrbitNumbersTheLeastImages: for every set of 0 to 4 points, Orbit is the place of
// its least image (over the symmetries, as a bitboard) among all sets' least images in
// increasing order, and the count is theirs.
func TestOrbitNumbersTheLeastImages(t *testing.T) {
	for k := 0; k <= 4; k++ {
		least := func(b engine.Bitboard) engine.Bitboard {
			m := b
			for sym := engine.Identity; sym < engine.NumSymmetries; sym++ {
				m = min(m, b.Transform(sym))
			}
			return m
		}
		var sets []engine.Bitboard
		var walk func(from int, b engine.Bitboard)
		walk = func(from int, b engine.Bitboard) {
			if b.Count() == k {
				sets = append(sets, b)
				return
			}
			for p := from; p < engine.Points; p++ {
				walk(p+1, b|engine.Bit(engine.Point(p)))
			}
		}
		walk(0, 0)
		require.Equal(t, int(Binomial(engine.Points, k)), len(sets))
		reps := map[engine.Bitboard]bool{}
		for _, b := range sets {
			reps[least(b)] = true
		}
		sorted := slices.Sorted(maps.Keys(reps))
		place := map[engine.Bitboard]int{}
		for i, m := range sorted {
			place[m] = i
		}
		for _, b := range sets {
			orbit, orbits := Orbit(b)
			require.Equal(t, len(sorted), orbits, "%d points", k)
			require.Equal(t, place[least(b)], orbit, "%x", b)
		}
	}
}
