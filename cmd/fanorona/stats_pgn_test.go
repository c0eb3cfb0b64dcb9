package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatsReadsExportedPGN: the PGN-style text `export` writes of a run (firstmove
// openings, whose opening turns decide the first-turn table) gives `stats` the table of
// the games.jsonl it came from, byte for byte, named .pgn or told by its first line, with
// --replay too; read with the run folder its games are exact duplicates; report reads it;
// a malformed game is one line naming the file and line, exit 2.
func TestStatsReadsExportedPGN(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "tournament", "--players", "random,greedy,easy", "--games", "4", "--seed", "3",
		"--workers", "1", "--max-plies", "200", "--openings", "firstmove:2", "-o", dir)
	require.Equal(t, 0, code, errs)
	exported := filepath.Join(t.TempDir(), "games.pgn")
	code, _, errs = runCmd(t, "", "export", dir, "-o", exported)
	require.Equal(t, 0, code, errs)
	code, want, errs := runCmd(t, "", "stats", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, want, "by White's first turn, after random plies")

	text, err := os.ReadFile(exported)
	require.NoError(t, err)
	byContent := filepath.Join(t.TempDir(), "games.txt")
	require.NoError(t, os.WriteFile(byContent, append([]byte("\n"), text...), 0o644))
	for _, args := range [][]string{{exported}, {"--replay", exported}, {byContent}} {
		code, out, errs := runCmd(t, "", append([]string{"stats"}, args...)...)
		assert.Equal(t, 0, code, errs)
		assert.Empty(t, errs, args)
		assert.Equal(t, want, out, "stats %v", args)
	}
	code, out, errs := runCmd(t, "", "stats", dir, exported)
	assert.Equal(t, 0, code, errs)
	assert.Equal(t, want, out)
	assert.Equal(t, "fanorona: warning: dropped 12 exact duplicate records (same run, game index and content)\n", errs)

	page := filepath.Join(t.TempDir(), "report.html")
	code, _, errs = runCmd(t, "", "report", exported, "-o", page)
	assert.Equal(t, 0, code, errs)
	assert.FileExists(t, page)

	bad := filepath.Join(t.TempDir(), "bad.pgn")
	broken := strings.Replace(string(text), `[Index "0"]`, `[Index "x"]`, 1)
	require.NoError(t, os.WriteFile(bad, []byte(broken), 0o644))
	code, out, errs = runCmd(t, "", "stats", bad)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: "+bad+":1: game Index \"x\" is not a whole number\n", errs)
}
