package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifyCountsEverySlotAndEveryBadOne: verify checks each canonical slot once, with
// any worker count (0: all cores), and reports every wrong value (and the slots whose
// turns lead to one and now disagree with it), with at most 5 examples
// from a chunk of 16,384 slots and 10 in all, each naming the stored and expected values.
func TestVerifyCountsEverySlotAndEveryBadOne(t *testing.T) {
	small := smallTables(t)
	dir := t.TempDir()
	for _, c := range []Class{{2, 2}, {1, 2}} { // 2v2 and what its turns lead into
		data, err := os.ReadFile(filepath.Join(small, FileName(c, Theoretic)))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, FileName(c, Theoretic)), data, 0o644))
	}
	c := Class{2, 2}
	tab, err := LoadTable(dir, c, Theoretic)
	require.NoError(t, err)
	canonical := uint64(0)
	for s := uint64(0); s < tab.Slots(); s++ {
		if tab.ix.canonical(s) {
			canonical++
		}
	}
	for _, workers := range []int{0, 1} {
		reps, err := Verify(context.Background(), dir, []TableID{{c, Theoretic}}, workers, nil)
		require.NoError(t, err)
		require.Len(t, reps, 1)
		assert.Equal(t, canonical, reps[0].Checked, "workers %d", workers)
		assert.Zero(t, reps[0].Bad)
	}
	// Corrupt 6 decided slots in each of the first 3 chunks: a win in 1 where there is none.
	wrong := Value{Win, 1}
	stored := map[string]Value{}
	for k := uint64(0); k < 3; k++ {
		n := 0
		for s := k * chunk; n < 6; s++ {
			if v := tab.Value(s); tab.ix.canonical(s) && v.Outcome != Draw && v != wrong {
				tab.bytes[s] = encode(wrong)
				p := tab.Position(s)
				stored[p.FEN()] = v
				n++
			}
		}
	}
	_, err = tab.writeFile(dir, 1)
	require.NoError(t, err)
	reps, err := Verify(context.Background(), dir, []TableID{{c, Theoretic}}, 2, nil)
	require.NoError(t, err)
	require.Len(t, reps, 1)
	// Every corrupted slot, and the few whose turns now lead to one and disagree with it.
	assert.GreaterOrEqual(t, reps[0].Bad, uint64(18))
	assert.Len(t, reps[0].Examples, 10)
	perChunk := map[uint64]int{}
	for _, x := range reps[0].Examples {
		assert.NotEqual(t, x.Stored, x.Expected, x.FEN)
		if want, ok := stored[x.FEN]; ok {
			assert.Equal(t, wrong, x.Stored, x.FEN)
			assert.Equal(t, want, x.Expected, x.FEN)
		}
		p := engine.MustParseFEN(x.FEN)
		perChunk[tab.ix.index(p.Own(), p.Enemy())/chunk]++
	}
	for k, n := range perChunk {
		assert.LessOrEqual(t, n, 5, "chunk %d", k)
	}
}

// TestVerifyFolderChecksTheRuleGiven: the folder holds 1v1 and 2v1 theoretic and under
// paika limit 10 (testdata/format2); a rule given, 0 included, picks its tables alone.
func TestVerifyFolderChecksTheRuleGiven(t *testing.T) {
	limits := func(r VerifyRequest) []int {
		reps, err := VerifyFolder(t.Context(), r)
		require.NoError(t, err)
		var got []int
		for _, rep := range reps {
			got = append(got, rep.PaikaLimit)
		}
		return got
	}
	r := VerifyRequest{Folder: "testdata/format2", Material: "2v1"}
	assert.Equal(t, []int{0, 0, 10, 10}, limits(r), "every rule: 2v1 and 1v2 each")
	r.PaikaLimitGiven = true
	assert.Equal(t, []int{0, 0}, limits(r))
	r.PaikaLimit = 10
	assert.Equal(t, []int{10, 10}, limits(r))
}
