// tt_test.go: the transposition table against its doc comments: sizes, generations,
// the replacement rule, and mate scores stored relative to the node.

package players

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTransTableSizes(t *testing.T) {
	assert.Nil(t, newTransTable(0), "hash 0: no table")
	assert.Nil(t, newTransTable(-3))
	assert.Len(t, newTransTable(1).slots, 1<<16, "1 MiB of 16-byte slots")
	assert.Len(t, newTransTable(3).slots, 1<<17, "the largest power of two in 3 MiB")
	assert.Len(t, newTransTable(64).slots, 1<<22)
}

// TestTransTableGenerations: an entry is found in its own search only; a new search does
// not clear the table (the stamp ignores old entries), except when the stamp wraps (an
// entry of stamp 1 would otherwise be found again), when the table is cleared.
func TestTransTableGenerations(t *testing.T) {
	tt := newTransTable(1)
	tt.newSearch()
	const key = 0x123456789abcdef0
	tt.store(key, 5, -321, boundLower, 7)
	e, ok := tt.probe(key)
	require.True(t, ok)
	assert.Equal(t, ttEntry{score: -321, move: 8, depth: 5, bound: boundLower, gen: tt.gen}, e)
	_, ok = tt.probe(key ^ 1<<40) // same slot, another key
	assert.False(t, ok)
	slot := &tt.slots[key&tt.mask]
	tt.newSearch()
	_, ok = tt.probe(key)
	assert.False(t, ok, "an entry of the last search")
	assert.NotZero(t, slot.data.Load(), "a new search does not clear the table")
	for range 253 { // stamps 3 to 255
		tt.newSearch()
		_, ok = tt.probe(key)
		require.False(t, ok)
	}
	assert.NotZero(t, slot.data.Load(), "254 searches later, before the stamp wraps")
	tt.newSearch() // the stamp wraps to 0: the table is cleared, the stamp is 1 again
	assert.Equal(t, uint8(1), tt.gen)
	_, ok = tt.probe(key)
	assert.False(t, ok)
	assert.Zero(t, slot.data.Load(), "cleared when the stamp wraps")
}

// TestTransTableReplacement: within a search, a deeper entry of another position is kept
// against a shallower bound, not against an exact score; an entry of an older search is
// always replaced; storing a position again without a best turn keeps the one known.
func TestTransTableReplacement(t *testing.T) {
	tt := newTransTable(1)
	tt.newSearch()
	const a, b = 0x1000, 0x1000 | 1<<32 // one slot
	tt.store(a, 6, 10, boundExact, 3)
	tt.store(b, 5, 20, boundUpper, 1) // shallower bound of another position: dropped
	e, ok := tt.probe(a)
	require.True(t, ok)
	assert.Equal(t, int16(10), e.score)
	tt.store(b, 6, 20, boundUpper, 1) // as deep: replaces
	_, ok = tt.probe(a)
	assert.False(t, ok)
	e, ok = tt.probe(b)
	require.True(t, ok)
	assert.Equal(t, int16(20), e.score)
	tt.store(a, 3, 30, boundExact, 2) // exact: replaces even a deeper entry
	e, ok = tt.probe(a)
	require.True(t, ok)
	assert.Equal(t, ttEntry{score: 30, move: 3, depth: 3, bound: boundExact, gen: tt.gen}, e)
	tt.store(a, 4, 31, boundUpper, -1) // no best turn: the known one (index 2) is kept
	e, _ = tt.probe(a)
	assert.Equal(t, uint16(3), e.move)
	tt.store(b, 1, 40, boundUpper, -1) // another position without a turn: none
	tt.newSearch()
	tt.store(b, 1, 41, boundUpper, 0) // the deeper entry is of an older search: replaced
	e, ok = tt.probe(b)
	require.True(t, ok)
	assert.Equal(t, ttEntry{score: 41, move: 1, depth: 1, bound: boundUpper, gen: tt.gen}, e)
}

// TestMateScoresRelativeToTheNode: a win n plies from a node found ply plies from the root
// is stored as the same win seen from the node, so that it reads right at any ply.
func TestMateScoresRelativeToTheNode(t *testing.T) {
	winIn5AtPly3 := MateScore - 8 // the root's view: 3 plies down, then 5
	stored := scoreToTT(winIn5AtPly3, 3)
	assert.Equal(t, MateScore-5, stored)
	assert.Equal(t, MateScore-5-7, scoreFromTT(stored, 7), "read 7 plies from the root")
	assert.Equal(t, -(MateScore - 5), scoreToTT(-(MateScore-8), 3))
	assert.Equal(t, -(MateScore - 12), scoreFromTT(-(MateScore-5), 7))
	for _, v := range []int{0, 250, -250, WinBound - 1, -WinBound + 1} {
		assert.Equal(t, v, scoreToTT(v, 9), "not a proven result: %d", v)
		assert.Equal(t, v, scoreFromTT(v, 9))
	}
	assert.Equal(t, WinBound+3, scoreToTT(WinBound, 3), "from WinBound on")
	assert.Equal(t, -WinBound-3, scoreToTT(-WinBound, 3))
	assert.Equal(t, WinBound-3, scoreFromTT(WinBound, 3))
	assert.Equal(t, -WinBound+3, scoreFromTT(-WinBound, 3))
}
