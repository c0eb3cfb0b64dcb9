package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/fanorona/fanorona/engine/record"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentOfTwoShowsItsScore: the progress of a two-player run ends with the
// match's W/D/L, score, Elo and LLR, those of summary.json's head to head; a run of three
// players shows none.
func TestTournamentOfTwoShowsItsScore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "tournament", "--players", "random,greedy", "--games", "6", "--seed", "5",
		"--workers", "1", "--sprt", "0,50", "-o", dir)
	require.Equal(t, 0, code, errs)
	raw, err := os.ReadFile(filepath.Join(dir, record.SummaryFile))
	require.NoError(t, err)
	var sum struct {
		Pairs []struct {
			A, B string
			WDL  struct{ Wins, Draws, Losses int } `json:"wdl"`
			SPRT struct{ LLR, Lower, Upper float64 }
		} `json:"pairs"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	require.Len(t, sum.Pairs, 1)
	p := sum.Pairs[0]
	want := fmt.Sprintf(`(?m)^tournament: 6/6 games, \S+ elapsed, ETA \S+ \| %s vs %s \+%d =%d -%d, score [0-9.]+ \[[0-9.]+, [0-9.]+\], Elo \S+ \[\S+, \S+\], LLR %.2f \(%.2f, %.2f\) (continue|H0|H1)$`,
		p.A, p.B, p.WDL.Wins, p.WDL.Draws, p.WDL.Losses, p.SPRT.LLR, p.SPRT.Lower, p.SPRT.Upper)
	assert.Regexp(t, regexp.MustCompile(want), errs)

	code, _, errs = runCmd(t, "", "tournament", "--players", "random,greedy,easy", "--games", "2", "--seed", "5",
		"--workers", "1", "-o", filepath.Join(t.TempDir(), "three"))
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, errs, " | ")
}
