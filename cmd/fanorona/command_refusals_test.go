// command_refusals_test.go: the CLI contract of the commands themselves: runs
// (selfplay, tournament, stats, merge), tables (tablebase, solve, puzzles), plots and
// external engines refuse bad input in one line and keep what was written. A corpus case
// that names an owner is skipped until FANORONA_UNSKIP_OTHERS=1.

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// awaiting skips a test until the owner's work is merged.
func awaiting(t *testing.T, owner, item string) {
	t.Helper()
	if os.Getenv("FANORONA_UNSKIP_OTHERS") != "1" {
		t.Skipf("awaits %s (the CLI contract: %s)", owner, item)
	}
}

// assertBadInput checks the exit-2 contract: one "fanorona: " line naming what is wrong.
func assertBadInput(t *testing.T, code int, out, errs string, mentions ...string) {
	t.Helper()
	assert.Equal(t, 2, code, "exit status; stderr %q", errs)
	assert.Empty(t, out, "stdout on exit 2")
	assert.Equal(t, 1, strings.Count(errs, "\n"), "one line on stderr: %q", errs)
	assert.True(t, strings.HasPrefix(errs, "fanorona: "), "%q", errs)
	for _, m := range mentions {
		assert.Contains(t, errs, m)
	}
}

// TestCLIContractCorpusOthers replays the fuzzer's cases that await another owner.
func TestCLIContractCorpusOthers(t *testing.T) {
	dir := corpusDir(t)
	sb := newCLISandbox(t)
	for _, e := range loadCorpus(t, dir) {
		if e.Owner == "" {
			continue
		}
		t.Run(e.name, func(t *testing.T) {
			awaiting(t, e.Owner, e.Note)
			sb.t = t
			checkCorpusEntry(t, sb, e)
		})
	}
}

func TestPlotConfZeroRefused(t *testing.T) {
	sb := newCLISandbox(t)
	code, out, errs := runCmd(t, "", "plot", "ratings", filepath.Join(sb.work, "tour", "games.jsonl"), "--conf", "0", "-o", filepath.Join(t.TempDir(), "r.png"))
	assertBadInput(t, code, out, errs, "--conf")
}

func TestPlotIntoMissingFolderRefused(t *testing.T) {
	// Owned by report, but already kept by main.go's mapping of a missing path to exit 2.
	sb := newCLISandbox(t)
	out := filepath.Join(t.TempDir(), "no-such-folder", "x.png")
	code, stdout, errs := runCmd(t, "", "plot", "lengths", filepath.Join(sb.work, "run", "games.jsonl"), "-o", out)
	assertBadInput(t, code, stdout, errs, "no-such-folder")
	assert.NoDirExists(t, filepath.Dir(out), "nothing created")
}

func TestPlotShorthandOutputAndWroteOnStderr(t *testing.T) {
	sb := newCLISandbox(t)
	out := filepath.Join(t.TempDir(), "l.png")
	code, stdout, errs := runCmd(t, "", "plot", "lengths", filepath.Join(sb.work, "run", "games.jsonl"), "-o", out)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, stdout, "status lines go to stderr")
	assert.Contains(t, errs, "wrote")
	assert.FileExists(t, out)
}

func TestStatsAndPlotAcceptRunFolders(t *testing.T) {
	sb := newCLISandbox(t)
	code, out, errs := runCmd(t, "", "stats", filepath.Join(sb.work, "run"), "--json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"games": 4,`)
	code, _, errs = runCmd(t, "", "plot", "lengths", filepath.Join(sb.work, "run"), "-o", filepath.Join(t.TempDir(), "l.png"))
	assert.Equal(t, 0, code, errs)
}

func TestStatsOnNonRecordsIsOneLine(t *testing.T) {
	sb := newCLISandbox(t)
	for _, f := range []string{"chart.png", "run/summary.json"} {
		code, out, errs := runCmd(t, "", "stats", filepath.Join(sb.work, f))
		assertBadInput(t, code, out, errs, filepath.Base(f))
	}
}

func TestPlotMatrixOfARunReadTwiceIsOneLine(t *testing.T) {
	// The duplicates warning is held back and dropped with the refusal (contract.go).
	sb := newCLISandbox(t)
	run := filepath.Join(sb.work, "run")
	png := filepath.Join(t.TempDir(), "m.png")
	code, out, errs := runCmd(t, "", "plot", "matrix", "-o", png, run, filepath.Join(run, "games.jsonl"))
	assertBadInput(t, code, out, errs, "two different player specs")
	assert.NoFileExists(t, png)
}

func TestTuneBadPlayerOptionRefusedUpFront(t *testing.T) {
	code, out, errs := runCmd(t, "", "tune", "--games", "2", "--player", "expert:time=-5s", "--seed", "0")
	assertBadInput(t, code, out, errs, "--player", "time=-5s")
}

func TestWarningsKeptWhenTheCommandSucceeds(t *testing.T) {
	sb := newCLISandbox(t)
	games := filepath.Join(sb.work, "run", "games.jsonl")
	raw, err := os.ReadFile(games)
	require.NoError(t, err)
	damaged := filepath.Join(t.TempDir(), "games.jsonl")
	require.NoError(t, os.WriteFile(damaged, append(raw, "{\"not\": \"a record\"}\n"...), 0o644))
	code, out, errs := runCmd(t, "", "stats", damaged)
	require.Equal(t, 0, code, errs)
	assert.NotEmpty(t, out)
	assert.Contains(t, errs, "fanorona: warning: skipped "+damaged+":")
}

// TestHugeRunsFitInMemory: --games 10⁹ once died with "out of memory" under a 4 GB limit,
// and 10¹⁵ took the machine's memory. A run's memory does not depend on its games, so
// such a run is not refused: under a 4 GiB address-space limit it starts, plays and stops
// on an interrupt like any other (exit 130, its resume hint), with no panic.
func TestHugeRunsFitInMemory(t *testing.T) {
	if games := os.Getenv("FANORONA_MEMORY_CHILD_GAMES"); games != "" {
		// The child: the run under a 4 GiB address-space limit (see below), interrupted
		// after a second of play.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		var out, errs strings.Builder
		code := run(ctx, []string{"selfplay", "--games", games, "--workers", "2", "--max-plies", "60",
			"--output", filepath.Join(t.TempDir(), "r")}, &streams{strings.NewReader(""), &out, &errs})
		assert.Equal(t, 130, code, errs.String())
		assert.Contains(t, errs.String(), "--resume")
		return
	}
	for _, games := range []string{"1000000000", "1000000000000000"} {
		cmd := exec.Command("sh", "-c", `ulimit -v 4194304; exec "$0" -test.run '^TestHugeRunsFitInMemory$' -test.timeout 60s`, os.Args[0])
		cmd.Env = append(os.Environ(), "FANORONA_MEMORY_CHILD_GAMES="+games)
		res, err := cmd.CombinedOutput()
		assert.NoError(t, err, "--games %s: %s", games, res)
	}
}

func TestShardBeyondGamesRefused(t *testing.T) {
	code, out, errs := runCmd(t, "", "selfplay", "--games", "4", "--shard", "5/100", "--out", filepath.Join(t.TempDir(), "r"))
	assertBadInput(t, code, out, errs, "--shard")
}

func TestSelfplaySPRTNotIgnored(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	code, out, errs := runCmd(t, "", "selfplay", "--games", "4", "--sprt", "0,50", "--out", dir)
	if code == 0 {
		assert.Contains(t, out, "SPRT", "an accepted --sprt shows its test")
	} else {
		assertBadInput(t, code, out, errs, "--sprt")
	}
}

func TestResumeMismatchNamesTheField(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	code, _, errs := runCmd(t, "", "selfplay", "--games", "2", "--seed", "1", "--out", dir)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "", "selfplay", "--games", "2", "--seed", "2", "--out", dir, "--resume")
	assertBadInput(t, code, out, errs, "seed")
	assert.NotContains(t, errs, "{", "names the field, no JSON dump")
}

func TestOneVocabularyAcrossCommands(t *testing.T) {
	root := newRootCmd(&streams{strings.NewReader(""), new(strings.Builder), new(strings.Builder)})
	for path, flags := range map[string][]string{
		"selfplay":         {"tablebases", "workers", "output"},
		"tournament":       {"tablebases", "workers", "output"},
		"merge":            {"output"},
		"tablebase build":  {"tablebases", "workers"},
		"tablebase probe":  {"tablebases"},
		"tablebase verify": {"tablebases", "workers"},
		"tablebase stats":  {"tablebases"},
		"solve":            {"tablebases"},
		"puzzles solve":    {"tablebases"},
		"analyze":          {"tablebases"},
		"play":             {"tablebases"},
	} {
		c, _, err := root.Find(strings.Fields(path))
		require.NoError(t, err, path)
		for _, f := range flags {
			assert.NotNil(t, c.Flags().Lookup(f), "%s --%s", path, f)
		}
		if o := c.Flags().Lookup("output"); o != nil {
			assert.Equal(t, "o", o.Shorthand, "%s -o", path)
		}
	}
}

func TestTablebaseBuildOverDamagedFileRefused(t *testing.T) {
	// Owned by tb, but already kept by main.go's mapping of tablebase.ErrDamaged to exit 2.
	sb := newCLISandbox(t)
	code, out, errs := runCmd(t, "", "tablebase", "build", "--max-pieces", "3", "--dir", filepath.Join(sb.work, "tb-damaged"))
	assertBadInput(t, code, out, errs, "2v1")
}

func TestTablebaseDamagedFolderRefusedBeforePrinting(t *testing.T) {
	sb := newCLISandbox(t)
	for _, args := range [][]string{
		{"tablebase", "verify", "--dir", filepath.Join(sb.work, "tb-damaged")},
		{"tablebase", "stats", "--dir", filepath.Join(sb.work, "tb-damaged")},
		{"tablebase", "stats", "--dir", filepath.Join(sb.work, "tb-badmagic"), "--json"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assertBadInput(t, code, out, errs, "fntb")
	}
}

func TestTablebaseProbeBatchLongLineRefused(t *testing.T) {
	sb := newCLISandbox(t)
	code, out, errs := runCmd(t, "", "tablebase", "probe", "--dir", filepath.Join(sb.work, "tb"), "--batch", filepath.Join(sb.work, "huge-line.txt"))
	assertBadInput(t, code, out, errs, "huge-line.txt", "line 1")
}

func TestMaxPiecesWithMaterialRefused(t *testing.T) {
	code, out, errs := runCmd(t, "", "tablebase", "build", "--material", "2v1", "--max-pieces", "3", "--dir", filepath.Join(t.TempDir(), "tb"))
	assertBadInput(t, code, out, errs, "--max-pieces")
}

func TestSolveAndPuzzlesSolveAgreeOnUnknown(t *testing.T) {
	sb := newCLISandbox(t)
	empty := filepath.Join(sb.work, "tb-empty")
	code, _, errs := runCmd(t, "", "solve", "--time", "20ms", "--dir", empty)
	assert.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "", "puzzles", "solve", "longest-2v1", "--time", "20ms", "--dir", empty)
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, "unknown")
}

func TestSolveRefusesBadTablebaseFolder(t *testing.T) {
	sb := newCLISandbox(t)
	for _, dir := range []string{filepath.Join(sb.work, "missing.jsonl"), filepath.Join(sb.work, "tb-damaged")} {
		code, out, errs := runCmd(t, "", "solve", "--time", "20ms", "--fen", "9/9/9/9/4W2B1 w", "--tablebases", dir)
		assertBadInput(t, code, out, errs, filepath.Base(dir))
	}
}

func TestInterruptedBuildSaysHowToGoOn(t *testing.T) {
	// main.go already rewrites "context canceled" and adds the hint; the build must stop
	// on the context and give its error for that to show.
	ctx, cancel := cancelledContext()
	defer cancel()
	var out, errb strings.Builder
	code := run(ctx, []string{"tablebase", "build", "--max-pieces", "3", "--quiet", "--dir", filepath.Join(t.TempDir(), "tb")}, &streams{strings.NewReader(""), &out, &errb})
	assert.Equal(t, 130, code, errb.String())
	assert.Equal(t, 1, strings.Count(errb.String(), "\n"), errb.String())
	assert.NotContains(t, errb.String(), "context canceled")
	assert.Equal(t, 1, strings.Count(errb.String(), "interrupted"), "said once: %s", errb.String())
	assert.Contains(t, errb.String(), "kept", "says what is kept and how to go on")
}
