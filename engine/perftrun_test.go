package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunPerftAgreesWithTheVectors: the reference counts of testdata/perft.json, whole
// and summed over the divide, the divide sorted by notation.
func TestRunPerftAgreesWithTheVectors(t *testing.T) {
	for _, pos := range loadPerft(t).Positions {
		depth := min(3, len(pos.Distinct))
		want := pos.Distinct[depth-1]
		p := MustParseFEN(pos.FEN)
		run, err := RunPerft(context.Background(), &p, DefaultRules(), depth, Distinct, false)
		require.NoError(t, err, pos.Name)
		assert.Equal(t, want, run.Nodes, pos.Name)
		assert.Nil(t, run.Divide)

		run, err = RunPerft(context.Background(), &p, DefaultRules(), depth, Distinct, true)
		require.NoError(t, err, pos.Name)
		assert.Equal(t, want, run.Nodes, pos.Name)
		assert.Len(t, run.Divide, int(pos.Distinct[0]), "%s: one entry a root turn", pos.Name)
		assert.True(t, slices.IsSortedFunc(run.Divide, func(a, b DivideEntry) int { return strings.Compare(a.Turn.String(), b.Turn.String()) }))
	}
}

func TestRunPerftReturnsWhenStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := MustParseFEN(StartFEN)
	_, err := RunPerft(ctx, &p, DefaultRules(), 6, Distinct, false) // millions of nodes: not waited for
	assert.ErrorIs(t, err, context.Canceled)
}

func TestListTurnsOfTheStart(t *testing.T) {
	p := MustParseFEN(StartFEN)
	list := ListTurns(&p, DefaultRules())
	var names []string
	for _, l := range list {
		names = append(names, l.Turn)
	}
	// Only e3 is empty; White's d3, d2, e2 and f2 step there, each capturing: d3-e3 by
	// approach (f3) or withdrawal (c3), the others by approach (f4, e4, d4).
	assert.Equal(t, []string{"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}, names)
	// Withdrawing from c3 takes it alone: b3 behind it is White's.
	assert.Equal(t, ListedTurn{Turn: "d3-e3W", FEN: "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b 0 1", Captured: []string{"c3"}}, list[2])
}
