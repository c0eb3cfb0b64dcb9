package main

import (
	"strings"
	"testing"

	"github.com/fanorona/fanorona/players/play"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// afterPrompt returns the output from the n-th (0-based) occurrence of prompt on.
func afterPrompt(t *testing.T, out, prompt string, n int) string {
	t.Helper()
	i := 0
	for k := 0; k <= n; k++ {
		j := strings.Index(out[i:], prompt)
		require.GreaterOrEqual(t, j, 0, "prompt %q #%d missing in:\n%s", prompt, n, out)
		i += j + len(prompt)
	}
	return out[i:]
}

func TestPlayScriptedHumanAgainstSeededAI(t *testing.T) {
	script := strings.Join([]string{
		"hello", // not a turn: refused
		"e2-e4", // not a step along a line: refused
		"e2-e3", // a capture step, by approach only (e4) and ending there: played
		"help",
		"moves",
		"quit",
	}, "\n")
	code, out, errs := runCmd(t, script, "play", "--black", "greedy", "--seed", "1")
	require.Equal(t, 0, code, errs)
	assert.Empty(t, errs)
	assert.Contains(t, out, "White: human. Black: greedy.")
	assert.Contains(t, afterPrompt(t, out, "White to move> ", 0), `Refused: turn "hello", character 1: expected a start point a1..i5`)
	assert.Contains(t, afterPrompt(t, out, "White to move> ", 1), `Refused: turn "e2-e4", step 1: e2 to e4 is not a step along a line`)
	// e2-e3 captures only by approach (e4), and the chain cannot go on: played at once.
	assert.Contains(t, out, "White plays e2-e3A\n")
	assert.Contains(t, out, "Black (greedy) plays ")
	assert.Contains(t, out, "Commands:")
	assert.Contains(t, out, "legal turns: ")
	assert.Contains(t, out, "Game stopped (quit) after 2 plies")
}

func TestPlayApproachOrWithdrawal(t *testing.T) {
	// From the start, d3-e3 captures both ways: approach takes f3, withdrawal takes c3.
	script := "d3-e3\nx\nW\n"
	code, out, _ := runCmd(t, script, "play", "--black", "random", "--seed", "2")
	require.Equal(t, 0, code)
	ask := "d3-e3 captures both ways: approach (A) or withdrawal (W)? "
	assert.Contains(t, afterPrompt(t, out, ask, 0), "Refused: answer A (approach) or W (withdrawal).")
	assert.Contains(t, out, "White plays d3-e3W\n")
	assert.Contains(t, out, "White 22, Black 21", "c3 was taken")
	assert.Contains(t, out, "Game stopped (end of input)", "EOF ends the game cleanly")
}

func TestPlayStopMidChain(t *testing.T) {
	// The perft midgame-2 position: e2-e3 approaches e4, and from e3 the chain may go on
	// (d4 by approach, f3 by withdrawal).
	fen := "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"
	script := "e2-e3\ne5\nd3\nstop\n"
	code, out, _ := runCmd(t, script, "play", "--fen", fen, "--white", "human", "--black", "human")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "The piece on e3 may capture again: e3-f3W e3-d4A, or stop.")
	cont := "White continues from e3 (next step or stop)> "
	assert.Contains(t, afterPrompt(t, out, cont, 0), "Refused: e3-e5 is not a legal continuation")
	assert.Contains(t, afterPrompt(t, out, cont, 1), "Refused: e3-d3 is not a legal continuation")
	assert.Contains(t, out, "White plays e2-e3A\n")
	assert.Contains(t, out, "Black to move> ", "two people: Black is asked next")
}

func TestPlayChainStepByStepAndWhole(t *testing.T) {
	fen := "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"
	// Step by step to the end of the chain: e2-e3, then f3 (withdrawal), then f4.
	code, out, _ := runCmd(t, "e2-e3\nf3\nf4a\nstop\n", "play", "--fen", fen, "--black", "human")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "White plays e2-e3A-f3W-f4A\n")
	// A whole turn in notation is played as written (here stopping after two steps).
	code, out, _ = runCmd(t, "e2-e3A-d4A\n", "play", "--fen", fen, "--black", "human")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "White plays e2-e3A-d4A\n")
	// A wrong letter is refused with the reason.
	code, out, _ = runCmd(t, "e2-e3W\nquit\n", "play", "--fen", fen, "--black", "human")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Refused: turn \"e2-e3W\", step 1 (to e3): no withdrawal capture here; did you mean approach?")
}

func TestPlayHint(t *testing.T) {
	code, out, _ := runCmd(t, "hint\nquit\n", "play", "--fen", "9/6B2/5W1W1/9/9 w 0 10", "--hint", "expert:depth=4")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Hint: f3-e3 (score win in 3")
}

func TestPlayComputerGameIsReproducible(t *testing.T) {
	args := []string{"play", "--white", "greedy", "--black", "easy", "--seed", "9"}
	code, out1, _ := runCmd(t, "", args...)
	require.Equal(t, 0, code)
	_, out2, _ := runCmd(t, "", args...)
	assert.Equal(t, out1, out2)
	assert.Contains(t, out1, "Game over: ")
}

func TestPlayBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"play", "--white", "wizard"},
		{"play", "--black", "expert:dpth=2"},
		{"play", "--fen", "bad"},
		{"play", "--hint", "nope"},
	} {
		code, out, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", args, errs)
	}
}

func TestPlayRefusesAnOverlongLineAndGoesOn(t *testing.T) {
	long := strings.Repeat("e2-e3", 14000) // 70 000 bytes, more than bufio.Scanner's 64 KB
	code, out, errs := runCmd(t, long+"\ne2-e3\nquit\n", "play", "--white", "human", "--black", "human")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Refused: a line of 70000 bytes; a turn or command is at most 4096.")
	assert.Contains(t, out, "White plays e2-e3A", "the game goes on after the refusal")
	assert.Contains(t, out, "Game stopped (quit) after 1 plies")
}

func TestPlayFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newPlayCmd, "--black", "human", "--seed", "4", "--hint", "greedy", "--paika-limit", "0")
	assert.Equal(t, play.Human, o.setup.White)
	assert.Equal(t, play.Human, o.setup.Black)
	assert.Equal(t, uint64(4), o.setup.Seed)
	assert.Equal(t, "greedy", o.setup.Hint)
	assert.Zero(t, o.rules.paikaLimit)
	assert.Empty(t, o.setup.Tables, "the default tables folder when it exists")
}
