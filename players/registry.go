// registry.go: player specs ("expert:depth=8,hash=64") and the registry of levels.

package players

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Spec is a parsed player spec: a name and its options, written
// "name" or "name:key=value,key=value".
type Spec struct {
	Name    string
	Options map[string]string
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

// kind is one registered player: its options and how to build it.
type kind struct {
	doc     string
	options []string // known option keys, in the order they are listed
	retired []string // option keys taken once, by experiments that did not win (docs/EXPERIMENTS.md)
	build   func(o optionReader, seed uint64, cfg *config) (Player, error)
}

var registry = map[string]kind{
	"random": {doc: "uniform over the complete legal turns (capture paths counted separately)",
		build: func(_ optionReader, seed uint64, _ *config) (Player, error) { return NewRandom(seed), nil }},
	"greedy": {doc: "the turn that captures most, ties broken at random",
		build: func(_ optionReader, seed uint64, _ *config) (Player, error) { return NewGreedy(seed), nil }},
	"easy":   levelKind("computer level 1 of 3", EasyParams),
	"medium": levelKind("computer level 2 of 3", MediumParams),
	"hard":   levelKind("computer level 3 of 3", HardParams),
	"expert": {doc: "iterative-deepening alpha-beta with a transposition table (default limit nodes=1000000)",
		options: []string{"depth", "nodes", "time", "tc", "hash", "qs", "killers", "lmr",
			"weights", "progress", "ordering", "prune", "aspiration", "vary", "threads"},
		retired: []string{"v", "eval", "null", "extend", "rep", "partial", "delta", "qtt", "qforced", "keep", "clmr"},
		build: func(o optionReader, seed uint64, cfg *config) (Player, error) {
			e := DefaultExpertOptions()
			e.Oracle = cfg.oracle
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
			if o.has("weights") {
				e.Weights = new([NumFeatures]int)
				o.weights("weights", e.Weights)
			}
			o.bool("progress", &e.Progress)
			o.bool("ordering", &e.Ordering)
			o.bool("prune", &e.Prune)
			o.bool("aspiration", &e.Aspiration)
			o.int("vary", &e.Vary, 0, PieceValue)
			o.int("threads", &e.Threads, 1, 64)
			return NewExpertSeeded(e, seed), o.err
		}},
	"mcts": {doc: "UCT with uniformly random playouts",
		options: []string{"playouts", "c", "plies", "time", "tc"},
		build: func(o optionReader, seed uint64, _ *config) (Player, error) {
			m := DefaultMCTSOptions()
			o.duration("time", &m.Time)
			o.timeControl("tc", &m.Clock)
			if (o.has("time") || o.has("tc")) && !o.has("playouts") {
				m.Playouts = 1 << 30 // a named time limit replaces the default playouts
			}
			o.int("playouts", &m.Playouts, 1, 1<<30)
			o.float("c", &m.Exploration, 0, 100)
			o.int("plies", &m.MaxPlies, 1, 1<<20)
			return NewMCTS(m, seed), o.err
		}},
}

// DefaultExpertNodes is the node limit of a plain "expert" spec, which names no limit.
const DefaultExpertNodes = 1_000_000

func levelKind(doc string, def LevelParams) kind {
	return kind{doc: fmt.Sprintf("%s: %d candidates, depth %d, slack %g within %d", doc, def.Candidates, def.Depth, def.Slack, def.Margin),
		options: []string{"candidates", "depth", "qs", "slack", "margin", "vary", "time", "tc"},
		build: func(o optionReader, seed uint64, _ *config) (Player, error) {
			lp := def
			o.int("vary", &lp.Vary, 0, PieceValue)
			o.duration("time", &lp.Time)
			o.timeControl("tc", &lp.Clock)
			o.int("candidates", &lp.Candidates, 0, 1<<16)
			o.int("depth", &lp.Depth, 1, maxPly/4)
			o.bool("qs", &lp.Quiesce)
			o.float("slack", &lp.Slack, 0, 1)
			o.int("margin", &lp.Margin, 0, MateScore)
			return NewLevel(lp, seed), o.err
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
// listed; build receives the options as written and the game's seed.
func RegisterExternal(name, doc string, options []string, build func(opts map[string]string, seed uint64) (Player, error)) error {
	externalsMu.Lock()
	defer externalsMu.Unlock()
	if _, builtin := registry[name]; builtin || name == "" || strings.ContainsAny(name, ":,= ") {
		return fmt.Errorf("engine name %q: taken by a built-in player or not a plain name", name)
	}
	externals[name] = kind{doc: doc, options: options,
		build: func(o optionReader, seed uint64, _ *config) (Player, error) { return build(o.opts, seed) }}
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

// ParseSpec reads a spec "name" or "name:key=value,key=value" and checks the name and
// option keys against the registry (values are checked by New).
func ParseSpec(spec string) (Spec, error) {
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
	if !hasOpts {
		return s, nil
	}
	if rest == "" {
		return fail("no options after ':'")
	}
	for _, kv := range strings.Split(rest, ",") {
		key, value, ok := strings.Cut(kv, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			return fail("option %q is not key=value", kv)
		}
		if !slices.Contains(k.options, key) {
			if slices.Contains(k.retired, key) {
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
	return s, nil
}

// New builds the player a spec names, its random choices seeded by seed. Errors are one
// line naming the spec and the problem, for example
// `player spec "expert:dpth=3": unknown option "dpth" (known: depth, nodes, time, ...)`.
func New(spec string, seed uint64, opts ...Option) (Player, error) {
	s, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	k, _ := lookup(s.Name)
	pl, err := k.build(optionReader{spec: spec, opts: s.Options}, seed, &cfg)
	if err != nil {
		return nil, err
	}
	return pl, nil
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
