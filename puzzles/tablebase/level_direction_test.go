package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLevelDirectionsAgree builds every class of at most 4 pieces under both rules three
// times: passing each level's values back from its positions only, forward from the
// undecided predecessors at every level, and choosing by the counts. The files must
// be the same to the byte, since a level's result does not depend on its direction. Under
// the rule, the builds from the theoretic values (whose undecided slots hold marks) are
// compared too.
func TestLevelDirectionsAgree(t *testing.T) {
	theoretic := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: theoretic, MaxPieces: 4, Workers: 2})
	require.NoError(t, err)
	for _, run := range []struct {
		limit         int
		fromTheoretic bool
	}{{0, false}, {50, false}, {50, true}} {
		limit := run.limit
		dirs := map[levelDirection]string{}
		for _, d := range []levelDirection{byCounts, alwaysForward, alwaysBackward} {
			dirs[d] = t.TempDir()
			if run.fromTheoretic {
				require.NoError(t, os.CopyFS(dirs[d], os.DirFS(theoretic)))
			}
			reps, err := Build(context.Background(), BuildOptions{Dir: dirs[d], MaxPieces: 4, Workers: 2, PaikaLimit: limit, direction: d})
			require.NoError(t, err)
			for _, r := range reps {
				require.Equal(t, run.fromTheoretic, r.FromTheoretic, "%v", r.Material)
			}
		}
		files := 0
		for _, m := range Plan(4, nil) {
			for _, c := range m.Classes() {
				name := FileName(c, PaikaRule(limit))
				want, err := os.ReadFile(filepath.Join(dirs[alwaysBackward], name))
				require.NoError(t, err)
				for _, d := range []levelDirection{byCounts, alwaysForward} {
					got, err := os.ReadFile(filepath.Join(dirs[d], name))
					require.NoError(t, err)
					assert.True(t, string(got) == string(want), "%s, limit %d, direction %d: the file differs", name, limit, d)
				}
				files++
			}
		}
		assert.Equal(t, 6, files, "limit %d", limit) // 1v1, 2v1, 1v2, 3v1, 1v3, 2v2
	}
}
