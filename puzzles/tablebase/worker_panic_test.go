package tablebase

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/fanorona/fanorona/internal/panics"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A panic in one of the build's workers is the stage's error (a *panics.Error, which the
// command reports with exit status 70), not a crash of the process.
func TestBuildWorkerPanicIsTheError(t *testing.T) {
	b := &builder{ctx: context.Background(), workers: 3}
	var ranges atomic.Int64
	err := b.parallel("test", 8*chunk, func(_ *worker, lo, _ uint64) {
		ranges.Add(1)
		if lo == 2*chunk {
			var m map[uint64]bool
			m[lo] = true // a nil-map write panics
		}
	})
	var pe *panics.Error
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, pe.Error(), "nil map")
	assert.Equal(t, int64(8), ranges.Load(), "the other workers take the remaining chunks")
}

// A panic compressing one block is the table's error, with one worker too: the blocks
// after it are skipped, nothing waits for them, and none after it is emitted.
func TestCompressWorkerPanicIsTheError(t *testing.T) {
	for _, workers := range []int{1, 2} {
		// Slots for eight blocks, bytes for one: the later blocks' slices are out of range.
		tb := &Table{ix: &indexer{size: 8 * blockSlots}, bytes: make([]byte, blockSlots)}
		var emitted []int
		err := tb.compressBlocks(workers, func(i int, _ []byte) error {
			emitted = append(emitted, i)
			return nil
		})
		var pe *panics.Error
		require.ErrorAs(t, err, &pe, "workers %d", workers)
		assert.Contains(t, pe.Error(), "out of range", "workers %d", workers)
		for _, i := range emitted {
			assert.Equal(t, 0, i, "workers %d: only the block in range may be emitted", workers)
		}
	}
}
