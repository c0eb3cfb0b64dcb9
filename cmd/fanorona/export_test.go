package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A whole run exported and read back gives its games: an engine that crashes after three
// turns (a forfeit) and distinct:2 openings (no game from the start) among them.
func TestExportedRunReadsBackToItsGames(t *testing.T) {
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "../../players/uci/testdata/badengine")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	bad := filepath.Join(bin, "badengine")

	run := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "tournament", "--engine", "name=crash,cmd="+bad+" crash 3",
		"--players", "random,crash:depth=1,greedy", "--format", "gauntlet", "--games", "4",
		"--openings", "distinct:2", "--seed", "5", "--workers", "2", "--tablebases", "none", "-o", run)
	require.Equal(t, 0, code, errs)
	want, badLines, err := record.ReadRecordFiles([]string{run})
	require.NoError(t, err)
	require.Empty(t, badLines)
	require.Len(t, want, 8)

	file := filepath.Join(t.TempDir(), "run.pgn")
	code, stdout, errs := runCmd(t, "", "export", run, "-o", file)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, stdout)
	text, err := os.ReadFile(file)
	require.NoError(t, err)
	got, err := pgn.ReadAll(strings.NewReader(string(text)), file)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	forfeits, fromStart := 0, 0
	for _, r := range got {
		if r.Reason == "crash" {
			forfeits++
		}
		if r.Opening == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0" {
			fromStart++
		}
	}
	assert.Equal(t, 4, forfeits, "every game of the crashing engine is a forfeit")
	assert.Zero(t, fromStart)
	assert.Equal(t, 8, strings.Count(string(text), `[SetUp "1"]`))

	// To stdout the same text; an existing -o file is refused and kept.
	code, stdout, _ = runCmd(t, "", "export", filepath.Join(run, record.GamesFile))
	require.Equal(t, 0, code)
	assert.Equal(t, string(text), stdout)
	code, stdout, errs = runCmd(t, "", "export", run, "-o", file)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Contains(t, errs, "exists")
	again, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, text, again)
}

func TestExportRefusesAnIllegalTurn(t *testing.T) {
	run := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "selfplay", "--player", "random", "--games", "2", "--seed", "3", "-o", run)
	require.Equal(t, 0, code, errs)
	games := filepath.Join(run, record.GamesFile)
	raw, err := os.ReadFile(games)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	require.Len(t, lines, 2)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &r))
	turns := r["turns"].([]any)
	require.Greater(t, len(turns), 3)
	turns[2] = "a1-a2" // a1 holds a white piece and a2 another: no such turn, at ply 3
	edited, err := json.Marshal(r)
	require.NoError(t, err)
	lines[1] = string(edited)
	require.NoError(t, os.WriteFile(games, []byte(strings.Join(lines, "\n")+"\n"), 0o644))

	out := filepath.Join(t.TempDir(), "run.pgn")
	code, stdout, errs := runCmd(t, "", "export", run, "-o", out)
	assertBadInput(t, code, stdout, errs, games+":2: game ", `ply 3, turn "a1-a2"`)
	assert.NoFileExists(t, out)
}

func TestExportFlagsParsed(t *testing.T) {
	o := parsedOptions(t, newExportCmd, "a", "b", "-o", "run.pgn")
	assert.Equal(t, exportOptions{files: []string{"a", "b"}, output: "run.pgn"}, *o)
	o = parsedOptions(t, newExportCmd, "a")
	assert.Equal(t, exportOptions{files: []string{"a"}}, *o)
}
