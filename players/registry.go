// registry.go: player specs ("expert:depth=8,hash=64"), parsed and checked once into a
// Spec, and the registry of levels that builds players from them.

package players

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/players/nnue"
)

// Spec is a player spec parsed and checked: a name, its options as written ("name" or
// "name:key=value,key=value"), and the settings they give. ParseSpec makes one; New builds
// players from it, each game its own, without parsing again.
type Spec struct {
	Name    string
	Options map[string]string
	// settings are the options read into the player's own type (ExpertOptions,
	// LevelParams, MCTSOptions; nil for the players without settings and for external
	// engines, which read Options themselves); valid when checked.
	settings any
	checked  bool
}

// String returns the canonical spec: the name, then the options sorted by key.
func (s Spec) String() string {
	if len(s.Options) == 0 {
		return s.Name
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var sb strings.Builder
	sb.WriteString(s.Name)
	for i, k := range keys {
		if i == 0 {
			sb.WriteByte(':')
		} else {
			sb.WriteByte(',')
		}
		sb.WriteString(k + "=" + s.Options[k])
	}
	return sb.String()
}

// Deterministic reports whether every player the spec builds plays the same turns in the
// same positions whatever its seed: an expert without a time limit or a clock, with vary
// 0 and one thread. The other players draw at random from their seed (random, greedy, the
// levels, mcts), or are not known to be deterministic (external engines). Two games
// between deterministic players from the same opening are the same game.
func (s Spec) Deterministic() bool {
	if !s.checked { // a literal: read as ParseSpec would
		var err error
		if s, err = ParseSpec(s.String()); err != nil {
			return false
		}
	}
	e, ok := s.settings.(ExpertOptions)
	return ok && e.Time == 0 && e.Clock == (TimeControl{}) && e.Vary == 0 && e.Threads <= 1
}

// NetSHA256 returns the SHA-256 (hex) of the net file the spec's players evaluate with,
// or "" when they use none: what a run records, so that a net file changed under the same
// path is not taken for the same player.
func (s Spec) NetSHA256() string {
	if e, ok := s.settings.(ExpertOptions); ok && e.Net != nil {
		return e.Net.SHA256
	}
	return ""
}

// kind is one registered player: its options, how to read them and how to build it.
type kind struct {
	doc     string
	options []string // known option keys, in the order they are listed
	retired []string // option keys taken once, by experiments that did not win (docs/EXPERIMENTS.md)
	// settings reads the options into the player's settings (nil: the player has none),
	// the first bad value in o.err.
	settings func(o *optionReader) any
	// check checks the options of a player without settings (external engines).
	check func(opts map[string]string) error
	build func(s Spec, seed uint64, cfg *config) (Player, error)
}

var registry = map[string]kind{
	"random": {doc: "uniform over the complete legal turns (capture paths counted separately)",
		build: func(_ Spec, seed uint64, _ *config) (Player, error) { return NewRandom(seed), nil }},
	"greedy": {doc: "the turn that captures most, ties broken at random",
		build: func(_ Spec, seed uint64, _ *config) (Player, error) { return NewGreedy(seed), nil }},
	"easy":   levelKind("computer level 1 of 3", EasyParams),
	"medium": levelKind("computer level 2 of 3", MediumParams),
	"hard":   levelKind("computer level 3 of 3", HardParams),
	"expert": {doc: "iterative-deepening alpha-beta with a transposition table (default limit nodes=1000000)",
		options: []string{"depth", "nodes", "time", "tc", "hash", "qs", "killers", "lmr",
			"weights", "net", "progress", "ordering", "prune", "aspiration", "vary", "threads"},
		retired: []string{"v", "eval", "null", "extend", "rep", "partial", "delta", "qtt", "qforced", "keep", "clmr", "qdelta", "qtable"},
		settings: func(o *optionReader) any {
			e := DefaultExpertOptions()
			if !o.has("depth") && !o.has("nodes") && !o.has("time") && !o.has("tc") {
				e.Nodes = DefaultExpertNodes
			}
			o.int("depth", &e.Depth, 1, maxPly/2-1)
			o.uint64("nodes", &e.Nodes)
			o.duration("time", &e.Time)
			o.timeControl("tc", &e.Clock)
			o.int("hash", &e.HashMB, 0, 1<<14)
			o.bool("qs", &e.Quiesce)
			o.bool("killers", &e.Killers)
			o.bool("lmr", &e.LMR)
			if o.has("weights") { // the hand evaluation's weights: no net unless one is named too
				e.Weights, e.Net = new([NumFeatures]int), nil
				o.weights("weights", e.Weights)
			}
			o.net("net", &e.Net)
			o.bool("progress", &e.Progress)
			o.bool("ordering", &e.Ordering)
			o.bool("prune", &e.Prune)
			o.bool("aspiration", &e.Aspiration)
			o.int("vary", &e.Vary, 0, PieceValue)
			o.int("threads", &e.Threads, 1, 64)
			return e
		},
		build: func(s Spec, seed uint64, cfg *config) (Player, error) {
			e := s.settings.(ExpertOptions)
			e.Oracle = cfg.oracle
			return NewExpertSeeded(e, seed), nil
		}},
	"mcts": {doc: "UCT with uniformly random playouts",
		options: []string{"playouts", "c", "plies", "time", "tc"},
		settings: func(o *optionReader) any {
			m := DefaultMCTSOptions()
			o.duration("time", &m.Time)
			o.timeControl("tc", &m.Clock)
			if (o.has("time") || o.has("tc")) && !o.has("playouts") {
				m.Playouts = 1 << 30 // a named time limit replaces the default playouts
			}
			o.int("playouts", &m.Playouts, 1, 1<<30)
			o.float("c", &m.Exploration, 0, 100)
			o.int("plies", &m.MaxPlies, 1, 1<<20)
			return m
		},
		build: func(s Spec, seed uint64, _ *config) (Player, error) {
			return NewMCTS(s.settings.(MCTSOptions), seed), nil
		}},
}

// DefaultExpertNodes is the node limit of a plain "expert" spec, which names no limit.
const DefaultExpertNodes = 1_000_000

func levelKind(doc string, def LevelParams) kind {
	return kind{doc: fmt.Sprintf("%s: %d candidates, depth %d, slack %g within %d", doc, def.Candidates, def.Depth, def.Slack, def.Margin),
		options: []string{"candidates", "depth", "qs", "slack", "margin", "vary", "time", "tc"},
		settings: func(o *optionReader) any {
			lp := def
			o.int("vary", &lp.Vary, 0, PieceValue)
			o.duration("time", &lp.Time)
			o.timeControl("tc", &lp.Clock)
			o.int("candidates", &lp.Candidates, 0, 1<<16)
			o.int("depth", &lp.Depth, 1, maxPly/4)
			o.bool("qs", &lp.Quiesce)
			o.float("slack", &lp.Slack, 0, 1)
			o.int("margin", &lp.Margin, 0, MateScore)
			return lp
		},
		build: func(s Spec, seed uint64, _ *config) (Player, error) {
			return NewLevel(s.settings.(LevelParams), seed), nil
		}}
}

// externals are the players declared at run time (external engines, players/uci), kept
// apart from the built-in levels and guarded because tests declare them concurrently.
var (
	externalsMu sync.RWMutex
	externals   = map[string]kind{}
)

// RegisterExternal declares a player the registry does not build itself (an external
// engine): specs name it like a level, "name" or "name:key=value", with the option keys
// listed; build receives the options as written and the game's seed. ParseSpec calls
// build once (seed 0, the player dropped) to check the values, so build must only read
// them, starting nothing.
func RegisterExternal(name, doc string, options []string, build func(opts map[string]string, seed uint64) (Player, error)) error {
	externalsMu.Lock()
	defer externalsMu.Unlock()
	if _, builtin := registry[name]; builtin || name == "" || strings.ContainsAny(name, ":,= ") {
		return fmt.Errorf("engine name %q: taken by a built-in player or not a plain name", name)
	}
	externals[name] = kind{doc: doc, options: options,
		check: func(opts map[string]string) error { _, err := build(opts, 0); return err },
		build: func(s Spec, seed uint64, _ *config) (Player, error) { return build(s.Options, seed) }}
	return nil
}

// UnregisterExternal removes a player declared by RegisterExternal.
func UnregisterExternal(name string) {
	externalsMu.Lock()
	defer externalsMu.Unlock()
	delete(externals, name)
}

// lookup returns the kind of a built-in or declared player.
func lookup(name string) (kind, bool) {
	if k, ok := registry[name]; ok {
		return k, true
	}
	externalsMu.RLock()
	defer externalsMu.RUnlock()
	k, ok := externals[name]
	return k, ok
}

// OptionKeys returns the option keys the named player's specs take.
func OptionKeys(name string) []string {
	k, _ := lookup(name)
	return slices.Clone(k.options)
}

// Names returns the registered player names, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	externalsMu.RLock()
	for n := range externals {
		names = append(names, n)
	}
	externalsMu.RUnlock()
	slices.Sort(names)
	return names
}

// Describe returns a one-line description of the named player and its options.
func Describe(name string) (string, bool) {
	k, ok := lookup(name)
	if !ok {
		return "", false
	}
	if len(k.options) == 0 {
		return k.doc, true
	}
	return k.doc + " (options: " + strings.Join(k.options, ", ") + ")", true
}

// Option adjusts how New builds a player beyond what its spec says.
type Option func(*config)

type config struct {
	oracle Oracle
}

// WithOracle gives the players that probe tablebases (expert) the oracle o.
func WithOracle(o Oracle) Option { return func(c *config) { c.oracle = o } }

// ParseSpec reads a spec "name" or "name:key=value,key=value" and checks it in full: the
// name, the option keys and their values. Nothing is built (no table is allocated). Errors
// are one line naming the spec and the problem, for example
// `player spec "expert:dpth=3": unknown option "dpth" (known: depth, nodes, time, ...)`.
func ParseSpec(spec string) (Spec, error) { return parseSpec(spec, false) }

// ParseRecordedSpec is ParseSpec for a spec read from a game record: the options a player
// took once and takes no more (experiments removed, docs/EXPERIMENTS.md) are left out
// instead of refused, so that an old record still tells whether its players were
// Deterministic.
func ParseRecordedSpec(spec string) (Spec, error) { return parseSpec(spec, true) }

func parseSpec(spec string, dropRetired bool) (Spec, error) {
	fail := func(format string, args ...any) (Spec, error) {
		return Spec{}, fmt.Errorf("player spec %q: %s", spec, fmt.Sprintf(format, args...))
	}
	name, rest, hasOpts := strings.Cut(strings.TrimSpace(spec), ":")
	if name == "" {
		return fail("no player name (known: %s)", strings.Join(Names(), ", "))
	}
	k, ok := lookup(name)
	if !ok {
		return fail("unknown player %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	s := Spec{Name: name, Options: map[string]string{}}
	if hasOpts && rest == "" {
		return fail("no options after ':'")
	}
	if hasOpts {
		for _, kv := range strings.Split(rest, ",") {
			key, value, ok := strings.Cut(kv, "=")
			key, value = strings.TrimSpace(key), strings.TrimSpace(value)
			if !ok || key == "" || value == "" {
				return fail("option %q is not key=value", kv)
			}
			if !slices.Contains(k.options, key) {
				if slices.Contains(k.retired, key) {
					if dropRetired {
						continue
					}
					return fail("option %q was removed: an experiment that did not win (docs/EXPERIMENTS.md)", key)
				}
				if len(k.options) == 0 {
					return fail("unknown option %q (%s takes no options)", key, name)
				}
				return fail("unknown option %q (known: %s)", key, strings.Join(k.options, ", "))
			}
			if _, dup := s.Options[key]; dup {
				return fail("option %q given twice", key)
			}
			s.Options[key] = value
		}
	}
	if k.settings != nil {
		o := optionReader{spec: spec, opts: s.Options}
		s.settings = k.settings(&o)
		if o.err != nil {
			return Spec{}, o.err
		}
	}
	if k.check != nil {
		if err := k.check(s.Options); err != nil {
			return Spec{}, err
		}
	}
	s.checked = true
	return s, nil
}

// New builds the player s names, its random choices seeded by seed. A Spec not made by
// ParseSpec (a literal) is checked first, as ParseSpec would.
func New(s Spec, seed uint64, opts ...Option) (Player, error) {
	if !s.checked {
		var err error
		if s, err = ParseSpec(s.String()); err != nil {
			return nil, err
		}
	}
	k, ok := lookup(s.Name)
	if !ok { // an external engine unregistered since the spec was parsed
		return nil, fmt.Errorf("player spec %q: unknown player %q (known: %s)", s, s.Name, strings.Join(Names(), ", "))
	}
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	return k.build(s, seed, &cfg)
}

// NewFromString parses spec (ParseSpec) and builds its player (New), for the callers that
// build one player from a spec once.
func NewFromString(spec string, seed uint64, opts ...Option) (Player, error) {
	s, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return New(s, seed, opts...)
}

// optionReader reads typed option values, keeping the first error.
type optionReader struct {
	spec string
	opts map[string]string
	err  error
}

func (o *optionReader) has(key string) bool { _, ok := o.opts[key]; return ok }

func (o *optionReader) fail(key, v, want string) {
	if o.err == nil {
		o.err = fmt.Errorf("player spec %q: option %s=%s: %s", o.spec, key, v, want)
	}
}

func (o *optionReader) int(key string, dst *int, lo, hi int) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		o.fail(key, v, fmt.Sprintf("want a whole number from %d to %d", lo, hi))
		return
	}
	*dst = n
}

// maxWeight bounds each weight of the weights option (hundredths of a piece a unit), far
// beyond any fitted weight (EvaluateWeights keeps the score below the proven results).
const maxWeight = 1000

// weights reads NumFeatures whole numbers separated by "/", one for each feature in
// FeatureNames order.
func (o *optionReader) weights(key string, dst *[NumFeatures]int) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	parts := strings.Split(v, "/")
	want := fmt.Sprintf("want %d whole numbers from %d to %d separated by / (%s)", NumFeatures, -maxWeight, maxWeight, strings.Join(FeatureNames[:], "/"))
	if len(parts) != NumFeatures {
		o.fail(key, v, want)
		return
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < -maxWeight || n > maxWeight {
			o.fail(key, v, want)
			return
		}
		dst[i] = n
	}
}

// net reads a network: "default" (the embedded one), "none" (the hand evaluation) or a
// net file's path, read at each parse (the players built from one parse share it).
func (o *optionReader) net(key string, dst **nnue.Net) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	n, err := nnue.Select(v)
	if err != nil {
		o.fail(key, v, err.Error())
		return
	}
	*dst = n
}

// NetNone is the net option's value for the hand evaluation.
const NetNone = nnue.NoneName

func (o *optionReader) uint64(key string, dst *uint64) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	n, err := strconv.ParseUint(strings.ReplaceAll(v, "_", ""), 10, 64)
	if err != nil || n == 0 {
		o.fail(key, v, "want a whole number of at least 1")
		return
	}
	*dst = n
}

func (o *optionReader) float(key string, dst *float64, lo, hi float64) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < lo || f > hi {
		o.fail(key, v, fmt.Sprintf("want a number from %g to %g", lo, hi))
		return
	}
	*dst = f
}

func (o *optionReader) duration(key string, dst *time.Duration) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		o.fail(key, v, "want a positive duration such as 200ms or 2s")
		return
	}
	*dst = d
}

func (o *optionReader) timeControl(key string, dst *TimeControl) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	tc, err := ParseTimeControl(v)
	if err != nil {
		o.fail(key, v, "want BASE+INC such as 10s+100ms")
		return
	}
	*dst = tc
}

func (o *optionReader) bool(key string, dst *bool) {
	v, ok := o.opts[key]
	if !ok {
		return
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		o.fail(key, v, "want true or false")
		return
	}
	*dst = b
}
