package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNetDataWritesAReadableFileOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.pos")
	code, stdout, stderr := runCmd(t, "", "net", "data", "-o", path, "--games", "6", "--player", "expert:nodes=200", "--workers", "2")
	require.Equal(t, 0, code, stderr)
	h, recs, err := data.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 6, h.Games)
	assert.Equal(t, "expert:nodes=200", h.Player)
	assert.Contains(t, stdout, path+": 6 games, ")
	assert.NotEmpty(t, recs)
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	code, stdout, stderr = runCmd(t, "", "net", "data", "-o", path, "--games", "6", "--player", "expert:nodes=200")
	assertBadInput(t, code, stdout, stderr, path+": exists (refused: not overwritten; resume continues an unfinished one)")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "nothing written over")
}

func TestNetDataRefusals(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.pos")
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"--games", "3"}, "-o/--output: required (the positions file to write)"},
		{[]string{"-o", out, "--opening-plies", "4-x"}, `--opening-plies "4-x": expected a number or from-to, e.g. 4-8`},
		{[]string{"-o", out, "--opening-plies", "8-4"}, "opening plies 8-4: must be from 0 to 40, the first no more than the second"},
		{[]string{"-o", out, "--shard", "4/4"}, `--shard "4/4": expected i/n with 0 <= i < n, e.g. 0/4`},
		{[]string{"-o", out, "--player", "expert:time=1s"}, `player "expert:time=1s": time=1s makes the data depend on the machine's speed (give nodes or depth)`},
		{[]string{"-o", out, "--workers", "-1"}, "--workers -1: must be 0 (every core) or more"},
	} {
		code, stdout, stderr := runCmd(t, "", append([]string{"net", "data"}, c.args...)...)
		assertBadInput(t, code, stdout, stderr, c.line)
		assert.NoFileExists(t, out, "%v", c.args)
	}
}

func TestNetFlagsBecomeOptions(t *testing.T) {
	d := parsedOptions(t, newNetDataCmd, "-o", "x.pos", "--opening-plies", "2-6", "--shard", "1/3", "--resume")
	assert.Equal(t, "x.pos", d.out)
	assert.Equal(t, "2-6", d.req.Openings)
	assert.Equal(t, "1/3", d.req.ShardOf)
	assert.True(t, d.resume)
	assert.Equal(t, data.DefaultPlayer, d.req.Player)

	tr := parsedOptions(t, newNetTrainCmd, "-o", "n.fnn", "a.pos", "b.pos", "--hidden", "16", "--mirror=false")
	assert.Equal(t, []string{"a.pos", "b.pos"}, tr.req.Files)
	assert.Equal(t, 16, tr.req.Shape.Hidden)
	assert.False(t, tr.req.Mirror)

	info := parsedOptions(t, newNetInfoCmd, "default", "--json")
	assert.Equal(t, []string{"default"}, info.args)
	assert.True(t, info.json)
}
