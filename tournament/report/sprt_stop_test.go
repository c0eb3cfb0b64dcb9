package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeadToHeadMarksAStoppedSPRT: after a stop on the SPRT the fixed-sample estimates
// are marked naive and the SPRT cell carries the estimate corrected for the stop; a
// test that did not stop the run changes nothing.
func TestHeadToHeadMarksAStoppedSPRT(t *testing.T) {
	pair := func(stopped bool) *summary.Summary {
		p := summary.PairStats{A: "a", B: "b", Games: 40, DistinctGames: 40, Method: summary.MethodAll,
			Score: summary.Est{Value: 0.85, Lo: 0.7, Hi: 0.93}, Elo: summary.Est{Value: 301, Lo: 147, Hi: 449},
			PairElo: summary.Est{Value: 301, Lo: 150, Hi: 440},
			SPRT:    &summary.SPRTStat{LLR: 3.07, Lower: -2.94, Upper: 2.94, Decision: "H1", Stopped: stopped}}
		if stopped {
			p.SPRT.Corrected = &summary.SPRTCorrected{Method: summary.MethodStoppedBrownian,
				Score: summary.Est{Value: 0.8, Lo: 0.6, Hi: 0.9}, Elo: summary.Est{Value: 241, Lo: 70, Hi: 382}}
		}
		return &summary.Summary{Pairs: []summary.PairStats{p}}
	}
	h2h := Tables(pair(true))[0]
	row := h2h.Rows[0]
	assert.Equal(t, "0.850 [0.700, 0.930] naive", row[6])
	assert.Equal(t, "301 [147, 449] naive", row[7])
	assert.Equal(t, "301 [150, 440] naive", row[10])
	assert.Equal(t, "LLR 3.07 (-2.94, 2.94) H1, stopped; corrected score 0.800 [0.600, 0.900], Elo 241 [70, 382]", row[11])
	assert.Contains(t, strings.Join(h2h.Methods, "\n"), "conditional on the stop")

	h2h = Tables(pair(false))[0]
	assert.Equal(t, "0.850 [0.700, 0.930]", h2h.Rows[0][6])
	assert.Equal(t, "LLR 3.07 (-2.94, 2.94) H1", h2h.Rows[0][11])
	assert.NotContains(t, strings.Join(h2h.Methods, "\n"), "conditional on the stop")
}

// TestReportOfAStoppedRunShowsItsSPRT: the report of a run folder takes the sequential
// tests from the run's summary.json (only the run knows its test and whether it stopped
// on it); over other files it shows none.
func TestReportOfAStoppedRunShowsItsSPRT(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	c := tournament.Config{Format: tournament.RoundRobin, Players: []string{"greedy", "random"}, Games: 40,
		Openings: "start", Seed: 3, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1, FixedColours: true}
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	_, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir, SPRT: sprt, StopOnSPRT: true})
	require.NoError(t, err)

	r, page := buildHTML(t, dir)
	require.Less(t, r.Games, 40, "the SPRT stopped the run")
	assert.Contains(t, page, "stopped; corrected score")
	assert.Contains(t, page, "conditional on the stop")

	// The same games next to another copy of them: not the run's summary, no test.
	other := filepath.Join(t.TempDir(), "copy.jsonl")
	data, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(other, data, 0o644))
	_, page = buildHTML(t, dir, other)
	assert.NotContains(t, page, "corrected score")
}
