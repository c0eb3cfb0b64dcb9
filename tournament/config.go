// config.go: what a run is (format, players, games, openings, rules, seed, shard), its
// schedule of games, and the run.json that lets --resume and merge check they continue
// the same run.

package tournament

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/puzzles/tablebase"
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
	// RunID names the run: 128 random bits drawn when it is created (or given, to share
	// it between the shards of one run). Every record carries it; a resumed run keeps it.
	RunID   string   `json:"run_id,omitempty"`
	Format  Format   `json:"format"`
	Players []string `json:"players"`
	Games   int      `json:"games_per_pairing"`
	// ExtendedFrom: the games per pairing before each extension of a run of several
	// pairings (--resume with more games), in order: the added games are played after
	// the earlier ones (Plan.Game). Absent for a run never extended or of one pairing,
	// whose extended schedule is that of a run started with the larger count.
	ExtendedFrom []int  `json:"extended_from,omitempty"`
	Openings     string `json:"openings"` // "start", "random:K", "book:K", "distinct:K", "even:K", "firstmove[:K]" or "file:PATH"
	// OpeningSet is the identity of the openings the spec gave: its parameters, the
	// balance judge's version and a SHA-256 of the positions, so that --resume, a shard
	// and merge refuse a set that differs (another judge, engine or file). Absent in
	// run.json files written before sets had an identity.
	OpeningSet *record.OpeningSet `json:"opening_set,omitempty"`
	// OpeningsSHA256 is the SHA-256 (hex) of the positions file of file:PATH openings, so
	// that a resumed run, a shard or a rerun plays the same positions.
	OpeningsSHA256 string `json:"openings_sha256,omitempty"`
	// FixedColours: no colour swap; the first-listed player of each pairing has White in
	// every game, every game has an opening of its own, and games are unpaired.
	FixedColours bool         `json:"fixed_colours,omitempty"`
	Seed         uint64       `json:"seed"`
	Rules        record.Rules `json:"rules"` // MaxPlies is the cap per game, counted from the opening
	// Tablebases: the expert probed endgame tablebases (their folder is not recorded:
	// tables built anywhere give the same values).
	Tablebases bool `json:"tablebases,omitempty"`
	// TablebaseDir is the folder the tables were read from (for the record; tables built
	// anywhere give the same values, so a resumed run may use another folder).
	TablebaseDir string `json:"tablebase_dir,omitempty"`
	// TablebaseFiles: the table files the players may probe, each checked whole before the
	// first game, with the checksums of its header (for the record, as TablebaseDir).
	TablebaseFiles []tablebase.FileSum `json:"tablebase_files,omitempty"`
	// DistinctOpenings is how many different openings the run's schedule uses, when the
	// kind of openings decides it (start, book, distinct); 0 for random openings.
	DistinctOpenings int `json:"distinct_openings,omitempty"`
	// AdjudicatePieces: games were ended by the tables (reason tablebase) at the first
	// position of at most this many pieces (0: played to the end). Which tables the
	// folder holds decides it, so a resumed run must give the same.
	AdjudicatePieces int `json:"adjudicate_pieces,omitempty"`
	// MoveData: each record holds what each mover's search reported (record.MoveData).
	MoveData bool `json:"move_data,omitempty"`
	// ScoreAdjudication: games ended by the scores the players report (0s: none).
	ScoreAdjudication
	// Engines: the external engines the players name (players/uci), as started.
	Engines []record.Engine `json:"engines,omitempty"`
	// Nets: the SHA-256 of the net file of each player that evaluates with a net, by
	// spec, so that a resumed run or a shard refuses a net changed under the same name.
	Nets map[string]string `json:"nets,omitempty"`
	// Deterministic: whether each player chooses the same turn in the same position
	// whatever its seed, by spec, so that readers of the records count a repeated game
	// between two such players once without parsing the specs (for the record: derived
	// from the players).
	Deterministic map[string]bool `json:"deterministic,omitempty"`
	// Invocations: the toolkit and command line of each process that started or resumed
	// the run, the start first (for the record: they do not decide the games). Run sets
	// them from the folder's run.json and Options.Invocation.
	Invocations []record.Invocation `json:"invocations,omitempty"`

	Concurrency int `json:"-"`
	Shard       int `json:"-"` // this process plays games with index % Shards == Shard
	Shards      int `json:"-"`
}

// EngineRules returns the engine rules of the run (without the ply cap, which is applied
// relative to each opening).
func (c *Config) EngineRules() engine.Rules {
	return engine.Rules{PaikaLimit: c.Rules.PaikaLimit, NoMovesDraw: c.Rules.NoMovesDraw, FirstTurnNoChain: c.Rules.FirstTurnNoChain}
}

// Validate checks the configuration; its errors (a *SettingError) name the setting at fault.
// It leaves c as it is: NewPlan returns what the checks parse.
func (c *Config) Validate() error {
	_, err := NewPlan(*c)
	return err
}

// Workers returns the number of game workers: Concurrency (all cores when 0), but never
// more than the shard's games, since a worker plays one game at a time.
func (c *Config) Workers() int {
	n := runtime.NumCPU()
	if c.Concurrency > 0 {
		n = c.Concurrency
	}
	return max(1, min(n, c.ShardGames()))
}

// ParseShard reads "i/n" (0-based i).
func ParseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, settingErrorf("%v %q: expected i/n with 0 <= i < n, e.g. 0/4", SettingShard, s)
	}
	return i, n, nil
}

// Pairing is one ordered pair of player indices; games alternate colours within it
// (with FixedColours, A has White in every game).
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

// InShard reports whether game i belongs to this process's shard.
func (c *Config) InShard(i int) bool { return c.Shards <= 1 || i%c.Shards == c.Shard }

// ShardGames returns how many of the run's games this process's shard plays.
func (c *Config) ShardGames() int {
	if c.Shards <= 1 {
		return c.TotalGames()
	}
	return (c.TotalGames() - c.Shard + c.Shards - 1) / c.Shards
}

// shardPosition returns the position in the shard of the run's game i (in the shard).
func (c *Config) shardPosition(i int) int {
	if c.Shards <= 1 {
		return i
	}
	return (i - c.Shard) / c.Shards
}

// shardIndex returns the index in the run of the shard's k-th game.
func (c *Config) shardIndex(k int) int {
	if c.Shards <= 1 {
		return k
	}
	return c.Shard + k*c.Shards
}

// sameRun reports whether two configurations describe the same games (their run ids,
// tablebase folders and derived opening counts aside).
func sameRun(a, b *Config) bool {
	return string(gamesJSON(a)) == string(gamesJSON(b))
}

// gamesJSON is the part of run.json that decides the games.
// runDifference names the first field (in JSON order of keys, nested fields as
// "rules.paika_limit") whose value differs between a folder's run a and the flags' run b,
// with both values, and how many other fields differ.
func runDifference(a, b *Config) string {
	var fa, fb map[string]any
	_ = json.Unmarshal(gamesJSON(a), &fa)
	_ = json.Unmarshal(gamesJSON(b), &fb)
	flat := func(m map[string]any) map[string]string {
		out := map[string]string{}
		var walk func(prefix string, v any)
		walk = func(prefix string, v any) {
			if sub, ok := v.(map[string]any); ok {
				for k, x := range sub {
					walk(prefix+k+".", x)
				}
				return
			}
			j, _ := json.Marshal(v)
			out[strings.TrimSuffix(prefix, ".")] = string(j)
		}
		walk("", m)
		return out
	}
	xa, xb := flat(fa), flat(fb)
	var diff []string
	for k := range xa {
		if xa[k] != xb[k] {
			diff = append(diff, k)
		}
	}
	for k := range xb {
		if _, ok := xa[k]; !ok {
			diff = append(diff, k)
		}
	}
	if len(diff) == 0 {
		return "no field differs"
	}
	sort.Strings(diff)
	orNone := func(v string) string {
		if v == "" {
			return "absent"
		}
		return v
	}
	msg := fmt.Sprintf("%s is %s there but %s in the flags", diff[0], orNone(xa[diff[0]]), orNone(xb[diff[0]]))
	if len(diff) > 1 {
		msg += fmt.Sprintf(" (and %d more: %s)", len(diff)-1, strings.Join(diff[1:], ", "))
	}
	return msg
}

func gamesJSON(c *Config) []byte {
	x := *c
	x.RunID, x.TablebaseDir, x.DistinctOpenings, x.TablebaseFiles, x.Invocations, x.Deterministic = "", "", 0, nil, nil, nil
	if s := x.OpeningSet; s != nil && s.Judge != "" {
		// The judge's version names its verdicts: its spec's spelling does not decide the games.
		set := *s
		set.JudgeSpec = ""
		x.OpeningSet = &set
	}
	j, _ := json.Marshal(&x)
	return j
}

// DefaultOutput is the output folder of a run of command (selfplay, tournament) when none
// is given: out/COMMAND-SEED, with -shardIofN for one shard of several.
func (c *Config) DefaultOutput(command string) string {
	out := fmt.Sprintf("out/%s-%d", command, c.Seed)
	if c.Shards > 1 {
		out += fmt.Sprintf("-shard%dof%d", c.Shard, c.Shards)
	}
	return out
}

// checkFormat refuses a format the toolkit does not play.
func (c *Config) checkFormat() error {
	if c.Format != SelfPlay && c.Format != RoundRobin && c.Format != Gauntlet {
		return settingErrorf("%v %q: expected round-robin or gauntlet", SettingFormat, c.Format)
	}
	return nil
}

// checkRunID refuses a run id given that is not 32 hex digits.
func (c *Config) checkRunID() error {
	if c.RunID == "" {
		return nil
	}
	if err := record.CheckRunID(c.RunID); err != nil {
		return settingErrorf("%v: %v", SettingRunID, err)
	}
	return nil
}
