package report

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallRun plays a small seeded round robin into a temporary run folder.
func smallRun(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	c := tournament.Config{Format: tournament.RoundRobin, Players: []string{"random", "greedy", "easy"}, Games: 4,
		Openings: "random:2", Seed: 7, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 2}
	_, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir})
	require.NoError(t, err)
	return dir
}

func buildHTML(t *testing.T, paths ...string) (*Report, string) {
	t.Helper()
	in, err := Load(paths)
	require.NoError(t, err)
	r, err := Build(in)
	require.NoError(t, err)
	page, err := r.HTML()
	require.NoError(t, err)
	return r, string(page)
}

func TestReportHTMLHoldsEverything(t *testing.T) {
	dir := smallRun(t)
	r, page := buildHTML(t, dir)
	assert.Equal(t, 12, r.Games)
	assert.Equal(t, "Fanorona round-robin: random, greedy, easy", r.Title)
	for _, id := range []string{"settings", "standings", "head-to-head", "ratings", "first-move", "lengths"} {
		assert.True(t, strings.Contains(page, `id="`+id+`"`), "no table %s", id)
	}
	for _, k := range []string{Lengths, LengthsCDF, FirstMove, Ratings, Matrix} {
		assert.True(t, regexp.MustCompile(`<figure id="chart-`+k+`" data-kind="`+k+`">\s*<svg role="img"`).MatchString(page), "no chart %s", k)
	}
	assert.Equal(t, 6, strings.Count(page, "<svg "), "one inline SVG a chart, and the viewer's board")
	assert.True(t, regexp.MustCompile(`<section id="games">(?s:.*)<svg xmlns="http://www.w3.org/2000/svg" class="board"`).MatchString(page), "the viewer's board")
	assert.False(t, strings.Contains(page, "<?xml"), "XML prologs are not valid inside HTML")
	// The settings and seed, from run.json.
	assert.True(t, strings.Contains(page, "<tr><th>run seed</th><td>7 "), "page lacks %q", "<tr><th>run seed</th><td>7 ")
	assert.True(t, strings.Contains(page, "<tr><th>openings</th><td>random:2</td></tr>"), "page lacks %q", "<tr><th>openings</th><td>random:2</td></tr>")
	assert.True(t, strings.Contains(page, "ply cap 300"), "page lacks %q", "ply cap 300")
	assert.True(t, regexp.MustCompile(`<tr><th>run</th><td><code>[^<]*run.json</code>, id <code>[0-9a-f]{32}</code>`).MatchString(page), "the run id")
	// The methods next to the numbers.
	assert.True(t, strings.Contains(page, "Clopper–Pearson exact binomial intervals"), "page lacks %q", "Clopper–Pearson exact binomial intervals")
	assert.True(t, strings.Contains(page, "Bradley–Terry with BayesElo"), "page lacks %q", "Bradley–Terry with BayesElo")
	// Print styles.
	assert.True(t, strings.Contains(page, "@media print"), "page lacks %q", "@media print")
}

// TestReportIsSelfContained checks nothing is fetched: no script but the viewer's inline
// one, no stylesheet link, no address outside the page but the SVG namespaces (which are
// names, not fetched).
func TestReportIsSelfContained(t *testing.T) {
	_, page := buildHTML(t, smallRun(t))
	// One script: the viewer's, inline.
	assert.Equal(t, 1, strings.Count(strings.ToLower(page), "<script"), "scripts in the page")
	assert.Equal(t, 1, strings.Count(page, "<script>\n(function () {\n  var games = "), "the viewer's inline script")
	assert.False(t, strings.Contains(page, "<link"), "page holds %q", "<link")
	assert.False(t, strings.Contains(page, "@import"), "page holds %q", "@import")
	for _, m := range regexp.MustCompile(`(?i)(?:src|href)\s*=\s*"([^"]*)"`).FindAllStringSubmatch(page, -1) {
		assert.True(t, strings.HasPrefix(m[1], "#") || strings.HasPrefix(m[1], "data:"), "external reference %q", m[0])
	}
	for _, m := range regexp.MustCompile(`https?://[^"' )]*`).FindAllString(page, -1) {
		assert.Contains(t, []string{"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, m)
	}
	assert.False(t, regexp.MustCompile(`url\((?:[^d#]|d[^a])`).MatchString(page), "CSS url() other than data: or #id")
}

// TestReportEscapesNames puts markup in a player's name, as a records file from elsewhere
// may: it must reach the page as text, in the tables and in the charts.
func TestReportEscapesNames(t *testing.T) {
	dir := smallRun(t)
	evil := `<script>alert(1)</script>`
	for _, name := range []string{record.GamesFile, record.RunFile} {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		evilJSON, err := json.Marshal(evil)
		require.NoError(t, err)
		data = []byte(strings.ReplaceAll(string(data), `"greedy"`, string(evilJSON)))
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	// An engine entry in run.json, as --engine records it, with markup in every field.
	runPath := filepath.Join(dir, record.RunFile)
	var cfg tournament.Config
	raw, err := os.ReadFile(runPath)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &cfg))
	cfg.Engines = []record.Engine{{Name: evil, Command: []string{evil, "--x"}, ID: evil}}
	raw, err = json.Marshal(cfg)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(runPath, raw, 0o644))
	r, page := buildHTML(t, dir)
	assert.Contains(t, r.Title, evil)
	assert.True(t, strings.Contains(page, "<tr><th>engine <code>&lt;script&gt;"), "the engine row, escaped")
	assert.False(t, strings.Contains(page, evil), "page holds %q", evil)
	assert.Equal(t, 1, strings.Count(strings.ToLower(page), "<script"), "no script but the viewer's")
	assert.True(t, strings.Contains(page, `\u003cscript\u003ealert(1)\u003c/script\u003e`), "the name escaped in the viewer's data")
	assert.True(t, strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;"), "page lacks %q", "&lt;script&gt;alert(1)&lt;/script&gt;")
	assert.True(t, strings.Contains(page, "<title>Fanorona round-robin: random, &lt;script&gt;"), "page lacks %q", "<title>Fanorona round-robin: random, &lt;script&gt;")
	// In the SVG text too (the matrix labels its rows with the names).
	i := strings.Index(page, `<figure id="chart-matrix"`)
	require.Positive(t, i)
	assert.True(t, strings.Contains(page[i:], "&lt;script&gt;alert(1)&lt;/script&gt;"), "escaped name in the matrix chart")
}

func TestWriteRunFiles(t *testing.T) {
	dir := smallRun(t)
	paths, err := WriteRunFiles(dir, true, true)
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		assert.Equal(t, dir, filepath.Dir(p))
		names = append(names, filepath.Base(p))
	}
	assert.Equal(t, []string{"lengths.png", "lengths-cdf.png", "firstmove.png", "ratings.png", "matrix.png", "report.html"}, names)
	left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file left")
	paths, err = WriteRunFiles(dir, false, false)
	assert.NoError(t, err)
	assert.Empty(t, paths)
	_, err = WriteRunFiles(filepath.Join(dir, "missing"), false, true)
	assert.Error(t, err)
}

func TestLoadFolders(t *testing.T) {
	dir := smallRun(t)
	in, err := Load([]string{dir})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, record.GamesFile)}, in.Files)
	require.Len(t, in.Runs, 1)
	assert.Equal(t, uint64(7), in.Runs[0].Config.Seed)
	_, err = Load([]string{t.TempDir()})
	assert.ErrorContains(t, err, "not a run folder")
	_, err = Load(nil)
	assert.Error(t, err)
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	_, err = Load([]string{empty})
	assert.ErrorContains(t, err, "no valid game records")
	require.NoError(t, os.WriteFile(filepath.Join(dir, record.RunFile), []byte("{"), 0o644))
	_, err = Load([]string{dir})
	assert.ErrorContains(t, err, record.RunFile)
}

func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	assert.NoError(t, CheckOutput(filepath.Join(dir, "r.html"), false))
	assert.ErrorContains(t, CheckOutput(filepath.Join(dir, "no", "r.html"), false), "does not exist")
	existing := filepath.Join(dir, "old.html")
	require.NoError(t, os.WriteFile(existing, []byte("keep"), 0o644))
	// The error names the file and the option that overwrites it, not a command's flag.
	err := CheckOutput(existing, false)
	assert.EqualError(t, err, existing+" already exists: use force to overwrite it (file already exists)")
	var ee *ExistsError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, existing, ee.Path)
	assert.ErrorIs(t, err, os.ErrExist)
	assert.NoError(t, CheckOutput(existing, true))
	assert.ErrorContains(t, CheckOutput(dir, true), "is a folder")
	err = WriteFile(existing, []byte("new"), false)
	assert.ErrorIs(t, err, os.ErrExist)
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, existing, ee.Path)
	data, err := os.ReadFile(existing)
	require.NoError(t, err)
	assert.Equal(t, "keep", string(data))
}

func TestOutputsWriteTheCSVThenTheRunFolder(t *testing.T) {
	dir := smallRun(t)
	in, err := Load([]string{dir})
	require.NoError(t, err)
	sum := summary.Summarize(in.Records, nil, nil)
	var told []string
	tell := func(p string) { told = append(told, filepath.Base(p)) }
	csvPath := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, Outputs{CSV: csvPath, Plots: true}.Write(dir, sum, true, tell))
	assert.Equal(t, []string{"t.csv", "lengths.png", "lengths-cdf.png", "firstmove.png", "ratings.png", "matrix.png"}, told)
	raw, err := os.ReadFile(csvPath)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(raw), strings.Join(CSVHeader, ",")+"\n"), string(raw))
	assert.NoFileExists(t, filepath.Join(dir, ReportFile))

	// A CSV file already there is the caller's input, left alone; nothing else is written.
	told = nil
	err = Outputs{CSV: csvPath, Report: true}.Write(dir, sum, true, tell)
	var ie *tournament.InputError
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, fs.ErrExist)
	assert.Empty(t, told)
	again, err := os.ReadFile(csvPath)
	require.NoError(t, err)
	assert.Equal(t, raw, again)
	assert.NoFileExists(t, filepath.Join(dir, ReportFile))

	// A run not done gets its CSV only; without a summary there is no CSV.
	other := filepath.Join(t.TempDir(), "u.csv")
	require.NoError(t, Outputs{CSV: other, Report: true}.Write(filepath.Join(dir, "missing"), sum, false, tell))
	assert.Equal(t, []string{"u.csv"}, told)
	require.NoError(t, Outputs{CSV: filepath.Join(t.TempDir(), "v.csv"), Report: true}.Write(dir, nil, true, tell))
	assert.Equal(t, []string{"u.csv", ReportFile}, told)
}
