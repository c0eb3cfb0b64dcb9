package tablebase

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheoreticByteEncoding(t *testing.T) {
	// The value byte (docs/ENDGAMES.md): 0 = draw; otherwise plies + 1, odd plies a win.
	for _, c := range []struct {
		v Value
		b byte
	}{{Value{}, 0}, {Value{Loss, 0}, 1}, {Value{Win, 1}, 2}, {Value{Loss, 6}, 7}, {Value{Win, 7}, 8}} {
		assert.Equal(t, c.b, encode(c.v), "%v", c.v)
		assert.Equal(t, c.v, decode(c.b), "%d", c.b)
	}
}

// TestNonCanonicalSlotsStayZero: of a group of slots that are mirror images of one board,
// only the lowest holds the value; the others stay 0 (docs: index.go's canonical), in the
// built theoretic and limit-1 tables alike.
func TestNonCanonicalSlotsStayZero(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		limit   int
		classes []Class
	}{
		{smallTables(t), 0, []Class{{2, 2}, {1, 3}, {3, 1}, {2, 1}}},
		{limitOneTables(t), 1, []Class{{2, 1}, {1, 2}}},
	} {
		for _, c := range tc.classes {
			tb, err := LoadTable(tc.dir, c, PaikaRule(tc.limit))
			require.NoError(t, err, "%v", c)
			others, decided := 0, 0
			for s := uint64(0); s < tb.Slots(); s++ {
				if tb.ix.canonical(s) {
					if tb.bytes[s] != 0 {
						decided++
					}
					continue
				}
				others++
				if tb.bytes[s] != 0 {
					t.Fatalf("%v limit %d: slot %d, not the board's slot, holds %d", c, tc.limit, s, tb.bytes[s])
				}
			}
			assert.Positive(t, others, "%v has mirror-image slots", c)
			assert.Positive(t, decided, "%v has decided boards", c)
		}
	}
}

// TestBlocksCoverTheSlotsExactly: a table is cut into ⌈slots / 65,536⌉ blocks, the last
// one short, at the sizes around a block boundary too (no table of at most 7 pieces, nor
// 3v5 or 5v3, has them), and the reader expects that count (blocksFor).
func TestBlocksCoverTheSlotsExactly(t *testing.T) {
	dec := decoderOf()
	for _, n := range []uint64{1, blockSlots - 1, blockSlots, blockSlots + 1, 2*blockSlots - 1, 2 * blockSlots} {
		tb := &Table{ix: &indexer{size: n}, bytes: make([]byte, n)}
		for i := range tb.bytes {
			tb.bytes[i] = byte(i*7 + i>>16)
		}
		var blocks [][]byte
		err := tb.compressBlocks(2, func(i int, b []byte) error {
			require.Len(t, blocks, i, "blocks in order")
			blocks = append(blocks, bytes.Clone(b))
			return nil
		})
		require.NoError(t, err)
		whole := n / blockSlots // blocks of 65,536, then one more for the rest
		if n%blockSlots != 0 {
			whole++
		}
		require.Len(t, blocks, int(whole), "slots %d", n)
		assert.Equal(t, whole, blocksFor(n, blockSlots), "slots %d", n)
		var all []byte
		for i, b := range blocks {
			raw, err := dec.DecodeAll(b, nil)
			require.NoError(t, err)
			if i < len(blocks)-1 {
				assert.Equal(t, blockSlots, len(raw), "slots %d block %d", n, i)
			}
			all = append(all, raw...)
		}
		assert.True(t, bytes.Equal(tb.bytes, all), "slots %d: the blocks decode to the values", n)
	}
}

// TestFailedWriteLeavesNoTemporaryFile: when the finished file cannot be put in place (here
// a folder holds its name), the write fails, removes its temporary file and leaves what
// was there.
func TestFailedWriteLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	c := Class{Own: 1, Enemy: 1}
	inTheWay := filepath.Join(dir, FileName(c, Theoretic))
	require.NoError(t, os.MkdirAll(filepath.Join(inTheWay, "kept"), 0o755))
	_, err := newTable(c, 0).writeFile(dir, 1)
	require.Error(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the folder in the way is left")
	assert.Equal(t, FileName(c, Theoretic), entries[0].Name())
	assert.DirExists(t, filepath.Join(inTheWay, "kept"))
}
