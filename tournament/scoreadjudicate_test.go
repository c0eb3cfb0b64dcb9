package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scripted plays random turns and reports the scores of its script, one a turn of its
// own (past the script's end: no score), with depth, nodes and time of its own.
type scripted struct {
	rnd    *players.Random
	script []int
	turns  int
}

func (s *scripted) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	s.turns++
	return s.rnd.Choose(ctx, p, r)
}

func (s *scripted) LastSearch() (players.SearchReport, bool) {
	if s.turns == 0 {
		return players.SearchReport{}, false
	}
	rep := players.SearchReport{Depth: s.turns, Nodes: uint64(100 * s.turns)}
	if i := s.turns - 1; i < len(s.script) {
		rep.Score, rep.Scored = s.script[i], true
	}
	return rep, true
}

func (s *scripted) ReportsScores() bool { return true }

func newScripted(seed uint64, script ...int) *scripted {
	return &scripted{rnd: players.NewRandom(seed), script: script}
}

// repeat is n copies of v.
func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// playScripted plays white against black from the start with settings gs, checking
// first that the same two players' game without them runs past the ply the test expects
// it to end at (so that the rules did not end it there).
func playScripted(t *testing.T, white, black func() players.Player, gs gameSettings, past int) record.Record {
	t.Helper()
	free, err := playGame(context.Background(), white(), black(), engine.Start(), engine.DefaultRules(), 1000, &gameSettings{})
	require.NoError(t, err)
	require.Greater(t, free.Plies, past, "the game without adjudication ends too early for the test")
	rec, err := playGame(context.Background(), white(), black(), engine.Start(), engine.DefaultRules(), 1000, &gs)
	require.NoError(t, err)
	assert.Equal(t, free.Turns[:rec.Plies], rec.Turns, "adjudication changes no turn")
	return rec
}

// White's own scores are at or below -500 from its 2nd turn on: its 4th turn (ply 7 of
// the game) is the third in a row, so the game ends after 7 plies, lost by White.
func TestResignEndsAtTheTurnThatCompletesTheRun(t *testing.T) {
	white := func() players.Player { return newScripted(1, append([]int{0}, repeat(-600, 40)...)...) }
	black := func() players.Player { return newScripted(2, repeat(0, 40)...) }
	rec := playScripted(t, white, black, gameSettings{score: ScoreAdjudication{ResignMoves: 3, ResignScore: 500}}, 12)
	assert.Equal(t, 7, rec.Plies)
	assert.Equal(t, "0-1", rec.Result)
	assert.Equal(t, record.ResignReason, rec.Reason)
	rec.White, rec.Black = "white", "black"
	require.NoError(t, rec.Validate())

	// A score just above the threshold breaks the run: -499 on White's 3rd turn puts the
	// end two White turns later (ply 11).
	white = func() players.Player { return newScripted(1, append([]int{0, -600, -499}, repeat(-600, 40)...)...) }
	rec = playScripted(t, white, black, gameSettings{score: ScoreAdjudication{ResignMoves: 3, ResignScore: 500}}, 12)
	assert.Equal(t, 11, rec.Plies)
	assert.Equal(t, record.ResignReason, rec.Reason)
}

// Twosided: White's run is complete after ply 7, but Black's own scores reach +500 only
// from its 3rd turn (ply 6): its 5th turn, ply 10, completes three in a row.
func TestResignBothWaitsForTheOpponent(t *testing.T) {
	white := func() players.Player { return newScripted(1, append([]int{0}, repeat(-600, 40)...)...) }
	black := func() players.Player { return newScripted(2, append([]int{0, 0}, repeat(600, 40)...)...) }
	rec := playScripted(t, white, black, gameSettings{score: ScoreAdjudication{ResignMoves: 3, ResignScore: 500, ResignBoth: true}}, 12)
	assert.Equal(t, 10, rec.Plies)
	assert.Equal(t, "0-1", rec.Result)
	assert.Equal(t, record.ResignReason, rec.Reason)
}

// Draw: scores within ±20 from every turn but the first; only turns after the first 4
// plies count, so White's turns at plies 5 and 7 and Black's at 6 and 8 make two each:
// the game ends after 8 plies. Without draw_after, White's at 3 and 5 and Black's at 4 and
// 6 count: it ends after 6.
func TestDrawCountsOnlyTurnsAfterDrawAfter(t *testing.T) {
	white := func() players.Player { return newScripted(1, append([]int{100}, repeat(10, 40)...)...) }
	black := func() players.Player { return newScripted(2, append([]int{100}, repeat(-5, 40)...)...) }
	rec := playScripted(t, white, black, gameSettings{score: ScoreAdjudication{DrawAfter: 4, DrawMoves: 2, DrawScore: 20}}, 12)
	assert.Equal(t, 8, rec.Plies)
	assert.Equal(t, "1/2-1/2", rec.Result)
	assert.Equal(t, record.DrawReason, rec.Reason)
	rec.White, rec.Black = "white", "black"
	require.NoError(t, rec.Validate())
	rec = playScripted(t, white, black, gameSettings{score: ScoreAdjudication{DrawMoves: 2, DrawScore: 20}}, 12)
	assert.Equal(t, 6, rec.Plies)
}

// A player that reports no score never resigns, and with twosided its opponent's scores
// alone end nothing; no draw is called with it.
func TestUnscoredPlayerNeverTriggers(t *testing.T) {
	random := func() players.Player { return players.NewRandom(1) }
	winning := func() players.Player { return newScripted(2, repeat(900, 1000)...) }
	gs := gameSettings{score: ScoreAdjudication{ResignMoves: 1, ResignScore: 1, ResignBoth: true, DrawMoves: 1, DrawScore: 1000}}
	rec := playScripted(t, random, winning, gs, 12)
	assert.False(t, record.IsScoreAdjudication(rec.Reason), rec.Reason)
	// The scripted player's script ends: from then on its turns break its own runs.
	short := func() players.Player { return newScripted(2, -900, -900) }
	rec = playScripted(t, random, short, gameSettings{score: ScoreAdjudication{ResignMoves: 3, ResignScore: 1}}, 12)
	assert.False(t, record.IsScoreAdjudication(rec.Reason), rec.Reason)
}

// Move data: one entry a turn, each the mover's report; a mover that is no Reporter
// gets an empty entry.
func TestMoveDataKeepsEachMoversReport(t *testing.T) {
	white := func() players.Player { return players.NewRandom(1) }
	black := func() players.Player { return newScripted(2, 7, -8) }
	rec := playScripted(t, white, black, gameSettings{moveData: true}, 6)
	require.Len(t, rec.MoveData, rec.Plies)
	rec.White, rec.Black = "white", "black"
	require.NoError(t, rec.Validate())
	assert.Equal(t, record.MoveData{}, rec.MoveData[0])
	seven, eight := 7, -8
	assert.Equal(t, record.MoveData{Score: &seven, Depth: 1, Nodes: 100}, rec.MoveData[1])
	assert.Equal(t, record.MoveData{Score: &eight, Depth: 2, Nodes: 200}, rec.MoveData[3])
	assert.Equal(t, record.MoveData{Depth: 3, Nodes: 300}, rec.MoveData[5])
}

// Out-of-range settings and thresholds without their count are refused, naming the
// setting.
func TestScoreAdjudicationChecks(t *testing.T) {
	for _, tc := range []struct {
		s    ScoreAdjudication
		want string
	}{
		{ScoreAdjudication{ResignMoves: -1, ResignScore: 5}, "resign_moves -1: must not be negative"},
		{ScoreAdjudication{ResignMoves: 3}, "resign_moves 3 needs resign_score CP"},
		{ScoreAdjudication{ResignScore: 300}, "resign_score 300 needs resign_moves N"},
		{ScoreAdjudication{ResignBoth: true}, "resign_both needs resign_moves"},
		{ScoreAdjudication{DrawMoves: 2, DrawScore: -1}, "draw_score -1: must not be negative"},
		{ScoreAdjudication{DrawAfter: 40}, "draw_after 40 needs draw_moves N"},
		{ScoreAdjudication{DrawScore: 20}, "draw_score 20 needs draw_moves N"},
	} {
		r := Request{Config: testConfig(2), Command: "tournament"}
		r.ScoreAdjudication = tc.s
		_, _, err := r.Options()
		require.Error(t, err, "%+v", tc.s)
		assert.Contains(t, err.Error(), tc.want)
		var se *SettingError
		assert.ErrorAs(t, err, &se)
	}
	r := Request{Config: testConfig(2), Command: "tournament"}
	r.ScoreAdjudication = ScoreAdjudication{ResignMoves: 3, ResignScore: 500, DrawMoves: 4}
	_, _, err := r.Options()
	assert.NoError(t, err, "draw score 0 is a threshold: only scores of exactly 0")
}

// A real run: expert reports every turn (depth and nodes above 0), run.json records the
// settings, the warning names the players without scores once, and two runs of the same
// seed write the same records apart from their times.
func TestRunWithMoveData(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"expert:depth=2"}, Games: 2, Openings: "random:4", Seed: 5,
		Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1, MoveData: true}
	var runs [2][]record.Record
	for i := range runs {
		dir := t.TempDir()
		_, err := Run(context.Background(), c, Options{Out: dir})
		require.NoError(t, err)
		runs[i] = readGames(t, dir)
		info, err := record.ReadRunInfo(filepath.Join(dir, record.RunFile))
		require.NoError(t, err)
		assert.Equal(t, 2, info.TotalGames())
	}
	for i := range runs {
		require.Len(t, runs[i], 2)
		for j := range runs[i] {
			r := &runs[i][j]
			require.Len(t, r.MoveData, r.Plies)
			for k, m := range r.MoveData {
				require.NotNil(t, m.Score, "ply %d", k+1)
				assert.Positive(t, m.Depth, "ply %d", k+1)
				assert.Positive(t, m.Nodes, "ply %d", k+1)
				r.MoveData[k].MS = 0
			}
		}
	}
	assert.Equal(t, runs[0], runs[1])

	c.Players, c.Format, c.MoveData = []string{"random", "mcts:playouts=20", "easy"}, RoundRobin, false
	c.ScoreAdjudication = ScoreAdjudication{ResignMoves: 2, ResignScore: 300}
	var log bytes.Buffer
	dir := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: dir, Log: func(f string, a ...any) { fmt.Fprintf(&log, f+"\n", a...) }})
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(log.String(), "warning: adjudication by score: random, mcts:playouts=20 report no score"), log.String())
	assert.NotContains(t, log.String(), "easy report")
	var cfg Config
	raw, err := os.ReadFile(filepath.Join(dir, record.RunFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &cfg))
	assert.Equal(t, ScoreAdjudication{ResignMoves: 2, ResignScore: 300}, cfg.ScoreAdjudication)
	for _, r := range readGames(t, dir) {
		assert.Nil(t, r.MoveData)
		if r.Reason == record.ResignReason {
			assert.True(t, r.White == "easy" && r.Result == "0-1" || r.Black == "easy" && r.Result == "1-0", "only easy scores: %s %s %s", r.White, r.Black, r.Result)
		}
	}
}
