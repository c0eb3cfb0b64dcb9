package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	runA = "0123456789abcdef0123456789abcdef"
	runB = "fedcba9876543210fedcba9876543210"
)

// rec builds a valid hand-written record: decisive results end by no-pieces, draws at the
// paika limit. The turns are labels (records are not replayed on read).
func rec(run string, index, pair int, white, black, result string, turns ...string) Record {
	reason := "no-pieces"
	if result == "1/2-1/2" {
		reason = "paika-limit"
	}
	return Record{Run: run, Index: index, Pair: pair, Opening: engine.StartFEN, White: white, Black: black,
		Seed: uint64(index), Rules: RecordRules(engine.DefaultRules(), 1000), Result: result, Reason: reason,
		Plies: len(turns), Turns: turns, Seconds: 0.5}
}

func writeFile(t *testing.T, recs ...Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), GamesFile)
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, WriteRecords(f, recs))
	require.NoError(t, f.Close())
	return path
}

// scan streams files into an accumulator the way the stats command does.
func scan(t *testing.T, paths ...string) (*Summary, ScanStats) {
	t.Helper()
	acc := NewAccumulator(nil, nil)
	st, err := ScanRecords(paths, ScanOptions{}, func(r *Record, at Place) error {
		acc.Add(r, at.File)
		return nil
	})
	require.NoError(t, err)
	return acc.Summary(), st
}

func TestNumJSONStatesInfinities(t *testing.T) {
	type row struct{ A, B, C, D Num }
	in := row{Num(math.Inf(1)), Num(math.Inf(-1)), Num(math.NaN()), 0.25}
	data, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, `{"A":"+inf","B":"-inf","C":null,"D":0.25}`, string(data))
	var out row
	require.NoError(t, json.Unmarshal(data, &out))
	assert.True(t, math.IsInf(float64(out.A), 1))
	assert.True(t, math.IsInf(float64(out.B), -1))
	assert.True(t, math.IsNaN(float64(out.C)))
	assert.Equal(t, Num(0.25), out.D)
	assert.Error(t, json.Unmarshal([]byte(`{"A":"inf"}`), &out))
}

// TestSummaryCountedByHand checks the tables against counts made by hand from six
// records: A and B play two colour-swapped pairs, C plays itself twice.
func TestSummaryCountedByHand(t *testing.T) {
	path := writeFile(t,
		rec(runA, 0, 0, "A", "B", "1-0", "a1"),       // A wins with White
		rec(runA, 1, 0, "B", "A", "1-0", "b1"),       // A loses with Black
		rec(runA, 2, 1, "A", "B", "1/2-1/2", "a2"),   // draw
		rec(runA, 3, 1, "B", "A", "0-1", "b2", "b3"), // A wins with Black
		rec(runA, 4, 2, "C", "C", "0-1", "c1"),       // self-play: Black wins
		rec(runA, 5, 2, "C", "C", "1-0", "c2", "c3")) // self-play: White wins
	s, st := scan(t, path)
	assert.Equal(t, ScanStats{Records: 6}, st)
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 6, s.DistinctGames)
	assert.Equal(t, 1, s.Runs)
	assert.Equal(t, 1, s.DistinctOpenings)

	// Standings exclude self-play: A +2 =1 -1 (twice White: +1 =1; twice Black: +1 -1).
	require.Len(t, s.Players, 2)
	a := s.Players[0]
	assert.Equal(t, "A", a.Player)
	assert.Equal(t, WDL{2, 1, 1}, a.WDL)
	assert.Equal(t, WDL{1, 1, 0}, a.AsWhite)
	assert.Equal(t, WDL{1, 0, 1}, a.AsBlack)
	assert.Equal(t, MethodAll, a.Method)
	assert.InDelta(t, 2.5/4, float64(a.Score.Value), 1e-12)
	assert.Equal(t, WDL{1, 1, 2}, s.Players[1].WDL)

	// Head to head: pair 0 gives A 1 + 0 = 1 point, pair 1 gives ½ + 1 = 1½.
	require.Len(t, s.Pairs, 1)
	assert.Equal(t, [2]string{"A", "B"}, [2]string{s.Pairs[0].A, s.Pairs[0].B})
	assert.Equal(t, [5]int{0, 0, 1, 1, 0}, s.Pairs[0].Pentanomial)

	// White's results: A-B games 1-0, 1-0, ½, 0-1 → +2 =1 -1; C's games 0-1, 1-0 → +1 -1.
	require.Len(t, s.FirstMove, 3)
	byName := map[string]FirstMoveStats{}
	for _, f := range s.FirstMove {
		byName[f.Matchup] = f
	}
	assert.Equal(t, WDL{2, 1, 1}, byName["A vs B"].White)
	assert.Equal(t, WDL{1, 0, 1}, byName["C"].White)
	assert.Equal(t, WDL{3, 1, 2}, byName["all"].White)
	want := stats.FirstMove(stats.WDL{Wins: 3, Draws: 1, Losses: 2}, Confidence)
	assert.InDelta(t, want.Score.Lo, float64(byName["all"].Score.Lo), 1e-12)

	// Lengths: 1, 1, 1, 2, 1, 2 plies.
	all := s.Lengths[len(s.Lengths)-1]
	assert.Equal(t, "all", all.Matchup)
	assert.Equal(t, 6, all.Natural.Count)
	assert.InDelta(t, 8.0/6, float64(all.Natural.Mean), 1e-12)
	assert.Equal(t, map[string]int{"no-pieces": 5, "paika-limit": 1}, all.Reasons)
}

func TestDuplicatesAreDroppedOnce(t *testing.T) {
	g0, g1 := rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runA, 1, 0, "B", "A", "1/2-1/2", "y")
	dup := g0
	dup.Seconds = 9 // the wall time is not part of the game
	path := writeFile(t, g0, g1, dup)

	// The same record twice in one file.
	s, st := scan(t, path)
	assert.Equal(t, 1, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, [5]int{0, 0, 0, 1, 0}, s.Pairs[0].Pentanomial) // 1 + ½

	// stats X X: every record of the second copy is a duplicate.
	s, st = scan(t, path, path)
	assert.Equal(t, 4, st.Duplicates)
	assert.Equal(t, 2, s.Games)

	// A run plus one of its shards (another file, the same run id).
	shard := writeFile(t, g1)
	s, st = scan(t, path, shard)
	assert.Equal(t, 2, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Pairs[0].Pentanomial[3])

	// Records without a run id: the file is the run, so X X is still one run.
	old0, old1 := g0, g1
	old0.Run, old1.Run = "", ""
	legacy := writeFile(t, old0, old1)
	s, st = scan(t, legacy, legacy)
	assert.Equal(t, 2, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Runs)
}

func TestConflictingRecordsNameBothPlaces(t *testing.T) {
	g := rec(runA, 0, 0, "A", "B", "1-0", "x")
	other := rec(runA, 0, 0, "A", "B", "0-1", "x")
	first := writeFile(t, rec(runA, 1, 0, "B", "A", "1-0", "z"), g)
	second := writeFile(t, other)
	_, err := ScanRecords([]string{first, second}, ScanOptions{}, func(*Record, Place) error { return nil })
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, Place{first, 2}, ce.First)
	assert.Equal(t, Place{second, 1}, ce.Again)
	assert.Contains(t, err.Error(), first+":2")
	assert.Contains(t, err.Error(), second+":1")
}

// Two runs both have a pair 0: keyed by (run, pair), each is a pair of its own.
func TestTwoRunsCombinePairsByRun(t *testing.T) {
	// Interleaved, as in a file that concatenates two runs' records in finishing order.
	a := writeFile(t, rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runB, 0, 0, "A", "B", "0-1", "p"))
	b := writeFile(t, rec(runA, 1, 0, "B", "A", "0-1", "y"), rec(runB, 1, 0, "B", "A", "1-0", "q"))
	s, st := scan(t, a, b)
	assert.Equal(t, 0, st.Duplicates)
	assert.Equal(t, 2, s.Runs)
	assert.Equal(t, 4, s.Games)
	// Run A's pair: A scores 2; run B's pair: 0. Mixed by pair number they would give two
	// pairs of 1 (or drop the games).
	assert.Equal(t, [5]int{1, 0, 0, 0, 1}, s.Pairs[0].Pentanomial)

	// The same for two files without run ids: each file is a run.
	x := writeFile(t, rec("", 0, 0, "A", "B", "1-0", "x"), rec("", 1, 0, "B", "A", "0-1", "y"))
	y := writeFile(t, rec("", 0, 0, "A", "B", "0-1", "p"), rec("", 1, 0, "B", "A", "1-0", "q"))
	s, _ = scan(t, x, y)
	assert.Equal(t, 2, s.Runs)
	assert.Equal(t, [5]int{1, 0, 0, 0, 1}, s.Pairs[0].Pentanomial)
}

// Repeated games count once in the estimates: six records that are two distinct games.
func TestRepeatedGamesCountOnce(t *testing.T) {
	const fixed = "expert:depth=2" // deterministic: a repeat is the same game again
	var recs []Record
	for i := 0; i < 6; i++ {
		if i%3 == 2 {
			recs = append(recs, rec(runA, i, i/2, fixed, fixed, "1/2-1/2", "d1", "d2"))
		} else {
			recs = append(recs, rec(runA, i, i/2, fixed, fixed, "1-0", "w1"))
		}
	}
	s, _ := scan(t, writeFile(t, recs...))
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 2, s.DistinctGames)
	f := s.FirstMove[0]
	assert.Equal(t, MethodDistinct, f.Method)
	assert.Equal(t, WDL{4, 2, 0}, f.White)
	assert.Equal(t, WDL{1, 1, 0}, f.DistinctWhite)
	want := stats.FirstMove(stats.WDL{Wins: 1, Draws: 1}, Confidence)
	assert.InDelta(t, want.Score.Lo, float64(f.Score.Lo), 1e-12)
	assert.InDelta(t, want.Score.Hi, float64(f.Score.Hi), 1e-12)
	assert.InDelta(t, want.PValue, float64(f.PValue), 1e-12)
}

// Identical games of players that choose at random (or lost by an engine's failure) are
// independent results: each counts.
func TestChanceRepeatsCountEach(t *testing.T) {
	var recs []Record
	for i := 0; i < 4; i++ {
		recs = append(recs, rec(runA, i, i/2, "greedy", "greedy", "1-0", "w1"))
	}
	recs = append(recs, rec(runA, 4, 2, "expert:depth=2,vary=10", "expert:depth=2,vary=10", "1-0", "w1"))
	recs = append(recs, rec(runA, 5, 2, "expert:depth=2,vary=10", "expert:depth=2,vary=10", "1-0", "w1"))
	s, _ := scan(t, writeFile(t, recs...))
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 6, s.DistinctGames)
	for _, f := range s.FirstMove {
		assert.Equal(t, MethodAll, f.Method, f.Matchup)
	}
	for spec, want := range map[string]bool{"expert": true, "expert:depth=3": true, "expert:depth=3,vary=0,threads=1": true,
		"expert:time=1s": false, "expert:tc=1+0.1": false, "expert:vary=5": false, "expert:threads=2": false,
		"hard": false, "greedy": false, "random": false,
		"expert:v=1,nodes=2000": true, "expert:null=true,vary=5": false} { // options since removed
		assert.Equal(t, want, deterministic(spec), spec)
	}
}

func TestRecordInvariantsOnRead(t *testing.T) {
	good := rec(runA, 3, 1, "A", "B", "1-0", "x", "y")
	for _, c := range []struct {
		mut  func(*Record)
		want string
	}{
		{func(r *Record) { r.Plies = 3 }, "plies 3 but 2 turns"},
		{func(r *Record) { r.Index = -1 }, "must not be negative"},
		{func(r *Record) { r.Seconds = -1 }, "must not be negative"},
		{func(r *Record) { r.Captured.White = -2 }, "must not be negative"},
		{func(r *Record) { r.Captured.Black = 23 }, "a side has 22 pieces"},
		{func(r *Record) { r.Pair = 4 }, "pair 4 is above the game's index 3"},
		{func(r *Record) { r.Result = "1/2-1/2" }, "that ending is decisive"},
		{func(r *Record) { r.Reason = "paika-limit" }, "that ending is a draw"},
		{func(r *Record) { r.Reason, r.Result = "max-plies", "1/2-1/2" }, "reason max-plies after 2 plies, but the cap is 1000"},
		{func(r *Record) { r.Rules.MaxPlies = 1 }, "plies 2 above the cap max_plies 1"},
		{func(r *Record) { r.Run = "xyz" }, "run id"},
	} {
		r := good
		c.mut(&r)
		path := writeFile(t, good, r)
		_, err := ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
		var le *LineError
		if assert.ErrorAs(t, err, &le, c.want) {
			assert.Equal(t, 2, le.Line)
			assert.Contains(t, err.Error(), path+":2: ")
			assert.Contains(t, err.Error(), c.want)
		}
	}
	// Unknown fields are refused too.
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), `"index"`, `"colour":1,"index"`, 1)), 0o644))
	_, err = ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
	assert.ErrorContains(t, err, `unknown field "colour"`)
}

func TestReplayNamesFirstIllegalTurn(t *testing.T) {
	c := testConfig(2)
	dir := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: dir})
	require.NoError(t, err)
	recs := readGames(t, dir)
	for i := range recs {
		require.NoError(t, Replay(&recs[i]))
	}
	r := recs[0]
	require.GreaterOrEqual(t, len(r.Turns), 3)
	r.Turns = append([]string(nil), r.Turns...)
	r.Turns[2] = r.Turns[0] // the first turn again, at ply 3: not legal there
	var re *ReplayError
	require.ErrorAs(t, Replay(&r), &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, r.Turns[0], re.Turn)
	r = recs[1]
	r.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}[r.Result]
	if r.Result != recs[1].Result {
		require.ErrorAs(t, Replay(&r), &re)
		assert.Equal(t, 0, re.Ply)
	}
}

// A run streams its statistics; Summarize over the records read back gives the same.
func TestStreamedSummaryEqualsSliceSummary(t *testing.T) {
	c := testConfig(6)
	c.Concurrency = 2
	dir := t.TempDir()
	got, err := Run(context.Background(), c, Options{Out: dir, SPRT: &SPRTConfig{0, 10, 0.05, 0.05}})
	require.NoError(t, err)
	recs, bad, err := ReadRecordFiles([]string{dir})
	require.NoError(t, err)
	require.Empty(t, bad)
	acc := NewAccumulator(&SPRTConfig{0, 10, 0.05, 0.05}, c.Players)
	for i := range recs {
		acc.Add(&recs[i], "")
	}
	want := acc.Summary()
	want.Config = got.Config
	wj, _ := json.Marshal(want)
	gj, _ := json.Marshal(got)
	assert.JSONEq(t, string(wj), string(gj))
	// Summarize lists players alphabetically, otherwise the same numbers.
	alpha := Summarize(recs, &SPRTConfig{0, 10, 0.05, 0.05})
	assert.Equal(t, got.FirstMove[len(got.FirstMove)-1], alpha.FirstMove[len(alpha.FirstMove)-1])
	assert.ElementsMatch(t, got.Players, alpha.Players)
}

// A run of 10^15 games starts at once: nothing is allocated per scheduled game.
func TestHugeRunStartsWithoutAllocating(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1_000_000_000_000_000, Openings: "start",
		Seed: 3, Rules: RecordRules(engine.DefaultRules(), 300), Concurrency: 2}
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
	before, err := os.ReadFile(filepath.Join(dir, GamesFile))
	require.NoError(t, err)
	runBefore, err := os.ReadFile(filepath.Join(dir, RunFile))
	require.NoError(t, err)
	_, err2 := Run(context.Background(), c, Options{Out: dir, Resume: true})
	after, err := os.ReadFile(filepath.Join(dir, GamesFile))
	require.NoError(t, err)
	runAfter, err := os.ReadFile(filepath.Join(dir, RunFile))
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

func TestDistinctOpenings(t *testing.T) {
	c := Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 40, Openings: "distinct:3",
		Seed: 5, Rules: RecordRules(engine.DefaultRules(), 300)}
	o, err := NewOpenings(&c)
	require.NoError(t, err)
	require.Equal(t, 20, o.Size())
	seen := map[string]bool{}
	book, err := ParseOpenings("book:3", c.EngineRules())
	require.NoError(t, err)
	inBook := map[string]bool{}
	for i := 0; i < book.Size(); i++ {
		p := book.Opening(i, 0, c.EngineRules())
		inBook[p.FEN()] = true
	}
	for k := 0; k < 20; k++ {
		p := o.Opening(k, c.Seed, c.EngineRules())
		fen := p.FEN()
		assert.False(t, seen[fen], "pair %d repeats an opening", k)
		assert.True(t, inBook[fen], "pair %d's opening is a position after 3 plies", k)
		judge, err := players.NewFromString(BalanceSpec, 0)
		require.NoError(t, err)
		a, err := judge.(players.Analyzer).Analyze(context.Background(), &p, c.EngineRules())
		require.NoError(t, err)
		assert.LessOrEqual(t, abs(a.Score), BalanceMargin, "pair %d's opening %s is balanced", k, fen)
		seen[fen] = true
	}
	// The same seed draws the same openings; another seed others.
	o2, err := NewOpenings(&c)
	require.NoError(t, err)
	assert.Equal(t, o.Opening(7, 0, c.EngineRules()), o2.Opening(7, 0, c.EngineRules()))
	c.Seed = 6
	o3, err := NewOpenings(&c)
	require.NoError(t, err)
	differ := false
	for k := 0; k < 20; k++ {
		differ = differ || o.Opening(k, 0, c.EngineRules()) != o3.Opening(k, 0, c.EngineRules())
	}
	assert.True(t, differ)

	// More pairs than positions after 1 ply (5) is refused before anything is played.
	c.Openings, c.Games = "distinct:1", 12
	_, err = NewOpenings(&c)
	assert.ErrorContains(t, err, "6 pairs per pairing need 6 different openings, but there are 5 positions after 1 plies")
	c.Format, c.Players, c.Games = SelfPlay, []string{"expert:depth=2"}, 6
	_, err = NewOpenings(&c)
	assert.ErrorContains(t, err, "6 self-play games (one opening each) need 6 different openings, but there are 5 positions")
	_, err = Run(context.Background(), c, Options{Out: filepath.Join(t.TempDir(), "x")})
	var ie *InputError
	assert.ErrorAs(t, err, &ie)
}

func TestDeterministicSelfplayWarnsAndCountsOneGame(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"expert:depth=1,hash=1"}, Games: 6, Openings: "start",
		Seed: 1, Rules: RecordRules(engine.DefaultRules(), 300), Concurrency: 2}
	var logs []string
	var mu sync.Mutex
	s, err := Run(context.Background(), c, Options{Out: t.TempDir(), Log: func(f string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, f)
	}})
	require.NoError(t, err)
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 1, s.DistinctGames)
	warnings := 0
	for _, l := range logs {
		if strings.HasPrefix(l, "warning:") {
			warnings++
			assert.Contains(t, l, "distinct:4")
		}
	}
	assert.Equal(t, 1, warnings)
	f := s.FirstMove[0]
	assert.Equal(t, MethodDistinct, f.Method)
	one := f.DistinctWhite
	assert.Equal(t, 1, one.Wins+one.Draws+one.Losses)
	want := stats.FirstMove(one.stats(), Confidence)
	assert.InDelta(t, want.Score.Lo, float64(f.Score.Lo), 1e-12)
	assert.InDelta(t, want.Score.Hi, float64(f.Score.Hi), 1e-12)
	assert.Greater(t, float64(f.Score.Hi-f.Score.Lo), 0.5, "one game bounds the score loosely")

	// With distinct openings every pair is a different game.
	c.Openings = "distinct:3"
	s, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, 6, s.DistinctOpenings, "self-play: one opening per game")
	assert.Equal(t, 6, s.DistinctGames)
	assert.Equal(t, MethodAll, s.FirstMove[0].Method)
}

func TestShardValidation(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 4, Openings: "start", Seed: 1,
		Rules: RecordRules(engine.DefaultRules(), 300), Shard: 5, Shards: 100, RunID: runA}
	err := c.Validate()
	assert.ErrorContains(t, err, "--shard 5/100: the run has 4 games, so shard 5 would play none")
	c.Shard = 3
	assert.NoError(t, c.Validate())
	c.RunID = ""
	_, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "--run-id")
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

// merge joins one run's shards; records of another run are refused, nothing is written.
func TestMergeRefusesAnotherRun(t *testing.T) {
	a := writeFile(t, rec(runA, 0, 0, "A", "B", "1-0", "x"))
	b := writeFile(t, rec(runB, 1, 0, "B", "A", "1-0", "y"))
	out := filepath.Join(t.TempDir(), "merged")
	_, err := Merge([]string{a, b}, out, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), b+":1")
	assert.NoFileExists(t, filepath.Join(out, GamesFile))
	assert.NoFileExists(t, filepath.Join(out, GamesFile+".tmp"))
	// Exact duplicates across inputs are dropped and counted.
	res, err := Merge([]string{a, a}, out, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Duplicates)
	assert.Equal(t, 1, res.Summary.Games)
}

func TestScanRefusesFilesThatAreNotRecords(t *testing.T) {
	good := writeFile(t, rec(runA, 0, 0, "random", "greedy", "1-0", "a", "b"))
	raw, err := os.ReadFile(good)
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	var bad []*LineError
	opts := ScanOptions{Bad: func(e *LineError) { bad = append(bad, e) }}
	count := func(path string) (int, error) {
		bad = nil
		n := 0
		_, err := ScanRecords([]string{path}, opts, func(*Record, Place) error { n++; return nil })
		return n, err
	}

	// A first line that is no JSON object: refused at once, without a warning.
	_, err = count(write("png", "\x89PNG\r\n\x1a\n"+string(raw)))
	assert.ErrorContains(t, err, "is not a games.jsonl file")
	assert.Empty(t, bad)
	// JSON objects that are not records (summary.json is indented over many lines):
	// refused after notRecordsAfter bad lines.
	_, err = count(write("summary.json", "{\n"+strings.Repeat("  \"games\": 4,\n", 20)+"}\n"))
	assert.ErrorContains(t, err, "is not a games.jsonl file")
	assert.Len(t, bad, notRecordsAfter)
	// A few damaged lines before good records are skipped as before.
	n, err := count(write("damaged.jsonl", strings.Repeat("{\"index\": \"x\"}\n", notRecordsAfter)+string(raw)))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Len(t, bad, notRecordsAfter)
	// Once a good record is seen, bad lines are warnings, however many.
	n, err = count(write("late.jsonl", string(raw)+strings.Repeat("not json\n", 3*notRecordsAfter)))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Len(t, bad, 3*notRecordsAfter)
}
