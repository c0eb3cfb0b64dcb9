package report

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWarnings(t *testing.T) {
	// The same file twice (its records dropped as duplicates), and a corrupt file.
	in, err := Load([]string{selfplayFile, selfplayFile, corruptFile})
	require.NoError(t, err)
	require.Len(t, in.Dropped, 2)
	text := strings.Join(Warnings(in), "\n")
	assert.Contains(t, text, "2 record lines could not be read and were left out, the first: "+corruptFile+":2:")
	assert.Contains(t, text, "12 records repeated a record already read")
	// corrupt.jsonl is a run of its own (no run ids): its 2 good games repeat selfplay's
	// move for move, but easy chooses at random, so they are independent games, no warning.
	assert.NotContains(t, text, "distinct games")
	// Capped: 3 of selfplay's 12 games (4, 10, 11); corrupt's 2 are not capped.
	assert.Contains(t, text, "3 of 14 games (21.4%) were stopped by the ply cap")

	in.Runs = []Run{{Path: "a/run.json", Config: record.RunInfo{Seed: 1}}, {Path: "b/run.json", Config: record.RunInfo{Seed: 2}}}
	assert.Contains(t, strings.Join(Warnings(in), "\n"), "a/run.json and b/run.json describe different runs")
}

// A run stopped after 5 of its 12 games says so first; the finished run does not.
func TestWarningsSayARunIsIncomplete(t *testing.T) {
	c := tournament.Config{Format: tournament.SelfPlay, Players: []string{"random"}, Games: 12, Openings: "start", Seed: 4,
		Rules: record.RulesFrom(engine.DefaultRules(), 200), Concurrency: 1}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := tournament.Run(ctx, c, tournament.Options{Out: dir, Progress: func(done, _ int) {
		if done >= 5 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, tournament.ErrInterrupted)
	in, err := Load([]string{dir})
	require.NoError(t, err)
	have := len(in.Records)
	require.Less(t, have, 12)
	w := Warnings(in)
	require.NotEmpty(t, w)
	assert.Contains(t, w[0], fmt.Sprintf("Incomplete run: %s schedules 12 games, the records hold %d", filepath.Join(dir, record.RunFile), have))

	_, err = tournament.Run(context.Background(), c, tournament.Options{Out: dir, Resume: true})
	require.NoError(t, err)
	in, err = Load([]string{dir})
	require.NoError(t, err)
	require.Len(t, in.Records, 12)
	assert.NotContains(t, strings.Join(Warnings(in), "\n"), "Incomplete")
}
