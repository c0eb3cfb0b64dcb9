package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine/record"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeWithMoreGames: `--resume --games 8` on a finished run of 4 plays the 4 games
// a run of `--games 8` would have played after them, and its tables count 8; a resume
// that does not name --games (its default, 100) or names fewer is refused with one line,
// exit 2, the folder's games left as they were.
func TestResumeWithMoreGames(t *testing.T) {
	base := []string{"tournament", "--players", "random,greedy", "--seed", "9", "--workers", "1",
		"--run-id", "0123456789abcdef0123456789abcdef", "--max-plies", "200"}
	full := filepath.Join(t.TempDir(), "full")
	ext := filepath.Join(t.TempDir(), "ext")
	code, _, errs := runCmd(t, "", append(base, "--games", "8", "-o", full)...)
	require.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "", append(base, "--games", "4", "-o", ext)...)
	require.Equal(t, 0, code, errs)
	four, err := os.ReadFile(filepath.Join(ext, record.GamesFile))
	require.NoError(t, err)

	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--resume"}, "fanorona: --resume: " + ext + " holds a different run: games_per_pairing is 4 there but 100 in the flags\n"},
		{[]string{"--resume", "--games", "2"}, "fanorona: --games 2: the run in " + ext + " has 4 games per pairing; a resumed run may add games, never drop them\n"},
	} {
		code, out, errs := runCmd(t, "", append(append(base, "-o", ext), bad.args...)...)
		assert.Equal(t, 2, code, bad.args)
		assert.Empty(t, out)
		assert.Equal(t, bad.want, errs)
		now, err := os.ReadFile(filepath.Join(ext, record.GamesFile))
		require.NoError(t, err)
		assert.Equal(t, string(four), string(now))
	}

	code, out, errs := runCmd(t, "", append(base, "--games", "8", "-o", ext, "--resume")...)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "resuming: 4 of 8 games already in "+filepath.Join(ext, record.GamesFile))
	assert.Contains(t, out, "\nrandom  greedy  8      8         all games")
	assert.ElementsMatch(t, lines(t, full), lines(t, ext), "the games of --games 8 from the start")
}

// lines returns a run's records with their wall time zeroed.
func lines(t *testing.T, dir string) []record.Record {
	t.Helper()
	recs, bad, err := record.ReadRecordFiles([]string{filepath.Join(dir, record.GamesFile)})
	require.NoError(t, err)
	require.Empty(t, bad)
	for i := range recs {
		recs[i].Seconds = 0
	}
	return recs
}

// TestResumeWithMoreGamesSeveralPairings: `--resume --games 8` on a round robin of three
// players of 4 games per pairing exits 0 and its tables count 8 games a pairing; a run its
// SPRT stopped is refused with one line, exit 2, its games left as they were.
func TestResumeWithMoreGamesSeveralPairings(t *testing.T) {
	base := []string{"tournament", "--players", "random,greedy,easy", "--seed", "9", "--workers", "1", "--max-plies", "200"}
	ext := filepath.Join(t.TempDir(), "ext")
	code, _, errs := runCmd(t, "", append(base, "--games", "4", "-o", ext)...)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "", append(base, "--games", "8", "-o", ext, "--resume")...)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "resuming: 12 of 24 games already in "+filepath.Join(ext, record.GamesFile))
	assert.Contains(t, out, "24 games, 24 distinct games")
	assert.Len(t, lines(t, ext), 24)

	stopped := filepath.Join(t.TempDir(), "stopped")
	sprt := []string{"--sprt", "0,400,0.2,0.2", "--sprt-stop", "--max-plies", "40", "-o", stopped}
	code, _, errs = runCmd(t, "", append(append(base, "--games", "40"), sprt...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "SPRT decided")
	before := lines(t, stopped)
	code, out, errs = runCmd(t, "", append(append(base, "--games", "60", "--resume"), sprt...)...)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: --games 60: the run in "+stopped+" was stopped by its SPRT (elo0 0, elo1 400), which decided: a decided test is not played on (its error rates hold for one decision); start a new run\n", errs)
	assert.Equal(t, before, lines(t, stopped))
}
