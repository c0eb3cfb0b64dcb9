package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func testConfig(games int) Config {
	return Config{
		Format: RoundRobin, Players: []string{"random", "greedy", "easy"}, Games: games,
		Openings: "random:4", Seed: 42, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1,
	}
}

// readGames returns a run's records sorted by index with the wall time zeroed, the form in
// which two runs of the same games must be equal.
func readGames(t *testing.T, dir string) []record.Record {
	t.Helper()
	recs, bad, err := record.ReadRecordFiles([]string{filepath.Join(dir, record.GamesFile)})
	require.NoError(t, err)
	require.Empty(t, bad)
	for i := range recs {
		recs[i].Seconds = 0
		require.NoError(t, record.CheckRunID(recs[i].Run))
		recs[i].Run = "" // each run draws its own id
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })
	return recs
}

func TestRunIsIndependentOfConcurrency(t *testing.T) {
	c := testConfig(8)
	dirs := []string{t.TempDir(), t.TempDir()}
	for i, conc := range []int{1, 2} {
		c.Concurrency = conc
		s, err := Run(context.Background(), c, Options{Out: dirs[i]})
		require.NoError(t, err)
		assert.Equal(t, 24, s.Games)
	}
	a, b := readGames(t, dirs[0]), readGames(t, dirs[1])
	require.Len(t, a, 24)
	assert.Equal(t, a, b)
	// Each game replays legally from its opening to the recorded result.
	for _, r := range a {
		replayRecord(t, r)
	}
}

// replayRecord checks a record against the rules: every turn legal, the recorded result,
// reason, plies and captures those of the replayed game.
func replayRecord(t *testing.T, r record.Record) {
	t.Helper()
	p, err := engine.ParseFEN(r.Opening)
	require.NoError(t, err)
	rules := engine.Rules{PaikaLimit: r.Rules.PaikaLimit, NoMovesDraw: r.Rules.NoMovesDraw, FirstTurnNoChain: r.Rules.FirstTurnNoChain, MaxPlies: p.Ply + r.Rules.MaxPlies}
	var captured [2]int
	for i, s := range r.Turns {
		require.False(t, rules.Status(&p).Over(), "game %d ended before turn %d", r.Index, i)
		turn, err := p.ParseTurn(rules, s)
		require.NoError(t, err, "game %d turn %d", r.Index, i)
		captured[p.Side] += turn.Captured.Count()
		p = p.Play(turn)
	}
	st := rules.Status(&p)
	require.True(t, st.Over(), "game %d", r.Index)
	assert.Equal(t, st.Outcome.String(), r.Result)
	assert.Equal(t, st.Reason.String(), r.Reason)
	assert.Equal(t, len(r.Turns), r.Plies)
	assert.Equal(t, record.Captured{White: captured[engine.White], Black: captured[engine.Black]}, r.Captured)
}

func TestScheduleColourSwappedPairs(t *testing.T) {
	c := testConfig(4)
	p, err := NewPlan(c)
	require.NoError(t, err)
	require.Equal(t, 12, c.TotalGames())
	// Pairing order: random-greedy, random-easy, greedy-easy; games alternate colours.
	g0, g1, g2, g4 := p.Game(0), p.Game(1), p.Game(2), p.Game(4)
	assert.Equal(t, [2]string{"random", "greedy"}, [2]string{g0.White, g0.Black})
	assert.Equal(t, [2]string{"greedy", "random"}, [2]string{g1.White, g1.Black})
	assert.Equal(t, g0.Pair, g1.Pair)
	assert.Equal(t, g0.OpeningIndex, g1.OpeningIndex)
	assert.NotEqual(t, g0.Pair, g2.Pair)
	assert.Equal(t, "easy", g4.Black)
	assert.NotEqual(t, g0.Seed, g1.Seed)
}

func TestInterruptAndResume(t *testing.T) {
	c := testConfig(8)
	full := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)

	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Run(ctx, c, Options{Out: dir, Progress: func(done, total int) {
		if done >= 7 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	partial := readGames(t, dir)
	require.GreaterOrEqual(t, len(partial), 7)
	require.Less(t, len(partial), 24)

	// A crash can leave half a line: resume cuts it.
	f, err := os.OpenFile(filepath.Join(dir, record.GamesFile), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"index": 23, "pair"`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	// Without --resume nothing is overwritten.
	before, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	_, err = Run(context.Background(), c, Options{Out: dir})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	after, err := os.ReadFile(filepath.Join(dir, record.GamesFile))
	require.NoError(t, err)
	assert.Equal(t, before, after)

	// A different run is refused.
	other := c
	other.Seed = 7
	_, err = Run(context.Background(), other, Options{Out: dir, Resume: true})
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "different run")

	s, err := Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, 24, s.Games)
	assert.Equal(t, readGames(t, full), readGames(t, dir))
}

func TestShardAndMerge(t *testing.T) {
	c := testConfig(6)
	full := t.TempDir()
	want, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)

	var shardDirs []string
	runID, err := record.NewRunID()
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		sc := c
		sc.Shard, sc.Shards, sc.RunID = i, 3, runID
		dir := t.TempDir()
		s, err := Run(context.Background(), sc, Options{Out: dir})
		require.NoError(t, err)
		assert.Equal(t, 6, s.Games, "shard %d plays a third of 18 games", i)
		shardDirs = append(shardDirs, dir)
	}
	out := filepath.Join(t.TempDir(), "merged")
	res, err := Merge(shardDirs, out, nil)
	require.NoError(t, err)
	assert.Equal(t, 0, res.Duplicates)
	assert.Equal(t, readGames(t, full), readGames(t, out))
	// Statistics of the merged run equal the single-machine run's (but the run's id).
	var wantRun Config
	require.NoError(t, json.Unmarshal(want.Run, &wantRun))
	wantRun.RunID = runID
	want.Run = runJSON(&wantRun)
	wantJSON, _ := json.Marshal(want)
	gotJSON, _ := json.Marshal(res.Summary)
	assert.JSONEq(t, string(wantJSON), string(gotJSON))

	// Merging into a folder with games is refused.
	_, err = Merge(shardDirs, out, nil)
	var ie *InputError
	assert.ErrorAs(t, err, &ie)
}

func TestReadRecordsReportsBadLines(t *testing.T) {
	good := `{"index":0,"pair":0,"opening":"` + engine.StartFEN + `","white":"random","black":"random","seed":1,"rules":{"paika_limit":50,"no_moves_draw":false,"first_turn_no_chain":false,"max_plies":1000},"result":"1-0","reason":"no-pieces","plies":3,"captured":{"white":22,"black":0},"turns":["a","b","c"],"seconds":0.1}`
	data := good + "\n" + "not json\n" + strings.Replace(good, `"1-0"`, `"2-0"`, 1) + "\n" + good[:40]
	recs, bad, err := record.ReadRecords(bytes.NewReader([]byte(data)), "g.jsonl")
	require.NoError(t, err)
	assert.Len(t, recs, 1)
	require.Len(t, bad, 3)
	assert.Equal(t, 2, bad[0].Line)
	assert.Equal(t, 3, bad[1].Line)
	assert.Contains(t, bad[1].Error(), `g.jsonl:3: result "2-0"`)
	assert.Contains(t, bad[2].Error(), "cut short")
}

func TestBookOpenings(t *testing.T) {
	r := engine.DefaultRules()
	// Independent count: every position after K plies, deduplicated by FEN board and side.
	level := map[string]engine.Position{engine.StartFEN: engine.Start()}
	for k := 1; k <= 3; k++ {
		next := map[string]engine.Position{}
		for _, p := range level {
			for _, turn := range p.Turns(r, nil) {
				q := p.Play(turn)
				next[q.BoardFEN()+string("wb"[q.Side])] = q
			}
		}
		level = next
		book := Book(k, r)
		assert.Len(t, book, len(level), "book:%d", k)
		assert.True(t, sort.SliceIsSorted(book, func(i, j int) bool { return book[i].FEN() < book[j].FEN() }))
	}
	o, err := ParseOpenings("book:1", engine.DefaultRules())
	require.NoError(t, err)
	assert.Equal(t, 5, o.Size())
	for _, bad := range []string{"book", "random:-1", "book:9", "fancy:2", "random:x"} {
		_, err := ParseOpenings(bad, engine.DefaultRules())
		assert.Error(t, err, bad)
	}
}

func TestValidateErrors(t *testing.T) {
	for _, c := range []struct {
		mut  func(*Config)
		want string
	}{
		{func(c *Config) { c.Players = []string{"random"} }, "at least two players"},
		{func(c *Config) { c.Players = []string{"random", "wizard"} }, `unknown player "wizard"`},
		{func(c *Config) { c.Games = 0 }, "games_per_pairing 0"},
		{func(c *Config) { c.Openings = "book:x" }, "openings"},
		{func(c *Config) { c.Rules.MaxPlies = 0 }, "max_plies 0"},
		{func(c *Config) { c.Players = []string{"random", "random"} }, "listed twice"},
	} {
		cfg := testConfig(2)
		c.mut(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
	_, _, err := ParseShard("3/3")
	assert.Error(t, err)
	i, n, err := ParseShard("1/4")
	require.NoError(t, err)
	assert.Equal(t, [2]int{1, 4}, [2]int{i, n})
	assert.False(t, errors.Is(err, ErrInterrupted))
}

func TestDeterministicSpecs(t *testing.T) {
	for spec, want := range map[string]bool{"expert": true, "expert:depth=3": true, "expert:depth=3,vary=0,threads=1": true,
		"expert:time=1s": false, "expert:tc=1+0.1": false, "expert:vary=5": false, "expert:threads=2": false,
		"hard": false, "greedy": false, "random": false,
		"expert:v=1,nodes=2000": true, "expert:null=true,vary=5": false} { // options since removed
		assert.Equal(t, want, Deterministic(spec), spec)
	}
}
