package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusalsNameTheirFlag: each refusal is exit status 2, nothing on stdout and one
// stderr line naming the flag (or topic) and its value.
func TestRefusalsNameTheirFlag(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-run")
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"help", "nosuchcmd"}, "help nosuchcmd: no such command (fanorona help lists them)"},
		{[]string{"help", "tablebase", "frob"}, "help tablebase frob: no such command (fanorona help lists them)"},
		{[]string{"tournament", "--players", "medium,,easy", "-o", missing}, `--players "medium,,easy": item 2 is empty`},
		{[]string{"tournament", "--players", "medium,easy,", "-o", missing}, `--players "medium,easy,": item 3 is empty`},
		{[]string{"selfplay", "--resume", "-o", missing}, "--resume: " + missing + " holds no run to continue (no run.json); start it without --resume, or use --start-or-resume in a task that may be restarted"},
		{[]string{"solve", "--time", "0s"}, "--time 0s: must be positive"},
		{[]string{"solve", "--max-depth", "-1"}, "--max-depth -1: must be 0 or more"},
		{[]string{"solve", "--time", "-2s", "--max-depth", "-1"}, "--time -2s: must be positive"},
	} {
		code, stdout, stderr := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, stdout, "%v", c.args)
		assert.Equal(t, "fanorona: "+c.line+"\n", stderr, "%v", c.args)
		assert.NoDirExists(t, missing, "%v", c.args)
	}
	// The topic known, help is on stdout.
	code, stdout, _ := runCmd(t, "", "help", "selfplay")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "--start-or-resume")
}

func TestStartOrResumeStartsThenContinues(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, stderr := runCmd(t, "", "selfplay", "--games", "4", "--start-or-resume", "-o", dir)
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stderr, "resuming")
	code, _, stderr = runCmd(t, "", "selfplay", "--games", "4", "--start-or-resume", "-o", dir)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "resuming: 4 of 4 games already in")
}

func TestFENErrorShowsTheCharacterNotAByte(t *testing.T) {
	code, out, errs := runCmd(t, "", "moves", "--fen", "9/9/9/9/W●●●●●●●● w")
	assertBadInput(t, code, out, errs, "row 1, character 2 (column b): unexpected '●'")
	assert.NotContains(t, errs, "â")
}

func TestPaikaCounterAboveTheLimitRefused(t *testing.T) {
	for _, args := range [][]string{{"moves"}, {"perft"}, {"analyze", "--player", "greedy"}, {"play", "--black", "greedy"}} {
		code, out, errs := runCmd(t, "", append(args, "--fen", "9/9/9/9/4W2B1 w 51 0")...)
		assertBadInput(t, code, out, errs, "paika counter 51 is above the paika limit 50")
	}
	// With the limit off, or at the limit (a draw already), the counter is a position's.
	code, _, errs := runCmd(t, "", "moves", "--fen", "9/9/9/9/4W2B1 w 51 0", "--paika-limit", "0")
	assert.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "", "moves", "--fen", "9/9/9/9/4W2B1 w 50 0")
	assert.Equal(t, 0, code, errs)
}
