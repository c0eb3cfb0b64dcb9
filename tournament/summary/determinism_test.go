package summary

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A repeated game between two expert:depth=2 players (deterministic by their spec) counts once
// when the run records nothing (an old run.json) and twice when its run.json records the
// players as not deterministic.
func TestDeterminismFromRunJSONElseFromTheSpec(t *testing.T) {
	rec := record.Record{Run: "r1", White: "expert:depth=2", Black: "expert:depth=2", Opening: "x", Result: "1-0", Reason: "no-pieces", Plies: 3, Turns: []string{"a", "b", "c"}}
	distinct := func(runJSON string) int {
		dir := t.TempDir()
		file := filepath.Join(dir, record.GamesFile)
		require.NoError(t, os.WriteFile(filepath.Join(dir, record.RunFile), []byte(runJSON), 0o644))
		acc := NewAccumulator(nil, nil, nil)
		for i := range 2 {
			r := rec
			r.Index, r.Pair = i, i
			acc.Add(&r, file)
		}
		return acc.Summary().DistinctGames
	}
	assert.Equal(t, 1, distinct(`{"run_id":"r1","players":["expert:depth=2"]}`), "old run.json: the spec decides")
	assert.Equal(t, 2, distinct(`{"run_id":"r1","deterministic":{"expert:depth=2":false}}`), "recorded: not deterministic")
	assert.Equal(t, 1, distinct(`{"run_id":"other","deterministic":{"expert:depth=2":false}}`), "another run's run.json is not this record's")
}
