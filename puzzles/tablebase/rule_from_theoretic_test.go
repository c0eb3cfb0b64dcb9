package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRuleBuildFromTheoreticValues: a rule-aware build that starts from the theoretic
// values of its materials writes the same files, to the byte, as one that finds no
// theoretic files and resolves every capture from its successors. The limits 1 to 3 are
// where a capture's best successor ends just within or just beyond the limit, the
// boundary of what the theoretic values decide at once.
func TestRuleBuildFromTheoreticValues(t *testing.T) {
	const pieces = 4
	with := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: with, MaxPieces: pieces, Workers: 2})
	require.NoError(t, err)
	for _, limit := range []int{1, 2, 3, 10, 50} {
		without := t.TempDir()
		fromTheoretic, err := Build(context.Background(), BuildOptions{Dir: with, MaxPieces: pieces, Workers: 2, PaikaLimit: limit})
		require.NoError(t, err)
		plain, err := Build(context.Background(), BuildOptions{Dir: without, MaxPieces: pieces, Workers: 2, PaikaLimit: limit})
		require.NoError(t, err)
		require.Len(t, plain, len(fromTheoretic))
		for i := range plain {
			require.True(t, fromTheoretic[i].Built && plain[i].Built, "limit %d: %v", limit, plain[i].Material)
			assert.True(t, fromTheoretic[i].FromTheoretic, "limit %d: %v did not start from the theoretic values", limit, plain[i].Material)
			assert.False(t, plain[i].FromTheoretic, "limit %d: %v had no theoretic values to start from", limit, plain[i].Material)
			for _, c := range plain[i].Material.Classes() {
				name := FileName(c, PaikaRule(limit))
				want, err := os.ReadFile(filepath.Join(without, name))
				require.NoError(t, err)
				got, err := os.ReadFile(filepath.Join(with, name))
				require.NoError(t, err)
				assert.True(t, string(got) == string(want), "%s: the build from theoretic values differs", name)
			}
		}
	}
}
