package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/tournament/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// assertRefused runs a command line that is bad input: exit status 2, nothing on stdout,
// one line on stderr that contains msg.
func assertRefused(t *testing.T, args []string, msg string) {
	t.Helper()
	code, out, errs := runCmd(t, "", args...)
	assert.Equal(t, 2, code, "%v: %s", args, errs)
	assert.Empty(t, out, "%v", args)
	assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
	assert.Contains(t, errs, msg, "%v", args)
}

func TestReportCommand(t *testing.T) {
	run := runDir(t)
	out := filepath.Join(t.TempDir(), "r.html")
	code, stdout, errs := runCmd(t, "", "report", run, "-o", out)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, stdout)
	assert.Equal(t, "fanorona: wrote "+out+"\n", errs)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(page), "<!DOCTYPE html>"))
	assert.Equal(t, 5, strings.Count(string(page), `<svg role="img"`), "every chart of a two-player run")
	assert.Equal(t, 1, strings.Count(string(page), `<svg xmlns="http://www.w3.org/2000/svg" class="board"`), "the game viewer's board")

	// Files work as well as folders; --force replaces.
	code, _, errs = runCmd(t, "", "report", filepath.Join(run, "games.jsonl"), selfplayFile, "-o", out, "--force")
	require.Equal(t, 0, code, errs)
	page2, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.NotEqual(t, page, page2)
}

func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.html")
	require.NoError(t, os.WriteFile(existing, []byte("keep me"), 0o644))
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"report", selfplayFile}, "-o FILE.html is required"},
		{[]string{"report", selfplayFile, "-o", filepath.Join(dir, "r.pdf")}, "must end in .html"},
		{[]string{"report", selfplayFile, "-o", existing}, "--force"},
		{[]string{"report", selfplayFile, "-o", filepath.Join(dir, "missing", "r.html")}, "does not exist"},
		{[]string{"report", filepath.Join(dir, "missing.jsonl"), "-o", filepath.Join(dir, "r.html")}, "missing.jsonl"},
		{[]string{"report", dir, "-o", filepath.Join(dir, "r.html")}, "not a run folder"},
		{[]string{"report", "-o", filepath.Join(dir, "r.html")}, "requires at least 1 arg"},
	} {
		assertRefused(t, tc.args, tc.msg)
	}
	data, err := os.ReadFile(existing)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data))
	_, err = os.Stat(filepath.Join(dir, "r.html"))
	assert.True(t, os.IsNotExist(err), "no output left behind by a refused command")
}

func TestRunFlagsPlotsAndReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sp")
	code, _, errs := runCmd(t, "", "selfplay", "--player", "random", "--games", "6", "--out", dir, "--plots", "--report")
	require.Equal(t, 0, code, errs)
	for _, f := range []string{"lengths.png", "lengths-cdf.png", "firstmove.png", "report.html"} {
		assert.Contains(t, errs, "fanorona: wrote "+filepath.Join(dir, f)+"\n")
		assert.FileExists(t, filepath.Join(dir, f))
	}
	assert.NoFileExists(t, filepath.Join(dir, "ratings.png"), "self-play: no ratings")
}

func TestStatsReadsRunFolders(t *testing.T) {
	run := runDir(t)
	code, folder, errs := runCmd(t, "", "stats", run)
	require.Equal(t, 0, code, errs)
	_, file, _ := runCmd(t, "", "stats", filepath.Join(run, "games.jsonl"))
	assert.Equal(t, file, folder)
	assert.True(t, strings.HasPrefix(folder, "4 games"), folder)
}

func TestReportFlagsParsed(t *testing.T) {
	o := parsedOptions(t, newReportCmd, "a", "b/games.jsonl", "-o", "r.html", "--force")
	assert.Equal(t, report.PageRequest{Files: []string{"a", "b/games.jsonl"}, Output: "r.html", Force: true}, o.PageRequest)
	o = parsedOptions(t, newReportCmd, "a")
	assert.Equal(t, report.PageRequest{Files: []string{"a"}}, o.PageRequest)
}
