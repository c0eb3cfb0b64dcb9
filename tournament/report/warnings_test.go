package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func game(index int, white, black string, turns ...string) tournament.Record {
	return tournament.Record{Index: index, Pair: index / 2, Opening: engine.StartFEN, White: white, Black: black,
		Result: "1-0", Reason: "no-pieces", Plies: len(turns), Turns: turns}
}

func TestDistinctCountsIdenticalGamesOnce(t *testing.T) {
	recs := []tournament.Record{
		game(0, "x", "x", "A", "B"), game(1, "x", "x", "A", "B"), game(2, "x", "x", "A", "C"), // x: 2 distinct
		game(3, "x", "y", "A", "B"), game(4, "y", "x", "A", "B"), // one matchup, the same turns: 1
	}
	assert.Equal(t, map[string]int{"x": 2, "x vs y": 1, "all": 3}, Distinct(recs))
	// Another opening makes another game.
	other := game(5, "x", "x", "A", "B")
	other.Opening = "9/9/9/9/9 w"
	assert.Equal(t, map[string]int{"x": 2}, Distinct([]tournament.Record{recs[0], recs[1], other}))
	// Records without their turns: unknown, and so is the total.
	noTurns := game(6, "z", "z")
	noTurns.Plies = 12
	assert.Equal(t, map[string]int{"x": 2}, Distinct(append(recs[:3:3], noTurns)))
}

func TestWarnings(t *testing.T) {
	dir := t.TempDir()
	copyFile := func(src, dst string) {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(dst, data, 0o644))
	}
	copyFile(selfplayFile, filepath.Join(dir, "a.jsonl"))
	// The same file twice, and a corrupt file: 12 records repeated, 2 lines dropped.
	in, err := Load([]string{filepath.Join(dir, "a.jsonl"), selfplayFile, corruptFile})
	require.NoError(t, err)
	require.Len(t, in.Dropped, 2)
	s := tournament.Summarize(in.Records, nil)
	w := Warnings(in, s, Distinct(in.Records))
	text := strings.Join(w, "\n")
	assert.Contains(t, text, "2 record lines could not be read and were left out, the first: "+corruptFile+":2:")
	// corrupt.jsonl's good lines (games 0 and 3) equal selfplay.jsonl's, as does the copy.
	assert.Contains(t, text, "14 records repeat an earlier record with the same index")
	// Capped: 3 of selfplay's 12 games (4, 10, 11), read twice, none of corrupt's 2: 6 of 26.
	assert.Contains(t, text, "6 of 26 games (23.1%) were stopped by the ply cap")
	assert.NotContains(t, text, "distinct", "no turns recorded: no claim about repeated games")

	recs := []tournament.Record{game(0, "x", "x", "A", "B"), game(1, "x", "x", "A", "B"), game(2, "x", "x", "A", "C")}
	in = &Input{Records: recs}
	w = Warnings(in, tournament.Summarize(recs, nil), Distinct(recs))
	require.Len(t, w, 1)
	assert.Contains(t, w[0], "x: 3 games but 2 distinct")

	in = &Input{Records: recs, Runs: []Run{{Path: "a/run.json", Config: tournament.Config{Seed: 1}}, {Path: "b/run.json", Config: tournament.Config{Seed: 2}}}}
	w = Warnings(in, tournament.Summarize(recs, nil), nil)
	assert.Contains(t, strings.Join(w, "\n"), "a/run.json and b/run.json describe different runs")
}
