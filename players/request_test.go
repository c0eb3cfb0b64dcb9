package players

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

func TestAnalyzeRequestRefusesWhatNoPlayerCanTake(t *testing.T) {
	start := engine.Start()
	over, err := engine.ParseFEN("9/9/9/9/9 w")
	require.NoError(t, err)
	for _, c := range []struct {
		req  AnalyzeRequest
		fen  string
		p    *engine.Position
		want string
	}{
		{AnalyzeRequest{Spec: "wizard", MultiPV: 1}, engine.StartFEN, &start, `player spec "wizard": unknown player "wizard"`},
		{AnalyzeRequest{Spec: "random", MultiPV: 1}, "9/9/9/9/9 w", &over, `FEN "9/9/9/9/9 w": the game is already over (0-1, no-pieces): nothing to analyze`},
		{AnalyzeRequest{Spec: "expert", MultiPV: 0}, engine.StartFEN, &start, "--multipv 0: want a whole number from 1 to 500"},
		{AnalyzeRequest{Spec: "expert", MultiPV: 501}, engine.StartFEN, &start, "--multipv 501: want a whole number from 1 to 500"},
		{AnalyzeRequest{Spec: "mcts", MultiPV: 2}, engine.StartFEN, &start, "--multipv 2: only the expert gives several lines, not mcts"},
	} {
		_, err := c.req.Run(context.Background(), c.fen, c.p, engine.DefaultRules())
		var ie *InputError
		assert.True(t, errors.As(err, &ie), "%v", err)
		assert.ErrorContains(t, err, c.want)
	}
}

func TestAnalyzeRequestReportsTheAnalysis(t *testing.T) {
	// White a1 and c1, Black e1 alone: the approach c1-d1A takes it and wins at once.
	p, err := engine.ParseFEN("9/9/9/9/W1W1B4 w")
	require.NoError(t, err)
	rep, err := AnalyzeRequest{Spec: "expert:depth=2", Seed: 5, MultiPV: 1}.Run(context.Background(), "given", &p, engine.DefaultRules())
	require.NoError(t, err)
	assert.Equal(t, "c1-d1A", rep.Turn)
	assert.Equal(t, "expert:depth=2", rep.Player)
	assert.Equal(t, uint64(5), rep.Seed)
	assert.Equal(t, p.FEN(), rep.FEN, "the report names the position, not the text given")
}
