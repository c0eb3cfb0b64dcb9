package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fanorona/fanorona/engine/record"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTablesAsCSV: tournament --csv writes the tables as CSV, whose standings count the
// games summary.json counts; stats --csv of the same folder writes the same cells; an
// existing --csv file is refused before the run (exit 2, one line, no folder made, the
// file as it was).
func TestTablesAsCSV(t *testing.T) {
	dir := t.TempDir()
	run, table := filepath.Join(dir, "run"), filepath.Join(dir, "tables.csv")
	args := []string{"tournament", "--players", "random,greedy", "--games", "4", "--seed", "2", "--workers", "1", "-o", run, "--csv", table}
	code, _, errs := runCmd(t, "", args...)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "fanorona: wrote "+table+"\n")
	raw, err := os.ReadFile(filepath.Join(run, record.SummaryFile))
	require.NoError(t, err)
	var sum struct {
		Players []struct {
			Player string `json:"player"`
			Games  int    `json:"games"`
		} `json:"players"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	require.Len(t, sum.Players, 2)

	cells := readCSVCells(t, table)
	for _, p := range sum.Players {
		assert.Equal(t, strconv.Itoa(p.Games), cells["standings/"+p.Player+"/games"], p.Player)
	}
	assert.Equal(t, "4", cells["head-to-head/"+sum.Players[0].Player+" / "+sum.Players[1].Player+"/games"])

	again := filepath.Join(dir, "again.csv")
	code, _, errs = runCmd(t, "", "stats", run, "--csv", again)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, cells["standings/random/score"], readCSVCells(t, again)["standings/random/score"])

	before, err := os.ReadFile(table)
	require.NoError(t, err)
	other := filepath.Join(dir, "other")
	args[len(args)-3] = other
	code, out, errs := runCmd(t, "", args...)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: --csv "+table+" exists: choose a new file (tables are never written over a file)\n", errs)
	assert.NoDirExists(t, other)
	after, err := os.ReadFile(table)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))

	code, _, errs = runCmd(t, "", "stats", run, "--csv", filepath.Join(dir, "none", "x.csv"))
	assert.Equal(t, 2, code)
	assert.Equal(t, "fanorona: --csv "+filepath.Join(dir, "none", "x.csv")+": folder "+filepath.Join(dir, "none")+" does not exist\n", errs)
}

// readCSVCells reads a tables CSV as "table/key/column" → value.
func readCSVCells(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	lines, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, lines)
	out := map[string]string{}
	for _, l := range lines[1:] {
		out[l[0]+"/"+l[2]+"/"+l[3]] = l[5]
	}
	return out
}
