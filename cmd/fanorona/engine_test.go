package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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

func TestEngineQuitRightAfterGoAnswersTheSearchAsked(t *testing.T) {
	// The input of the command's help example, quit and the end of the input alike: the
	// search of depth 4 runs to its end (it used to be cut at once, depth 0, an unsearched turn).
	for _, end := range []string{"quit\n", ""} {
		for _, player := range []string{"hard", "expert"} {
			code, out, errs := runCmd(t, "uci\nisready\nposition startpos\ngo depth 4\n"+end,
				"engine", "--player", player, "--notation", "dashed", "--tablebases", "none")
			require.Equal(t, 0, code, errs)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.GreaterOrEqual(t, len(lines), 2, "%q", out)
			info, best := lines[len(lines)-2], lines[len(lines)-1]
			assert.True(t, strings.HasPrefix(info, "info depth 4 score cp "), "%s %q: %q", player, end, info)
			f := strings.Fields(info)
			assert.NotEqual(t, "0", f[slices.Index(f, "nodes")+1], "%s %q: %q", player, end, info)
			assert.Equal(t, "bestmove "+f[slices.Index(f, "pv")+1], best, "%s %q", player, end)
		}
	}
}

func TestEngineFlagsBadInput(t *testing.T) {
	dir := t.TempDir()
	badJSON := filepath.Join(dir, "engines.json")
	require.NoError(t, os.WriteFile(badJSON, []byte(`[{"name": "x", "cmd": "true", "colour": "red"}]`), 0o644))
	for _, args := range [][]string{
		{"engine", "--player", "wizard"},
		{"engine", "--notation", "fancy"},
		{"engine", "--tablebases", filepath.Join(dir, "missing")},
		{"engine", "--hash", "-1"},
		{"engine", "--hash", "99999999"},
		{"engine", "--hash", "16385"},
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
	bin := builtFanorona(t)
	code, out, errs := runCmd(t, "", "analyze", "--engine", "name=ext,cmd="+bin+" engine --player expert --tablebases none",
		"--player", "ext:depth=3", "--json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"player":"ext:depth=3"`)
	assert.Contains(t, out, `"depth":3`)
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// builtFanorona builds this command once per test run, to serve as an external engine.
func builtFanorona(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fanorona-engine-test")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "fanorona")
		if b, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("%v: %s", err, b)
		}
	})
	require.NoError(t, buildErr)
	return builtBin
}

// A tournament names a declared engine like a level; run.json records the engine and its
// stderr goes to the run folder.
func TestTournamentWithAnExternalEngine(t *testing.T) {
	bin := builtFanorona(t)
	out := t.TempDir()
	code, stdout, errs := runCmd(t, "", "tournament", "--engine", "name=ext,cmd="+bin+" engine --player greedy --tablebases none",
		"--players", "ext:depth=1,random", "--games", "4", "--workers", "2", "-o", out)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, stdout, "ext:depth=1")
	run, err := os.ReadFile(filepath.Join(out, "run.json"))
	require.NoError(t, err)
	assert.Contains(t, string(run), `"id_name": "fanorona greedy"`)
	assert.Contains(t, string(run), `"engine",`)
	_, err = os.Stat(filepath.Join(out, "engine-ext.log"))
	assert.NoError(t, err)
}

func TestMain(m *testing.M) {
	if os.Getenv("FANORONA_TEST_BINARY_IS_THE_COMMAND") == "1" {
		main() // the test binary run as the command (commandFromTestBinary)
	}
	// The default tablebase folder is the machine's (a build left in ~/.cache would turn
	// a searched hint into a table's): every test sees an empty one unless it says so.
	cache, err := os.MkdirTemp("", "fanorona-cmd-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	os.Setenv("FANORONA_TABLEBASES", "")
	code := m.Run()
	os.RemoveAll(cache)
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

func TestEngineFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newEngineCmd, "--player", "medium", "--hash", "64", "--notation", "dashed", "--seed", "2", "--first-turn-no-chain")
	assert.Equal(t, "medium", o.req.Player)
	assert.Equal(t, 64, o.req.HashMB)
	assert.Equal(t, "dashed", o.req.NotationName)
	assert.Equal(t, uint64(2), o.req.Seed)
	assert.True(t, o.rules.firstTurnNoChain)
	assert.Empty(t, o.req.Tables)
}
