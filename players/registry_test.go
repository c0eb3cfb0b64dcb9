// registry_test.go: parsing specs and the one-line errors for bad ones.

package players

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSpecErrors(t *testing.T) {
	cases := []struct{ spec, err string }{
		{"expert:dpth=3", `player spec "expert:dpth=3": unknown option "dpth" (known: depth, nodes, time, tc, hash, qs, killers, lmr, weights, progress, ordering, prune, aspiration, vary, threads)`},
		{"grandmaster", `player spec "grandmaster": unknown player "grandmaster" (known: easy, expert, greedy, hard, mcts, medium, random)`},
		{"", `player spec "": no player name (known: easy, expert, greedy, hard, mcts, medium, random)`},
		{"random:depth=2", `player spec "random:depth=2": unknown option "depth" (random takes no options)`},
		{"expert:", `player spec "expert:": no options after ':'`},
		{"expert:depth", `player spec "expert:depth": option "depth" is not key=value`},
		{"expert:depth=3,depth=4", `player spec "expert:depth=3,depth=4": option "depth" given twice`},
		{"expert:depth=x", `player spec "expert:depth=x": option depth=x: want a whole number from 1 to 63`},
		{"expert:time=soon", `player spec "expert:time=soon": option time=soon: want a positive duration such as 200ms or 2s`},
		{"expert:nodes=0", `player spec "expert:nodes=0": option nodes=0: want a whole number of at least 1`},
		{"hard:slack=2", `player spec "hard:slack=2": option slack=2: want a number from 0 to 1`},
		{"mcts:playouts=-5", `player spec "mcts:playouts=-5": option playouts=-5: want a whole number from 1 to 1073741824`},
		{"expert:qs=maybe", `player spec "expert:qs=maybe": option qs=maybe: want true or false`},
	}
	for _, c := range cases {
		_, err := New(c.spec, 0)
		require.Error(t, err, c.spec)
		assert.Equal(t, c.err, err.Error())
	}
}

func TestSpecsBuildTheirPlayers(t *testing.T) {
	pl, err := New("expert:depth=8", 0)
	require.NoError(t, err)
	assert.Equal(t, 8, pl.(*Expert).Options().Depth)
	assert.Zero(t, pl.(*Expert).Options().Nodes, "a named limit replaces the default node limit")

	pl, err = New("expert:time=200ms", 0)
	require.NoError(t, err)
	assert.Equal(t, 200*time.Millisecond, pl.(*Expert).Options().Time)

	pl, err = New("expert", 0)
	require.NoError(t, err)
	assert.Equal(t, uint64(DefaultExpertNodes), pl.(*Expert).Options().Nodes)

	pl, err = New("mcts:playouts=2000", 0)
	require.NoError(t, err)
	assert.Equal(t, 2000, pl.(*MCTS).opts.Playouts)

	pl, err = New("hard:candidates=3,slack=0", 0)
	require.NoError(t, err)
	assert.Equal(t, LevelParams{Candidates: 3, Depth: 4, Quiesce: true, Slack: 0, Margin: 20}, pl.(*Level).Params())

	for _, name := range []string{"easy", "medium", "hard"} {
		pl, err := New(name, 0)
		require.NoError(t, err)
		assert.IsType(t, &Level{}, pl)
	}
	_, ok := Describe("expert")
	assert.True(t, ok)
}

func TestSpecString(t *testing.T) {
	s, err := ParseSpec(" expert:time=1s,depth=8 ")
	require.NoError(t, err)
	assert.Equal(t, "expert:depth=8,time=1s", s.String())
	s, err = ParseSpec("random")
	require.NoError(t, err)
	assert.Equal(t, "random", s.String())
}
