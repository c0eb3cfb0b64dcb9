package play

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

func TestSetupMakesTheComputerSidesAndTheHint(t *testing.T) {
	g, err := Setup{White: Human, Black: "greedy", Hint: "random", Seed: 3, Tables: "none"}.Game(engine.Start(), engine.DefaultRules())
	require.NoError(t, err)
	assert.Nil(t, g.Sides[0], "a person plays White")
	assert.NotNil(t, g.Sides[1])
	assert.NotNil(t, g.Hint)
	assert.Equal(t, engine.Start(), g.Pos)
}

func TestSetupRefusesABadSpecNamingTheHint(t *testing.T) {
	_, err := Setup{White: "wiz", Black: "wiz2", Hint: "nope", Tables: "none"}.Game(engine.Start(), engine.DefaultRules())
	var ie *players.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.EqualError(t, err, `player spec "wiz": unknown player "wiz" (known: easy, expert, greedy, hard, mcts, medium, random)`, "White's first")

	_, err = Setup{White: Human, Black: Human, Hint: "nope", Tables: "none"}.Game(engine.Start(), engine.DefaultRules())
	var se *engine.SettingError
	require.True(t, errors.As(err, &se), "%v", err)
	assert.Equal(t, "hint", se.Name)
	assert.EqualError(t, err, `hint: player spec "nope": unknown player "nope" (known: easy, expert, greedy, hard, mcts, medium, random)`)
}

func TestSetupRefusesAMissingTablesFolderFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-tables")
	_, err := Setup{White: "wiz", Black: Human, Hint: "random", Tables: missing}.Game(engine.Start(), engine.DefaultRules())
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.EqualError(t, err, "--tablebases "+missing+": no such folder (stat "+missing+": no such file or directory)")
}

func TestTableOptionsGiveTheOracleOfAFolderWithTables(t *testing.T) {
	opts, err := TableOptions("none", 50)
	require.NoError(t, err)
	assert.Empty(t, opts, "no tables, no option")

	dir := t.TempDir()
	_, err = tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 2, Workers: 1})
	require.NoError(t, err)
	opts, err = TableOptions(dir, 0)
	require.NoError(t, err)
	assert.Len(t, opts, 1, "the tables' oracle")

	opts, err = TableOptions(filepath.Join(dir, "missing"), 0)
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.Empty(t, opts)
}
