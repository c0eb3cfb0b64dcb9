// registry_test.go: parsing specs and the one-line errors for bad ones.

package players

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

func TestSpecErrors(t *testing.T) {
	cases := []struct{ spec, err string }{
		{"expert:dpth=3", `player spec "expert:dpth=3": unknown option "dpth" (known: depth, nodes, time, tc, hash, qs, killers, lmr, weights, net, progress, ordering, prune, aspiration, vary, threads)`},
		{"grandmaster", `player spec "grandmaster": unknown player "grandmaster" (known: easy, expert, greedy, hard, mcts, medium, random)`},
		{"", `player spec "": no player name (known: easy, expert, greedy, hard, mcts, medium, random)`},
		{"random:depth=2", `player spec "random:depth=2": unknown option "depth" (random takes no options)`},
		{"expert:", `player spec "expert:": no options after ':'`},
		{"expert:depth", `player spec "expert:depth": option "depth" is not key=value`},
		{"expert:depth=3,depth=4", `player spec "expert:depth=3,depth=4": option "depth" given twice`},
		{"expert:depth=x", `player spec "expert:depth=x": option depth=x: want a whole number from 1 to 63`},
		{"expert:time=soon", `player spec "expert:time=soon": option time=soon: want a positive duration such as 200ms or 2s`},
		{"expert:nodes=0", `player spec "expert:nodes=0": option nodes=0: want a whole number of at least 1`},
		{"hard:slack=2", `player spec "hard:slack=2": option slack=2: want a number from 0 to 1`},
		{"mcts:playouts=-5", `player spec "mcts:playouts=-5": option playouts=-5: want a whole number from 1 to 1073741824`},
		{"expert:qs=maybe", `player spec "expert:qs=maybe": option qs=maybe: want true or false`},
	}
	for _, c := range cases {
		_, err := NewFromString(c.spec, 0)
		require.Error(t, err, c.spec)
		assert.Equal(t, c.err, err.Error())
	}
}

func TestSpecsBuildTheirPlayers(t *testing.T) {
	pl, err := NewFromString("expert:depth=8", 0)
	require.NoError(t, err)
	assert.Equal(t, 8, pl.(*Expert).Options().Depth)
	assert.Zero(t, pl.(*Expert).Options().Nodes, "a named limit replaces the default node limit")

	pl, err = NewFromString("expert:time=200ms", 0)
	require.NoError(t, err)
	assert.Equal(t, 200*time.Millisecond, pl.(*Expert).Options().Time)

	pl, err = NewFromString("expert", 0)
	require.NoError(t, err)
	assert.Equal(t, uint64(DefaultExpertNodes), pl.(*Expert).Options().Nodes)

	pl, err = NewFromString("mcts:playouts=2000", 0)
	require.NoError(t, err)
	assert.Equal(t, 2000, pl.(*MCTS).opts.Playouts)

	pl, err = NewFromString("hard:candidates=3,slack=0", 0)
	require.NoError(t, err)
	assert.Equal(t, LevelParams{Candidates: 3, Depth: 4, Quiesce: true, Slack: 0, Margin: 20}, pl.(*Level).Params())

	for _, name := range []string{"easy", "medium", "hard"} {
		pl, err := NewFromString(name, 0)
		require.NoError(t, err)
		assert.IsType(t, &Level{}, pl)
	}
	_, ok := Describe("expert")
	assert.True(t, ok)
}

func TestSpecString(t *testing.T) {
	s, err := ParseSpec(" expert:time=1s,depth=8 ")
	require.NoError(t, err)
	assert.Equal(t, "expert:depth=8,time=1s", s.String())
	s, err = ParseSpec("random")
	require.NoError(t, err)
	assert.Equal(t, "random", s.String())
}

// TestParseSpecChecksValuesWithoutBuilding: ParseSpec refuses a bad value as New does, and
// checking an expert's spec allocates far less than its table: ten specs of a 64 MB table
// checked take under 1 MB, while building one player takes its 64 MB.
func TestParseSpecChecksValuesWithoutBuilding(t *testing.T) {
	for _, bad := range []string{"expert:depth=x", "expert:weights=1/2", "hard:slack=2", "mcts:playouts=-5", "expert:tc=soon"} {
		_, err := ParseSpec(bad)
		assert.ErrorContains(t, err, "player spec "+`"`+bad+`": option`, bad)
	}
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	var specs []Spec
	checked := allocated(func() {
		for range 10 {
			s, err := ParseSpec("expert:hash=64,depth=3")
			require.NoError(t, err)
			specs = append(specs, s)
		}
	})
	assert.Less(t, checked, uint64(1<<20), "bytes allocated checking ten specs")
	var pl Player
	built := allocated(func() {
		var err error
		pl, err = New(specs[0], 0)
		require.NoError(t, err)
	})
	assert.GreaterOrEqual(t, built, uint64(64<<20), "bytes allocated building one player")
	assert.Equal(t, 64, pl.(*Expert).Options().HashMB)
	assert.Equal(t, 3, pl.(*Expert).Options().Depth)
}

// TestSpecDeterministic: an expert without time, tc, vary or threads above 1 plays the same
// turns whatever its seed; every other player draws from its seed or is not known not to.
// The answers are checked against play: two seeds, the same turns or not.
func TestSpecDeterministic(t *testing.T) {
	for spec, want := range map[string]bool{"expert": true, "expert:depth=3": true, "expert:depth=3,vary=0,threads=1": true,
		"expert:time=1s": false, "expert:tc=1s+100ms": false, "expert:vary=5": false, "expert:threads=2": false,
		"hard": false, "easy:vary=0": false, "mcts": false, "greedy": false, "random": false} {
		s, err := ParseSpec(spec)
		require.NoError(t, err, spec)
		assert.Equal(t, want, s.Deterministic(), spec)
	}
	assert.True(t, Spec{Name: "expert", Options: map[string]string{"depth": "2"}}.Deterministic(), "a literal")
	assert.False(t, Spec{Name: "expert", Options: map[string]string{"depth": "x"}}.Deterministic(), "a literal that does not parse")
	// An old record's expert, with options since removed.
	_, err := ParseSpec("expert:v=1,nodes=2000")
	require.Error(t, err)
	s, err := ParseRecordedSpec("expert:v=1,nodes=2000,null=true")
	require.NoError(t, err)
	assert.True(t, s.Deterministic())
	assert.Equal(t, "expert:nodes=2000", s.String())
	s, err = ParseRecordedSpec("expert:vary=3,keep=true")
	require.NoError(t, err)
	assert.False(t, s.Deterministic())
	_, err = ParseRecordedSpec("expert:dpth=3")
	assert.ErrorContains(t, err, `unknown option "dpth"`)
	// By play: the first turns of two seeds, from positions where the expert has a choice.
	r := engine.DefaultRules()
	for spec, want := range map[string]bool{"expert:depth=3": true, "expert:depth=3,vary=40": false, "hard": false} {
		s, err := ParseSpec(spec)
		require.NoError(t, err)
		same := true
		for _, f := range midgameFENs {
			p := engine.MustParseFEN(f)
			var turns [2]string
			for i := range turns {
				pl, err := New(s, uint64(i)*7919+1)
				require.NoError(t, err)
				a, err := Analyze(context.Background(), pl, &p, r)
				require.NoError(t, err)
				turns[i] = a.Turn.String()
			}
			same = same && turns[0] == turns[1]
		}
		assert.Equal(t, want, same, "%s: the same turns from two seeds", spec)
		assert.Equal(t, want, s.Deterministic(), spec)
	}
}

// TestExternalSpecsAreCheckedAndBuilt: a declared player's option values are checked by
// its own builder when the spec is parsed, and New hands it the options as written.
func TestExternalSpecsAreCheckedAndBuilt(t *testing.T) {
	var got map[string]string
	require.NoError(t, RegisterExternal("checked-engine", "a test engine", []string{"movetime"}, func(opts map[string]string, seed uint64) (Player, error) {
		if opts["movetime"] == "never" {
			return nil, errors.New("movetime never: not a number")
		}
		got = opts
		return NewRandom(seed), nil
	}))
	defer UnregisterExternal("checked-engine")
	_, err := ParseSpec("checked-engine:movetime=never")
	assert.EqualError(t, err, "movetime never: not a number")
	s, err := ParseSpec("checked-engine:movetime=20")
	require.NoError(t, err)
	assert.False(t, s.Deterministic())
	got = nil
	pl, err := New(s, 3)
	require.NoError(t, err)
	assert.IsType(t, &Random{}, pl)
	assert.Equal(t, map[string]string{"movetime": "20"}, got)
	UnregisterExternal("checked-engine")
	_, err = New(s, 3)
	assert.ErrorContains(t, err, `unknown player "checked-engine"`)
}

// TestSpecOptionsAtTheirBounds: each bound of an option is accepted, one past it refused;
// the expert searches with Weights2 unless weights= gives its own; the options of experiments
// that did not win are refused, by name; Describe lists options only where there are some.
func TestSpecOptionsAtTheirBounds(t *testing.T) {
	pl, err := NewFromString("hard:depth=32", 0) // maxPly/4: the levels' stack holds depth and quiescence
	require.NoError(t, err)
	assert.Equal(t, 32, pl.(*Level).Params().Depth)
	_, err = NewFromString("hard:depth=33", 0)
	assert.EqualError(t, err, `player spec "hard:depth=33": option depth=33: want a whole number from 1 to 32`)
	pl, err = NewFromString("hard:depth=1", 0)
	require.NoError(t, err)
	assert.Equal(t, 1, pl.(*Level).Params().Depth)
	for _, bad := range []string{"expert:time=0s", "expert:time=-1ms", "mcts:time=0s"} {
		_, err = NewFromString(bad, 0)
		assert.ErrorContains(t, err, "want a positive duration", bad)
	}
	pl, err = NewFromString("expert:time=1ns", 0)
	require.NoError(t, err)
	assert.Equal(t, time.Nanosecond, pl.(*Expert).Options().Time)
	pl, err = NewFromString("expert", 0)
	require.NoError(t, err)
	assert.Equal(t, &Weights2, pl.(*Expert).s.cfg.evalWeights)
	for _, key := range []string{"v", "eval", "null", "extend", "rep", "partial", "delta", "qtt", "qforced", "keep", "clmr", "qdelta", "qtable"} {
		_, err = NewFromString("expert:depth=3,"+key+"=1", 0)
		assert.EqualError(t, err, `player spec "expert:depth=3,`+key+`=1": option "`+key+`" was removed: an experiment that did not win (docs/EXPERIMENTS.md)`)
	}
	// weights=: the player's own copy of the seven weights.
	for _, spec := range []string{"expert:weights=1/-2/3/0/-1000/1000/7", "expert:depth=3,weights=1/-2/3/0/-1000/1000/7"} {
		pl, err = NewFromString(spec, 0)
		require.NoError(t, err)
		got := pl.(*Expert).s.cfg.evalWeights
		require.NotNil(t, got, spec)
		assert.Equal(t, [NumFeatures]int{1, -2, 3, 0, -1000, 1000, 7}, *got, spec)
		assert.False(t, got == pl.(*Expert).Options().Weights, "a copy: %s", spec)
	}
	for spec, want := range map[string]string{
		"expert:weights=1/2/3/4/5/6":       "want 7 whole numbers from -1000 to 1000 separated by /",
		"expert:weights=1/2/3/4/5/6/7/8":   "want 7 whole numbers",
		"expert:weights=1/2/3/4/5/6/1001":  "want 7 whole numbers",
		"expert:weights=1/2/3/4/5/-1001/7": "want 7 whole numbers",
		"expert:weights=1/2/x/4/5/6/7":     "want 7 whole numbers",
	} {
		_, err = NewFromString(spec, 0)
		assert.ErrorContains(t, err, want, spec)
	}
	doc, ok := Describe("random")
	require.True(t, ok)
	assert.NotContains(t, doc, "options")
	doc, ok = Describe("expert")
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(doc, " (options: depth, nodes, time, tc, hash, qs, killers, lmr, weights, net, progress, ordering, prune, aspiration, vary, threads)"), doc)
}

// The expert plays the default net; net=none and naming the hand evaluation's weights
// play the hand evaluation, unless a net is named beside them.
func TestExpertEvaluatesWithTheDefaultNetUnlessTheWeightsAreNamed(t *testing.T) {
	for _, tc := range []struct {
		spec string
		net  bool
	}{
		{"expert", true}, {"expert:depth=3", true}, {"expert:net=default", true}, {"expert:net=none", false},
		{"expert:weights=100/1/0/0/0/0/0", false}, {"expert:weights=100/1/0/0/0/0/0,net=default", true},
	} {
		s, err := ParseSpec(tc.spec)
		require.NoError(t, err, tc.spec)
		o, ok := s.settings.(ExpertOptions)
		require.True(t, ok, tc.spec)
		if tc.net {
			assert.Same(t, nnue.Default(), o.Net, tc.spec)
		} else {
			assert.Nil(t, o.Net, tc.spec)
		}
	}
}
