package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunStoppedBySPRTStatesItFully: the line that says the run stopped names the
// accepted hypothesis and the LLR with its bounds, and summary.json marks the test as
// stopped with the estimate corrected for the stop, computed from the pair's counts.
func TestRunStoppedBySPRTStatesItFully(t *testing.T) {
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	c := smallRun()
	c.Games, c.FixedColours = 40, true // unpaired: the trinomial test, and its corrected estimate
	out := t.TempDir()
	var logs []string
	_, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt, StopOnSPRT: true,
		Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }})
	require.NoError(t, err)

	data, err := os.ReadFile(filepath.Join(out, record.SummaryFile))
	require.NoError(t, err)
	var s summary.Summary
	require.NoError(t, json.Unmarshal(data, &s))
	require.Len(t, s.Pairs, 1)
	p := s.Pairs[0]
	require.NotNil(t, p.SPRT)
	require.Less(t, p.Games, 40, "the SPRT stopped the run")
	require.Contains(t, []string{"H0", "H1"}, p.SPRT.Decision)

	var stop string
	for _, l := range logs {
		if strings.Contains(l, "SPRT decided") {
			stop = l
		}
	}
	assert.Equal(t, fmt.Sprintf("SPRT decided after %d games: %s vs %s accepted %s (LLR %.2f, bounds %.2f, %.2f); stopping",
		p.Games, p.A, p.B, p.SPRT.Decision, float64(p.SPRT.LLR), float64(p.SPRT.Lower), float64(p.SPRT.Upper)), stop)

	assert.True(t, p.SPRT.Stopped)
	require.NotNil(t, p.SPRT.Corrected)
	assert.Equal(t, summary.MethodStoppedBrownian, p.SPRT.Corrected.Method)
	want, ok := stats.SPRTWDLStopped(p.WDL, sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, summary.Confidence)
	require.True(t, ok)
	assert.InDelta(t, want.Score.Value, float64(p.SPRT.Corrected.Score.Value), 1e-7)
	assert.InDelta(t, want.Score.Lo, float64(p.SPRT.Corrected.Score.Lo), 1e-7)
	assert.InDelta(t, want.Score.Hi, float64(p.SPRT.Corrected.Score.Hi), 1e-7)

	// The same games summarized without the stop (stats over the file): no correction.
	recs, _, err := record.ReadRecordFiles([]string{filepath.Join(out, record.GamesFile)})
	require.NoError(t, err)
	again := summary.Summarize(recs, sprt, deterministic).Pairs[0].SPRT
	assert.False(t, again.Stopped)
	assert.Nil(t, again.Corrected)
}

// TestResumedSPRTStoppedRunStaysStopped: resuming a run its SPRT stopped, with the same
// options or with none (the test and the stop are read from summary.json), plays no game
// (every pair has decided) and its summary still says so: the same games, the same
// decision and LLR, the test marked stopped with the estimate corrected for the stop. A
// run stopped by its last game (1 game scheduled) stays stopped too.
func TestResumedSPRTStoppedRunStaysStopped(t *testing.T) {
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	for _, scheduled := range []int{40, 1} {
		for name, resume := range map[string]Options{
			"same options": {SPRT: sprt, StopOnSPRT: true, Resume: true},
			"resume alone": {Resume: true},
		} {
			t.Run(fmt.Sprintf("%d games, %s", scheduled, name), func(t *testing.T) {
				c := smallRun()
				c.Games, c.FixedColours = scheduled, true
				out := t.TempDir()
				_, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt, StopOnSPRT: true})
				require.NoError(t, err)
				first, games := readPairStats(t, out), gamesFileText(t, out)
				require.True(t, first.SPRT.Stopped)
				require.LessOrEqual(t, first.Games, scheduled)

				var logs []string
				resume.Out = out
				resume.Log = func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }
				_, err = Run(context.Background(), c, resume)
				require.NoError(t, err)
				assert.Equal(t, games, gamesFileText(t, out), "no game played after the stop")
				again := readPairStats(t, out)
				assert.Equal(t, first.Games, again.Games)
				assert.Equal(t, *first.SPRT, *again.SPRT, "the same test, decision, LLR and correction")
				assert.True(t, again.SPRT.Stopped)
				require.NotNil(t, again.SPRT.Corrected)
				want, ok := stats.SPRTWDLStopped(again.WDL, sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, summary.Confidence)
				require.True(t, ok)
				assert.InDelta(t, want.Score.Value, float64(again.SPRT.Corrected.Score.Value), 1e-7)
				assert.Contains(t, strings.Join(logs, "\n"), fmt.Sprintf("SPRT decided after %d games", first.Games))
			})
		}
	}

	// Resumed with another test and no stop, the run plays its remaining games.
	c := smallRun()
	c.Games, c.FixedColours = 40, true
	out := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt, StopOnSPRT: true})
	require.NoError(t, err)
	other := &summary.SPRTConfig{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	_, err = Run(context.Background(), c, Options{Out: out, SPRT: other, Resume: true})
	require.NoError(t, err)
	p := readPairStats(t, out)
	assert.Equal(t, 40, p.Games)
	assert.False(t, p.SPRT.Stopped)
	assert.Equal(t, other.Elo1, p.SPRT.Elo1)
}

// readPairStats reads the one pair of the summary.json in dir, which has a test.
func readPairStats(t *testing.T, dir string) summary.PairStats {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, record.SummaryFile))
	require.NoError(t, err)
	var s summary.Summary
	require.NoError(t, json.Unmarshal(data, &s))
	require.Len(t, s.Pairs, 1)
	require.NotNil(t, s.Pairs[0].SPRT)
	return s.Pairs[0]
}

// gamesFileText returns the games.jsonl in dir as it is on disk.
func gamesFileText(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	return string(data)
}
