// engines_test.go: runs whose players are external engines (package players/uci): the
// same games through the protocol as in process, forfeits with their reasons, clocks.

package tournament_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/players/uci/ucitest"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) {
	code := m.Run()
	ucitest.Remove()
	os.Exit(code)
}

// runGames plays a tournament with the engines declared and returns its records by index.
func runGames(t *testing.T, cfgs []uci.EngineConfig, c tournament.Config) ([]record.Record, *uci.Engines, string) {
	t.Helper()
	out := t.TempDir()
	e := uci.NewEngines(out, nil)
	for _, cfg := range cfgs {
		require.NoError(t, e.Declare(cfg))
	}
	recs, err := e.Start()
	require.NoError(t, err)
	for _, r := range recs {
		c.Engines = append(c.Engines, record.Engine(r))
	}
	defer e.Close()
	if c.Rules == (record.Rules{}) {
		c.Rules = record.RulesFrom(engine.DefaultRules(), tournament.DefaultMaxPlies)
	}
	_, err = tournament.Run(context.Background(), c, tournament.Options{Out: out})
	require.NoError(t, err)
	games, bad, err := record.ReadRecordFiles([]string{filepath.Join(out, record.GamesFile)})
	require.NoError(t, err)
	require.Empty(t, bad)
	sort.Slice(games, func(i, j int) bool { return games[i].Index < games[j].Index })
	return games, e, out
}

func turnsOf(recs []record.Record) [][]string {
	out := make([][]string, len(recs))
	for i, r := range recs {
		out[i] = r.Turns
	}
	return out
}

// The expert at depth 4 plays the same games in process and through the protocol, both
// with the server in this process and with fanorona engine as a program.
func TestProtocolGamesIdenticalToInProcess(t *testing.T) {
	fanorona, _ := ucitest.Binaries(t)
	base := tournament.Config{Format: tournament.RoundRobin, Games: 4, Openings: "random:4", Seed: 7, Concurrency: 2}
	in := base
	in.Players = []string{"expert:depth=4", "medium"}
	want, _, _ := runGames(t, nil, in)
	require.Len(t, want, 4)

	for _, cfg := range []uci.EngineConfig{
		{Name: "pipe-expert", Server: &uci.ServerConfig{Player: "expert", Rules: engine.DefaultRules()}},
		{Name: "proc-expert", Command: []string{fanorona, "engine", "--player", "expert", "--tablebases", "none"}},
	} {
		c := base
		c.Players = []string{cfg.Name + ":depth=4", "medium"}
		got, _, _ := runGames(t, []uci.EngineConfig{cfg}, c)
		assert.Equal(t, turnsOf(want), turnsOf(got), cfg.Name)
		for i := range got {
			assert.Equal(t, want[i].Result, got[i].Result)
			assert.Empty(t, got[i].Forfeit)
		}
	}
}

// Every way an engine can fail loses its game with its own reason, the run completes,
// and the engine is restarted for the next game.
func TestMisbehavingEnginesLoseWithTheirReason(t *testing.T) {
	_, bad := ucitest.Binaries(t)
	const after = 3 // legal turns a bad engine plays before it misbehaves
	eng := func(mode string, limits ...string) uci.EngineConfig {
		return uci.EngineConfig{Name: mode, Command: []string{bad, mode, "3"},
			Margin: uci.Duration(100 * time.Millisecond), Timeout: uci.Duration(400 * time.Millisecond)}
	}
	cfgs := []uci.EngineConfig{eng("crash"), eng("illegal"), eng("garbage"), eng("silent"), eng("slow"), eng("noisy")}
	c := tournament.Config{Format: tournament.Gauntlet, Games: 2, Openings: "start", Seed: 1, Concurrency: 2,
		Players: []string{"random", "crash:depth=1", "illegal:depth=1", "garbage:depth=1", "silent:depth=1", "slow:movetime=50", "noisy:depth=1"}}
	recs, e, out := runGames(t, cfgs, c)
	require.Len(t, recs, 12, "every game recorded")
	want := map[string]string{"crash": "crash", "illegal": "illegal-move", "garbage": "illegal-move",
		"silent": "no-answer", "slow": "time-forfeit"}
	text := map[string]string{"crash": "exit status 3", "illegal": `bestmove "a1a2"`, "garbage": `bestmove "xyzzy!"`,
		"silent": "no answer", "slow": "allowed"}
	for _, r := range recs {
		mode, badSide := strings.Split(r.Black, ":")[0], "1-0"
		if r.White != "random" {
			mode, badSide = strings.Split(r.White, ":")[0], "0-1"
		}
		if mode == "noisy" {
			assert.NotContains(t, record.ForfeitReasons, r.Reason, "stray lines are no failure: %+v", r)
			continue
		}
		assert.Equal(t, want[mode], r.Reason, "game %d (%s)", r.Index, mode)
		assert.Equal(t, badSide, r.Result, "game %d: the failing engine loses", r.Index)
		assert.Contains(t, r.Forfeit, text[mode], "game %d", r.Index)
		// Restarted: in each game the engine first played its legal turns again.
		badTurns := r.Plies / 2
		assert.GreaterOrEqual(t, badTurns, after, "game %d (%s): %d plies", r.Index, mode, r.Plies)
	}
	e.Close()
	assert.Zero(t, e.Live(), "every process ended")
	log, err := os.ReadFile(filepath.Join(out, "engine-crash.log"))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(log), "badengine crash started"), "one process per game: the crashed one is replaced: %s", log)
	assert.Contains(t, string(log), "misbehaving now: crash")
}

func TestEngineThatNeverHandshakesIsReportedAtStart(t *testing.T) {
	_, bad := ucitest.Binaries(t)
	e := uci.NewEngines(t.TempDir(), nil)
	defer e.Close()
	require.NoError(t, e.Declare(uci.EngineConfig{Name: "mute", Command: []string{bad, "mute"}, Timeout: uci.Duration(300 * time.Millisecond)}))
	_, err := e.Start()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "uciok")
	e2 := uci.NewEngines("", nil)
	defer e2.Close()
	require.NoError(t, e2.Declare(uci.EngineConfig{Name: "nosuch", Command: []string{filepath.Join(t.TempDir(), "nosuch")}}))
	_, err = e2.Start()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nosuch")
}

func TestEngineNamesInSpecs(t *testing.T) {
	e := uci.NewEngines("", nil)
	require.NoError(t, e.Declare(uci.EngineConfig{Name: "specs-ext", Server: &uci.ServerConfig{Player: "random"}}))
	_, err := players.NewFromString("specs-ext:movetime=200", 0)
	assert.NoError(t, err)
	_, err = players.NewFromString("specs-ext:tc=10+0.1", 0)
	assert.NoError(t, err)
	_, err = players.NewFromString("specs-ext:movetime=abc", 0)
	assert.ErrorContains(t, err, "movetime=abc")
	_, err = players.NewFromString("specs-ext:hash=3", 0)
	assert.ErrorContains(t, err, `unknown option "hash"`)
	assert.Error(t, e.Declare(uci.EngineConfig{Name: "expert", Command: []string{"x"}}), "a built-in name")
	e.Close()
	_, err = players.NewFromString("specs-ext", 0)
	assert.ErrorContains(t, err, "unknown player", "Close withdraws the name")
}

// The Python example engine of docs/PROTOCOL.md plays legal turns only, and its games
// repeat with the run's seed (fanorona sets its Seed option before each game).
func TestPythonExampleEngine(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "docs", "examples", "random_engine.py")
	cfg := uci.EngineConfig{Name: "pyrandom", Command: []string{python, script}}
	c := tournament.Config{Format: tournament.Gauntlet, Games: 6, Openings: "random:2", Seed: 3, Concurrency: 2,
		Players: []string{"pyrandom:movetime=1000", "random"}}
	first, _, _ := runGames(t, []uci.EngineConfig{cfg}, c)
	again, _, _ := runGames(t, []uci.EngineConfig{cfg}, c)
	require.Len(t, first, 6)
	for _, r := range first {
		assert.Empty(t, r.Forfeit, "game %d", r.Index)
		assert.NotContains(t, record.ForfeitReasons, r.Reason)
	}
	assert.Equal(t, turnsOf(first), turnsOf(again), "same seed, same games")
	c.Seed = 4
	other, _, _ := runGames(t, []uci.EngineConfig{cfg}, c)
	assert.NotEqual(t, turnsOf(first), turnsOf(other), "another seed, other games")
}

// Cancelling a run (Ctrl-C) while an engine is thinking ends the run promptly, records no
// half game, and Close ends every process.
func TestCancelledRunEndsEngines(t *testing.T) {
	_, bad := ucitest.Binaries(t)
	out := t.TempDir()
	e := uci.NewEngines(out, nil)
	require.NoError(t, e.Declare(uci.EngineConfig{Name: "cancel-silent", Command: []string{bad, "silent", "0"}}))
	_, err := e.Start()
	require.NoError(t, err)
	c := tournament.Config{Format: tournament.Gauntlet, Games: 4, Openings: "start", Seed: 1, Concurrency: 2,
		Players: []string{"random", "cancel-silent:depth=1"}, Rules: record.RulesFrom(engine.DefaultRules(), 100)}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = tournament.Run(ctx, c, tournament.Options{Out: out})
	assert.ErrorIs(t, err, tournament.ErrInterrupted)
	assert.Less(t, time.Since(start), 3*time.Second, "the default 60 s timeout is not waited for")
	assert.Zero(t, e.Live(), "a process stopped mid-search is ended with its game")
	e.Close()
	assert.Zero(t, e.Live())
	games, _, err := record.ReadRecordFiles([]string{filepath.Join(out, record.GamesFile)})
	require.NoError(t, err)
	assert.Empty(t, games)
}

// A clock: the engine is sent its own remaining time and increment, which shrink and grow
// turn by turn; an engine that overruns its clock loses on time.
func TestClockLimits(t *testing.T) {
	_, bad := ucitest.Binaries(t)
	cfgs := []uci.EngineConfig{
		{Name: "clock-pipe", Server: &uci.ServerConfig{Player: "greedy"}, Trace: true},
		{Name: "clock-slow", Command: []string{bad, "slow", "2"}, Margin: uci.Duration(50 * time.Millisecond)},
	}
	c := tournament.Config{Format: tournament.Gauntlet, Games: 2, Openings: "start", Seed: 2, Concurrency: 1,
		Players: []string{"random", "clock-pipe:tc=5+0.25", "clock-slow:tc=0.2+0"}}
	recs, _, out := runGames(t, cfgs, c)
	require.Len(t, recs, 4)
	for _, r := range recs {
		eng := r.White
		if eng == "random" {
			eng = r.Black
		}
		switch {
		case strings.HasPrefix(eng, "clock-pipe"):
			assert.Empty(t, r.Forfeit, "game %d", r.Index)
		default:
			assert.Equal(t, "time-forfeit", r.Reason, "game %d", r.Index)
			assert.Contains(t, r.Forfeit, "allowed")
		}
	}
	log, err := os.ReadFile(filepath.Join(out, "engine-clock-pipe.log"))
	require.NoError(t, err)
	var clocks []int
	for _, line := range strings.Split(string(log), "\n") {
		if _, rest, ok := strings.Cut(line, "> go wtime "); ok {
			n, err := strconv.Atoi(strings.Fields(rest)[0])
			require.NoError(t, err)
			clocks = append(clocks, n)
			assert.Contains(t, rest, "winc 250 binc 250")
		}
	}
	require.Greater(t, len(clocks), 4)
	assert.Equal(t, 5000, clocks[0], "the first turn has the whole base time")
	// Greedy answers at once: each turn adds nearly the whole increment.
	assert.Greater(t, clocks[2], clocks[0]+400)
}

// BenchmarkRandomGames plays random against random: both in process, or one of them
// through the protocol. One op is one game; games/s is reported.
func BenchmarkRandomGames(b *testing.B) {
	for _, how := range []string{"in-process", "pipe", "process"} {
		b.Run(how, func(b *testing.B) {
			white := "random"
			if how != "in-process" {
				ucitest.BenchEngines(b, how)
				white = "bench-" + how + ":depth=1"
			}
			r := engine.DefaultRules()
			ctx := context.Background()
			plies := 0
			b.ReportAllocs()
			b.ResetTimer()
			seed := uint64(0)
			for b.Loop() {
				seed++
				w, err := players.NewFromString(white, seed)
				require.NoError(b, err)
				bl, _ := players.NewFromString("random", seed+1000)
				rec, err := tournament.PlayGame(ctx, w, bl, engine.Start(), r, tournament.DefaultMaxPlies)
				if c, ok := w.(io.Closer); ok {
					c.Close()
				}
				if err != nil || rec.Forfeit != "" {
					b.Fatal(err, rec.Forfeit)
				}
				plies += rec.Plies
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
