package play

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// midgame is the perft suite's midgame-2 position: e2-e3 approaches e4, and from e3 the
// chain may go on (d4 by approach, f3 by withdrawal).
const midgame = "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"

func newGame(t *testing.T, fen string) *Game {
	t.Helper()
	return &Game{Rules: engine.DefaultRules(), Pos: engine.MustParseFEN(fen)}
}

func TestEnterAsksTheKindOfABothWaysCapture(t *testing.T) {
	g := newGame(t, engine.StartFEN)
	_, e, err := g.Enter("d3-e3") // approach takes f3, withdrawal c3
	require.NoError(t, err)
	require.NotNil(t, e)
	require.Equal(t, NeedKind, e.Need())
	from, to := e.Step()
	assert.Equal(t, "d3-e3", from.String()+"-"+to.String())
	e.Kind(engine.Withdrawal)
	require.Equal(t, Done, e.Need())
	turn, err := e.Turn()
	require.NoError(t, err)
	assert.Equal(t, "d3-e3W", turn.String())
}

func TestEnterStepByStep(t *testing.T) {
	g := newGame(t, midgame)
	_, e, err := g.Enter("e2-e3")
	require.NoError(t, err)
	require.Equal(t, NeedStep, e.Need(), "e2-e3 captures by approach only and may go on")
	assert.Equal(t, "e3", e.At().String())
	assert.Equal(t, []string{"e3-f3W", "e3-d4A"}, e.Continuations())
	assert.EqualError(t, e.Next("e5"), "e3-e5 is not a legal continuation (a further step must capture, change direction and not revisit a point).")
	assert.EqualError(t, e.Next("d4w"), "e3-d4 captures by approach only.")
	assert.EqualError(t, e.Next("a1-a2"), "type one step from e3 (a landing point, or e3-<point>), or stop.")
	require.NoError(t, e.Next("f3"))
	require.NoError(t, e.Next("f4a"))
	require.Equal(t, NeedStep, e.Need())
	e.Stop()
	turn, err := e.Turn()
	require.NoError(t, err)
	assert.Equal(t, "e2-e3A-f3W-f4A", turn.String())
	_, visited := e.Board()
	assert.Equal(t, 4, visited.Count(), "e2, e3, f3, f4")
}

func TestEnterWholeTurns(t *testing.T) {
	g := newGame(t, midgame)
	turn, e, err := g.Enter("e2-e3A-d4A")
	require.NoError(t, err)
	assert.Nil(t, e)
	assert.Equal(t, "e2-e3A-d4A", turn.String())
	_, _, err = g.Enter("e2-e3W")
	assert.ErrorContains(t, err, "no withdrawal capture here")
	_, _, err = g.Enter("hello")
	assert.Error(t, err)
}

func TestGameOverAndComputerTurns(t *testing.T) {
	g := newGame(t, "9/9/9/9/W1B6 w 0 0")
	_, ok, err := g.ComputerTurn(context.Background())
	require.NoError(t, err)
	assert.False(t, ok, "a person plays White")
	greedy, err := players.NewFromString("greedy", 1)
	require.NoError(t, err)
	g.Sides[engine.White] = greedy
	turn, ok, err := g.ComputerTurn(context.Background())
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "a1-b1A", turn.String(), "the only capture takes Black's last piece")
	g.Play(turn)
	st, why, over := g.Over()
	assert.True(t, over)
	assert.Equal(t, engine.WhiteWins, st.Outcome)
	assert.Equal(t, "Black has no pieces left", why)
	assert.Equal(t, bits(t, "a1", "b1", "c1"), g.Mark, "start, landing and captured points")
}

func TestLegalTurnsAreSorted(t *testing.T) {
	g := newGame(t, engine.StartFEN)
	names := g.LegalTurns()
	// The five opening turns of Fanorona: every one moves into the empty centre e3 (f3 is
	// Black's), d3 capturing both ways along row 3, e2, d2 and f2 by approach only.
	assert.Equal(t, []string{"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}, names)
}

func bits(t *testing.T, points ...string) engine.Bitboard {
	var b engine.Bitboard
	for _, s := range points {
		pt, ok := engine.ParsePoint(s)
		require.True(t, ok, s)
		b |= engine.Bit(pt)
	}
	return b
}
