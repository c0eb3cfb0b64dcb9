// Package recordtest builds game records by hand for the tests of the packages that read
// them (summary, tournament): valid records whose turns are labels, and games files
// holding them.
package recordtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/require"
)

// Two run ids.
const (
	RunA = "0123456789abcdef0123456789abcdef"
	RunB = "fedcba9876543210fedcba9876543210"
)

// Rec builds a valid hand-written record from the start position: decisive results end
// by no-pieces, draws at the paika limit. The turns are labels (records are not replayed
// on read).
func Rec(run string, index, pair int, white, black, result string, turns ...string) record.Record {
	reason := "no-pieces"
	if result == "1/2-1/2" {
		reason = "paika-limit"
	}
	return record.Record{Run: run, Index: index, Pair: pair, Opening: engine.StartFEN, White: white, Black: black,
		Seed: uint64(index), Rules: record.RulesFrom(engine.DefaultRules(), 1000), Result: result, Reason: reason,
		Plies: len(turns), Turns: turns, Seconds: 0.5}
}

// WriteFile writes recs as a games.jsonl file in a temporary folder of the test and
// returns its path.
func WriteFile(t *testing.T, recs ...record.Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), record.GamesFile)
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, record.WriteRecords(f, recs))
	require.NoError(t, f.Close())
	return path
}
