package tournament_test

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An external engine's move data is its last info line before bestmove: the expert
// through the protocol reports the scores and depths it reports in process.
func TestEngineMoveDataFromInfoLines(t *testing.T) {
	base := tournament.Config{Format: tournament.RoundRobin, Games: 2, Openings: "random:4", Seed: 7, Concurrency: 1, MoveData: true}
	in := base
	in.Players = []string{"expert:depth=3", "medium"}
	want, _, _ := runGames(t, nil, in)
	cfg := uci.EngineConfig{Name: "pipe-expert", Server: &uci.ServerConfig{Player: "expert", Rules: engine.DefaultRules()}}
	c := base
	c.Players = []string{cfg.Name + ":depth=3", "medium"}
	got, _, _ := runGames(t, []uci.EngineConfig{cfg}, c)
	require.Len(t, got, len(want))
	strip := func(m []record.MoveData) []record.MoveData {
		out := make([]record.MoveData, len(m))
		for i, x := range m {
			out[i] = record.MoveData{Score: x.Score, Depth: x.Depth}
		}
		return out
	}
	for i := range got {
		require.Equal(t, want[i].Turns, got[i].Turns)
		require.Len(t, got[i].MoveData, got[i].Plies)
		assert.Equal(t, strip(want[i].MoveData), strip(got[i].MoveData), "game %d", i)
		for k, m := range got[i].MoveData {
			assert.Positive(t, m.Nodes, "game %d ply %d", i, k+1)
		}
	}
}
