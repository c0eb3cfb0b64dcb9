package tournament

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitSpecs(t *testing.T) {
	specs, err := SplitSpecs("random, expert:depth=4,nodes=1000,greedy")
	require.NoError(t, err)
	assert.Equal(t, []string{"random", "expert:depth=4,nodes=1000", "greedy"}, specs)
	for list, item := range map[string]int{"a,,b": 2, "a,b,": 3, ",a": 1, "a, ,b": 2, "": 1} {
		_, err := SplitSpecs(list)
		assert.EqualError(t, err, fmt.Sprintf("players %q: item %d is empty", list, item), list)
		var se *SettingError
		assert.ErrorAs(t, err, &se, list)
	}
}

// env is an environment of the given variables.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// TestShardFromTheEnvironment: --shard wins; else the first array-job index set, which
// needs a count above it; a count without an index is refused.
func TestShardFromTheEnvironment(t *testing.T) {
	for _, tc := range []struct {
		shard string
		count int
		vars  map[string]string
		i, n  int
		err   string
	}{
		{"", 0, nil, 0, 0, ""},
		{"1/3", 0, map[string]string{"JOB_COMPLETION_INDEX": "2"}, 1, 3, ""},
		{"", 4, map[string]string{"JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "3"}, 2, 4, ""},
		{"", 4, map[string]string{"SLURM_ARRAY_TASK_ID": "3"}, 3, 4, ""},
		{"", 2, map[string]string{"JOB_COMPLETION_INDEX": "x"}, 0, 0, `JOB_COMPLETION_INDEX="x": expected a whole number`},
		{"", 2, map[string]string{"SLURM_ARRAY_TASK_ID": "-1"}, 0, 0, `SLURM_ARRAY_TASK_ID="-1": expected a whole number`},
		{"", 0, map[string]string{"JOB_COMPLETION_INDEX": "1"}, 0, 0, "JOB_COMPLETION_INDEX is set: give the number of shards with shard_count"},
		{"", 2, map[string]string{"JOB_COMPLETION_INDEX": "2"}, 0, 0, "JOB_COMPLETION_INDEX=2: must be below shard_count 2"},
		{"", 2, nil, 0, 0, "shard_count without shard or an array-job index in the environment"},
		{"2/2", 0, nil, 0, 0, `shard "2/2": expected i/n with 0 <= i < n, e.g. 0/4`},
	} {
		i, n, err := ParseShardEnv(tc.shard, tc.count, env(tc.vars))
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, "%+v", tc)
			continue
		}
		require.NoError(t, err, "%+v", tc)
		assert.Equal(t, [2]int{tc.i, tc.n}, [2]int{i, n}, "%+v", tc)
	}
}

// TestRequestOptions: a request becomes the run's Config and Options: the shard, the
// default folder, the test, and more games only on a resume; its bad settings are
// refused naming them.
func TestRequestOptions(t *testing.T) {
	base := Request{Command: "tournament", Getenv: env(nil), Config: Config{Format: RoundRobin, Players: []string{"random", "greedy"},
		Games: 4, Seed: 9, Rules: record.RulesFrom(engine.DefaultRules(), 300)}}
	r := base
	r.Shard, r.MoreGames, r.SPRT, r.StopOnSPRT = "1/2", true, "0,10", true
	c, o, err := r.Options()
	require.NoError(t, err)
	assert.Equal(t, [2]int{1, 2}, [2]int{c.Shard, c.Shards})
	assert.Equal(t, "out/tournament-9-shard1of2", o.Out)
	assert.False(t, o.MoreGames, "more games extend a resumed run only")
	require.NotNil(t, o.SPRT)
	assert.Equal(t, [4]float64{0, 10, 0.05, 0.05}, [4]float64{o.SPRT.Elo0, o.SPRT.Elo1, o.SPRT.Alpha, o.SPRT.Beta})
	assert.True(t, o.StopOnSPRT)

	r = base
	r.StartOrResume, r.MoreGames, r.Out = true, true, "dir"
	_, o, err = r.Options()
	require.NoError(t, err)
	assert.Equal(t, Options{Out: "dir", Resume: true, StartOrResume: true, MoreGames: true}, o)

	for _, tc := range []struct {
		change func(*Request)
		want   string
	}{
		{func(r *Request) { r.Format = "swiss" }, `format "swiss": expected round-robin or gauntlet`},
		{func(r *Request) { r.Shard = "x" }, `shard "x": expected i/n with 0 <= i < n, e.g. 0/4`},
		{func(r *Request) { r.Format, r.SPRT = SelfPlay, "0,5" }, "sprt: selfplay has no pair of different players to test; use tournament players A,B sprt 0,5"},
		{func(r *Request) { r.SPRT = "abc" }, `sprt "abc": expected elo0,elo1 or elo0,elo1,alpha,beta`},
		{func(r *Request) { r.StopOnSPRT = true }, "sprt_stop needs sprt elo0,elo1"},
		{func(r *Request) { r.RunID = "zz" }, `run_id: run id "zz": expected 32 hex digits`},
		{func(r *Request) { r.Getenv = env(map[string]string{"JOB_COMPLETION_INDEX": "0"}) }, "JOB_COMPLETION_INDEX is set: give the number of shards with shard_count"},
	} {
		r := base
		tc.change(&r)
		_, _, err := r.Options()
		assert.EqualError(t, err, tc.want)
		var se *SettingError
		assert.ErrorAs(t, err, &se, tc.want)
	}
}

// flags names each setting as its flag.
func flags(s Setting) string { return "--" + strings.ReplaceAll(string(s), "_", "-") }

func TestUseTablesGivesThePlayersAndTheAdjudicatorOneFolder(t *testing.T) {
	dir := buildTables(t, 3, 50)
	ts, err := tablebase.OpenFolder(dir, tablebase.PlayersUse(50))
	require.NoError(t, err)
	require.NotNil(t, ts.Oracle)
	c, o := Config{Rules: record.RulesFrom(engine.DefaultRules(), 100)}, Options{}
	require.NoError(t, Request{Tablebases: dir, Adjudicate: true}.UseTables(&c, &o, ts))
	assert.True(t, c.Tablebases)
	assert.Equal(t, dir, c.TablebaseDir)
	assert.Equal(t, ts.Files, c.TablebaseFiles)
	assert.Len(t, o.PlayerOptions, 1)
	require.NotNil(t, o.Adjudicator)
	assert.Equal(t, 3, o.Adjudicator.Pieces())

	// The players' tables of another rule leave the run nothing to adjudicate with.
	c, o = Config{Rules: record.RulesFrom(engine.Rules{}, 100)}, Options{}
	err = Request{Tablebases: dir, Adjudicate: true}.UseTables(&c, &o, ts)
	var me *MissingTablesError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, MissingTablesError{Dir: dir, PaikaLimit: 0}, *me)

	// Without tables: nothing given, a refusal of a named folder without them, and of
	// adjudicating without a folder.
	c, o = Config{}, Options{}
	require.NoError(t, Request{}.UseTables(&c, &o, tablebase.Setup{}))
	assert.Equal(t, Config{}, c)
	assert.Empty(t, o.PlayerOptions)
	for _, tc := range []struct {
		req  Request
		want string
	}{
		{Request{Tablebases: "empty"}, "--tablebases empty: no tablebase built there (fanorona tablebase build)"},
		{Request{Adjudicate: true}, "--adjudicate needs tables: give --tablebases DIR " +
			"(build them with: fanorona tablebase build --max-pieces 5 --tablebases DIR, about 10 s)"},
	} {
		var se *SettingError
		require.ErrorAs(t, tc.req.UseTables(&c, &o, tablebase.Setup{Dir: tc.req.Tablebases}), &se, tc.want)
		assert.Equal(t, tc.want, se.Text(flags), tc.want)
	}
}

func TestParseSPRTNamesTheSetting(t *testing.T) {
	cfg, err := ParseSPRT("")
	require.NoError(t, err)
	assert.Nil(t, cfg)
	cfg, err = ParseSPRT("0,5,0.1,0.2")
	require.NoError(t, err)
	assert.Equal(t, [4]float64{0, 5, 0.1, 0.2}, [4]float64{cfg.Elo0, cfg.Elo1, cfg.Alpha, cfg.Beta})
	_, err = ParseSPRT("5,0")
	var se *SettingError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `--sprt "5,0": need elo0 < elo1 and 0 < alpha, beta < 0.5`, se.Text(flags))
}

func TestSplitSetsAtTheSeparator(t *testing.T) {
	files := []string{"a", "b", "c"}
	set, other, err := SplitSets(files, -1, false)
	require.NoError(t, err)
	assert.Equal(t, files, set)
	assert.Nil(t, other)
	set, other, err = SplitSets(files, 2, true)
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, set)
	assert.Equal(t, []string{"c"}, other)
	for _, tc := range []struct {
		at      int
		compare bool
		want    string
	}{
		{-1, true, "--compare: give the two sets separated by --, e.g. stats A.jsonl --compare -- B.jsonl"},
		{0, true, "--compare: each side of -- needs at least one file"},
		{3, true, "--compare: each side of -- needs at least one file"},
		{1, false, "files after --: only --compare takes a second set"},
		{3, false, "files after --: only --compare takes a second set"},
	} {
		_, _, err := SplitSets(files, tc.at, tc.compare)
		var se *SettingError
		require.ErrorAs(t, err, &se, tc.want)
		assert.Equal(t, tc.want, se.Text(flags), tc.want)
	}
}
