// table_test.go: the transposition table's size and the memory it is checked against.

package proof

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTTBytesIsWhatNewProverAllocates(t *testing.T) {
	for _, entries := range []int{2, 3, 1000, 1 << 20, 1<<20 + 1} {
		pr, err := NewProver(Options{TTEntries: entries})
		require.NoError(t, err)
		got := uint64(len(pr.tt.entries)) * 32 // an entry: two keys' words, pn, dn, work, padding
		assert.Equal(t, got, TTBytes(entries), "%d entries", entries)
	}
	// The documented default: 2^22 entries, 128 MiB.
	assert.Equal(t, uint64(128<<20), TTBytes(0))
	// 10^12 entries: the largest power of two below is 2^39, 16 TiB.
	assert.Equal(t, uint64(1)<<39*32, TTBytes(1_000_000_000_000))
	assert.Equal(t, uint64(math.MaxUint64), TTBytes(math.MaxInt), "saturates, never wraps")
}

func TestCheckTTEntriesAgainstTheMachine(t *testing.T) {
	const gib = 1 << 30
	err := CheckTTEntries(1_000_000_000_000, 1, 8*gib)
	require.Error(t, err)
	assert.Equal(t, "the transposition table takes 16.0 TiB (549755813888 entries of 32 bytes), more than this machine's memory (8.0 GiB)", err.Error())
	// Four workers of 2^26 entries (2 GiB each) need 8 GiB: on a 6 GiB machine, no.
	err = CheckTTEntries(1<<26, 4, 6*gib)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "4 transposition tables (one a worker) take 8.0 GiB (67108864 entries of 32 bytes each)")
	assert.NoError(t, CheckTTEntries(1<<26, 4, 8*gib), "exactly the machine's memory")
	assert.NoError(t, CheckTTEntries(1_000_000_000_000, 1, 0), "unknown memory: not compared")
	assert.EqualError(t, CheckTTEntries(1, 1, 8*gib), "must be 2 or more")
	assert.EqualError(t, CheckTTEntries(-5, 1, 0), "must be 2 or more")
}

// TestEstimatesNeverDisplaceSearchedNodes: a table of one bucket (two slots, every key in
// it). An estimate takes a slot without a searched node or none; a searched node treats an
// estimate as an empty slot, and is found before its own estimate.
func TestEstimatesNeverDisplaceSearchedNodes(t *testing.T) {
	tt := newTTable(2)
	a, b, c := key{1, 0}, key{2, 0}, key{3, 0}
	tt.store(a, 0, 4, 7, 5)
	tt.store(b, 0, 2, 9, 3)
	tt.estimate(c, 0, 1, 6)
	_, _, ok := tt.lookup(c, 0)
	assert.False(t, ok, "both slots hold searched nodes: the estimate is not kept")
	for _, k := range []key{a, b} {
		_, _, ok := tt.lookupSearched(k, 0)
		assert.True(t, ok, "%v kept", k)
	}

	tt.clear()
	tt.estimate(a, 0, 1, 6)
	tt.estimate(b, 0, 5, 1)
	pn, dn, ok := tt.lookup(b, 0)
	assert.True(t, ok)
	assert.Equal(t, [2]uint32{5, 1}, [2]uint32{pn, dn}, "an estimate is looked up")
	_, _, ok = tt.lookupSearched(b, 0)
	assert.False(t, ok, "an estimate is not a searched node")
	tt.store(b, 0, 8, 2, 10) // into a's slot, looked up before b's estimate
	pn, dn, ok = tt.lookupSearched(b, 0)
	assert.True(t, ok)
	assert.Equal(t, [2]uint32{8, 2}, [2]uint32{pn, dn})
	tt.store(c, 0, 3, 3, 1) // into the slot b's estimate held: b stays
	_, _, ok = tt.lookupSearched(b, 0)
	assert.True(t, ok, "b kept")
	_, _, ok = tt.lookupSearched(c, 0)
	assert.True(t, ok, "c kept")
	tt.store(a, 0, 1, 1, 20) // replaces c, the one of less work
	_, _, ok = tt.lookup(c, 0)
	assert.False(t, ok)
	_, _, ok = tt.lookup(b, 0)
	assert.True(t, ok)
}
