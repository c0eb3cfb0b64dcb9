package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Small fixed records (testdata/charts): selfplay.jsonl holds 6 games of easy vs easy
// and 6 of hard vs hard; tournament.jsonl a round robin of easy, medium and hard, 4
// games a pairing with colours swapped; corrupt.jsonl 2 good lines and 2 bad ones.
var (
	selfplayFile   = filepath.Join("..", "..", "testdata", "charts", "selfplay.jsonl")
	tournamentFile = filepath.Join("..", "..", "testdata", "charts", "tournament.jsonl")
	corruptFile    = filepath.Join("..", "..", "testdata", "charts", "corrupt.jsonl")
)

func readTestRecords(t *testing.T, files ...string) []tournament.Record {
	t.Helper()
	recs, bad, err := tournament.ReadRecordFiles(files)
	require.NoError(t, err)
	require.Empty(t, bad)
	return recs
}

func TestPlotGroupsByMatchup(t *testing.T) {
	recs := readTestRecords(t, selfplayFile, tournamentFile)
	ls := lengthSeries(recs, "matchup")
	var names []string
	for _, s := range ls {
		names = append(names, s.Name)
	}
	// Colour does not matter: medium–easy and easy–medium games are one matchup.
	// Self-play groups carry the spec alone, as in summary.json (tournament.Matchup).
	assert.Equal(t, []string{"easy", "easy vs hard", "easy vs medium", "hard", "hard vs medium"}, names)
	assert.Equal(t, []int{40, 52, 61, 75, 200, 47}, ls[0].Plies)
	assert.Equal(t, []bool{false, false, false, false, true, false}, ls[0].Capped)
	assert.Equal(t, []bool{false, false, false, true}, ls[4].Capped) // the max-plies draw

	fm := firstMoveRows(recs, "matchup")
	require.Len(t, fm, 5)
	// Self-play from White: easy 1-0 0-1 1-0 ½ ½ 1-0; hard 1-0 ½ 0-1 1-0 ½ ½.
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 2, Losses: 1}, fm[0].White)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 3, Losses: 1}, fm[3].White)
	// easy vs medium from White: 0-1 1-0 ½ 1-0.
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, fm[2].White)
}

func TestPlotGroupsByPlayer(t *testing.T) {
	recs := readTestRecords(t, tournamentFile)
	ls := lengthSeries(recs, "player")
	require.Len(t, ls, 3)
	assert.Equal(t, "easy", ls[0].Name)
	assert.Len(t, ls[0].Plies, 8, "each player is in 8 games")
	// A self-play game counts once for its player.
	ls = lengthSeries(readTestRecords(t, selfplayFile), "player")
	require.Len(t, ls, 2)
	assert.Len(t, ls[0].Plies, 6)
}

func TestPlotPairResults(t *testing.T) {
	recs := readTestRecords(t, selfplayFile, tournamentFile)
	names, games := ratingGames(recs)
	assert.Equal(t, []string{"easy", "hard", "medium"}, names)
	assert.Len(t, games, 12, "self-play games carry no rating information")

	names, wdl := pairResults(recs)
	// Totals: hard 6.5/8, medium 5/8, easy 0.5/8.
	assert.Equal(t, []string{"hard", "medium", "easy"}, names)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, wdl[0][1]) // hard vs medium
	assert.Equal(t, stats.WDL{Wins: 4}, wdl[0][2])                      // hard vs easy
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 1}, wdl[1][2])            // medium vs easy
	assert.Equal(t, stats.WDL{Losses: 3, Draws: 1}, wdl[2][1])
	assert.Equal(t, stats.WDL{}, wdl[1][1])
}

func TestPlotCommands(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"plot", "lengths", selfplayFile, tournamentFile, "-o", filepath.Join(dir, "lengths.png")},
		{"plot", "lengths", "--cdf", selfplayFile, "-o", filepath.Join(dir, "cdf.svg")},
		{"plot", "lengths", "--by", "player", tournamentFile, "-o", filepath.Join(dir, "byplayer.png")},
		{"plot", "firstmove", selfplayFile, "-o", filepath.Join(dir, "firstmove.png")},
		{"plot", "ratings", tournamentFile, "-o", filepath.Join(dir, "ratings.png")},
		{"plot", "matrix", tournamentFile, "-o", filepath.Join(dir, "matrix.svg")},
	} {
		code, out, errs := runCmd(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, errs)
		out = strings.TrimSpace(out)
		require.True(t, strings.HasPrefix(out, "wrote "), "%v: %q", args, out)
		data, err := os.ReadFile(strings.TrimPrefix(out, "wrote "))
		require.NoError(t, err)
		if strings.HasSuffix(out, ".png") {
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err, "%v", args)
			assert.Equal(t, 945, img.Bounds().Dx(), "%v", args)
		} else {
			assert.Contains(t, string(data), "<svg", "%v", args)
		}
	}
}

func TestPlotBadInput(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.png")
	require.NoError(t, os.WriteFile(existing, []byte("keep me"), 0o644))
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"plot", "lengths", filepath.Join(dir, "missing.jsonl"), "-o", filepath.Join(dir, "a.png")}, "missing.jsonl"},
		{[]string{"plot", "lengths", selfplayFile, "-o", filepath.Join(dir, "a.jpg")}, `".jpg"`},
		{[]string{"plot", "lengths", selfplayFile}, "-o"},
		{[]string{"plot", "lengths", selfplayFile, "-o", existing}, "--force"},
		{[]string{"plot", "lengths", "--by", "colour", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "--by"},
		{[]string{"plot", "firstmove", "--conf", "95", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "--conf"},
		{[]string{"plot", "matrix", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "two different player specs"},
		{[]string{"plot", "ratings", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "two different player specs"},
		{[]string{"plot", "lengths", "-o", filepath.Join(dir, "a.png")}, "requires at least 1 arg"},
		{[]string{"plot", "firstmove", empty, "-o", filepath.Join(dir, "a.png")}, "no valid game records"},
	} {
		code, out, errs := runCmd(t, "", tc.args...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, errs)
		assert.Empty(t, out, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", tc.args, errs)
		assert.Contains(t, errs, tc.msg, "%v", tc.args)
	}
	data, err := os.ReadFile(existing)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data), "an existing file is not overwritten without --force")
	_, err = os.Stat(filepath.Join(dir, "a.png"))
	assert.True(t, os.IsNotExist(err), "no output is left behind by a failed command")

	code, _, errs := runCmd(t, "", "plot", "lengths", selfplayFile, "-o", existing, "--force")
	require.Equal(t, 0, code, errs)
	data, err = os.ReadFile(existing)
	require.NoError(t, err)
	_, err = png.Decode(bytes.NewReader(data))
	assert.NoError(t, err, "--force replaced the file with the chart")
	left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file left")
}

func TestPlotSkipsCorruptLinesWithWarnings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fm.svg")
	code, _, errs := runCmd(t, "", "plot", "firstmove", corruptFile, "-o", out)
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	require.Len(t, lines, 2)
	assert.Contains(t, lines[0], "corrupt.jsonl:2:")
	assert.Contains(t, lines[1], "corrupt.jsonl:3:")
	assert.Contains(t, lines[1], `"2-0"`)
	for _, l := range lines {
		assert.True(t, strings.HasPrefix(l, "fanorona: warning: "), l)
	}
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(data), "2 games", "the chart is built from the 2 good lines")
}

func TestWriteAllPlots(t *testing.T) {
	dir := t.TempDir()
	paths, err := writeAllPlots(dir, readTestRecords(t, selfplayFile))
	require.NoError(t, err)
	names := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			assert.Equal(t, dir, filepath.Dir(p))
			out = append(out, filepath.Base(p))
		}
		return out
	}
	// Self-play only: no ratings or matrix.
	assert.Equal(t, []string{"lengths.png", "lengths-cdf.png", "firstmove.png"}, names(paths))

	paths, err = writeAllPlots(dir, readTestRecords(t, selfplayFile, tournamentFile))
	require.NoError(t, err)
	assert.Equal(t, []string{"lengths.png", "lengths-cdf.png", "firstmove.png", "ratings.png", "matrix.png"}, names(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(data))
		require.NoError(t, err, p)
		assert.Greater(t, img.Bounds().Dx(), 700, p)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 5, "only the charts, no temporary files")

	_, err = writeAllPlots(dir, nil)
	assert.Error(t, err)
}
