// config.go: what a run is (format, players, games, openings, rules, seed, shard), its
// schedule of games, and the run.json that lets --resume and merge check they continue
// the same run.

package tournament

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// Format is how players are paired.
type Format string

// The formats.
const (
	SelfPlay   Format = "selfplay"    // one spec against itself
	RoundRobin Format = "round-robin" // every pair of players
	Gauntlet   Format = "gauntlet"    // the first player against each of the others
)

// DefaultMaxPlies is the default game cap.
const DefaultMaxPlies = 1000

// Config describes a run. The fields recorded in run.json decide its games; Concurrency
// and the shard only decide who plays them.
type Config struct {
	Format   Format      `json:"format"`
	Players  []string    `json:"players"`
	Games    int         `json:"games_per_pairing"`
	Openings string      `json:"openings"` // "start", "random:K" or "book:K"
	Seed     uint64      `json:"seed"`
	Rules    RulesRecord `json:"rules"` // MaxPlies is the cap per game, counted from the opening
	// Tablebases: the expert probed endgame tablebases (their folder is not recorded:
	// tables built anywhere give the same values).
	Tablebases bool `json:"tablebases,omitempty"`
	// Engines: the external engines the players name (players/uci), as started.
	Engines []EngineRecord `json:"engines,omitempty"`

	Concurrency int `json:"-"`
	Shard       int `json:"-"` // this process plays games with index % Shards == Shard
	Shards      int `json:"-"`
}

// EngineRules returns the engine rules of the run (without the ply cap, which is applied
// relative to each opening).
func (c *Config) EngineRules() engine.Rules {
	return engine.Rules{PaikaLimit: c.Rules.PaikaLimit, NoMovesDraw: c.Rules.NoMovesDraw, FirstTurnNoChain: c.Rules.FirstTurnNoChain}
}

// RecordRules converts engine rules and a cap to their record form.
func RecordRules(r engine.Rules, maxPlies int) RulesRecord {
	return RulesRecord{PaikaLimit: r.PaikaLimit, NoMovesDraw: r.NoMovesDraw, FirstTurnNoChain: r.FirstTurnNoChain, MaxPlies: maxPlies}
}

// Validate checks the configuration; its errors name the flag at fault.
func (c *Config) Validate() error {
	switch c.Format {
	case SelfPlay:
		if len(c.Players) != 1 {
			return fmt.Errorf("selfplay takes exactly one player, got %d", len(c.Players))
		}
	case RoundRobin, Gauntlet:
		if len(c.Players) < 2 {
			return fmt.Errorf("--players: %s needs at least two players, got %d", c.Format, len(c.Players))
		}
	default:
		return fmt.Errorf("--format %q: expected round-robin or gauntlet", c.Format)
	}
	seen := map[string]bool{}
	for _, spec := range c.Players {
		if _, err := players.ParseSpec(spec); err != nil {
			return err
		}
		if _, err := players.New(spec, 0); err != nil {
			return err
		}
		if seen[spec] && c.Format != SelfPlay {
			return fmt.Errorf("--players: %q is listed twice", spec)
		}
		seen[spec] = true
	}
	if c.Games < 1 {
		return fmt.Errorf("--games %d: must be at least 1", c.Games)
	}
	if _, _, err := parseOpeningSpec(c.Openings); err != nil {
		return err
	}
	if c.Rules.MaxPlies < 1 {
		return fmt.Errorf("--max-plies %d: must be at least 1", c.Rules.MaxPlies)
	}
	if c.Rules.PaikaLimit < 0 {
		return fmt.Errorf("--paika-limit %d: must be 0 (off) or more", c.Rules.PaikaLimit)
	}
	if c.Concurrency < 0 {
		return fmt.Errorf("--concurrency %d: must be 1 or more (0 = all cores)", c.Concurrency)
	}
	if c.Shards < 0 || c.Shard < 0 || (c.Shards > 0 && c.Shard >= c.Shards) {
		return fmt.Errorf("shard %d/%d: need 0 <= i < n", c.Shard, c.Shards)
	}
	return nil
}

// Workers returns the number of game workers (all cores when Concurrency is 0).
func (c *Config) Workers() int {
	if c.Concurrency > 0 {
		return c.Concurrency
	}
	return runtime.NumCPU()
}

// ParseShard reads "i/n" (0-based i).
func ParseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: expected i/n with 0 <= i < n, e.g. 0/4", s)
	}
	return i, n, nil
}

// Pairing is one ordered pair of player indices; games alternate colours within it.
type Pairing struct{ A, B int }

// Pairings lists the pairings of the run in schedule order.
func (c *Config) Pairings() []Pairing {
	switch c.Format {
	case SelfPlay:
		return []Pairing{{0, 0}}
	case Gauntlet:
		var out []Pairing
		for j := 1; j < len(c.Players); j++ {
			out = append(out, Pairing{0, j})
		}
		return out
	}
	var out []Pairing
	for i := 0; i < len(c.Players); i++ {
		for j := i + 1; j < len(c.Players); j++ {
			out = append(out, Pairing{i, j})
		}
	}
	return out
}

// TotalGames returns the number of games in the whole run (all shards).
func (c *Config) TotalGames() int { return len(c.Pairings()) * c.Games }

// GameSpec is one scheduled game.
type GameSpec struct {
	Index        int // position in the run's schedule
	Pair         int // colour-swapped pair number within the run: both games share the opening
	OpeningIndex int // which opening (the pair number within the pairing)
	White, Black string
	Seed         uint64
}

// Game returns scheduled game i: pairing i / Games; within it, pair (i % Games) / 2 with
// the first game's colours as listed and the second's swapped.
func (c *Config) Game(i int) GameSpec {
	ps := c.Pairings()
	pg := ps[i/c.Games]
	k := i % c.Games
	white, black := c.Players[pg.A], c.Players[pg.B]
	if k%2 == 1 {
		white, black = black, white
	}
	pairsPerPairing := (c.Games + 1) / 2
	return GameSpec{
		Index:        i,
		Pair:         (i/c.Games)*pairsPerPairing + k/2,
		OpeningIndex: k / 2,
		White:        white,
		Black:        black,
		Seed:         mix(c.Seed, uint64(i)),
	}
}

// InShard reports whether game i belongs to this process's shard.
func (c *Config) InShard(i int) bool { return c.Shards <= 1 || i%c.Shards == c.Shard }

// mix derives a well-spread 64-bit value from a seed and a stream number (splitmix64).
func mix(seed, stream uint64) uint64 {
	z := seed ^ (stream+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// sameRun reports whether two configurations describe the same games.
func sameRun(a, b *Config) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
