package record

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMixIsSplitMix64: MixSeed(0, k) is the (k+1)-th output of SplitMix64 seeded with 0
// (the reference generator's published first outputs).
func TestMixIsSplitMix64(t *testing.T) {
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), MixSeed(0, 0))
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), MixSeed(0, 1))
	assert.Equal(t, uint64(0x06c45d188009454f), MixSeed(0, 2))
}

// TestRunKeyOfARelativeFileIsAbsolute: records without a run id belong to their file,
// named by its absolute path so that two spellings of one file are one run.
func TestRunKeyOfARelativeFileIsAbsolute(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	r := Record{}
	assert.Equal(t, "file:"+filepath.Join(wd, "games.jsonl"), RunKey(&r, "games.jsonl"))
	assert.Equal(t, "file:"+filepath.Join(wd, "games.jsonl"), RunKey(&r, "./x/../games.jsonl"))
	r.Run = "abc"
	assert.Equal(t, "abc", RunKey(&r, "games.jsonl"))
}

// TestDedupRemembersEveryIndex: a content hash seen at any index (not only index 0, and
// beyond the first block of indices) is a duplicate the second time and a conflict with
// another content.
func TestDedupRemembersEveryIndex(t *testing.T) {
	var d dedup
	for _, i := range []int{0, 5, 4095, 4096, 10000} {
		h := uint64(i + 100)
		assert.Equal(t, recordNew, d.check("r", i, h), "index %d", i)
		assert.Equal(t, recordDuplicate, d.check("r", i, h), "index %d", i)
		assert.Equal(t, recordConflict, d.check("r", i, h+1), "index %d", i)
		assert.Equal(t, recordNew, d.check("s", i, h), "index %d, another run", i)
	}
}
