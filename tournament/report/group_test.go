package report

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Small fixed records (testdata/charts): selfplay.jsonl holds 6 games of easy vs easy
// and 6 of hard vs hard; tournament.jsonl a round robin of easy, medium and hard, 4
// games a pairing with colours swapped; corrupt.jsonl 2 good lines and 2 bad ones. They
// hold no turns.
var (
	selfplayFile   = filepath.Join("..", "..", "testdata", "charts", "selfplay.jsonl")
	tournamentFile = filepath.Join("..", "..", "testdata", "charts", "tournament.jsonl")
	corruptFile    = filepath.Join("..", "..", "testdata", "charts", "corrupt.jsonl")
)

func readTestRecords(t *testing.T, files ...string) []record.Record {
	t.Helper()
	recs, bad, err := record.ReadRecordFiles(files)
	require.NoError(t, err)
	require.Empty(t, bad)
	return recs
}

func TestGroupByMatchup(t *testing.T) {
	recs := readTestRecords(t, selfplayFile, tournamentFile)
	ls := LengthSeries(recs, ByMatchup)
	var names []string
	for _, s := range ls {
		names = append(names, s.Name)
	}
	// Colour does not matter: medium–easy and easy–medium games are one matchup.
	// Self-play groups carry the spec alone, as in summary.json (tournament.Matchup).
	assert.Equal(t, []string{"easy", "easy vs hard", "easy vs medium", "hard", "hard vs medium"}, names)
	assert.Equal(t, []int{40, 52, 61, 75, 200, 47}, ls[0].Plies)
	assert.Equal(t, []bool{false, false, false, false, true, false}, ls[0].Capped)
	assert.Equal(t, []bool{false, false, false, true}, ls[4].Capped) // the max-plies draw

	fm := FirstMoveRows(recs, ByMatchup)
	require.Len(t, fm, 5)
	// Self-play from White: easy 1-0 0-1 1-0 ½ ½ 1-0; hard 1-0 ½ 0-1 1-0 ½ ½.
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 2, Losses: 1}, fm[0].White)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 3, Losses: 1}, fm[3].White)
	// easy vs medium from White: 0-1 1-0 ½ 1-0.
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, fm[2].White)
}

func TestGroupByPlayer(t *testing.T) {
	recs := readTestRecords(t, tournamentFile)
	ls := LengthSeries(recs, ByPlayer)
	require.Len(t, ls, 3)
	assert.Equal(t, "easy", ls[0].Name)
	assert.Len(t, ls[0].Plies, 8, "each player is in 8 games")
	// A self-play game counts once for its player.
	ls = LengthSeries(readTestRecords(t, selfplayFile), ByPlayer)
	require.Len(t, ls, 2)
	assert.Len(t, ls[0].Plies, 6)
}

func TestGroupByOpening(t *testing.T) {
	start := engine.StartFEN
	other := "WWWWWWWWW/WWWWWWWWW/BWBW1BWBW/BBBBBBBBB/BBBBBBBBB w"
	recs := []record.Record{
		{Opening: start, White: "a", Black: "b", Result: "1-0", Plies: 10},
		{Opening: other, White: "b", Black: "a", Result: "0-1", Plies: 20},
		{Opening: start, White: "b", Black: "a", Result: "1/2-1/2", Plies: 30},
	}
	names, idx := Group(recs, ByOpening)
	require.Len(t, names, 2)
	assert.Equal(t, []int{0, 2}, idx[start])
	assert.Equal(t, []int{1}, idx[other])
	fm := FirstMoveRows(recs, ByOpening)
	for _, r := range fm {
		if r.Name == start {
			assert.Equal(t, stats.WDL{Wins: 1, Draws: 1}, r.White)
		}
	}
	assert.NoError(t, CheckBy(ByOpening))
	assert.ErrorContains(t, CheckBy("colour"), `"colour"`)
}

func TestPairResults(t *testing.T) {
	recs := readTestRecords(t, selfplayFile, tournamentFile)
	names, games := RatingGames(recs)
	assert.Equal(t, []string{"easy", "hard", "medium"}, names)
	assert.Len(t, games, 12, "self-play games carry no rating information")

	names, wdl := PairResults(recs)
	// Totals: hard 6.5/8, medium 5/8, easy 0.5/8.
	assert.Equal(t, []string{"hard", "medium", "easy"}, names)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, wdl[0][1]) // hard vs medium
	assert.Equal(t, stats.WDL{Wins: 4}, wdl[0][2])                      // hard vs easy
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 1}, wdl[1][2])            // medium vs easy
	assert.Equal(t, stats.WDL{Losses: 3, Draws: 1}, wdl[2][1])
	assert.Equal(t, stats.WDL{}, wdl[1][1])
}

func TestFiguresThatApply(t *testing.T) {
	kinds := func(figs []Named) []string {
		var out []string
		for _, f := range figs {
			out = append(out, f.Kind)
		}
		return out
	}
	self := readTestRecords(t, selfplayFile)
	figs, err := Figures(summary.Summarize(self, nil, summary.SpecDeterministic), self)
	require.NoError(t, err)
	assert.Equal(t, []string{Lengths, LengthsCDF, FirstMove}, kinds(figs), "self-play: no ratings, no matrix")
	both := readTestRecords(t, selfplayFile, tournamentFile)
	s := summary.Summarize(both, nil, summary.SpecDeterministic)
	figs, err = Figures(s, both)
	require.NoError(t, err)
	assert.Equal(t, []string{Lengths, LengthsCDF, FirstMove, Ratings, Matrix}, kinds(figs))
	assert.Contains(t, figs[3].Figure.Title, "3 players, 12 games", "self-play games left out of the ratings")
	// The matrix from the summary's head-to-head rows equals the one from the records.
	n1, w1 := SummaryPairResults(s.Pairs)
	n2, w2 := PairResults(both)
	assert.Equal(t, n2, n1)
	assert.Equal(t, w2, w1)
	_, err = Figures(s, nil)
	assert.Error(t, err)
}

func TestFigureOptions(t *testing.T) {
	self := readTestRecords(t, selfplayFile)
	both := readTestRecords(t, selfplayFile, tournamentFile)
	for _, conf := range []float64{0, 1, -0.5, 95} {
		_, err := Figure(Ratings, both, ChartOptions{By: ByMatchup, Conf: conf})
		// The error names the option by its flag's name and gives its value.
		assert.EqualError(t, err, fmt.Sprintf("conf %v: must be strictly between 0 and 1", conf))
		var se *engine.SettingError
		if assert.ErrorAs(t, err, &se) {
			assert.Equal(t, "conf", se.Name)
		}
	}
	for _, by := range []string{"colour", "", "Matchup"} {
		_, err := Figure(Lengths, both, ChartOptions{By: by, Conf: 0.9})
		assert.EqualError(t, err, fmt.Sprintf("by %q: want matchup, player or opening", by))
		var se *engine.SettingError
		if assert.ErrorAs(t, err, &se) {
			assert.Equal(t, "by", se.Name)
		}
	}
	_, err := Figure(Matrix, self, DefaultChartOptions)
	assert.ErrorContains(t, err, "two different player specs")
	_, err = Figure(Ratings, self, DefaultChartOptions)
	assert.ErrorContains(t, err, "two different player specs")
	_, err = Figure("histogram", self, DefaultChartOptions)
	assert.ErrorContains(t, err, `"histogram"`)
	f, err := Figure(FirstMove, self, ChartOptions{By: ByPlayer, Conf: 0.9})
	require.NoError(t, err)
	assert.Contains(t, f.Title, "First-move")
}

// TestFirstMoveChartOfPairingsSaysWhatItMeasures: grouped by pairings of two players in
// colour-swapped pairs, White's score is both players' first-move edge (their strengths
// cancel), and the title says so; self-play groups and fixed colours keep the plain title.
func TestFirstMoveChartOfPairingsSaysWhatItMeasures(t *testing.T) {
	tour := readTestRecords(t, tournamentFile)
	f, err := Figure(FirstMove, tour, DefaultChartOptions)
	require.NoError(t, err)
	assert.Equal(t, firstMoveOfPairsTitle, f.Title)
	self := readTestRecords(t, selfplayFile)
	f, err = Figure(FirstMove, self, DefaultChartOptions)
	require.NoError(t, err)
	assert.Equal(t, "First-move advantage: results seen from White, by group", f.Title)
	fixed := readTestRecords(t, tournamentFile)
	for i := range fixed {
		fixed[i].Unpaired, fixed[i].Pair = true, fixed[i].Index
	}
	f, err = Figure(FirstMove, fixed, DefaultChartOptions)
	require.NoError(t, err)
	assert.NotEqual(t, firstMoveOfPairsTitle, f.Title, "fixed colours: White's player is always the same")
}
