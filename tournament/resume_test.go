package tournament

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallRun is a quick two-game run of the random and greedy players.
func smallRun() Config {
	return Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 2, Openings: "start",
		Seed: 5, Rules: record.RulesFrom(engine.DefaultRules(), 40), Concurrency: 1}
}

// TestRunSaysItResumesOnlyWhenItDoes: a fresh run does not say "resuming" (nor warn of
// repeated games: the pair's two games have the players on opposite sides, so they
// differ); a resumed one says how many of the shard's games were already there.
func TestRunSaysItResumesOnlyWhenItDoes(t *testing.T) {
	out := t.TempDir()
	var logs []string
	o := Options{Out: out, Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
	_, err := Run(context.Background(), smallRun(), o)
	require.NoError(t, err)
	for _, l := range logs {
		assert.NotContains(t, l, "resuming")
		assert.NotContains(t, l, "warning", "two different games: no repeats to warn of")
	}
	logs = nil
	o.Resume = true
	_, err = Run(context.Background(), smallRun(), o)
	require.NoError(t, err)
	assert.Contains(t, strings.Join(logs, "\n"), "resuming: 2 of 2 games already in "+filepath.Join(out, record.GamesFile))
}

// TestRunReportsAFailedSummaryWrite: summary.json that cannot be written (a folder is in
// its place) is an error of the run, after the games are on disk.
func TestRunReportsAFailedSummaryWrite(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(out, record.SummaryFile, "x"), 0o755))
	_, err := Run(context.Background(), smallRun(), Options{Out: out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), record.SummaryFile)
	assert.Len(t, readGames(t, out), 2)
}

// TestRunStopsAtTheFirstDecidedCount: with one worker and under 50 games the SPRT is
// checked after every game (1, then n + n/50 + 1), so a run stopped by it holds exactly the games up to the
// first count at which the test over the games so far has decided.
func TestRunStopsAtTheFirstDecidedCount(t *testing.T) {
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	counts := map[int]bool{}
	for seed := range uint64(4) {
		c := smallRun()
		// Unpaired games (the trinomial test), so that it can decide after an odd count.
		c.Games, c.Seed, c.FixedColours = 40, seed, true
		out := t.TempDir()
		_, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt, StopOnSPRT: true})
		require.NoError(t, err)
		recs, bad, err := record.ReadRecordFiles([]string{filepath.Join(out, record.GamesFile)})
		require.NoError(t, err)
		require.Empty(t, bad)
		require.Less(t, len(recs), 40, "seed %d: the SPRT stopped the run", seed)
		counts[len(recs)%2] = true
		a := summary.NewAccumulator(sprt, c.Players, deterministic)
		for i := range recs {
			assert.False(t, a.SPRTDecided(1), "seed %d: decided before game %d", seed, i+1)
			a.Add(&recs[i], "")
		}
		assert.True(t, a.SPRTDecided(1), "seed %d", seed)
	}
	// An odd count among them, which checking only every other game would pass by.
	assert.True(t, counts[1], "an odd count")
}

// TestResumeComparesEngines: a run whose run.json names external engines resumes with the
// same engines (compared once they are started), not without them or with others.
func TestResumeComparesEngines(t *testing.T) {
	out := t.TempDir()
	engines := []record.Engine{{Name: "e", Command: []string{"e"}, ID: "E 1"}}
	start := func(es []record.Engine) func() ([]record.Engine, error) {
		return func() ([]record.Engine, error) { return es, nil }
	}
	_, err := Run(context.Background(), smallRun(), Options{Out: out, StartEngines: start(engines)})
	require.NoError(t, err)
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true, StartEngines: start(engines)})
	assert.NoError(t, err, "the same engines")
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true})
	assert.ErrorContains(t, err, "holds a different run", "no engines")
	other := []record.Engine{{Name: "e", Command: []string{"e"}, ID: "E 2"}}
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true, StartEngines: start(other)})
	assert.Error(t, err, "another engine")
}

// TestOneShardNeedsNoRunID: --shard 0/1 is the whole run; only several shards need a
// shared run id.
func TestOneShardNeedsNoRunID(t *testing.T) {
	c := smallRun()
	c.Shard, c.Shards = 0, 1
	_, err := Run(context.Background(), c, Options{Out: t.TempDir()})
	assert.NoError(t, err)
	c.Shards = 2
	_, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	assert.ErrorContains(t, err, "run_id")
}

// TestResumeCutsAnIncompleteLine: a games file ending in a line without its newline is
// cut after its last newline (to nothing when it has none) and the run completed; a
// duplicated record is dropped with a warning, and only then.
func TestResumeCutsAnIncompleteLine(t *testing.T) {
	for _, prefix := range []string{"", "\n"} {
		out := t.TempDir()
		var logs []string
		o := Options{Out: out, Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
		_, err := Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		path := filepath.Join(out, record.GamesFile)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		first := string(data[:strings.IndexByte(string(data), '\n')+1])
		require.NoError(t, os.WriteFile(path, []byte(prefix+first[:len(first)/2]), 0o644))
		logs, o.Resume = nil, true
		_, err = Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		all := strings.Join(logs, "\n")
		assert.Contains(t, all, path+": dropped an incomplete last line", "prefix %q", prefix)
		assert.NotContains(t, all, "duplicate", "prefix %q", prefix)
		data, err = os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(data), prefix+"{"), "prefix %q: %.20q", prefix, data)
		assert.Len(t, readGames(t, out), 2, "prefix %q", prefix)

		// The first record written twice: dropped, with a warning.
		data, err = os.ReadFile(path)
		require.NoError(t, err)
		line := strings.TrimPrefix(string(data), prefix)
		line = line[:strings.IndexByte(line, '\n')+1]
		require.NoError(t, os.WriteFile(path, append(data, line...), 0o644))
		logs = nil
		_, err = Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		assert.Contains(t, strings.Join(logs, "\n"), "dropped 1 exact duplicate records", "prefix %q", prefix)
	}
}

// TestResumeComparesNets: run.json records the SHA-256 of a player's net file, and a net
// changed under the same path is another player.
func TestResumeComparesNets(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "n.fnn")
	writeNet := func(bias float32) string {
		f := nnue.NewFloat(nnue.Shape{Hidden: 4, Layer: 2}, 100)
		f.B3 = bias
		n, err := nnue.Quantise(f, nnue.Header{})
		require.NoError(t, err)
		b, err := n.Encode()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, b, 0o644))
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	}
	first := writeNet(0.1)
	c := smallRun()
	spec := "expert:depth=1,net=" + path
	c.Players = []string{spec, "random"}
	out := filepath.Join(dir, "run")
	_, err := Run(context.Background(), c, Options{Out: out})
	require.NoError(t, err)
	var rec struct {
		Nets map[string]string `json:"nets"`
	}
	b, err := os.ReadFile(filepath.Join(out, "run.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &rec))
	assert.Equal(t, map[string]string{spec: first}, rec.Nets)

	c = smallRun()
	c.Players = []string{spec, "random"}
	_, err = Run(context.Background(), c, Options{Out: out, Resume: true})
	assert.NoError(t, err, "the same net")
	writeNet(0.2)
	c = smallRun()
	c.Players = []string{spec, "random"}
	_, err = Run(context.Background(), c, Options{Out: out, Resume: true})
	assert.ErrorContains(t, err, "nets", "another net under the same name")
}
