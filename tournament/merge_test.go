package tournament

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergeRefusesTwoDifferentCopiesOfOneGame: two shards of one run both hold game 1,
// with different results. Merge names both places and writes no games file.
func TestMergeRefusesTwoDifferentCopiesOfOneGame(t *testing.T) {
	g0, g1 := rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runA, 1, 0, "B", "A", "0-1", "y")
	other := g1
	other.Result, other.Reason = "1/2-1/2", "paika-limit"
	first, second := writeFile(t, g0, g1), writeFile(t, other)
	out := filepath.Join(t.TempDir(), "merged")
	_, err := Merge([]string{first, second}, out, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	var ce *record.ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, record.Place{File: first, Line: 2}, ce.First)
	assert.Equal(t, record.Place{File: second, Line: 1}, ce.Again)
	_, statErr := os.Stat(filepath.Join(out, record.GamesFile))
	assert.True(t, os.IsNotExist(statErr), "no games file after a refused merge")
	_, statErr = os.Stat(filepath.Join(out, record.GamesFile+".tmp"))
	assert.True(t, os.IsNotExist(statErr), "no temporary file either")

	// Identical copies (a run and one of its shards) merge, each game once.
	res, err := Merge([]string{first, writeFile(t, g1)}, filepath.Join(t.TempDir(), "ok"), nil)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Duplicates)
	assert.Equal(t, 2, res.Summary.Games)
}

// TestMergeRefusesBadLines: merge is strict where stats skips; each input the docs list
// as refused stops it with file:line and leaves no games file.
func TestMergeRefusesBadLines(t *testing.T) {
	good := rec(runA, 0, 0, "A", "B", "1-0", "x", "y")
	for _, c := range []struct {
		edit func(string) string
		want string
	}{
		{func(s string) string { return strings.Replace(s, `"index"`, `"colour":1,"index"`, 1) }, `unknown field "colour"`},
		{func(s string) string { return strings.Replace(s, `"max_plies":1000`, `"max_plies":1000,"komi":0`, 1) }, `unknown field "komi"`},
		{func(s string) string { return strings.Replace(s, `"plies":2`, `"plies":-2`, 1) }, "must not be negative"},
		{func(s string) string { return strings.Replace(s, `"plies":2`, `"plies":3`, 1) }, "plies 3 but 2 turns"},
		{func(s string) string { return strings.Replace(s, `"pair":0`, `"pair":-1`, 1) }, "must not be negative"},
		{func(s string) string { return strings.Replace(s, `"paika_limit":`, `"paika_limit":-`, 1) }, "paika_limit"},
		{func(s string) string { return strings.Replace(s, `"max_plies":1000`, `"max_plies":0`, 1) }, "max_plies 0"},
		{func(s string) string { return strings.Replace(s, `"result":"1-0"`, `"result":"2-0"`, 1) }, `result "2-0"`},
		{func(s string) string { return strings.Replace(s, `"max_plies":1000`, `"max_plies":1048577`, 1) }, "max_plies 1048577 above"},
		{func(s string) string { return strings.Replace(s, `"captured":{"white":0`, `"captured":{"white":23`, 1) }, "a side has 22 pieces"},
		{func(s string) string {
			return strings.Replace(s, `"run":"`+runA+`"`, `"run":"`+strings.ToUpper(runA)+`"`, 1)
		}, "run id"},
		{func(s string) string { return strings.Replace(s, `"opening":"`, `"opening":"x`, 1) }, "opening"},
	} {
		path := writeFile(t, good)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		edited := c.edit(string(data))
		require.NotEqual(t, string(data), edited, c.want)
		require.NoError(t, os.WriteFile(path, []byte(edited), 0o644))
		out := filepath.Join(t.TempDir(), "merged")
		_, err = Merge([]string{path}, out, nil)
		var ie *InputError
		if assert.ErrorAs(t, err, &ie, c.want) {
			assert.Contains(t, err.Error(), path+":1: ", c.want)
			assert.Contains(t, err.Error(), c.want)
		}
		_, statErr := os.Stat(filepath.Join(out, record.GamesFile))
		assert.True(t, os.IsNotExist(statErr), c.want)

		// The non-strict readers skip the line and say where.
		recs, bad, err := record.ReadRecordFiles([]string{path})
		require.NoError(t, err)
		assert.Empty(t, recs, c.want)
		if assert.Len(t, bad, 1, c.want) {
			assert.Equal(t, 1, bad[0].Line)
		}
	}
}

// TestMergeRefusesShardsOfDifferentRuns: shards whose run.json differ (another seed, or
// the same configuration under another run id), or a record whose run is not the run.json
// one, are refused, and nothing is written.
func TestMergeRefusesShardsOfDifferentRuns(t *testing.T) {
	shard := func(c Config, recs ...record.Record) string {
		path := writeFile(t, recs...)
		require.NoError(t, writeJSONFile(filepath.Join(filepath.Dir(path), record.RunFile), &c))
		return filepath.Dir(path)
	}
	c := testConfig(2)
	c.RunID = runA
	g0, g1 := rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runA, 1, 0, "B", "A", "0-1", "y")
	seed := c
	seed.Seed++
	id := c
	id.RunID = runB
	for _, tc := range []struct {
		name    string
		second  string
		message string
	}{
		{"another seed", shard(seed, g1), "different run"},
		{"another run id", shard(id, rec(runB, 1, 0, "B", "A", "0-1", "y")), "different run"},
		{"a record of another run", shard(c, rec(runB, 1, 0, "B", "A", "0-1", "y")), "belongs to run"},
	} {
		out := filepath.Join(t.TempDir(), "merged")
		_, err := Merge([]string{shard(c, g0), tc.second}, out, nil)
		var ie *InputError
		if assert.ErrorAs(t, err, &ie, tc.name) {
			assert.Contains(t, err.Error(), tc.message, tc.name)
		}
		_, statErr := os.Stat(filepath.Join(out, record.GamesFile))
		assert.True(t, os.IsNotExist(statErr), tc.name)
	}
	// The two halves of one run merge into one pair.
	res, err := Merge([]string{shard(c, g0), shard(c, g1)}, filepath.Join(t.TempDir(), "ok"), nil)
	require.NoError(t, err)
	assert.Equal(t, [5]int{0, 0, 0, 0, 1}, res.Summary.Pairs[0].Pentanomial)
}

// TestRefusedMergeRemovesTheFoldersItMade: a merge refused after making its output
// folder (and the missing folders above it) removes them all, and only them.
func TestRefusedMergeRemovesTheFoldersItMade(t *testing.T) {
	good := rec(runA, 0, 0, "A", "B", "1-0", "x", "y")
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(data, "not a record\n"...), 0o644))
	base := t.TempDir()
	_, err = Merge([]string{path}, filepath.Join(base, "new", "deep"), nil)
	require.Error(t, err)
	_, statErr := os.Stat(filepath.Join(base, "new"))
	assert.True(t, os.IsNotExist(statErr), "%v", statErr)
	_, statErr = os.Stat(base)
	assert.NoError(t, statErr, "the folder that was there stays")
}

// merge joins one run's shards; records of another run are refused, nothing is written.
func TestMergeRefusesAnotherRun(t *testing.T) {
	a := writeFile(t, rec(runA, 0, 0, "A", "B", "1-0", "x"))
	b := writeFile(t, rec(runB, 1, 0, "B", "A", "1-0", "y"))
	out := filepath.Join(t.TempDir(), "merged")
	_, err := Merge([]string{a, b}, out, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), b+":1")
	assert.NoFileExists(t, filepath.Join(out, record.GamesFile))
	assert.NoFileExists(t, filepath.Join(out, record.GamesFile+".tmp"))
	// Exact duplicates across inputs are dropped and counted.
	res, err := Merge([]string{a, a}, out, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Duplicates)
	assert.Equal(t, 1, res.Summary.Games)
}

func TestMergeNeedsAnOutputFolder(t *testing.T) {
	_, err := Merge([]string{"shard0"}, "", nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	var se *SettingError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "--output is required", se.Text(flags))
	assert.NoFileExists(t, "shard0")
}
