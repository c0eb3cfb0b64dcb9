package tournament

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveScoreOfATwoPlayerRun: Options.Live sees the head to head of the two players grow
// by one game at a time (with a period shorter than a game) and ends with the summary's
// own; a run of three players (three pairs) or of one player against itself has no score
// line.
func TestLiveScoreOfATwoPlayerRun(t *testing.T) {
	cfg := func(format Format, players ...string) Config {
		return Config{Format: format, Players: players, Games: 6, Openings: "random:2", Seed: 4,
			Rules: record.RulesFrom(engine.DefaultRules(), 200), Concurrency: 1}
	}
	var seen []summary.PairStats
	o := Options{Out: t.TempDir(), SPRT: &summary.SPRTConfig{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05},
		Live: func(p summary.PairStats) { seen = append(seen, p) }, LiveEvery: time.Nanosecond}
	s, err := Run(context.Background(), cfg(RoundRobin, "random", "greedy"), o)
	require.NoError(t, err)
	require.Len(t, seen, 7, "after each of the 6 games, and once at the end")
	for i, p := range seen[:6] {
		assert.Equal(t, i+1, p.Games)
		assert.Equal(t, i+1, p.WDL.Wins+p.WDL.Draws+p.WDL.Losses)
		require.NotNil(t, p.SPRT, "the LLR with the score")
	}
	require.Len(t, s.Pairs, 1)
	want, err := json.Marshal(s.Pairs[0])
	require.NoError(t, err)
	got, err := json.Marshal(seen[6])
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got), "the last line is the head-to-head table's")
	assert.Equal(t, "random", seen[6].A, "as listed")

	for _, c := range []Config{cfg(RoundRobin, "random", "greedy", "easy"), cfg(SelfPlay, "random")} {
		seen = nil
		o.Out, o.SPRT = t.TempDir(), nil
		_, err := Run(context.Background(), c, o)
		require.NoError(t, err)
		assert.Empty(t, seen, "%s %v", c.Format, c.Players)
	}
}
