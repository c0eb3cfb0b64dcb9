package tournament

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFirstMoveOpeningsPlayEachFirstTurnInTurn: in self-play game k starts after White's
// first turn k mod 5 (notation order, as moves --json lists them), in a tournament pair k
// does (both its games); the records carry the opening turns, which replay from the
// start to the opening; with K random plies there are 1+K opening turns.
func TestFirstMoveOpeningsPlayEachFirstTurnInTurn(t *testing.T) {
	for _, tc := range []struct {
		format  Format
		players []string
		spec    string
		plies   int
	}{
		{SelfPlay, []string{"random"}, "firstmove", 0},
		{RoundRobin, []string{"random", "greedy"}, "firstmove", 0},
		{SelfPlay, []string{"greedy"}, "firstmove:3", 3},
	} {
		c := testConfig(14)
		c.Format, c.Players, c.Openings = tc.format, tc.players, tc.spec
		dir := filepath.Join(t.TempDir(), "run")
		_, err := Run(context.Background(), c, Options{Out: dir})
		require.NoError(t, err, tc.spec)
		recs := readGames(t, dir)
		require.Len(t, recs, 14)
		for _, r := range recs {
			k := r.Index
			if tc.format != SelfPlay {
				k = r.Index / 2 // the pair
			}
			want := firstTurnFENs[k%5]
			require.Len(t, r.OpeningTurns, 1+tc.plies, "game %d", r.Index)
			assert.Equal(t, want[0], r.OpeningTurns[0], "%s game %d", tc.spec, r.Index)
			assert.Equal(t, want[0], r.FirstTurn())
			if tc.plies == 0 {
				assert.Equal(t, want[1], r.Opening, "%s game %d", tc.spec, r.Index)
			}
			require.NoError(t, record.Replay(&r), "%s game %d", tc.spec, r.Index)
		}
	}
}

// playSelf plays games of player against itself on openings into a new folder and
// returns the run's configuration and folder.
func playSelf(t *testing.T, player, openings string, games int) (Config, string) {
	t.Helper()
	c := testConfig(games)
	c.Format, c.Players, c.Openings = SelfPlay, []string{player}, openings
	dir := filepath.Join(t.TempDir(), "run")
	_, err := Run(context.Background(), c, Options{Out: dir})
	require.NoError(t, err)
	return c, dir
}

// TestReplayChecksOpeningTurns: opening turns that do not reach the opening, or are not
// legal, are refused by Replay.
func TestReplayChecksOpeningTurns(t *testing.T) {
	_, dir := playSelf(t, "random", "firstmove", 2)
	r := readGames(t, dir)[0]
	require.NoError(t, record.Replay(&r))
	r.OpeningTurns = []string{firstTurnFENs[1][0]} // another first turn
	assert.ErrorContains(t, record.Replay(&r), "the opening turns reach "+firstTurnFENs[1][1]+", not the opening "+firstTurnFENs[0][1])
	r.OpeningTurns = []string{"a1-a2"}
	assert.ErrorContains(t, record.Replay(&r), `opening turn 1 "a1-a2"`)
}

// TestFirstTurnGroupsCountGamesByTheirFirstTurn: the summary's first_turns rows hold, per
// matchup and first turn, White's results over exactly the games whose first turn from
// the start that was: counted here from the records, from the opening turns
// (firstmove) and from the game's own first turn (start); games from other openings
// are in no row.
func TestFirstTurnGroupsCountGamesByTheirFirstTurn(t *testing.T) {
	var recs []record.Record
	for _, spec := range []string{"firstmove:1", "start", "random:2"} {
		c := testConfig(24)
		c.Format, c.Players, c.Openings = RoundRobin, []string{"random", "greedy"}, spec
		dir := filepath.Join(t.TempDir(), "run")
		_, err := Run(context.Background(), c, Options{Out: dir})
		require.NoError(t, err)
		recs = append(recs, readGames(t, dir)...)
	}
	_, dir := playSelf(t, "medium", "start", 24)
	for _, r := range readGames(t, dir) {
		r.Run = "" // another run: its records keep the file as their run
		recs = append(recs, r)
	}

	type key struct{ matchup, turn string }
	want := map[key]stats.WDL{}
	set := map[key][3]int{} // games with opening turns, games, games with random plies after the first turn
	grouped := 0
	for _, r := range recs {
		var turn string
		switch {
		case len(r.OpeningTurns) > 0:
			turn = r.OpeningTurns[0]
		case r.Opening == engine.StartFEN:
			turn = r.Turns[0]
		default:
			continue
		}
		grouped++
		n := set[key{summary.MatchupOf(r.White, r.Black).String(), turn}]
		if len(r.OpeningTurns) > 0 {
			n[0]++
		}
		if len(r.OpeningTurns) > 1 {
			n[2]++
		}
		n[1]++
		set[key{summary.MatchupOf(r.White, r.Black).String(), turn}] = n
		w := want[key{summary.MatchupOf(r.White, r.Black).String(), turn}]
		switch r.Result {
		case "1-0":
			w.Wins++
		case "0-1":
			w.Losses++
		default:
			w.Draws++
		}
		want[key{summary.MatchupOf(r.White, r.Black).String(), turn}] = w
	}
	require.Equal(t, 24*3, grouped, "firstmove and start games are grouped, random:2 games are not")
	s := summary.Summarize(recs, nil, deterministic)
	got := map[key]stats.WDL{}
	total := 0
	for _, f := range s.FirstTurns {
		got[key{f.Matchup, f.FirstTurn}] = f.White
		total += f.Games
		n := set[key{f.Matchup, f.FirstTurn}]
		measures := map[bool]string{true: summary.MeasuresMixed, false: summary.MeasuresFirstMove}[n[0] > 0]
		switch {
		case n[2] == n[1]:
			measures = summary.MeasuresRandomPlies
		case n[0] == n[1] && n[2] == 0:
			measures = summary.MeasuresSetFirstTurn
		}
		assert.Equal(t, measures, f.Measures, "%s %s", f.Matchup, f.FirstTurn)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, grouped, total)
}

// TestMeasuresFollowWhereGamesBegan: White's score is the first-move advantage when every
// game of a row began at the start, that with the first turn set by the openings when
// every one began after a recorded first turn, its score after random plies when every
// one began after more opening turns than the first, the side to move's
// score when every one began elsewhere with White to move, the other side's with Black to
// move, and mixed otherwise.
func TestMeasuresFollowWhereGamesBegan(t *testing.T) {
	rec := func(opening string, line ...string) record.Record {
		return record.Record{Opening: opening, OpeningTurns: line, White: "x", Black: "x", Result: "1-0", Reason: "no-pieces"}
	}
	after4 := "1B1B1B1BB/2B1B1BBB/BW1W2WBW/2W1WWWWW/1W3WWWW w 0 4"
	after1 := firstTurnFENs[0][1]
	for _, tc := range []struct {
		recs []record.Record
		want string
	}{
		{[]record.Record{rec(engine.StartFEN), rec(engine.StartFEN)}, summary.MeasuresFirstMove},
		{[]record.Record{rec(after1, firstTurnFENs[0][0])}, summary.MeasuresSetFirstTurn},
		{[]record.Record{rec(engine.StartFEN), rec(after1, firstTurnFENs[0][0])}, summary.MeasuresMixed},
		{[]record.Record{rec(after4, "d2-e3A", "x", "y", "z"), rec(after4, "d2-e3A", "x", "y", "z")}, summary.MeasuresRandomPlies},
		{[]record.Record{rec(after1, firstTurnFENs[0][0]), rec(after4, "d2-e3A", "x", "y", "z")}, summary.MeasuresMixed},
		{[]record.Record{rec(engine.StartFEN), rec(after4, "d2-e3A", "x", "y", "z")}, summary.MeasuresMixed},
		{[]record.Record{rec(after4), rec(after4)}, summary.MeasuresSideToMove},
		{[]record.Record{rec(after1)}, summary.MeasuresSideNotToMove},
		{[]record.Record{rec(after4), rec(engine.StartFEN)}, summary.MeasuresMixed},
	} {
		s := summary.Summarize(tc.recs, nil, deterministic)
		require.Len(t, s.FirstMove, 1)
		assert.Equal(t, tc.want, s.FirstMove[0].Measures)
	}
}

// TestRandomPliesAfterTheFirstTurnAreSaidToBias: a run of firstmove:K with K > 0 says on
// stderr that its White score is neither the first-move advantage nor a first turn's
// value, and points to firstmove; firstmove alone says it measures the first-move
// advantage per first turn.
func TestRandomPliesAfterTheFirstTurnAreSaidToBias(t *testing.T) {
	for _, tc := range []struct{ openings, then, says string }{
		{"firstmove", "then the players play on", "White's score is the first-move advantage at the players' level with White's first turn set by the openings"},
		{"firstmove:1", "then 1 seeded random ply", "White's score is its score after its first turn and 1 random ply: random plies leave the side that moves next something to take"},
		{"firstmove:3", "then 3 seeded random plies", "not the first-move advantage nor a first turn's value (for those: --openings firstmove with a level that varies)"},
	} {
		c := testConfig(4)
		c.Format, c.Players, c.Openings = SelfPlay, []string{"random"}, tc.openings
		var logs []string
		_, err := Run(context.Background(), c, Options{Out: filepath.Join(t.TempDir(), "run"), Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }})
		require.NoError(t, err)
		text := strings.Join(logs, "\n")
		assert.Contains(t, text, tc.then, tc.openings)
		assert.Contains(t, text, tc.says, tc.openings)
	}
}
