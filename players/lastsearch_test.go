package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The searching players report the search Choose just did, the figures of Analyze on
// the same position by a player of the same spec; random and greedy report nothing; mcts
// its playouts but no score.
func TestLastSearchIsTheChoice(t *testing.T) {
	p := engine.Start()
	r := engine.DefaultRules()
	for _, spec := range []string{"easy", "medium", "expert:depth=3", "expert:nodes=60000", "mcts:playouts=50"} {
		pl, err := NewFromString(spec, 9)
		require.NoError(t, err)
		rp, ok := pl.(Reporter)
		require.True(t, ok, spec)
		_, ok = rp.LastSearch()
		assert.False(t, ok, "%s: no report before the first search", spec)
		turn, err := pl.Choose(context.Background(), &p, r)
		require.NoError(t, err)
		rep, ok := rp.LastSearch()
		require.True(t, ok, spec)

		again, err := NewFromString(spec, 9)
		require.NoError(t, err)
		a, err := again.(Analyzer).Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		assert.Equal(t, a.Turn, turn, spec)
		assert.Equal(t, a.Depth, rep.Depth, spec)
		assert.Equal(t, a.Nodes, rep.Nodes, spec)
		assert.Positive(t, rep.Nodes, spec)
		if spec == "mcts:playouts=50" {
			assert.False(t, rep.Scored, "mcts's score is a win rate")
			assert.False(t, rp.ReportsScores())
		} else {
			assert.True(t, rep.Scored, spec)
			assert.True(t, rp.ReportsScores())
			assert.Equal(t, a.Score, rep.Score, spec)
		}
	}
	for _, spec := range []string{"random", "greedy"} {
		pl, err := NewFromString(spec, 9)
		require.NoError(t, err)
		_, ok := pl.(Reporter)
		assert.False(t, ok, "%s does not search", spec)
	}
}

// A proven result is flagged as one.
func TestSearchReportProven(t *testing.T) {
	assert.True(t, SearchReport{Score: MateScore - 3, Scored: true}.Proven())
	assert.True(t, SearchReport{Score: -(TBWinScore - 40), Scored: true}.Proven())
	assert.False(t, SearchReport{Score: 250, Scored: true}.Proven())
	assert.False(t, SearchReport{Score: MateScore - 3}.Proven(), "no score, nothing proven")
}

// TestNoScoreFromASearchThatCompletedNoIteration: an expert whose node budget ends inside
// its first iteration (2,000 nodes from the start) reports its nodes but no score, which
// adjudication by score would otherwise act on; one that completed iterations does.
func TestNoScoreFromASearchThatCompletedNoIteration(t *testing.T) {
	p := engine.Start()
	for _, tc := range []struct {
		spec   string
		scored bool
	}{{"expert:nodes=2000", false}, {"expert:depth=2", true}} {
		pl, err := NewFromString(tc.spec, 1)
		require.NoError(t, err)
		_, err = pl.Choose(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		rep, ok := pl.(Reporter).LastSearch()
		require.True(t, ok, tc.spec)
		assert.Positive(t, rep.Nodes, tc.spec)
		assert.Equal(t, tc.scored, rep.Depth > 0, "%s: depth %d", tc.spec, rep.Depth)
		assert.Equal(t, tc.scored, rep.Scored, tc.spec)
	}
}
