package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/tournament/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runDir plays a small round robin into a run folder (games.jsonl, run.json).
func runDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "tournament", "--players", "random,greedy", "--games", "4", "--seed", "3", "--out", dir, "--concurrency", "2")
	require.Equal(t, 0, code, errs)
	return dir
}

// Small fixed records (testdata/charts): selfplay.jsonl holds 6 games of easy vs easy
// and 6 of hard vs hard; tournament.jsonl a round robin of easy, medium and hard, 4
// games a pairing with colours swapped; corrupt.jsonl 2 good lines and 2 bad ones.
var (
	selfplayFile   = filepath.Join("..", "..", "testdata", "charts", "selfplay.jsonl")
	tournamentFile = filepath.Join("..", "..", "testdata", "charts", "tournament.jsonl")
	corruptFile    = filepath.Join("..", "..", "testdata", "charts", "corrupt.jsonl")
)

func TestPlotCommands(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"plot", "lengths", selfplayFile, tournamentFile, "-o", filepath.Join(dir, "lengths.png")},
		{"plot", "lengths", "--cdf", selfplayFile, "-o", filepath.Join(dir, "cdf.svg")},
		{"plot", "lengths", "--by", "player", tournamentFile, "-o", filepath.Join(dir, "byplayer.png")},
		{"plot", "firstmove", selfplayFile, "-o", filepath.Join(dir, "firstmove.png")},
		{"plot", "ratings", tournamentFile, "-o", filepath.Join(dir, "ratings.png")},
		{"plot", "matrix", tournamentFile, "-o", filepath.Join(dir, "matrix.svg")},
		{"plot", "firstmove", "--by", "opening", "--conf", "0.9", selfplayFile, "-o", filepath.Join(dir, "byopening.svg")},
		{"plot", "ratings", runDir(t), "-o", filepath.Join(dir, "fromrun.png")}, // a run folder stands for its games.jsonl
	} {
		code, out, errs := runCmd(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, errs)
		assert.Empty(t, out, "status lines go to stderr")
		errs = strings.TrimSpace(errs)
		require.True(t, strings.HasPrefix(errs, "fanorona: wrote "), "%v: %q", args, errs)
		data, err := os.ReadFile(strings.TrimPrefix(errs, "fanorona: wrote "))
		require.NoError(t, err)
		if strings.HasSuffix(errs, ".png") {
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err, "%v", args)
			assert.Equal(t, 945, img.Bounds().Dx(), "%v", args)
		} else {
			assert.True(t, strings.Contains(string(data), "<svg"), "%v", args)
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
		{[]string{"plot", "ratings", "--conf", "0", tournamentFile, "-o", filepath.Join(dir, "a.png")}, "--conf 0"},
		{[]string{"plot", "firstmove", "--conf", "1", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "--conf 1"},
		{[]string{"plot", "ratings", "--conf", "-0.5", tournamentFile, "-o", filepath.Join(dir, "a.png")}, "--conf -0.5"},
		{[]string{"plot", "histogram", selfplayFile, "-o", filepath.Join(dir, "a.png")}, `unknown command "histogram"`},
		{[]string{"plot", "histogram", "--cdf", "--by", "player", selfplayFile, "-o", filepath.Join(dir, "a.png")}, `unknown command "histogram"`},
		{[]string{"plot", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"plot", "lengths", selfplayFile, "-o", filepath.Join(dir, "missing", "a.png")}, "does not exist"},
		{[]string{"plot", "lengths", selfplayFile, "-o", dir + "/"}, "has no extension"},
		{[]string{"plot", "lengths", t.TempDir(), "-o", filepath.Join(dir, "a.png")}, "not a run folder"},
		{[]string{"plot", "matrix", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "two different player specs"},
		{[]string{"plot", "ratings", selfplayFile, "-o", filepath.Join(dir, "a.png")}, "two different player specs"},
		{[]string{"plot", "lengths", "-o", filepath.Join(dir, "a.png")}, "requires at least 1 arg"},
		{[]string{"plot", "firstmove", empty, "-o", filepath.Join(dir, "a.png")}, "no valid game records"},
	} {
		assertRefused(t, tc.args, tc.msg)
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
	require.Len(t, lines, 3)
	// Warnings are held back until the command ends (docs/CLI.md), so they follow "wrote".
	assert.Equal(t, "fanorona: wrote "+out, lines[0])
	lines = lines[1:]
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

// proveSampleLine is a line of prove-sample's output, written by hand.
func proveSampleLine(index int, fen, proved string, bytes int) string {
	return fmt.Sprintf(`{"seed":1,"index":%d,"fen":%q,"class":"x","paika_limit":50,"table":null,"proved":%q,"claims":[],"agrees":null,"nodes":10,"seconds":0.1,"bytes":%d}`, index, fen, proved, bytes)
}

func TestPlotProofs(t *testing.T) {
	dir := t.TempDir()
	// Two positions of 4 pieces (one proven), one of 2 (proven): 3 positions, 2 proven.
	sample := filepath.Join(dir, "sample.jsonl")
	require.NoError(t, os.WriteFile(sample, []byte(strings.Join([]string{
		proveSampleLine(0, "9/9/2W3W2/9/3B1B3 w 0 0", "win", 456),
		proveSampleLine(1, "6B2/8B/6B2/9/2W6 w 0 0", "", 0),
		"",
		proveSampleLine(2, "9/9/9/9/W1B6 w 0 0", "win", 319),
	}, "\n")+"\n"), 0o644))
	out := filepath.Join(dir, "proof-sizes.svg")
	code, stdout, errs := runCmd(t, "", "plot", "proofs", sample, "-o", out)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, stdout)
	assert.Equal(t, "fanorona: wrote "+out+"\n", errs)
	svg, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "3 positions, 2 proven")
	assert.Contains(t, string(svg), "1 of 2", "the 4-piece share's label")

	png := filepath.Join(dir, "proof-sizes.png")
	code, _, errs = runCmd(t, "", "plot", "proofs", sample, sample, "-o", png)
	require.Equal(t, 0, code, errs)

	// Games records, a proven line without its size, a bad value: one line naming FILE:LINE, exit 2.
	noBytes := filepath.Join(dir, "nobytes.jsonl")
	require.NoError(t, os.WriteFile(noBytes, []byte(proveSampleLine(0, "9/9/9/9/W1B6 w 0 0", "win", 0)+"\n"), 0o644))
	badValue := filepath.Join(dir, "badvalue.jsonl")
	require.NoError(t, os.WriteFile(badValue, []byte(proveSampleLine(0, "9/9/9/9/W1B6 w 0 0", "won", 9)+"\n"), 0o644))
	for _, tc := range []struct{ file, want string }{
		{selfplayFile, selfplayFile + ":1: not a line of prove-sample"},
		{noBytes, noBytes + ":1: a proven value without"},
		{badValue, badValue + ":1: \"proved\" \"won\""},
	} {
		code, stdout, errs := runCmd(t, "", "plot", "proofs", sample, tc.file, "-o", filepath.Join(dir, "x.svg"))
		assert.Equal(t, 2, code, errs)
		assert.Empty(t, stdout)
		assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
		assert.True(t, strings.HasPrefix(errs, "fanorona: "+tc.want), "%q", errs)
		assert.NoFileExists(t, filepath.Join(dir, "x.svg"))
	}
	// An existing chart is kept.
	code, _, _ = runCmd(t, "", "plot", "proofs", sample, "-o", out)
	assert.Equal(t, 2, code)
}

// TestPlotFlagsParsed: each chart's flags, with the chart options' defaults where a
// chart takes no such flag.
func TestPlotFlagsParsed(t *testing.T) {
	o := parsedOptions(t, newPlotCmd, "lengths", "a", "b", "-o", "l.svg", "--force", "--cdf", "--by", "opening")
	assert.Equal(t, report.ChartRequest{Kind: report.Lengths, Files: []string{"a", "b"}, Output: "l.svg", Force: true, CDF: true,
		Chart: report.ChartOptions{By: report.ByOpening, Conf: report.DefaultChartOptions.Conf}}, o.ChartRequest)
	o = parsedOptions(t, newPlotCmd, "ratings", "a", "--conf", "0.9", "--output", "r.png")
	assert.Equal(t, report.ChartRequest{Kind: report.Ratings, Files: []string{"a"}, Output: "r.png",
		Chart: report.ChartOptions{By: report.DefaultChartOptions.By, Conf: 0.9}}, o.ChartRequest)
	o = parsedOptions(t, newPlotCmd, "proofs", "s.jsonl", "-o", "p.svg")
	assert.Equal(t, report.Proofs, o.Kind)
	assert.Equal(t, report.DefaultChartOptions, o.Chart)
}
