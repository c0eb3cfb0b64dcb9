package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCmd runs the command line and returns exit status, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &streams{strings.NewReader(stdin), &out, &errb})
	return code, out.String(), errb.String()
}

func TestBadInputExitsTwoWithOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"moves", "--fen", "9/9/9/9 w"},
		{"perft", "--depth", "0"},
		{"perft", "--fen", "9/9/9/9/9 x"},
		{"perft", "--bogus"},
		{"nonsense"},
		{"tablebase", "frob"},
		{"stats"},
		{"selfplay", "--player", "wizard", "--games", "2", "--out", t.TempDir()},
		{"selfplay", "--games", "0", "--out", t.TempDir()},
		{"selfplay", "--shard", "4/4", "--out", t.TempDir()},
		{"tournament", "--players", "random", "--out", t.TempDir()},
		{"tournament", "--format", "swiss", "--out", t.TempDir()},
		{"stats", filepath.Join(t.TempDir(), "missing.jsonl")},
		{"moves", "--paika-limit", "-1"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
		assert.True(t, strings.HasPrefix(errs, "fanorona: "), "%v: %q", args, errs)
	}
}

func TestMovesAndPerft(t *testing.T) {
	code, out, _ := runCmd(t, "", "moves")
	require.Equal(t, 0, code)
	// Only e3 is empty; White's d3, d2, e2 and f2 can step there, and each step captures:
	// d3-e3 by approach (f3) or withdrawal (c3), the others by approach (f4, e4, d4).
	assert.Equal(t, "d2-e3A\nd3-e3A\nd3-e3W\ne2-e3A\nf2-e3A\n", out)

	code, out, _ = runCmd(t, "", "perft", "--depth", "3", "--json", "--paths")
	require.Equal(t, 0, code)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, float64(724), res["nodes"])
	assert.Equal(t, "paths", res["convention"])
	for _, k := range []string{"fen", "depth", "seconds", "nodes_per_second"} {
		assert.Contains(t, res, k)
	}

	code, out, _ = runCmd(t, "", "moves", "--json", "--fen", "BBBB1B1BB/BBBBBWBBB/BW1WWB1BW/WWWBWWWWW/WWWW1WWWW b 0 0")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `{"turn":"g4-g3A","fen":"BBBB1B1BB/BBBBBW1BB/BW1WWBBBW/WWWBWW1WW/WWWW1W1WW w 0 1","captured":["g2","g1"]}`)
}

func TestSelfplayAndStats(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := runCmd(t, "", "selfplay", "--player", "random", "--games", "40", "--out", dir, "--seed", "5")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "First-move advantage")
	assert.Contains(t, out, "Game length in plies")
	for _, f := range []string{"games.jsonl", "run.json", "summary.json"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	games, err := os.ReadFile(filepath.Join(dir, "games.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, 40, strings.Count(string(games), "\n"))

	// Running again into the same folder refuses and keeps the file.
	code, _, errs = runCmd(t, "", "selfplay", "--player", "random", "--games", "40", "--out", dir, "--seed", "5")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--resume")
	again, err := os.ReadFile(filepath.Join(dir, "games.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, games, again)

	// stats on the records reproduces the summary; a corrupt line is skipped with its place named.
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, append(append([]byte{}, games...), []byte("{oops\n")...), 0o644))
	code, out, errs = runCmd(t, "", "stats", bad, "--json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "bad.jsonl:41")
	var got struct {
		Summary struct {
			Games int `json:"games"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 40, got.Summary.Games)
}

func TestInterruptedRunExits130AndResumes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came before the first game finished
	var out, errb bytes.Buffer
	code := run(ctx, []string{"selfplay", "--games", "10", "--out", dir}, &streams{strings.NewReader(""), &out, &errb})
	assert.Equal(t, 130, code, errb.String())
	assert.Contains(t, errb.String(), "--resume")
	code, _, errs := runCmd(t, "", "selfplay", "--games", "10", "--out", dir, "--resume")
	require.Equal(t, 0, code, errs)
	games, err := os.ReadFile(filepath.Join(dir, "games.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, 10, strings.Count(string(games), "\n"))
}

func TestPerftStopsOnInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int)
	// Depth 6 takes seconds (not hours: the count goes on in the background until done).
	go func() {
		done <- run(ctx, []string{"perft", "--depth", "6"}, &streams{strings.NewReader(""), &out, &errb})
	}()
	cancel() // as Ctrl-C: the command must not wait for the count
	assert.Equal(t, 130, <-done)
	assert.Empty(t, out.String())
	assert.Contains(t, errb.String(), "perft --depth 6: interrupted")
}
