package tournament

import (
	"encoding/json"
	"runtime"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateAcceptsTheBounds: every limit Validate states is inclusive on the allowed
// side ("at least 1", "between 1 and MaxCountedPlies", "0 (off) or more", "0 <= i < n").
func TestValidateAcceptsTheBounds(t *testing.T) {
	for name, mut := range map[string]func(*Config){
		"one game":            func(c *Config) { c.Games = 1 },
		"max-plies 1":         func(c *Config) { c.Rules.MaxPlies = 1 },
		"max-plies at cap":    func(c *Config) { c.Rules.MaxPlies = stats.MaxCountedPlies },
		"paika-limit 0 (off)": func(c *Config) { c.Rules.PaikaLimit = 0 },
		// Three players, three pairings: the most games a pairing may have.
		"games at the cap": func(c *Config) { c.Games = maxGames / 3 },
		// 3 pairings × 2 games = 6 games: shard 5 of 6 plays game 5.
		"last shard with a game": func(c *Config) { c.Games, c.Shard, c.Shards = 2, 5, 6 },
	} {
		cfg := testConfig(2)
		mut(&cfg)
		assert.NoError(t, cfg.Validate(), name)
	}
	for name, c := range map[string]struct {
		mut  func(*Config)
		want string
	}{
		"max-plies above the cap": {func(c *Config) { c.Rules.MaxPlies = stats.MaxCountedPlies + 1 }, "max_plies"},
		"paika-limit -1":          {func(c *Config) { c.Rules.PaikaLimit = -1 }, "paika_limit -1"},
		// maxGames/3 + 1 per pairing is over the cap with three pairings.
		"games over the cap": {func(c *Config) { c.Games = maxGames/3 + 1 }, "at most"},
		"shard i = n":        {func(c *Config) { c.Shard, c.Shards = 3, 3 }, "need 0 <= i < n"},
		// 6 games: shard 6 of 7 would play none.
		"shard past the games": {func(c *Config) { c.Games, c.Shard, c.Shards = 2, 6, 7 }, "would play none"},
	} {
		cfg := testConfig(2)
		c.mut(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.want, name)
		}
	}
}

func TestParseShardBounds(t *testing.T) {
	for s, want := range map[string][2]int{"0/1": {0, 1}, "0/4": {0, 4}, "3/4": {3, 4}} {
		i, n, err := ParseShard(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, want, [2]int{i, n}, s)
		}
	}
	for _, s := range []string{"0/0", "-1/4", "4/4", "1", "a/2"} {
		_, _, err := ParseShard(s)
		assert.Error(t, err, s)
	}
}

// TestWorkersZeroMeansAllCores: Concurrency 0 is every core, anything else itself, but
// never more workers than the shard has games (one goroutine a worker).
func TestWorkersZeroMeansAllCores(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1000}
	assert.Equal(t, runtime.NumCPU(), c.Workers())
	c.Concurrency = runtime.NumCPU() + 3
	assert.Equal(t, runtime.NumCPU()+3, c.Workers())
	c.Concurrency, c.Games = 100000000, 2
	assert.Equal(t, 2, c.Workers())
	c.Games, c.Shard, c.Shards = 5, 1, 4 // games 0–4: shard 1 of 4 plays game 1 only
	assert.Equal(t, 1, c.Workers())
	c.Concurrency = 0
	assert.Equal(t, 1, c.Workers())
}

// TestPairNumbersRunOnAcrossPairings: with 3 players and 5 games a pairing, each pairing
// has ⌈5/2⌉ = 3 pairs, so game 5 (the first of the second pairing) starts pair 3, and
// game 11 (game 1 of the third pairing) is in pair 6.
func TestPairNumbersRunOnAcrossPairings(t *testing.T) {
	c := testConfig(5)
	p, err := NewPlan(c)
	require.NoError(t, err)
	for i, want := range map[int]int{0: 0, 4: 2, 5: 3, 6: 3, 7: 4, 9: 5, 10: 6, 11: 6, 14: 8} {
		assert.Equal(t, want, p.Game(i).Pair, "game %d", i)
	}
}

// TestShardPositionsAndIndices: shard 1 of 2 plays games 1, 3, 5, ... as its games 0,
// 1, 2, ...; shard 2 of 3 plays 2, 5, 8.
func TestShardPositionsAndIndices(t *testing.T) {
	for _, c := range []struct{ shard, shards int }{{1, 2}, {2, 3}, {0, 3}} {
		cfg := testConfig(4)
		cfg.Shard, cfg.Shards = c.shard, c.shards
		for k := range 4 {
			i := c.shard + k*c.shards
			assert.Equal(t, i, cfg.shardIndex(k), "%+v k %d", c, k)
			assert.Equal(t, k, cfg.shardPosition(i), "%+v game %d", c, i)
			assert.True(t, cfg.InShard(i))
		}
	}
}

// TestRunDifferenceMessage: the first differing field with both values, then how many
// others differ.
func TestRunDifferenceMessage(t *testing.T) {
	a, b := testConfig(2), testConfig(4)
	assert.Equal(t, "games_per_pairing is 2 there but 4 in the flags", runDifference(&a, &b))
	b.Seed = 7
	assert.Equal(t, "games_per_pairing is 2 there but 4 in the flags (and 1 more: seed)", runDifference(&a, &b))
	b = testConfig(2)
	b.Tablebases = true
	assert.Equal(t, "tablebases is absent there but true in the flags", runDifference(&a, &b))
	assert.Equal(t, "no field differs", runDifference(&a, &a))
}

// A reader's view of run.json (record.RunInfo) reads back what the run wrote: each of
// its fields is a field of Config of the same JSON name, and TotalGames agrees.
func TestRunInfoReadsRunJSON(t *testing.T) {
	for _, f := range []Format{SelfPlay, RoundRobin, Gauntlet} {
		c := testConfig(6)
		c.Format = f
		if f == SelfPlay {
			c.Players = c.Players[:1]
		}
		c.RunID, c.DistinctOpenings, c.AdjudicatePieces, c.Tablebases, c.TablebaseDir, c.FixedColours = "0123456789abcdef0123456789abcdef", 3, 4, true, "tb", true
		c.OpeningSet = &record.OpeningSet{Policy: "random", Plies: 4, Positions: 2, SHA256: "ab"}
		c.Engines = []record.Engine{{Name: "e", Command: []string{"x"}, ID: "x 1"}}
		j, err := json.Marshal(&c)
		require.NoError(t, err)
		var info record.RunInfo
		require.NoError(t, json.Unmarshal(j, &info))
		back, err := json.Marshal(&info)
		require.NoError(t, err)
		var full, read map[string]any
		require.NoError(t, json.Unmarshal(j, &full))
		require.NoError(t, json.Unmarshal(back, &read))
		for k, v := range read {
			assert.Equal(t, full[k], v, "%s: field %s", f, k)
		}
		assert.Len(t, read, 14, "every field set")
		assert.Equal(t, c.TotalGames(), info.TotalGames(), f)
	}
}
