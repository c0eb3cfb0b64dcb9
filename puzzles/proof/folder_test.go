// folder_test.go: a proof folder reaches the tables' value, resumes after an interrupted
// worker, shares its jobs between workers, and refuses another proof.

package proof

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/flock"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// folderProver returns a prover under paika limit 50 with the tables of at most 3 pieces.
func folderProver(t *testing.T, dir string) *Prover {
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 16})
	require.NoError(t, err)
	return pr
}

func TestFolderProofResumesAndShares(t *testing.T) {
	tables := builtTables(t)
	p := engine.MustParseFEN("W7W/9/9/9/B7B w") // 2v2, no capture: a draw (the 4-piece table)
	want, err := tablebase.Open(tables).Probe(&p, tablebase.PaikaRule(50))
	require.NoError(t, err)
	require.Equal(t, tablebase.Draw, want.Outcome)
	claim := Claim{engine.Black, DoesNotLose} // White moves: every turn must be answered

	dir := t.TempDir()
	m, err := OpenFolder(dir, p, claim, folderProver(t, tables), 1)
	require.NoError(t, err)
	require.Greater(t, len(m.Jobs), 3)

	// Another worker holds the first open job: this one leaves it and runs the others.
	st, err := m.status(dir)
	require.NoError(t, err)
	held := m.open(st)[0]
	unlock, busy, err := flock.TryLock(jobPath(dir, held, ".lock"))
	require.NoError(t, err)
	require.False(t, busy)
	require.NoError(t, RunJobs(context.Background(), dir, m, folderProver(t, tables), Budget{Nodes: 200_000}, "test", nil))
	_, ok := ReadResult(dir, held)
	assert.False(t, ok, "the held job was left to its worker")
	fs, err := m.Status(dir)
	require.NoError(t, err)
	assert.Equal(t, Unknown, fs.Outcome, "the root needs the held job")

	// That worker was killed: its lock goes with it, and a half-written result (a
	// temporary file) is no result. The proof resumes and ends.
	unlock()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "jobs", "."+filepath.Base(jobPath(dir, held, ".json"))+".123.tmp"), []byte("{"), 0o644))
	again, err := OpenFolder(dir, p, claim, folderProver(t, tables), 1)
	require.NoError(t, err)
	assert.Equal(t, m.Jobs, again.Jobs)
	require.NoError(t, RunJobs(context.Background(), dir, again, folderProver(t, tables), Budget{Nodes: 200_000}, "test", nil))
	fs, err = again.Status(dir)
	require.NoError(t, err)
	require.Equal(t, Proven, fs.Outcome)

	sec, err := again.Combine(dir, FromSet(tablebase.Open(tables), 3), "test")
	require.NoError(t, err)
	rep, err := Check(&Certificate{Sections: []Section{sec}}, FromSet(tablebase.Open(tables), 3), FileVerifier(tables))
	require.NoError(t, err)
	assert.Equal(t, []Claim{claim}, rep.Claims)

	// The folder holds this proof and no other.
	_, err = OpenFolder(dir, p, Claim{engine.Black, Wins}, folderProver(t, tables), 1)
	assert.ErrorContains(t, err, "holds the proof of black-not-loses")
}
