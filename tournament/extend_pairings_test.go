package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMoreGamesForSeveralPairings: a run of several pairings extended twice (an odd
// count first, so a pair is left half played) keeps its games as they were, plays each
// pairing's added games after them with the colours and openings of the run started with
// the larger count, records the stages in run.json, and its summary.json (the SPRT
// included) is that of its records read back; a resume of the extended run plays nothing.
func TestMoreGamesForSeveralPairings(t *testing.T) {
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	cases := []struct {
		name     string
		format   Format
		players  []string
		openings string
		stages   []int
	}{
		{"round robin of three, random openings", RoundRobin, []string{"random", "greedy", "easy"}, "random:2", []int{3, 4, 7}},
		{"gauntlet, a judged set", Gauntlet, []string{"greedy", "random", "easy"}, "distinct:2", []int{2, 5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := func(games int) Config {
				return Config{Format: tc.format, Players: tc.players, Games: games, Openings: tc.openings, RunID: extendRunID,
					Seed: 7, Rules: record.RulesFrom(engine.DefaultRules(), 120), Concurrency: 2}
			}
			last := tc.stages[len(tc.stages)-1]
			one := cfg(1)
			n := len(one.Pairings())
			full, ext := t.TempDir(), t.TempDir()
			_, err := Run(context.Background(), cfg(last), Options{Out: full, SPRT: sprt})
			require.NoError(t, err)
			_, err = Run(context.Background(), cfg(tc.stages[0]), Options{Out: ext, SPRT: sprt})
			require.NoError(t, err)
			for i, games := range tc.stages[1:] {
				before := readGames(t, ext)
				_, err = Run(context.Background(), cfg(games), Options{Out: ext, SPRT: sprt, Resume: true, MoreGames: true})
				require.NoError(t, err)
				after := readGames(t, ext)
				require.Len(t, after, n*games)
				assert.Equal(t, before, after[:len(before)], "the games before the extension stay as they were")
				var run Config
				readJSON(t, filepath.Join(ext, record.RunFile), &run)
				assert.Equal(t, games, run.Games)
				assert.Equal(t, tc.stages[:i+1], run.ExtendedFrom)
			}

			got, want := readGames(t, ext), readGames(t, full)
			for i := range got {
				assert.Equal(t, i, got[i].Index, "every game of the schedule once")
			}
			assert.ElementsMatch(t, sides(want), sides(got), "the longer run's colours and openings in each pair")
			pairs := map[int][]record.Record{}
			for _, r := range got {
				pairs[r.Pair] = append(pairs[r.Pair], r)
			}
			require.Len(t, pairs, n*((last+1)/2))
			for n, p := range pairs {
				if len(p) == 2 {
					assert.Equal(t, [2]string{p[0].White, p[0].Black}, [2]string{p[1].Black, p[1].White}, "pair %d swaps colours", n)
					assert.Equal(t, p[0].Opening, p[1].Opening, "pair %d shares its opening", n)
				}
			}

			var wantRun, gotRun map[string]any
			readJSON(t, filepath.Join(full, record.RunFile), &wantRun)
			readJSON(t, filepath.Join(ext, record.RunFile), &gotRun)
			assert.NotNil(t, gotRun["extended_from"])
			delete(gotRun, "extended_from")
			delete(gotRun, "invocations")
			delete(wantRun, "invocations")
			assert.Equal(t, wantRun, gotRun, "run.json: the longer run's but for its stages")

			fromRecords := summaryOf(t, ext, tc.players, sprt)
			var onDisk summary.Summary
			readJSON(t, filepath.Join(ext, record.SummaryFile), &onDisk)
			onDisk.Run = nil
			w, err := json.Marshal(fromRecords)
			require.NoError(t, err)
			g, err := json.Marshal(&onDisk)
			require.NoError(t, err)
			assert.JSONEq(t, string(w), string(g), "summary.json: the statistics and SPRT of the folder's records")
			require.NotEmpty(t, onDisk.Pairs)
			require.NotNil(t, onDisk.Pairs[0].SPRT)

			s, err := Run(context.Background(), cfg(last), Options{Out: ext, SPRT: sprt, Resume: true})
			require.NoError(t, err, "the extended run resumes with its own count")
			assert.Equal(t, n*last, s.Games)
			assert.Equal(t, got, readGames(t, ext))
		})
	}
}

// TestMoreGamesAfterSPRTStop: a run its SPRT stopped is not extended (exit 2 naming the
// folder and the test); one stopped by the test whose test did not decide plays the added
// games and its LLR is that of all its games.
func TestMoreGamesAfterSPRTStop(t *testing.T) {
	c := smallRun()
	c.Players = []string{"random", "greedy", "easy"}
	c.Games = 40
	decides := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	out := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: out, SPRT: decides, StopOnSPRT: true})
	require.NoError(t, err)
	require.NotNil(t, stoppedTest(out), "the test decided and stopped the run")
	games, err := os.ReadFile(filepath.Join(out, record.GamesFile))
	require.NoError(t, err)
	more := c
	more.Games = 60
	_, err = Run(context.Background(), more, Options{Out: out, SPRT: decides, StopOnSPRT: true, Resume: true, MoreGames: true})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, fmt.Sprintf("games_per_pairing 60: the run in %s was stopped by its SPRT (elo0 0, elo1 400), which decided: a decided test is not played on (its error rates hold for one decision); start a new run", out), err.Error())
	now, err := os.ReadFile(filepath.Join(out, record.GamesFile))
	require.NoError(t, err)
	assert.Equal(t, string(games), string(now))

	undecided := &summary.SPRTConfig{Elo0: 0, Elo1: 5, Alpha: 0.01, Beta: 0.01}
	c.Games, more.Games = 2, 4
	out = t.TempDir()
	_, err = Run(context.Background(), c, Options{Out: out, SPRT: undecided, StopOnSPRT: true})
	require.NoError(t, err)
	require.Nil(t, stoppedTest(out))
	s, err := Run(context.Background(), more, Options{Out: out, SPRT: undecided, StopOnSPRT: true, Resume: true, MoreGames: true})
	require.NoError(t, err)
	assert.Equal(t, 12, s.Games)
	want := summaryOf(t, out, c.Players, undecided)
	require.Len(t, s.Pairs, 3)
	for i, p := range s.Pairs {
		require.NotNil(t, p.SPRT)
		assert.Equal(t, want.Pairs[i].SPRT.LLR, p.SPRT.LLR, "%s vs %s: the LLR of all the games", p.A, p.B)
		assert.Equal(t, 4, p.Games)
	}
}

// summaryOf returns the summary of the records of the run in dir, read back (as resume
// reads them: the run's players in their order).
func summaryOf(t *testing.T, dir string, players []string, sprt *summary.SPRTConfig) *summary.Summary {
	t.Helper()
	acc := summary.NewAccumulator(sprt, players, deterministic)
	path := filepath.Join(dir, record.GamesFile)
	_, err := record.ScanRecords([]string{path}, record.ScanOptions{Strict: true}, func(r *record.Record, _ record.Place) error {
		acc.Add(r, path)
		return nil
	})
	require.NoError(t, err)
	return acc.Summary()
}

// sides returns each record's players with their colours and its opening.
func sides(recs []record.Record) [][3]string {
	out := make([][3]string, len(recs))
	for i, r := range recs {
		out[i] = [3]string{r.White, r.Black, r.Opening}
	}
	return out
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

// TestExtendedFromChecked: stages that do not rise to below the games per pairing are
// refused, asked for or read from a folder's run.json, before a game is scheduled.
func TestExtendedFromChecked(t *testing.T) {
	c := smallRun()
	c.Players = []string{"random", "greedy", "easy"}
	c.ExtendedFrom = []int{2}
	_, err := NewPlan(c)
	assert.EqualError(t, err, "games_per_pairing 2: extended_from [2] must rise from 1 to below it")

	c.ExtendedFrom = nil
	out := t.TempDir()
	_, err = Run(context.Background(), c, Options{Out: out})
	require.NoError(t, err)
	runPath := filepath.Join(out, record.RunFile)
	var run map[string]any
	readJSON(t, runPath, &run)
	run["extended_from"] = []int{3, 1}
	data, err := json.Marshal(run)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(runPath, data, 0o644))
	_, err = Run(context.Background(), c, Options{Out: out, Resume: true})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "resume: "+runPath+": games_per_pairing 2: extended_from [3 1] must rise from 1 to below it", err.Error())
}
