package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWhiteScoreTableSaysWhatItMeasures: the table of White's results is titled by what
// it measures: the first-move advantage from the start and with firstmove openings
// (titled as such, with the first turn set by the openings; both add the table by first
// turn); on a set, in self-play, the side to move's score
// on that set, named; between different players on a set, the same, with the note that
// the colour swap keeps the set's edge out of their results. summary.json says it per
// row, and the printed text carries the title.
func TestWhiteScoreTableSaysWhatItMeasures(t *testing.T) {
	const sideToMove = "Side to move's score on distinct:2 (White's results; White is to move in every opening, so this is not the first-move advantage), 95% intervals"
	for _, tc := range []struct {
		format   tournament.Format
		players  []string
		openings string
		title    string
		measures string
		note     string
		byTurn   bool
	}{
		{tournament.SelfPlay, []string{"random"}, "start", "First-move advantage (White's results), 95% intervals", summary.MeasuresFirstMove, "", true},
		{tournament.SelfPlay, []string{"random"}, "firstmove",
			"First-move advantage with White's first turn set by the openings (White's results; each first turn as often as the openings play it), 95% intervals",
			summary.MeasuresSetFirstTurn, "", true},
		{tournament.SelfPlay, []string{"random"}, "firstmove:2",
			"White's results after its first turn and random plies on firstmove:2 (random plies leave the side that moves next something to take, so the score follows their parity: not the first-move advantage), 95% intervals",
			summary.MeasuresRandomPlies, "", true},
		{tournament.SelfPlay, []string{"random"}, "distinct:2", sideToMove, summary.MeasuresSideToMove, "", false},
		{tournament.SelfPlay, []string{"random"}, "random:3",
			"Score of the side not to move on random:3 (White's results; Black is to move in every opening, so this is not the first-move advantage), 95% intervals",
			summary.MeasuresSideNotToMove, "", false},
		{tournament.RoundRobin, []string{"random", "greedy"}, "distinct:2", sideToMove, summary.MeasuresSideToMove, noteColourSwapped, false},
		{tournament.RoundRobin, []string{"random", "greedy"}, "start", "First-move advantage (White's results), 95% intervals", summary.MeasuresFirstMove, "", true},
	} {
		c := tournament.Config{Format: tc.format, Players: tc.players, Games: 10, Openings: tc.openings, Seed: 5,
			Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
		dir := filepath.Join(t.TempDir(), "run")
		s, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir})
		require.NoError(t, err, tc.openings)
		var fm, ft *Table
		tables := Tables(s)
		for i := range tables {
			switch tables[i].ID {
			case "first-move":
				fm = &tables[i]
			case "first-turn":
				ft = &tables[i]
			}
		}
		require.NotNil(t, fm)
		assert.Equal(t, tc.title, fm.Title, "%s %s", tc.format, tc.openings)
		switch {
		case tc.format == tournament.SelfPlay:
			assert.Empty(t, fm.Note, tc.openings)
		case tc.note != "":
			assert.Equal(t, tc.note+" "+crossLevelFirstMove(s)+" (On a set the edge is the side to move's on it, not the first-move advantage.)", fm.Note, tc.openings)
		default:
			assert.Equal(t, crossLevelFirstMove(s), fm.Note, tc.openings)
		}
		assert.Equal(t, tc.byTurn, ft != nil, "%s %s: a table by first turn", tc.format, tc.openings)
		if ft != nil && tc.format != tournament.SelfPlay && tc.openings == "start" {
			// From the start between two players, White's player chooses the first turn.
			assert.Equal(t, noteFirstTurnOfTwo, ft.Note, "%s %s", tc.format, tc.openings)
		} else if ft != nil {
			assert.Empty(t, ft.Note, "%s %s: self-play rows compare first turns", tc.format, tc.openings)
		}
		if ft != nil {
			// After random plies the rows are not the first turns' values.
			assert.Equal(t, tc.measures == summary.MeasuresRandomPlies, strings.Contains(ft.Title, "not each first turn's value"), "%s %s: %s", tc.format, tc.openings, ft.Title)
		}

		raw, err := os.ReadFile(filepath.Join(dir, record.SummaryFile))
		require.NoError(t, err)
		var onDisk summary.Summary
		require.NoError(t, json.Unmarshal(raw, &onDisk))
		for _, f := range onDisk.FirstMove {
			assert.Equal(t, tc.measures, f.Measures, "summary.json, %s %s, %s", tc.format, tc.openings, f.Matchup)
		}
		var buf bytes.Buffer
		require.NoError(t, WriteText(&buf, s))
		assert.Contains(t, buf.String(), "\n"+tc.title+"\n")
		if tc.measures != summary.MeasuresFirstMove && tc.measures != summary.MeasuresSetFirstTurn {
			assert.NotContains(t, buf.String(), "First-move advantage", "%s %s", tc.format, tc.openings)
			assert.NotContains(t, buf.String(), "First-move advantage (White's results)")
		}
	}
}

// TestWhiteScoreTableMarksMixedRows: rows that measure different things make the title
// neutral and add a column saying what each row measures.
func TestWhiteScoreTableMarksMixedRows(t *testing.T) {
	s := &summary.Summary{FirstMove: []summary.FirstMoveStats{
		{Matchup: "a", Measures: summary.MeasuresFirstMove}, {Matchup: "b", Measures: summary.MeasuresSideToMove}}}
	title, mixed := whiteScoreTitle(s)
	assert.True(t, mixed)
	assert.Equal(t, "White's results by matchup (each row says what they measure)", title)
	for _, tb := range Tables(s) {
		if tb.ID == "first-move" {
			assert.Equal(t, "measures", tb.Columns[len(tb.Columns)-1])
			assert.Equal(t, summary.MeasuresSideToMove, tb.Rows[1][len(tb.Columns)-1])
		}
	}
}

// TestFirstMoveChartSaysWhatItMeasures: the first-move chart's title follows where the
// games began, as the table's does: the first-move advantage only from the start (with
// the first turn set by the openings, saying so), the side to move's results on a set,
// and no first-move claim after random plies or on a mix of kinds.
func TestFirstMoveChartSaysWhatItMeasures(t *testing.T) {
	run := func(openings string) []record.Record {
		c := tournament.Config{Format: tournament.SelfPlay, Players: []string{"random"}, Games: 6, Openings: openings, Seed: 3,
			Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
		dir := filepath.Join(t.TempDir(), "run")
		_, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir})
		require.NoError(t, err, openings)
		return readTestRecords(t, filepath.Join(dir, record.GamesFile))
	}
	byOpenings := map[string][]record.Record{}
	for _, o := range []string{"start", "firstmove", "firstmove:2", "distinct:2", "random:3"} {
		byOpenings[o] = run(o)
	}
	for _, tc := range []struct {
		recs  []record.Record
		first string // the title's first line
	}{
		{byOpenings["start"], "First-move advantage: results seen from White, by group"},
		{byOpenings["firstmove"], "First-move advantage with White's first turn set by the openings"},
		{byOpenings["firstmove:2"], "White's results after its first turn and random plies, by group"},
		{byOpenings["distinct:2"], "Side to move's results on the set of openings, by group"},
		{byOpenings["random:3"], "Results of the side not to move on the set of openings, by group"},
		{append(slices.Clone(byOpenings["start"]), byOpenings["distinct:2"]...), "White's results on openings of several kinds, by group"},
	} {
		f, err := Figure(FirstMove, tc.recs, DefaultChartOptions)
		require.NoError(t, err)
		assert.Equal(t, tc.first, strings.SplitN(f.Title, "\n", 2)[0])
		if !strings.HasPrefix(tc.first, "First-move advantage") {
			assert.Contains(t, f.Title, "not the first-move advantage")
		}
	}
}
