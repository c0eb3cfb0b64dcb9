package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplayNamesFirstIllegalTurn(t *testing.T) {
	c := testConfig(2)
	dir := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: dir})
	require.NoError(t, err)
	recs := readGames(t, dir)
	for i := range recs {
		require.NoError(t, record.Replay(&recs[i]))
	}
	r := recs[0]
	require.GreaterOrEqual(t, len(r.Turns), 3)
	r.Turns = append([]string(nil), r.Turns...)
	r.Turns[2] = r.Turns[0] // the first turn again, at ply 3: not legal there
	var re *record.ReplayError
	require.ErrorAs(t, record.Replay(&r), &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, r.Turns[0], re.Turn)
	r = recs[1]
	r.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}[r.Result]
	if r.Result != recs[1].Result {
		require.ErrorAs(t, record.Replay(&r), &re)
		assert.Equal(t, 0, re.Ply)
	}
}

// A run streams its statistics; Summarize over the records read back gives the same.
func TestStreamedSummaryEqualsSliceSummary(t *testing.T) {
	c := testConfig(6)
	c.Concurrency = 2
	dir := t.TempDir()
	got, err := Run(context.Background(), c, Options{Out: dir, SPRT: &summary.SPRTConfig{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}})
	require.NoError(t, err)
	recs, bad, err := record.ReadRecordFiles([]string{dir})
	require.NoError(t, err)
	require.Empty(t, bad)
	acc := summary.NewAccumulator(&summary.SPRTConfig{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, c.Players, deterministic)
	for i := range recs {
		acc.Add(&recs[i], "")
	}
	want := acc.Summary()
	want.Run = got.Run
	wj, _ := json.Marshal(want)
	gj, _ := json.Marshal(got)
	assert.JSONEq(t, string(wj), string(gj))
	// Summarize lists players alphabetically, otherwise the same numbers.
	alpha := summary.Summarize(recs, &summary.SPRTConfig{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, deterministic)
	assert.Equal(t, got.FirstMove[len(got.FirstMove)-1], alpha.FirstMove[len(alpha.FirstMove)-1])
	assert.ElementsMatch(t, got.Players, alpha.Players)
}

// A run of 10^15 games starts at once: nothing is allocated per scheduled game.
func TestHugeRunStartsWithoutAllocating(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1_000_000_000_000_000, Openings: "start",
		Seed: 3, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 2}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	_, err := Run(ctx, c, Options{Out: dir, Progress: func(done, total int) {
		if done >= 200 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	// 200 random games allocate a few MB in all; a list of 10^15 games would not fit.
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20))
	// Resuming reads those games back and goes on.
	ctx, cancel = context.WithCancel(context.Background())
	s, err := Run(ctx, c, Options{Out: dir, Resume: true, Progress: func(done, total int) {
		if done >= 300 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	assert.GreaterOrEqual(t, s.Games, 300)
	assert.Equal(t, s.Games, len(readGames(t, dir)))
}

// Two writers on one folder: the second is refused at once (exit status 2), the first
// finishes, and the file holds each game once.
func TestOneWriterPerRunFolder(t *testing.T) {
	c := testConfig(8)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, c, Options{Out: dir, Progress: func(done, _ int) {
		if done >= 5 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)

	started := make(chan struct{})
	second := make(chan error)
	var once sync.Once
	var wg sync.WaitGroup
	wg.Add(1)
	var firstErr error
	go func() {
		defer wg.Done()
		_, firstErr = Run(context.Background(), c, Options{Out: dir, Resume: true, Progress: func(done, _ int) {
			once.Do(func() {
				close(started)
				<-second // hold the run until the second writer has tried
			})
		}})
	}()
	<-started
	before, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	runBefore, err := os.ReadFile(filepath.Join(dir, record.RunFile))
	require.NoError(t, err)
	_, err2 := Run(context.Background(), c, Options{Out: dir, Resume: true})
	after, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	runAfter, err := os.ReadFile(filepath.Join(dir, record.RunFile))
	require.NoError(t, err)
	close(second)
	wg.Wait()
	var ie *InputError
	require.ErrorAs(t, err2, &ie)
	assert.Contains(t, err2.Error(), "another process is writing this run")
	assert.Equal(t, before, after, "the refused writer wrote nothing")
	assert.Equal(t, runBefore, runAfter)
	require.NoError(t, firstErr)
	recs := readGames(t, dir)
	require.Len(t, recs, 24)
	for i, r := range recs {
		assert.Equal(t, i, r.Index)
	}
	// Released at the end: a later writer gets the lock.
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	assert.NoError(t, err)
}

func TestShardValidation(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 4, Openings: "start", Seed: 1,
		Rules: record.RulesFrom(engine.DefaultRules(), 300), Shard: 5, Shards: 100, RunID: runA}
	err := c.Validate()
	assert.ErrorContains(t, err, "shard 5/100: the run has 4 games, so shard 5 would play none")
	c.Shard = 3
	assert.NoError(t, c.Validate())
	c.RunID = ""
	_, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "run_id")
	assert.False(t, errors.Is(err, ErrInterrupted))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// An interrupted shard resumes with the games it lacks, and only those.
func TestShardResumes(t *testing.T) {
	c := testConfig(6)
	c.Shard, c.Shards, c.RunID = 1, 3, runA
	full := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Run(ctx, c, Options{Out: dir, Progress: func(done, _ int) {
		if done >= 3 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	s, err := Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, readGames(t, full), readGames(t, dir))
}
