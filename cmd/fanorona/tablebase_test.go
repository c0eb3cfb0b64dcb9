package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildTables builds every class of at most n pieces into a fresh directory.
func buildTables(t *testing.T, n string) string {
	dir := t.TempDir()
	code, out, errs := runCmd(t, "", "tablebase", "build", "--max-pieces", n, "--dir", dir, "--quiet")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "1v1   theoretic built in")
	// The rule-aware tables are built after the theoretic ones, from them.
	assert.Regexp(t, `1v1   paika 50  built in [0-9.]+ s from the theoretic values`, out)
	return dir
}

func TestTablebaseBuildProbeVerifyStats(t *testing.T) {
	dir := buildTables(t, "3")

	// Building again keeps the finished files.
	code, out, _ := runCmd(t, "", "tablebase", "build", "--max-pieces", "3", "--dir", dir, "--quiet")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "2v1   paika 50  already built")

	code, out, errs := runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", "9/9/9/9/4W2B1 w", "--json")
	require.Equal(t, 0, code, errs)
	var rec probeRecord
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	assert.Equal(t, "win", rec.Value)
	require.NotNil(t, rec.Plies)
	assert.Equal(t, 7, *rec.Plies) // agrees with the exhaustive search of the tablebase tests
	assert.Equal(t, []string{"e1-f2"}, rec.Turns)
	assert.Equal(t, 50, rec.PaikaLimit)
	assert.Equal(t, "win", rec.Kind)
	require.NotNil(t, rec.Theoretic)
	assert.Equal(t, "win", rec.Theoretic.Value)

	// The same board after 45 paika plies: the win takes 7 more and only 5 are left, so the
	// rule draws it (a cursed win); above the limit the counter is refused.
	code, out, errs = runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", "9/9/9/9/4W2B1 w 45 90", "--json")
	require.Equal(t, 0, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	assert.Equal(t, "draw", rec.Value)
	assert.Equal(t, "cursed-win", rec.Kind)
	assert.Nil(t, rec.Plies)
	code, out, errs = runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", "9/9/9/9/4W2B1 w 51 90")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "above --paika-limit 50")
	code, out, errs = runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", "9/9/9/9/4W2B1 w 45 90", "--paika-limit", "0", "--json")
	require.Equal(t, 0, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	assert.Equal(t, "win", rec.Value, "theoretic values ignore the counter")

	// A batch is checked whole before anything is printed; lines may be of any length.
	code, out, errs = runCmd(t, "9/9/9/9/4W2B1 w\n9/9 w\n", "tablebase", "probe", "--dir", dir, "--batch", "-")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "line 2")
	code, out, errs = runCmd(t, "#"+strings.Repeat("x", 100000)+"\n9/9/9/9/4W2B1 w\n", "tablebase", "probe", "--dir", dir, "--batch", "-")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "win in 7")

	// A batch from stdin: a draw has null plies; every drawing turn is listed.
	code, out, errs = runCmd(t, "9/9/9/9/4W2B1 w\n\n9/9/9/9/3W3B1 b\n", "tablebase", "probe", "--dir", dir, "--batch", "-", "--json")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &raw))
	assert.Equal(t, "draw", raw["value"])
	assert.Nil(t, raw["plies"])
	assert.NotEmpty(t, raw["turns"])

	code, out, errs = runCmd(t, "", "tablebase", "verify", "--dir", dir, "--quiet")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "all consistent")
	assert.Contains(t, out, "2v1 ")
	assert.Contains(t, out, "2v1 (paika limit 50)")

	code, out, errs = runCmd(t, "", "tablebase", "stats", "--dir", dir, "--json")
	require.Equal(t, 0, code, errs)
	lines = strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6) // 1v1, 2v1, 1v2, theoretic and under limit 50
	var st tablebase.TableStats
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &st))
	assert.Equal(t, "1v1", st.Class)
	assert.Equal(t, uint64(45*44), st.Positions)
	assert.Equal(t, st.Positions, st.Wins+st.Draws+st.Losses)
	assert.Equal(t, 7, st.LongestWin)

	// Not built: bad input, a clear one-line error that says how to build it.
	code, _, errs = runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", "9/9/9/9/WWWB5 w")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "not built")
	assert.Equal(t, 1, strings.Count(errs, "\n"))
}

func TestTablebaseRefusesDamagedFile(t *testing.T) {
	dir := buildTables(t, "2")
	path := filepath.Join(dir, "1v1.fntb")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	b[len(b)-1] ^= 0x40
	require.NoError(t, os.WriteFile(path, b, 0o644))
	for _, args := range [][]string{
		{"tablebase", "probe", "--tablebases", dir, "--fen", "9/9/9/9/4W2B1 w", "--paika-limit", "0"},
		{"tablebase", "verify", "--tablebases", dir, "--quiet"},
		{"tablebase", "stats", "--tablebases", dir},
		{"tablebase", "build", "--max-pieces", "2", "--tablebases", dir, "--quiet"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Contains(t, errs, "1v1.fntb: block 0 checksum mismatch", "%v", args)
		assert.NotContains(t, errs, "already built", "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v", args)
	}
}

func TestTablebaseBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"tablebase", "build", "--dir", t.TempDir()},
		{"tablebase", "build", "--max-pieces", "1", "--dir", t.TempDir()},
		{"tablebase", "build", "--material", "3x5", "--dir", t.TempDir()},
		{"tablebase", "build", "--material", "3v5", "--max-pieces", "6", "--dir", t.TempDir()},
		{"tablebase", "probe", "--dir", t.TempDir()},
		{"tablebase", "probe", "--fen", "9/9 w", "--dir", t.TempDir()},
		{"tablebase", "probe", "--batch", filepath.Join(t.TempDir(), "missing"), "--dir", t.TempDir()},
		{"tablebase", "probe", "--fen", "9/9/9/9/4W2B1 w", "--tablebases", filepath.Join(t.TempDir(), "missing")},
		{"tablebase", "stats", "--tablebases", filepath.Join(t.TempDir(), "missing")},
		{"tablebase", "build", "--max-pieces", "3", "--paika-limit", "200", "--tablebases", t.TempDir()},
		{"solve", "--fen", "9/9/9/9/4W2B1 w 60 0"},
		{"solve", "--fen", "9/9 w"},
		{"puzzles", "show", "no-such-puzzle"},
		{"puzzles", "solve", "no-such-puzzle"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", args, errs)
	}
}

func TestSolveCommand(t *testing.T) {
	dir := buildTables(t, "3")
	code, out, errs := runCmd(t, "", "solve", "--dir", dir, "--fen", "9/9/9/9/4W2B1 w", "--json")
	require.Equal(t, 0, code, errs)
	var rec puzzles.Record
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	assert.Equal(t, "win", rec.Value)
	assert.True(t, rec.Exact)
	assert.Equal(t, "tablebase", rec.Source)
	assert.Equal(t, 50, rec.PaikaLimit)
	assert.Len(t, rec.Line, 7)

	// The start position is far beyond any budget: an honest unknown, exit 0.
	code, out, errs = runCmd(t, "", "solve", "--dir", dir, "--time", "200ms", "--json")
	require.Equal(t, 0, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	assert.Equal(t, "unknown", rec.Value)
	assert.Nil(t, rec.Plies)
	assert.Empty(t, rec.Line)
	assert.NotContains(t, errs, "no tablebases answered", "tables of the rule were there")

	// With no tables at all, the unknown says so and names the build that answers.
	code, out, errs = runCmd(t, "", "solve", "--tablebases", "none", "--fen", "9/1B5B1/4W4/1W5B1/9 w 0 0", "--time", "100ms")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "unknown within budget")
	assert.Contains(t, errs, "no tablebases answered (--tablebases none)")
	assert.Contains(t, errs, "fanorona tablebase build --max-pieces 5")
	code, _, errs = runCmd(t, "", "solve", "--tablebases", dir, "--paika-limit", "30", "--fen", "9/1B5B1/4W4/1W5B1/9 w 0 0", "--time", "100ms")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "holds no tables of paika limit 30")
	assert.Contains(t, errs, "fanorona tablebase build --max-pieces 5 --paika-limit 30 --tablebases "+dir)
}

func TestPuzzlesCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "puzzles", "list")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "longest-2v2")
	assert.Contains(t, out, "telo-noho-dimy")

	// Columns line up whatever the length of the names: each kind starts where the
	// longest name's does.
	var kindAt []int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		name := strings.Fields(line)[0]
		kindAt = append(kindAt, len(name)+strings.Index(line[len(name):], strings.Fields(line)[1]))
	}
	assert.Equal(t, len("telo-noho-dimy-longest-defence")+2, slices.Max(kindAt))
	assert.Equal(t, slices.Max(kindAt), slices.Min(kindAt), "kinds start in one column")

	code, out, _ = runCmd(t, "", "puzzles", "show", "quiet-2v2")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "White to move: win in 47")
	p, ok := puzzles.ByName("quiet-2v2")
	require.True(t, ok)
	assert.Contains(t, out, "\nFEN: "+p.FEN+"\n")

	dir := buildTables(t, "4")
	code, out, errs := runCmd(t, "", "puzzles", "solve", "longest-2v2", "--dir", dir)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "win in 49 (theoretic, no paika limit) [tablebase]")

	// Without its tablebases a long puzzle stays unknown, said so, with exit 0: not a guess.
	code, out, errs = runCmd(t, "", "puzzles", "solve", "longest-4v2", "--dir", dir, "--time", "300ms")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "unknown within budget")
	assert.Contains(t, errs, "unknown within budget")
}

func TestTablebasePlanAndOnlyBuild(t *testing.T) {
	code, out, errs := runCmd(t, "", "tablebase", "plan", "--max-pieces", "4")
	require.Equal(t, 0, code, errs)
	// By hand: 1v1 captures end the game, 2v1 captures into 1v1, 3v1 into 2v1 and 1v1,
	// 2v2 into 2v1. Memory: 2v1 holds 2 × 14,190 slots and 1v1 660 (docs/ENDGAMES.md).
	assert.Equal(t, []string{"layer material pieces       memory  needs",
		"0     1v1           2      0.0 MiB  -",
		"1     2v1           3      0.0 MiB  1v1",
		"2     3v1           4      0.4 MiB  2v1,1v1",
		"2     2v2           4      0.3 MiB  2v1"}, strings.Split(strings.TrimSpace(out), "\n"))

	code, out, errs = runCmd(t, "", "tablebase", "plan", "--material", "2v1", "--json")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, `{"layer":0,"material":"1v1","pieces":2,"needs":[],"memory_bytes":660}`+"\n"+
		`{"layer":1,"material":"2v1","pieces":3,"needs":["1v1"],"memory_bytes":29040}`+"\n", out)

	dir := t.TempDir()
	code, out, errs = runCmd(t, "", "tablebase", "build", "--material", "2v1", "--only", "--tablebases", dir, "--quiet")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "--only --material 2v1:")
	assert.Contains(t, errs, "1v1")
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	code, _, errs = runCmd(t, "", "tablebase", "build", "--material", "1v1", "--only", "--tablebases", dir, "--quiet")
	require.Equal(t, 0, code, errs)
	code, out, errs = runCmd(t, "", "tablebase", "build", "--material", "2v1", "--only", "--tablebases", dir, "--quiet")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "2v1   theoretic built in")
	assert.NotContains(t, out, "1v1")

	code, out, _ = runCmd(t, "", "tablebase", "build", "--max-pieces", "3", "--only", "--tablebases", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
}

func TestTablebaseBuildDryRunEstimatesWithoutBuilding(t *testing.T) {
	dir := t.TempDir()
	// 1v1's file is there (the estimate only looks for it), 2v1 is not.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "1v1.fntb"), nil, 0o644))
	code, out, errs := runCmd(t, "", "tablebase", "build", "--max-pieces", "3", "--paika-limit", "0", "--tablebases", dir, "--dry-run", "--json", "--workers", "1")
	require.Equal(t, 0, code, errs)
	var est struct {
		Workers      int     `json:"workers"`
		AlreadyBuilt int     `json:"already_built"`
		Slots        uint64  `json:"slots"`
		CPUSeconds   float64 `json:"cpu_seconds"`
		WallSeconds  float64 `json:"wall_seconds"`
		Materials    []struct {
			Material string `json:"material"`
			Slots    uint64 `json:"slots"`
		} `json:"materials"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &est))
	assert.Equal(t, 1, strings.Count(out, "\n"), "one object")
	assert.Equal(t, 1, est.Workers)
	assert.Equal(t, 1, est.AlreadyBuilt)
	// 2v1: 15 orbits of the single piece × C(44, 2) = 946 places of the pair, each side to
	// move (docs/ENDGAMES.md): 28,380 slots at the theoretic rate each, on one worker.
	require.Len(t, est.Materials, 1)
	assert.Equal(t, "2v1", est.Materials[0].Material)
	assert.Equal(t, uint64(2*15*946), est.Slots)
	assert.InDelta(t, 28380*tablebase.TheoreticCPUPerSlot.Seconds(), est.CPUSeconds, 1e-9)
	assert.Equal(t, est.CPUSeconds, est.WallSeconds)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a dry run builds nothing")

	code, out, errs = runCmd(t, "", "tablebase", "build", "--material", "2v1", "--tablebases", dir, "--dry-run")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "2v1      theoretic                 28380")
	// Under the rule, each material starts from its theoretic tables, built just before.
	assert.Contains(t, out, "2v1      paika limit 50 *          28380")
	assert.Contains(t, out, "1v1      paika limit 50 *            660")
	assert.Contains(t, out, "* starts from the material's theoretic tables")
	assert.Contains(t, out, "(1 already built)")

	code, out, errs = runCmd(t, "", "tablebase", "build", "--material", "2v1", "--tablebases", dir, "--dry-run", "--theoretic=false")
	require.Equal(t, 0, code, errs)
	// Only 1v1's theoretic files are in the folder.
	assert.Contains(t, out, "2v1      paika limit 50            28380", "no theoretic tables to start from")
	assert.Contains(t, out, "1v1      paika limit 50 *            660")
}

func TestBuildsAndRunsLeaveNoLockFile(t *testing.T) {
	// --only of a material whose smaller classes are missing: refused, the folder as it was.
	empty := t.TempDir()
	code, out, errs := runCmd(t, "", "tablebase", "build", "--material", "3v2", "--only", "--tablebases", empty)
	assertBadInput(t, code, out, errs, "2v2")
	left, err := os.ReadDir(empty)
	require.NoError(t, err)
	assert.Empty(t, left, "no lock file nor anything else")

	// A build that succeeds, and a run: no lock file either.
	tables := buildTables(t, "3")
	locks, err := filepath.Glob(filepath.Join(tables, "*.lock"))
	require.NoError(t, err)
	assert.Empty(t, locks)
	run := filepath.Join(t.TempDir(), "run")
	code, _, errs = runCmd(t, "", "selfplay", "--player", "random", "--games", "2", "-o", run)
	require.Equal(t, 0, code, errs)
	assert.NoFileExists(t, filepath.Join(run, "run.lock"))
}

// TestInterruptedBuildPrintsItsFinishedMaterials: the lines of the materials built before
// an interrupt were dropped with the rest; each material on disk has its line.
func TestInterruptedBuildPrintsItsFinishedMaterials(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background()) // as Ctrl-C cancels it
	defer time.AfterFunc(2*time.Second, cancel).Stop()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"tablebase", "build", "--max-pieces", "5", "--tablebases", dir, "--quiet"},
		&streams{strings.NewReader(""), &out, &errb})
	require.Equal(t, 130, code, "5 pieces take longer than 2 s: %s", errb.String())
	files, err := filepath.Glob(filepath.Join(dir, "*.fntb"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "1v1 takes a few ms")
	built := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		f := strings.Fields(l)
		require.GreaterOrEqual(t, len(f), 3, "%q", l)
		rule := ""
		if f[1] == "paika" {
			rule = ".p" + f[2]
		}
		built[f[0]+rule+".fntb"] = true
	}
	for _, f := range files {
		// A material's line names its side with more pieces first (2v1 for 1v2 too).
		name := filepath.Base(f)
		m := strings.SplitN(strings.TrimSuffix(name, ".fntb"), ".", 2)
		var a, b int
		_, err := fmt.Sscanf(m[0], "%dv%d", &a, &b)
		require.NoError(t, err)
		key := fmt.Sprintf("%dv%d", max(a, b), min(a, b))
		if len(m) == 2 {
			key += "." + m[1]
		}
		assert.True(t, built[key+".fntb"], "%s is on disk: its material's line is printed (%v)", name, built)
	}
	assert.Contains(t, errb.String(), "interrupted; finished materials are kept")
}

func TestProbeHelpSaysWhichTurnsItLists(t *testing.T) {
	code, help, _ := runCmd(t, "", "tablebase", "probe", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "the distance-best turns: fastest wins, slowest losses, every draw")
	assert.NotContains(t, help, "every turn that keeps it")
}

// probeRecord is a probe's JSON object (tablebase probe --json).
type probeRecord = tablebase.ProbeRecord

// tbParsed runs the command newCmd makes on args, stopped after flag parsing, and
// returns the options its runF got.
func tbParsed[T any](t *testing.T, newCmd func(*streams, func(*T) error) *cobra.Command, args ...string) *T {
	var got *T
	c := newCmd(&streams{strings.NewReader(""), io.Discard, io.Discard}, func(o *T) error { got = o; return nil })
	c.SetArgs(args)
	require.NoError(t, c.Execute(), "%v", args)
	require.NotNil(t, got, "%v: runF called", args)
	return got
}

// TestTablebaseBuildFlags: the defaults are the help's (paika limit 50, the theoretic
// tables too, checkpoints every 10 minutes).
func TestTablebaseBuildFlags(t *testing.T) {
	got := tbParsed(t, newTBBuildCmd, "--material", "3v2", "--only", "--tablebases", "T", "--theoretic=false",
		"--quiet", "--json", "--dry-run", "--workers", "3", "--checkpoint-every", "1m")
	assert.Equal(t, &tbBuildOptions{req: tablebase.BuildRequest{Folder: "T", Material: "3v2", Only: true, Workers: 3,
		CheckpointEvery: time.Minute, PaikaLimit: 50}, quiet: true, json: true, dryRun: true}, got)
	got = tbParsed(t, newTBBuildCmd, "--max-pieces", "5", "--dir", "D", "--paika-limit", "0")
	assert.Equal(t, &tbBuildOptions{req: tablebase.BuildRequest{Folder: "D", MaxPieces: 5, CheckpointEvery: 10 * time.Minute,
		Theoretic: true}}, got)
}

func TestTablebasePlanFlags(t *testing.T) {
	assert.Equal(t, &tbPlanOptions{req: tablebase.PlanRequest{Material: "3v5"}, json: true}, tbParsed(t, newTBPlanCmd, "--material", "3v5", "--json"))
	assert.Equal(t, &tbPlanOptions{req: tablebase.PlanRequest{MaxPieces: 6}}, tbParsed(t, newTBPlanCmd, "--max-pieces", "6"))
}

func TestTablebaseProbeFlags(t *testing.T) {
	assert.Equal(t, &tbProbeOptions{req: tablebase.ProbeRequest{Batch: "-", PaikaLimit: 7}},
		tbParsed(t, newTBProbeCmd, "--batch", "-", "--paika-limit", "7"))
	assert.Equal(t, &tbProbeOptions{req: tablebase.ProbeRequest{FEN: "9/9/4W4/3B5/9 w", Folder: "T", PaikaLimit: 50}, json: true},
		tbParsed(t, newTBProbeCmd, "--fen", "9/9/4W4/3B5/9 w", "--tablebases", "T", "--json"))
}

// TestTablebaseVerifyFlags: without --paika-limit every rule is verified (no limit in the
// request), with it only that rule's tables, 0 (theoretic) included.
func TestTablebaseVerifyFlags(t *testing.T) {
	assert.Equal(t, &tbVerifyOptions{req: tablebase.VerifyRequest{Material: "3v2", PaikaLimit: 50}},
		tbParsed(t, newTBVerifyCmd, "--material", "3v2"))
	assert.Equal(t, &tbVerifyOptions{req: tablebase.VerifyRequest{Folder: "T", PaikaLimitGiven: true, Workers: 2}, quiet: true},
		tbParsed(t, newTBVerifyCmd, "--paika-limit", "0", "--workers", "2", "--quiet", "--tablebases", "T"))
}

func TestTablebaseStatsFlags(t *testing.T) {
	assert.Equal(t, &tbStatsOptions{dir: "T", json: true}, tbParsed(t, newTBStatsCmd, "--tablebases", "T", "--json"))
	assert.Equal(t, &tbStatsOptions{}, tbParsed(t, newTBStatsCmd))
}
