package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCSVHoldsEveryCellOfTheTables: four games of A against B counted by hand (A wins
// three, one draw; 1, 2, 3 and 4 plies; the draw ends by the paika limit) read back from
// the CSV: a rectangular file whose lines give each cell's numbers in columns of their
// own, interval ends and the SPRT's LLR and bounds included.
func TestCSVHoldsEveryCellOfTheTables(t *testing.T) {
	recs := []record.Record{
		handRecord(0, 0, "A", "B", "1-0", "g0"),
		handRecord(1, 0, "B", "A", "0-1", "g1", "x"),
		handRecord(2, 1, "A", "B", "1-0", "g2", "x", "y"),
		handRecord(3, 1, "B", "A", "1/2-1/2", "g3", "x", "y", "z"),
	}
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	acc := summary.NewAccumulator(sprt, []string{"A", "B"}, summary.SpecDeterministic)
	for i := range recs {
		acc.Add(&recs[i], "")
	}
	s := acc.Summary()
	var out bytes.Buffer
	require.NoError(t, WriteCSV(&out, s))
	r := csv.NewReader(&out)
	r.FieldsPerRecord = len(CSVHeader) // every line as long as the header
	lines, err := r.ReadAll()
	require.NoError(t, err)
	require.Equal(t, CSVHeader, lines[0])
	cell := map[string][]string{} // "table/key/column" → text, value, low, high
	for _, l := range lines[1:] {
		k := l[0] + "/" + l[2] + "/" + l[3]
		require.NotContains(t, cell, k, "one line a cell")
		cell[k] = l[4:]
	}

	assert.Equal(t, []string{"4", "4", "", ""}, cell["standings/A/games"])
	assert.Equal(t, []string{"3", "3", "", ""}, cell["standings/A/W/D/L wins"])
	assert.Equal(t, []string{"1", "1", "", ""}, cell["standings/A/W/D/L draws"])
	assert.Equal(t, []string{"0", "0", "", ""}, cell["standings/A/W/D/L losses"])
	assert.Equal(t, []string{"1", "1", "", ""}, cell["standings/A/as Black wins"], "g1")
	score := cell["standings/A/score"]
	require.Len(t, score, 4)
	assert.Equal(t, "0.875", score[1], "3½ of 4")
	a := s.Players[0]
	require.Equal(t, "A", a.Player)
	assert.Equal(t, []string{fmt.Sprintf("%.3f", float64(a.Score.Lo)), fmt.Sprintf("%.3f", float64(a.Score.Hi))}, score[2:])
	assert.Equal(t, score[0], fmt.Sprintf("%s [%s, %s]", score[1], score[2], score[3]), "the text form's cell")

	h2h := cell["head-to-head/A / B/score"]
	require.NotNil(t, h2h, "head to head is keyed by both players")
	assert.Equal(t, "0.875", h2h[1])
	assert.Equal(t, []string{"[0 0 0 1 1]", "", "", ""}, cell["head-to-head/A / B/pentanomial 0..2"], "pairs: 1½ and 2")
	llr := cell["head-to-head/A / B/SPRT"]
	require.Len(t, llr, 4)
	p := s.Pairs[0].SPRT
	require.NotNil(t, p)
	assert.Equal(t, []string{fmt.Sprintf("%.2f", float64(p.LLR)), fmt.Sprintf("%.2f", float64(p.Lower)), fmt.Sprintf("%.2f", float64(p.Upper))}, llr[1:])
	assert.Equal(t, "-2.94", llr[2], "ln(β/(1−α)) for α = β = 0.05")
	assert.Equal(t, "2.94", llr[3])

	assert.Equal(t, []string{"2.5", "2.5", "", ""}, cell["lengths/A vs B/mean"], "1, 2, 3 and 4 plies")
	assert.Equal(t, []string{"4", "4", "", ""}, cell["lengths/A vs B/max"])
	assert.Equal(t, []string{"all games", "", "", ""}, cell["standings/A/counts"], "a cell without a number")
}
