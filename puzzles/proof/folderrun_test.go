// folderrun_test.go: a folder run tells its steps in order, writes the certificate of the
// decided root, reads its status back, and refuses a folder split otherwise.

package proof

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFolderRunProvesReadsBackAndRefuses(t *testing.T) {
	tables := builtTables(t)
	p := engine.MustParseFEN("W7W/9/9/9/B7B w") // 2v2, no capture: a draw (the 4-piece table)
	claim := Claim{engine.Black, DoesNotLose}
	dir := t.TempDir()
	run := FolderRun{Folder: dir, Targets: []Target{{Position: p}}, Claim: &claim, PaikaLimit: 50,
		Tables: FromSet(tablebase.Open(tables), 3), TTEntries: 1 << 16, SplitDepth: 1, Workers: 2,
		Budget: Budget{Nodes: 200_000}, Toolkit: "test"}
	var events []FolderEvent
	require.NoError(t, run.Run(context.Background(), func(e FolderEvent) { events = append(events, e) }))
	require.GreaterOrEqual(t, len(events), 3)
	assert.IsType(t, FolderOpened{}, events[0])
	assert.Equal(t, CertificateWritten{filepath.Join(dir, "certificate.fpc.gz")}, events[len(events)-2])
	out := events[len(events)-1].(TargetOutcome)
	require.Len(t, out.Claims, 1)
	assert.Equal(t, Proven, out.Claims[0].Outcome)
	cert, err := ReadFile(filepath.Join(dir, "certificate.fpc.gz"))
	require.NoError(t, err)
	rep, err := Check(cert, FromSet(tablebase.Open(tables), 3), FileVerifier(tables))
	require.NoError(t, err)
	assert.Equal(t, []Claim{claim}, rep.Claims)

	// The status names every job, then the same outcome.
	status := run
	status.StatusOnly = true
	var states []FolderEvent
	require.NoError(t, status.Run(context.Background(), func(e FolderEvent) { states = append(states, e) }))
	m, err := ReadManifest(dir)
	require.NoError(t, err)
	require.Len(t, states, len(m.Jobs)+1)
	assert.Equal(t, out.String(), states[len(states)-1].String())

	// Another split depth: refused as the folder's input.
	again := run
	again.SplitDepth = 2
	err = again.Run(context.Background(), func(FolderEvent) {})
	assert.ErrorIs(t, err, ErrBadFolder)
	assert.ErrorContains(t, err, "was split at depth 1, not 2")
}

func TestFolderLinesSayWhatHappened(t *testing.T) {
	r := JobResult{Job: 3, FEN: "9/9/9/9/W1B6 w 0 0", Outcome: "unknown", Nodes: 1200, Seconds: 2.5, BudgetSeconds: 300, BudgetNodes: 6_000_000}
	assert.Equal(t, "5m0s, 6000000 nodes", r.Budget())
	assert.Equal(t, "d job 3 9/9/9/9/W1B6 w 0 0: unknown (1200 nodes, 2 s, budget 5m0s, 6000000 nodes)", JobState{"d", 3, r.FEN, true, r}.String())
	assert.Equal(t, "d job 3 x: open", JobState{Dir: "d", Job: 3, FEN: "x"}.String())
	out := TargetOutcome{Name: "a1-b1", Root: engine.MustParseFEN("9/9/9/9/W1B6 w"), Claims: []ClaimOutcome{
		{Claim{engine.White, Wins}, Disproven, FolderStatus{Jobs: 2, Disproven: 2, Nodes: 10, Seconds: 1}},
		{Claim{engine.Black, Wins}, Unknown, FolderStatus{Jobs: 1, Open: 1}}}}
	assert.Equal(t, "a1-b1  9/9/9/9/W1B6 w 0 0  white-wins disproven (2 jobs: 0 proven, 2 disproven, 0 unknown, 0 open; 10 nodes, 1 s); "+
		"black-wins unknown (1 jobs: 0 proven, 0 disproven, 0 unknown, 1 open; 0 nodes, 0 s)", out.String())
}

// TestClaimHolds: each claim against each value, for the side to move and the other.
func TestClaimHolds(t *testing.T) {
	win, draw, loss := tablebase.Value{Outcome: tablebase.Win}, tablebase.Value{Outcome: tablebase.Draw}, tablebase.Value{Outcome: tablebase.Loss}
	for _, c := range []struct {
		claim string
		want  tablebase.Value
		holds bool
	}{
		{"white-wins", win, true}, {"white-wins", draw, false}, {"white-not-loses", draw, true},
		{"white-not-loses", loss, false}, {"black-wins", loss, true}, {"black-not-loses", win, false},
		{"black-not-loses", draw, true}, {"no-claim", win, false},
	} {
		assert.Equal(t, c.holds, claimHolds(c.claim, c.want, engine.White), "%s at a White %v", c.claim, c.want.Outcome)
	}
}
