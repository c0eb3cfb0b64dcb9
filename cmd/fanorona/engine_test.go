package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEngineCommandSpeaksTheProtocol(t *testing.T) {
	code, out, errs := runCmd(t, "uci\nisready\nposition startpos moves d3-e3A\ngo depth 1\nhello\n",
		"engine", "--player", "greedy", "--notation", "dashed", "--tablebases", "none")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Equal(t, "id name fanorona greedy", lines[0])
	assert.Contains(t, lines, "uciok")
	assert.Contains(t, lines, "readyok")
	best := lines[len(lines)-1]
	require.True(t, strings.HasPrefix(best, "bestmove "), best)
	p := engine.Start()
	r := engine.DefaultRules()
	first, err := p.ParseTurn(r, "d3-e3A")
	require.NoError(t, err)
	p = p.Play(first)
	tn, err := p.ParseTurn(r, strings.TrimPrefix(best, "bestmove "))
	require.NoError(t, err, "a legal turn for Black")
	assert.Equal(t, tn.String(), strings.TrimPrefix(best, "bestmove "), "dashed as asked")
}

func TestEngineFlagsBadInput(t *testing.T) {
	dir := t.TempDir()
	badJSON := filepath.Join(dir, "engines.json")
	require.NoError(t, os.WriteFile(badJSON, []byte(`[{"name": "x", "cmd": "true", "colour": "red"}]`), 0o644))
	for _, args := range [][]string{
		{"engine", "--player", "wizard"},
		{"engine", "--notation", "fancy"},
		{"engine", "--tablebases", filepath.Join(dir, "missing")},
		{"tournament", "--engine", "name=x", "--players", "x,random", "--out", t.TempDir()},
		{"tournament", "--engine", "name=x,cmd=" + filepath.Join(dir, "nosuch"), "--players", "x,random", "--out", t.TempDir()},
		{"tournament", "--engine", "name=random,cmd=true", "--players", "random,greedy", "--out", t.TempDir()},
		{"tournament", "--engine", "name=x,cmd=true,colour=red", "--out", t.TempDir()},
		{"tournament", "--engines", badJSON, "--out", t.TempDir()},
		{"analyze", "--engine", "name=x,cmd=" + filepath.Join(dir, "nosuch"), "--player", "x"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
	}
}

// analyze names an external engine like a level: here our own engine command as a program.
func TestAnalyzeWithAnExternalEngine(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "fanorona")
	require.NoError(t, runGoBuild(t, bin))
	code, out, errs := runCmd(t, "", "analyze", "--engine", "name=ext,cmd="+bin+" engine --player expert --tablebases none",
		"--player", "ext:depth=3", "--json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"player":"ext:depth=3"`)
	assert.Contains(t, out, `"depth":3`)
}

func runGoBuild(t *testing.T, out string) error {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", out, ".")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, b)
	}
	return nil
}
