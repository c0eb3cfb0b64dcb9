package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPositionsCommand(t *testing.T) {
	games := selfplayRun(t, "40", "5")
	code, out, errs := runCmd(t, "", "positions", games, "--count", "5", "--seed", "3")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 6)
	assert.True(t, strings.HasPrefix(lines[0], "# fanorona positions: files "+games+"; seed 3; pieces 8-16; lead 2; quiet positions false; strong side white"), lines[0])
	for _, l := range lines[1:] {
		p, err := engine.ParseFEN(l)
		require.NoError(t, err, l)
		w, b := p.Pieces[engine.White].Count(), p.Pieces[engine.Black].Count()
		assert.GreaterOrEqual(t, w-b, 2, l)
		assert.True(t, w+b >= 8 && w+b <= 16, l)
		assert.Zero(t, p.Paika, l)
	}
	assert.Contains(t, errs, "distinct positions, 5 drawn")

	// -o writes the same into a new file, and never over an existing one.
	path := filepath.Join(t.TempDir(), "p.fen")
	code, out2, errs := runCmd(t, "", "positions", games, "--count", "5", "--seed", "3", "-o", path)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out2)
	written, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, out, string(written))

	for _, args := range [][]string{
		{"positions", games, "--count", "5", "-o", path},
		{"positions", games, "--pieces", "x"},
		{"positions", games, "--pieces", "16-8"},
		{"positions", games, "--lead", "0"},
		{"positions", games, "--strong-side", "red"},
		{"positions", games, "--count", "100000"},
		{"positions", filepath.Join(t.TempDir(), "missing.jsonl")},
		{"positions", path}, // a positions file is not a games file
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
	}
	again, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, written, again, "nothing overwritten")
	_, _, errs = runCmd(t, "", "positions", games, "--count", "100000")
	assert.Contains(t, errs, "distinct positions qualify")
}

func TestTournamentFixedColoursFromAPositionsFile(t *testing.T) {
	games := selfplayRun(t, "40", "5")
	fen := filepath.Join(t.TempDir(), "p.fen")
	code, _, errs := runCmd(t, "", "positions", games, "--count", "4", "-o", fen)
	require.Equal(t, 0, code, errs)
	want, _, err := record.ReadPositionsFile(fen)
	require.NoError(t, err)

	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := runCmd(t, "", "tournament", "--players", "greedy,random", "--format", "gauntlet", "--fixed-colours",
		"--openings", "file:"+fen, "--games", "4", "--workers", "1", "-o", dir, "--tablebases", "none")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "+ 4 unpaired")
	assert.Contains(t, out, "games with fixed colours")
	assert.Contains(t, errs, "fixed colours: the first-listed player has White in every game")
	recs, _, err := record.ReadRecordFiles([]string{dir})
	require.NoError(t, err)
	require.Len(t, recs, 4)
	for _, r := range recs {
		assert.Equal(t, "greedy", r.White)
		assert.Equal(t, want[r.Index].Position.FEN(), r.Opening)
	}
	code, _, errs = runCmd(t, "", "stats", "--replay", dir)
	assert.Equal(t, 0, code, errs)

	// A bad line: one line naming the file and line, exit 2, nothing written.
	bad := filepath.Join(t.TempDir(), "bad.fen")
	require.NoError(t, os.WriteFile(bad, []byte("# x\n9/9/9/9/WB7 w 0 0\n9/9/9/9/WB7 w zero\n"), 0o644))
	out2 := filepath.Join(t.TempDir(), "none")
	code, out, errs = runCmd(t, "", "tournament", "--players", "greedy,random", "--openings", "file:"+bad, "--games", "2", "-o", out2)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	assert.Contains(t, errs, bad+":3: ")
	assert.NoDirExists(t, out2)

	code, help, _ := runCmd(t, "", "tournament", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "--fixed-colours")
	assert.Contains(t, help, "file:PATH")
}

func TestPositionsFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newPositionsCmd, "a.jsonl", "run", "--pieces", "6-10", "--lead", "3", "--strong-side", "any", "--quiet-positions", "-o", "p.fen")
	assert.Equal(t, []string{"a.jsonl", "run"}, o.files)
	assert.Equal(t, "6-10", o.Pieces)
	assert.Equal(t, 3, o.Lead)
	assert.Equal(t, tournament.StrongAsIs, o.Strong)
	assert.True(t, o.Quiet)
	assert.Equal(t, newFile("p.fen"), o.out)
	assert.Equal(t, 200, o.Count)
}
