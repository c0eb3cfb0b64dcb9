package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfplayRun plays a small random self-play run and returns its folder.
func selfplayRun(t *testing.T, games, seed string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "selfplay", "--player", "random", "--games", games, "-o", dir, "--seed", seed, "--workers", "1")
	require.Equal(t, 0, code, errs)
	return dir
}

type ksJSON struct {
	Summary struct {
		Games         int `json:"games"`
		DistinctGames int `json:"distinct_games"`
	} `json:"summary"`
	KS *struct {
		N int `json:"n"`
		M int `json:"m"`
	} `json:"length_ks"`
}

func statsJSON(t *testing.T, args ...string) (ksJSON, string) {
	t.Helper()
	code, out, errs := runCmd(t, "", append([]string{"stats", "--json"}, args...)...)
	require.Equal(t, 0, code, errs)
	var got ksJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	return got, errs
}

func TestStatsCompareTakesTwoSetsSplitByDash(t *testing.T) {
	a, b, c := selfplayRun(t, "10", "1"), selfplayRun(t, "6", "2"), selfplayRun(t, "4", "3")
	// A vs B+C: 10 games against 6 + 4.
	got, _ := statsJSON(t, a, "--compare", "--", b, c)
	require.NotNil(t, got.KS)
	assert.Equal(t, 10, got.Summary.Games)
	assert.Equal(t, [2]int{10, 10}, [2]int{got.KS.N, got.KS.M})
	// A+B vs C.
	got, _ = statsJSON(t, a, b, "--compare", "--", c)
	assert.Equal(t, 16, got.Summary.Games)
	assert.Equal(t, [2]int{16, 4}, [2]int{got.KS.N, got.KS.M})

	// The old, ambiguous form is refused rather than read one way or the other.
	for _, args := range [][]string{
		{"stats", a, "--compare", b, c},
		{"stats", a, "--compare", "--"},
		{"stats", a, "--", b},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", args, errs)
	}
}

func TestStatsDropsDuplicatesWithOneWarning(t *testing.T) {
	a := selfplayRun(t, "10", "1")
	got, errs := statsJSON(t, a, a, filepath.Join(a, "games.jsonl"))
	assert.Equal(t, 10, got.Summary.Games)
	assert.Equal(t, 1, strings.Count(errs, "duplicate"), errs)
	assert.Contains(t, errs, "dropped 20 exact duplicate records")

	// Two different records of one game: an error naming both places.
	games, err := os.ReadFile(filepath.Join(a, "games.jsonl"))
	require.NoError(t, err)
	first := strings.SplitN(string(games), "\n", 2)[0]
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(first), &r))
	r["seed"] = r["seed"].(float64) + 1
	changed, _ := json.Marshal(r)
	other := filepath.Join(t.TempDir(), "other.jsonl")
	require.NoError(t, os.WriteFile(other, append(changed, '\n'), 0o644))
	code, out, errs := runCmd(t, "", "stats", a, other)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, other+":1")
	assert.Contains(t, errs, filepath.Join(a, "games.jsonl")+":1")
}

func TestStatsReplayNamesTheIllegalTurn(t *testing.T) {
	a := selfplayRun(t, "4", "1")
	got, _ := statsJSON(t, a, "--replay")
	assert.Equal(t, 4, got.Summary.Games)

	games, err := os.ReadFile(filepath.Join(a, "games.jsonl"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(games)), "\n")
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[2]), &r))
	turns := r["turns"].([]any)
	turns[1] = turns[0] // White's first turn again, at ply 2 (Black to move)
	bad, _ := json.Marshal(r)
	lines[2] = string(bad)
	path := filepath.Join(t.TempDir(), "games.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	code, out, errs := runCmd(t, "", "stats", path, "--replay")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, path+":3: ")
	assert.Contains(t, errs, "ply 2, turn \""+turns[0].(string)+"\"")
	// Without --replay the line passes the cheap checks.
	code, _, _ = runCmd(t, "", "stats", path)
	assert.Equal(t, 0, code)
}

func TestRunFlagsRefusedUpFront(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "--player", "random", "--sprt", "0,10", "-o", t.TempDir()},
		{"selfplay", "--games", "4", "--shard", "5/100", "-o", t.TempDir()},
		{"selfplay", "--games", "4", "--shard", "100/100", "-o", t.TempDir()},
		{"selfplay", "--games", "4", "--shard", "1/2", "-o", t.TempDir()}, // no --run-id
		{"selfplay", "--games", "4", "--run-id", "abc", "-o", t.TempDir()},
		{"selfplay", "--player", "expert:depth=2", "--games", "12", "--openings", "distinct:1", "-o", t.TempDir()},
		{"selfplay", "--games", "4", "--tablebases", filepath.Join(t.TempDir(), "missing"), "-o", t.TempDir()},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
	}
	// The deprecated spellings still work.
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "selfplay", "--games", "2", "--out", dir, "--concurrency", "1")
	require.Equal(t, 0, code, errs)
	assert.FileExists(t, filepath.Join(dir, "games.jsonl"))
}

// An identical copy must not be declared stronger or weaker after a pair or two: the
// exact GLR SPRT goes on for the whole run here.
func TestSPRTOfIdenticalCopiesDoesNotStopEarly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := runCmd(t, "", "tournament", "--players", "easy,easy:slack=0.3", "--games", "60",
		"--sprt", "0,10", "--sprt-stop", "--workers", "2", "-o", dir, "--seed", "9")
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, errs, "SPRT decided")
	assert.Contains(t, out, "continue")
	var s struct {
		Games int `json:"games"`
		Pairs []struct {
			Pentanomial [5]int `json:"pentanomial"`
		} `json:"pairs"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &s))
	assert.Equal(t, 60, s.Games)
	sum := 0
	for _, n := range s.Pairs[0].Pentanomial {
		sum += n
	}
	assert.Equal(t, 30, sum)
}

func TestSelfplayHelpListsNoTournamentOnlyFlags(t *testing.T) {
	code, out, _ := runCmd(t, "", "selfplay", "--help")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, "--sprt")
	assert.Contains(t, out, "--adjudicate")
	code, out, _ = runCmd(t, "", "tournament", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "--sprt-stop")
}

// TestRunJSONRecordsEachInvocation: run.json names the toolkit and the command line of the
// process that started the run and of each that resumed it; a run.json from before (no
// invocations) is still resumed, and gets the resume's.
func TestRunJSONRecordsEachInvocation(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	args := []string{"selfplay", "--player", "random", "--games", "2", "--seed", "3", "-o", out}
	code, _, errs := runCmd(t, "", args...)
	require.Equal(t, 0, code, errs)
	invocations := func() []record.Invocation {
		info, err := record.ReadRunInfo(filepath.Join(out, record.RunFile))
		require.NoError(t, err)
		return info.Invocations
	}
	inv := invocations()
	require.Len(t, inv, 1)
	assert.Equal(t, append([]string{"fanorona"}, args...), inv[0].CommandLine)
	assert.Equal(t, "(devel)", inv[0].Version, "a test binary has no module version")
	assert.Equal(t, runtime.Version(), inv[0].GoVersion)

	code, _, errs = runCmd(t, "", append(args, "--resume")...)
	require.Equal(t, 0, code, errs)
	inv = invocations()
	require.Len(t, inv, 2)
	assert.Equal(t, append(append([]string{"fanorona"}, args...), "--resume"), inv[1].CommandLine)

	// A run.json written before invocations were kept: read, resumed, and then it has one.
	path := filepath.Join(out, record.RunFile)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	delete(m, "invocations")
	old, err := json.MarshalIndent(m, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, old, 0o644))
	require.Empty(t, invocations())
	code, _, errs = runCmd(t, "", append(args, "--resume")...)
	require.Equal(t, 0, code, errs)
	assert.Len(t, invocations(), 1)
}

// TestRunFlagsParsed: selfplay's and tournament's flags fill the run's request, the
// command's own settings beside it.
func TestRunFlagsParsed(t *testing.T) {
	o := parsedOptions(t, newTournamentCmd, "--players", "easy, expert:depth=2,nodes=900,medium", "--games", "8", "--seed", "7",
		"--format", "gauntlet", "-o", "dir", "--shard", "1/2", "--run-id", "0123456789abcdef0123456789abcdef", "--workers", "3",
		"--openings", "distinct:3", "--max-plies", "200", "--sprt", "0,20", "--sprt-stop", "--fixed-colours", "--resume",
		"--csv", "t.csv", "--tablebases", "none", "--adjudicate", "--plots", "--report")
	assert.Equal(t, tournament.Request{Command: "tournament", Out: "dir", Shard: "1/2", Resume: true, MoreGames: true,
		SPRT: "0,20", StopOnSPRT: true, Tablebases: "none", Adjudicate: true, Config: tournament.Config{Format: tournament.Gauntlet,
			Players: []string{"easy", "expert:depth=2,nodes=900", "medium"}, Games: 8, Openings: "distinct:3", Seed: 7,
			FixedColours: true, RunID: "0123456789abcdef0123456789abcdef", Concurrency: 3}}, o.req)
	assert.Equal(t, "tournament", o.label)
	assert.Equal(t, 200, o.maxPlies)
	assert.Equal(t, report.Outputs{CSV: "t.csv", Plots: true, Report: true}, o.files)

	o = parsedOptions(t, newSelfplayCmd, "--player", "medium", "--start-or-resume", "--shard-count", "4", "--out", "old")
	assert.Equal(t, tournament.Request{Command: "selfplay", Out: "old", ShardCount: 4, StartOrResume: true,
		Config: tournament.Config{Format: tournament.SelfPlay, Players: []string{"medium"}, Games: 100, Openings: "start", Seed: 1}}, o.req)
	assert.Equal(t, "selfplay medium", o.label)
	assert.Equal(t, tournament.DefaultMaxPlies, o.maxPlies)
}

// TestStatsAndMergeFlagsParsed: stats splits its files at "--" with --compare; merge
// takes its shards and folder.
func TestStatsAndMergeFlagsParsed(t *testing.T) {
	o := parsedOptions(t, newStatsCmd, "a", "b", "--compare", "--json", "--replay", "--sprt", "0,5", "--csv", "s.csv", "--detect", "0.03", "--power", "0.9", "--", "c")
	assert.Equal(t, statsOptions{setA: []string{"a", "b"}, setB: []string{"c"}, json: true, replay: true, sprt: "0,5", csv: "s.csv", compare: true,
		detect: 0.03, power: 0.9}, *o)
	o = parsedOptions(t, newStatsCmd, "a")
	assert.Equal(t, statsOptions{setA: []string{"a"}}, *o)

	m := parsedOptions(t, newMergeCmd, "s0", "s1", "-o", "all")
	assert.Equal(t, mergeOptions{shards: []string{"s0", "s1"}, output: "all"}, *m)
}
