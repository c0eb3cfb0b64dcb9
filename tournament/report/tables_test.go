package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTablesFormatEveryCell(t *testing.T) {
	nan, inf := summary.Num(math.NaN()), summary.Num(math.Inf(1))
	s := &summary.Summary{
		Games: 4,
		Players: []summary.PlayerStats{{Player: "a", Games: 4, DistinctGames: 3, Method: summary.MethodDistinct,
			WDL: stats.WDL{Wins: 3, Draws: 1}, DistinctWDL: stats.WDL{Wins: 2, Draws: 1},
			Score: summary.Est{Value: 0.875, Lo: 0.7, Hi: 1}, Elo: summary.Est{Value: 338, Lo: 147, Hi: inf}}},
		Pairs: []summary.PairStats{{A: "a", B: "b", Games: 4, DistinctGames: 4, Method: summary.MethodAll, Pentanomial: [5]int{0, 1, 0, 1, 0}, PairElo: summary.Est{Value: nan, Lo: nan, Hi: nan},
			SPRT: &summary.SPRTStat{LLR: 1.234, Lower: -2.94, Upper: 2.94, Decision: "continue"}}},
		Ratings: &summary.RatingStats{Error: "singular"},
		FirstMove: []summary.FirstMoveStats{{Matchup: "a vs b", Games: 4, DistinctGames: 3, Method: summary.MethodDistinct,
			White: stats.WDL{Wins: 2, Losses: 2}, DistinctWhite: stats.WDL{Wins: 2, Losses: 1}, PValue: 0.25}},
		Lengths: []summary.LengthRow{{Matchup: "a vs b", Games: 4, DistinctGames: 3, All: summary.LengthSummary{Count: 4}, Capped: 1, Reasons: map[string]int{"max-plies": 1, "no-pieces": 3}}},
	}
	tables := Tables(s)
	var ids []string
	for _, tb := range tables {
		ids = append(ids, tb.ID)
		for _, r := range tb.Rows {
			assert.Len(t, r, len(tb.Columns), tb.ID)
		}
		assert.NotEmpty(t, tb.Methods, "%s names its methods", tb.ID)
	}
	assert.Equal(t, []string{"standings", "head-to-head", "ratings", "first-move", "lengths"}, ids)
	// a's estimates count its 3 distinct games: their results are shown.
	assert.Equal(t, []string{"a", "4", "3", "distinct games", "+2 =1 -0", "0.875 [0.700, 1.000]", "338 [147, +inf]", "+0 =0 -0", "+0 =0 -0"}, tables[0].Rows[0])
	h2h := tables[1]
	assert.Equal(t, "all games", h2h.Rows[0][4])
	assert.Equal(t, "[0 1 0 1 0]", h2h.Rows[0][9], "every game's pentanomial when all differ")
	assert.Equal(t, "- [-, -]", h2h.Rows[0][10], "no pair Elo")
	assert.Equal(t, "LLR 1.23 (-2.94, 2.94) continue", h2h.Rows[0][11])
	assert.Contains(t, strings.Join(h2h.Methods, "\n"), "SPRT", "the SPRT's method is named when one ran")
	assert.Equal(t, "fit failed: singular", tables[2].Note)
	assert.Empty(t, tables[2].Rows)
	fm := tables[3]
	assert.Equal(t, []string{"a vs b", "4", "3", "distinct games", "+2 =0 -1"}, fm.Rows[0][:5])
	assert.Equal(t, "0.2500", fm.Rows[0][9])
	assert.Equal(t, []string{"a vs b", "4", "3"}, tables[4].Rows[0][:3])
	assert.Equal(t, "no-pieces 3, max-plies 1", tables[4].Rows[0][13], "endings in rule order")
	assert.Equal(t, []bool{false, true, true, false, true, true, true, true, true, true}, fm.Numeric())

	var buf bytes.Buffer
	s.DistinctGames, s.DistinctOpenings, s.Runs = 3, 1, 1
	require.NoError(t, WriteText(&buf, s))
	out := buf.String()
	assert.True(t, strings.HasPrefix(out, "4 games, 3 distinct games, 1 distinct openings, 1 run; intervals are 95%.\n"), out)
	assert.Equal(t, 1, strings.Count(out, "- score: likelihood-ratio interval"), "each method once, at the end")
	assert.Contains(t, out, "\nMethods\n")
	assert.Regexp(t, `(?m)^a\s+4\s+3\s+distinct games\s+\+2 =1 -0\s+0\.875 \[0\.700, 1\.000\]`, out, "columns aligned by tabs")
}

// Between different players the first-move table answers plainly: White's pooled score
// and the ratings' advantage with its verdict; one player winning throughout a pairing
// reads 0.500, and the note says why.
func TestFirstMoveNoteBetweenDifferentPlayers(t *testing.T) {
	s := &summary.Summary{
		Pairs:   []summary.PairStats{{A: "easy", B: "random", Games: 40}},
		Ratings: &summary.RatingStats{Players: []string{"easy", "random"}, Elo: make([]summary.Est, 2), FirstMove: summary.Est{Value: 60, Lo: 12, Hi: 110}},
		FirstMove: []summary.FirstMoveStats{
			{Matchup: "easy vs random", Games: 40, Score: summary.Est{Value: 0.5, Lo: 0.349, Hi: 0.651}},
			{Matchup: "all", Games: 40, Score: summary.Est{Value: 0.5, Lo: 0.349, Hi: 0.651}}},
	}
	firstMove := func() Table {
		for _, tb := range Tables(s) {
			if tb.ID == "first-move" {
				return tb
			}
		}
		t.Fatal("no first-move table")
		return Table{}
	}
	fm := firstMove()
	assert.Contains(t, fm.Note, "reads 0.500 whatever the edge")
	assert.Contains(t, fm.Note, "Over all 40 games White scores 0.500 [0.349, 0.651].")
	assert.Contains(t, fm.Note, "White's advantage at 60 [12, 110] Elo: moving first is an advantage.")
	s.Ratings.FirstMove = summary.Est{Value: -5, Lo: -40, Hi: 30}
	assert.Contains(t, firstMove().Note, "no first-move advantage is shown (the interval holds 0)")
	s.Ratings.FirstMove = summary.Est{Value: -50, Lo: -90, Hi: -10}
	assert.Contains(t, firstMove().Note, "moving first is a disadvantage")
	// Self-play has no pair of different players: no such note.
	s.Pairs, s.Ratings = nil, nil
	assert.Empty(t, firstMove().Note)
}
