package play

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// runSession plays g between the named sides on the typed lines script and returns what
// the session wrote.
func runSession(t *testing.T, g *Game, names [2]string, script string) string {
	t.Helper()
	var out strings.Builder
	require.NoError(t, NewSession(*g, names, strings.NewReader(script), &out).Run(context.Background()))
	return out.String()
}

func TestSessionPlaysToTheEnd(t *testing.T) {
	// White's e2 withdraws from Black's only piece on e3: Black has none left.
	out := runSession(t, newGame(t, "9/9/4B4/4W4/9 w 0 0"), [2]string{"human", "human"}, "e2-e1W\n")
	assert.True(t, strings.HasPrefix(out, "White: human. Black: human. Type help for the commands.\n"), out)
	assert.Contains(t, out, "White to move> White plays e2-e1W\n")
	assert.True(t, strings.HasSuffix(out, "Game over: 1-0 (Black has no pieces left).\n"), out)
}

func TestSessionCommandsAndRefusals(t *testing.T) {
	script := "\nhelp\nmoves\nd3-e3\nx\nquit\n"
	out := runSession(t, newGame(t, engine.StartFEN), [2]string{"human", "human"}, script)
	assert.Contains(t, out, Help)
	// Every legal turn of the start lands on e3: from d2, d3 (both ways), e2 and f2.
	assert.Contains(t, out, "5 legal turns: ")
	assert.Contains(t, out, "d3-e3 captures both ways: approach (A) or withdrawal (W)? Refused: answer A (approach) or W (withdrawal).\n")
	assert.True(t, strings.HasSuffix(out, "Game stopped (quit) after 0 plies at "+engine.StartFEN+"\n"), out)
}

func TestSessionRefusesAnOverlongLine(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes+1)
	out := runSession(t, newGame(t, engine.StartFEN), [2]string{"human", "human"}, long+"\n")
	assert.Contains(t, out, "Refused: a line of 4097 bytes; a turn or command is at most 4096.\nWhite to move> \n")
	assert.Contains(t, out, "Game stopped (end of input) after 0 plies")
}

func TestSessionComputerSideAndStepByStep(t *testing.T) {
	g := newGame(t, midgame)
	g.Sides[engine.Black] = players.NewGreedy(1)
	out := runSession(t, g, [2]string{"human", "greedy"}, "e2-e3\nhelp\nf3\nf4a\nstop\n")
	assert.Contains(t, out, "The piece on e3 may capture again: e3-f3W e3-d4A, or stop.\n")
	assert.Contains(t, out, "White continues from e3 (next step or stop)> Type the next landing point")
	assert.Contains(t, out, "White plays e2-e3A-f3W-f4A\n")
	assert.Contains(t, out, "Black (greedy) plays ")
	assert.Contains(t, out, "Game stopped (end of input) after 2 plies")
}
