package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardIndices plays a 6-game self-play run in 3 shards with the environment given and
// returns the indices of the games the process played.
func shardIndices(t *testing.T, env map[string]string, extra ...string) []int {
	t.Helper()
	for _, k := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		t.Setenv(k, env[k])
	}
	dir := filepath.Join(t.TempDir(), "shard")
	args := append([]string{"selfplay", "--player", "random", "--games", "6", "--seed", "5", "--workers", "1",
		"--run-id", "00112233445566778899aabbccddeeff", "-o", dir}, extra...)
	code, _, errs := runCmd(t, "", args...)
	require.Equal(t, 0, code, errs)
	f, err := os.Open(filepath.Join(dir, "games.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var idx []int
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r struct {
			Index int `json:"index"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		idx = append(idx, r.Index)
	}
	require.NoError(t, sc.Err())
	return idx
}

// Array jobs: the shard index comes from JOB_COMPLETION_INDEX (Kubernetes indexed jobs)
// or SLURM_ARRAY_TASK_ID (Slurm arrays), the count from --shard-count; shard i of n plays
// the games whose index is i modulo n (docs/SCALING.md).
func TestArrayJobIndexVariablesPickTheShard(t *testing.T) {
	assert.ElementsMatch(t, []int{1, 4}, shardIndices(t, map[string]string{"JOB_COMPLETION_INDEX": "1"}, "--shard-count", "3"))
	assert.ElementsMatch(t, []int{2, 5}, shardIndices(t, map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, "--shard-count", "3"))
	assert.ElementsMatch(t, []int{0, 3}, shardIndices(t, map[string]string{"JOB_COMPLETION_INDEX": "0"}, "--shard-count", "3"))
	// Without an index in the environment and without --shard, every game.
	assert.ElementsMatch(t, []int{0, 1, 2, 3, 4, 5}, shardIndices(t, nil))
}

func TestArrayJobIndexVariablesRefusedWhenWrong(t *testing.T) {
	for _, c := range []struct {
		env, value string
		args       []string
		want       string
	}{
		{"JOB_COMPLETION_INDEX", "3", []string{"--shard-count", "3"}, "JOB_COMPLETION_INDEX=3"},
		{"SLURM_ARRAY_TASK_ID", "-1", []string{"--shard-count", "3"}, "SLURM_ARRAY_TASK_ID"},
		{"SLURM_ARRAY_TASK_ID", "two", []string{"--shard-count", "3"}, "SLURM_ARRAY_TASK_ID"},
		{"JOB_COMPLETION_INDEX", "1", nil, "--shard-count"},
		{"", "", []string{"--shard-count", "3"}, "--shard-count"},
	} {
		for _, k := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
			t.Setenv(k, "")
		}
		if c.env != "" {
			t.Setenv(c.env, c.value)
		}
		dir := filepath.Join(t.TempDir(), "shard")
		args := append([]string{"selfplay", "--player", "random", "--games", "6", "--run-id", "00112233445566778899aabbccddeeff", "-o", dir}, c.args...)
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%+v: %s", c, errs)
		assert.Empty(t, out, "%+v", c)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%+v: %q", c, errs)
		assert.Contains(t, errs, c.want, "%+v", c)
		_, err := os.Stat(filepath.Join(dir, "games.jsonl"))
		assert.True(t, os.IsNotExist(err), "%+v: no games written", c)
	}
}

// lengthsFile writes hand-made records of the given lengths in plies (every game a
// different one) and returns the file.
func lengthsFile(t *testing.T, run string, lengths ...int) string {
	t.Helper()
	var recs []record.Record
	for i, n := range lengths {
		turns := make([]string, n)
		for j := range turns {
			turns[j] = fmt.Sprintf("t%d.%d", i, j)
		}
		recs = append(recs, record.Record{Run: run, Index: i, Pair: i / 2, Opening: engine.StartFEN,
			White: "random", Black: "random", Rules: record.RulesFrom(engine.DefaultRules(), 1000),
			Result: "1-0", Reason: "no-pieces", Plies: n, Turns: turns})
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, record.WriteRecords(f, recs))
	require.NoError(t, f.Close())
	return path
}

// stats --compare compares the set before -- with the set after it, not a set with
// itself: lengths 1, 1, 2 against 3, 3, 3, 4 plies are completely apart, D = 1, and the
// exact p-value is 2 of the C(7,3) = 35 orderings, 2/35.
func TestStatsCompareComparesTheTwoSets(t *testing.T) {
	a := lengthsFile(t, "0123456789abcdef0123456789abcdef", 1, 1, 2)
	b := lengthsFile(t, "fedcba9876543210fedcba9876543210", 3, 3, 3, 4)
	code, out, errs := runCmd(t, "", "stats", "--json", a, "--compare", "--", b)
	require.Equal(t, 0, code, errs)
	var got struct {
		KS struct {
			D      float64 `json:"d"`
			PValue float64 `json:"p_value"`
			N      int     `json:"n"`
			M      int     `json:"m"`
		} `json:"length_ks"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 1.0, got.KS.D, out)
	assert.InDelta(t, 2.0/35, got.KS.PValue, 1e-7, out)
	assert.Equal(t, [2]int{3, 4}, [2]int{got.KS.N, got.KS.M})
}
