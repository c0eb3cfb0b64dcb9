package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAdjudicateNeedsTablesOfTheRunsRule(t *testing.T) {
	tables := filepath.Join(t.TempDir(), "tb")
	code, _, errs := runCmd(t, "", "tablebase", "build", "--max-pieces", "2", "--paika-limit", "0", "--tablebases", tables, "--quiet")
	require.Equal(t, 0, code, errs)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tablebases", "none"}, "--adjudicate needs tables"},
		{[]string{"--tablebases", tables}, "no tables of paika limit 50"},
	} {
		out := filepath.Join(t.TempDir(), "run")
		args := append([]string{"selfplay", "--player", "random", "--games", "2", "--adjudicate", "-o", out}, c.args...)
		code, stdout, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, stdout)
		assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
		assert.Contains(t, errs, c.want)
		assert.Contains(t, errs, "fanorona tablebase build --max-pieces 5")
		_, err := os.Stat(out)
		assert.True(t, os.IsNotExist(err), "nothing written")
	}
	out := filepath.Join(t.TempDir(), "run")
	code, _, errs = runCmd(t, "", "selfplay", "--player", "random", "--games", "2", "--paika-limit", "0", "--adjudicate", "--tablebases", tables, "-o", out)
	require.Equal(t, 0, code, errs)
	raw, err := os.ReadFile(filepath.Join(out, "run.json"))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"adjudicate_pieces": 2`)
}
