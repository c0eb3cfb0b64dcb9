// engines.go: external engines declared for a run, the processes each keeps running
// between games, and the players that play through them.

package uci

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// EngineConfig declares one external engine: declared once, named in player specs.
type EngineConfig struct {
	Name    string            `json:"name"`              // the name specs use ("myengine:movetime=200")
	Command []string          `json:"command"`           // program and arguments
	Dir     string            `json:"dir,omitempty"`     // working folder ("" = ours)
	Options map[string]string `json:"options,omitempty"` // setoption name K value V after uciok
	// Margin is how far past its time an answer may come before the game is lost on
	// time (default 500ms); Timeout bounds the handshake and searches without a time
	// limit (depth, nodes; default 60s).
	Margin  Duration `json:"margin,omitempty"`
	Timeout Duration `json:"timeout,omitempty"`
	// Trace writes every protocol line, sent ("[pid] > ...") and read ("[pid] < ..."), to
	// the engine's log.
	Trace bool `json:"trace,omitempty"`

	// Server, when set, runs our own Serve in this process instead of Command (tests,
	// benchmarks of the protocol without a process).
	Server *ServerConfig `json:"-"`
}

// Duration is a time.Duration written "500ms" in JSON.
type Duration time.Duration

// MarshalJSON writes the duration as text.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON reads "500ms" or "2s".
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("want a duration such as \"500ms\": %v", err)
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return fmt.Errorf("duration %q: want a duration such as \"500ms\"", s)
	}
	*d = Duration(v)
	return nil
}

// Defaults of the margin and timeout.
const (
	DefaultMargin  = 500 * time.Millisecond
	DefaultTimeout = 60 * time.Second
)

func (c *EngineConfig) margin() time.Duration {
	if c.Margin > 0 {
		return time.Duration(c.Margin)
	}
	return DefaultMargin
}

func (c *EngineConfig) timeout() time.Duration {
	if c.Timeout > 0 {
		return time.Duration(c.Timeout)
	}
	return DefaultTimeout
}

// DeclarationSource is where engine declarations come from: one declaration string or a
// file of them. Errors name sources by these values, the names of a command's flags
// (--engine, --engines).
type DeclarationSource string

// The sources of declarations.
const (
	FromDeclaration DeclarationSource = "engine"  // ParseEngineFlag's string
	FromFile        DeclarationSource = "engines" // ReadEnginesFile's file
)

// DeclarationError is a refused engine declaration: "engine "name=x": engine x: no
// cmd=", "engines e.json: engine 2: ...".
type DeclarationError struct {
	Source DeclarationSource
	Value  string // the declaration or the file's path; "" when Err names it (an unreadable file)
	Err    error  // what is wrong
}

// Error names the source by its DeclarationSource value.
func (e *DeclarationError) Error() string {
	return e.Text(func(s DeclarationSource) string { return string(s) })
}

// Text is the error with the source named by name.
func (e *DeclarationError) Text(name func(DeclarationSource) string) string {
	switch {
	case e.Value == "":
		return fmt.Sprintf("%s: %v", name(e.Source), e.Err)
	case e.Source == FromDeclaration:
		return fmt.Sprintf("%s %q: %v", name(e.Source), e.Value, e.Err)
	}
	return fmt.Sprintf("%s %s: %v", name(e.Source), e.Value, e.Err)
}

// Unwrap returns what is wrong.
func (e *DeclarationError) Unwrap() error { return e.Err }

// InputError is the engines as declared refused: a declaration DeclareAll refuses (a
// DeclarationError, a name declared twice), or an engine Start cannot start or that fails
// its handshake. A command reports it as bad input.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

// ParseEngineFlag reads one declaration string (a command's --engine value):
// "name=N,cmd=PROGRAM ARGS,dir=D,option.K=V,margin=500ms,timeout=60s". The command is
// split into words at spaces (quotes '...' and "..." keep spaces); a value may not hold a
// comma (use an engines file for that).
func ParseEngineFlag(s string) (EngineConfig, error) {
	fail := func(format string, args ...any) (EngineConfig, error) {
		return EngineConfig{}, &DeclarationError{Source: FromDeclaration, Value: s, Err: fmt.Errorf(format, args...)}
	}
	var c EngineConfig
	var cmd string
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return fail("%q is not key=value (keys: name, cmd, dir, option.NAME, margin, timeout, trace)", kv)
		}
		switch {
		case k == "name":
			c.Name = strings.TrimSpace(v)
		case k == "cmd":
			cmd = v
		case k == "dir":
			c.Dir = v
		case k == "trace":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fail("trace=%s: want true or false", v)
			}
			c.Trace = b
		case k == "margin" || k == "timeout":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return fail("%s=%s: want a duration such as 500ms", k, v)
			}
			if k == "margin" {
				c.Margin = Duration(d)
			} else {
				c.Timeout = Duration(d)
			}
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			if c.Options == nil {
				c.Options = map[string]string{}
			}
			c.Options[strings.TrimPrefix(k, "option.")] = v
		default:
			return fail("unknown key %q (keys: name, cmd, dir, option.NAME, margin, timeout, trace)", k)
		}
	}
	words, err := SplitCommand(cmd)
	if err != nil {
		return fail("cmd: %v", err)
	}
	c.Command = words
	if err := c.check(); err != nil {
		return fail("%v", err)
	}
	return c, nil
}

// ReadEnginesFile reads a JSON array of engine declarations (docs/PROTOCOL.md). A
// "command" may be given as one string ("cmd") to be split into words.
func ReadEnginesFile(path string) ([]EngineConfig, error) {
	fail := func(err error) ([]EngineConfig, error) {
		return nil, &DeclarationError{Source: FromFile, Value: path, Err: err}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &DeclarationError{Source: FromFile, Err: err} // err names the path
	}
	var raw []struct {
		EngineConfig
		Cmd string `json:"cmd"`
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fail(err)
	}
	out := make([]EngineConfig, 0, len(raw))
	for i, r := range raw {
		c := r.EngineConfig
		if r.Cmd != "" {
			if len(c.Command) > 0 {
				return fail(fmt.Errorf("engine %d: give cmd or command, not both", i+1))
			}
			if c.Command, err = SplitCommand(r.Cmd); err != nil {
				return fail(fmt.Errorf("engine %d: cmd: %v", i+1, err))
			}
		}
		if err := c.check(); err != nil {
			return fail(fmt.Errorf("engine %d: %v", i+1, err))
		}
		out = append(out, c)
	}
	return out, nil
}

func (c *EngineConfig) check() error {
	if c.Name == "" {
		return errors.New("no name=")
	}
	if strings.ContainsAny(c.Name, ":,= ") {
		return fmt.Errorf("name %q: use letters, digits, '-', '_' or '.'", c.Name)
	}
	if len(c.Command) == 0 && c.Server == nil {
		return fmt.Errorf("engine %s: no cmd=", c.Name)
	}
	return nil
}

// SplitCommand splits a command line into words at spaces; '...' and "..." quote.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%q: unclosed quote", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// Engines are the external engines of a run: their declarations and the processes that
// are running. A process serves one player (one side of one game) at a time; between
// games it waits idle for the next game of the same engine, so each worker in effect
// keeps its own processes, reused with ucinewgame. An engine that failed is ended and a
// new one started for the next game.
type Engines struct {
	mu     sync.Mutex
	decl   map[string]*EngineConfig
	order  []string
	idle   map[string][]*Process
	live   map[*Process]bool
	logDir string
	stderr io.Writer
	logs   map[string]*os.File
	closed bool
}

// NewEngines returns an empty set. Each engine's stderr is appended to
// logDir/engine-NAME.log when logDir is set, else written to stderr (nil: discarded).
func NewEngines(logDir string, stderr io.Writer) *Engines {
	return &Engines{decl: map[string]*EngineConfig{}, idle: map[string][]*Process{}, live: map[*Process]bool{},
		logDir: logDir, stderr: stderr, logs: map[string]*os.File{}}
}

// DeclareAll reads the declarations of the JSON file (when not "") and then those of the
// flag values (ParseEngineFlag), and declares them in a new Engines, starting none. It
// returns nil when nothing is declared; on an error (an InputError) nothing stays
// declared.
func DeclareAll(file string, flags []string, logDir string, stderr io.Writer) (*Engines, error) {
	engines, err := declareAll(file, flags, logDir, stderr)
	if err != nil {
		return nil, &InputError{err}
	}
	return engines, nil
}

func declareAll(file string, flags []string, logDir string, stderr io.Writer) (*Engines, error) {
	var cfgs []EngineConfig
	if file != "" {
		c, err := ReadEnginesFile(file)
		if err != nil {
			return nil, err
		}
		cfgs = append(cfgs, c...)
	}
	for _, d := range flags {
		c, err := ParseEngineFlag(d)
		if err != nil {
			return nil, err
		}
		cfgs = append(cfgs, c)
	}
	if len(cfgs) == 0 {
		return nil, nil
	}
	engines := NewEngines(logDir, stderr)
	for _, c := range cfgs {
		if err := engines.Declare(c); err != nil {
			engines.Close()
			return nil, err
		}
	}
	return engines, nil
}

// LimitKeys are the options of an external engine's spec.
var LimitKeys = []string{"movetime", "depth", "nodes", "tc"}

// Declare adds an engine and makes its name a player spec (players.RegisterExternal).
func (e *Engines) Declare(c EngineConfig) error {
	if err := c.check(); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, dup := e.decl[c.Name]; dup {
		return fmt.Errorf("engine %s is declared twice", c.Name)
	}
	cfg := c
	doc := "external engine: " + strings.Join(c.Command, " ")
	if c.Server != nil {
		doc = "in-process engine serving " + c.Server.Player
	}
	err := players.RegisterExternal(c.Name, doc, LimitKeys, func(opts map[string]string, seed uint64) (players.Player, error) {
		lim, err := parseLimits(opts)
		if err != nil {
			return nil, fmt.Errorf("player spec %s: %v", players.Spec{Name: cfg.Name, Options: opts}, err)
		}
		return &enginePlayer{engines: e, cfg: &cfg, limits: lim, seed: seed, clock: lim.base}, nil
	})
	if err != nil {
		return err
	}
	e.decl[c.Name] = &cfg
	e.order = append(e.order, c.Name)
	return nil
}

// Start starts every declared engine once (uci, options, isready) and keeps it for the
// first game, so that a wrong command or an engine that does not speak the protocol is
// found before the run. It returns the engines' records; a failure (an InputError) says
// where the engine's stderr is kept, when it has a log folder.
func (e *Engines) Start() ([]record.Engine, error) {
	var recs []record.Engine
	for _, name := range e.order {
		p, err := e.checkout(name)
		if err != nil && e.logDir != "" {
			return nil, &InputError{fmt.Errorf("engine %s: %v (its stderr is kept in %s when that folder existed before the run)",
				name, err, filepath.Join(e.logDir, "engine-*.log"))}
		} else if err != nil {
			return nil, &InputError{fmt.Errorf("engine %s: %v", name, err)}
		}
		e.checkin(p)
		c := e.decl[name]
		recs = append(recs, record.Engine{Name: name, Command: c.Command, Dir: c.Dir, Options: c.Options, ID: p.id})
	}
	return recs, nil
}

// checkout returns an idle process of the engine, or starts one.
func (e *Engines) checkout(name string) (*Process, error) {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, errors.New("engines closed")
	}
	cfg := e.decl[name]
	if n := len(e.idle[name]); n > 0 {
		p := e.idle[name][n-1]
		e.idle[name] = e.idle[name][:n-1]
		e.mu.Unlock()
		return p, nil
	}
	log, err := e.logFor(name)
	e.mu.Unlock()
	if err != nil {
		return nil, err
	}
	var t *transport
	if cfg.Server != nil {
		t = startServer(*cfg.Server)
	} else {
		if e.logDir != "" { // a log file: say which process its lines come from
			fmt.Fprintf(log, "== %s: starting %s\n", time.Now().UTC().Format(time.RFC3339), strings.Join(cfg.Command, " "))
		}
		if t, err = startProgram(cfg, log); err != nil {
			return nil, err
		}
	}
	p := &Process{name: name, t: t}
	if cfg.Trace {
		p.trace = log
	}
	e.mu.Lock()
	e.live[p] = true
	closed := e.closed
	e.mu.Unlock()
	if closed {
		e.end(p)
		return nil, errors.New("engines closed")
	}
	if err := p.handshake(cfg); err != nil {
		e.end(p)
		return nil, err
	}
	return p, nil
}

// logFor returns the writer of an engine's stderr (e.mu held).
func (e *Engines) logFor(name string) (io.Writer, error) {
	if e.logDir == "" {
		if e.stderr == nil {
			return io.Discard, nil
		}
		return e.stderr, nil
	}
	if f, ok := e.logs[name]; ok {
		return f, nil
	}
	f, err := os.OpenFile(filepath.Join(e.logDir, "engine-"+name+".log"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	e.logs[name] = f
	return f, nil
}

// checkin gives a process back after a game: kept when healthy, ended when not.
func (e *Engines) checkin(p *Process) {
	e.mu.Lock()
	if p.broken || e.closed {
		e.mu.Unlock()
		e.end(p)
		return
	}
	e.idle[p.name] = append(e.idle[p.name], p)
	e.mu.Unlock()
}

func (e *Engines) end(p *Process) {
	p.close()
	e.mu.Lock()
	delete(e.live, p)
	e.mu.Unlock()
}

// Close ends every process (quit, then the process group is killed), closes the logs and
// withdraws the engines' names from the player registry. A nil set has nothing to close.
func (e *Engines) Close() {
	if e == nil {
		return
	}
	e.mu.Lock()
	e.closed = true
	ps := make([]*Process, 0, len(e.live))
	for p := range e.live {
		ps = append(ps, p)
	}
	e.idle = map[string][]*Process{}
	e.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Go(func() { e.end(p) })
	}
	wg.Wait()
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, f := range e.logs {
		f.Close()
	}
	for _, n := range e.order {
		players.UnregisterExternal(n)
	}
}

// Live returns the number of engine processes running.
func (e *Engines) Live() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.live)
}

// limits are the budget a spec gives an external engine.
type limits struct {
	movetime    time.Duration
	depth       int
	nodes       uint64
	base, inc   time.Duration // clock "tc=BASE+INC" in seconds
	clock, none bool
}

// DefaultMovetime is the limit of a spec that names none.
const DefaultMovetime = time.Second

func parseLimits(opts map[string]string) (limits, error) {
	var l limits
	for k, v := range opts {
		switch k {
		case "movetime":
			if ms, err := strconv.ParseUint(v, 10, 32); err == nil && ms > 0 {
				l.movetime = time.Duration(ms) * time.Millisecond
			} else if d, err := time.ParseDuration(v); err == nil && d >= time.Millisecond {
				l.movetime = d
			} else {
				return l, fmt.Errorf("movetime=%s: want milliseconds (200) or a duration (200ms)", v)
			}
		case "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return l, fmt.Errorf("depth=%s: want a whole number of at least 1", v)
			}
			l.depth = n
		case "nodes":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n < 1 {
				return l, fmt.Errorf("nodes=%s: want a whole number of at least 1", v)
			}
			l.nodes = n
		case "tc":
			b, i, _ := strings.Cut(v, "+")
			base, err1 := strconv.ParseFloat(b, 64)
			inc, err2 := 0.0, error(nil)
			if i != "" {
				inc, err2 = strconv.ParseFloat(i, 64)
			}
			if err1 != nil || err2 != nil || base <= 0 || inc < 0 {
				return l, fmt.Errorf("tc=%s: want seconds+increment such as 10+0.1", v)
			}
			l.clock = true
			l.base, l.inc = time.Duration(base*float64(time.Second)), time.Duration(inc*float64(time.Second))
		}
	}
	if l.clock && l.movetime > 0 {
		return l, errors.New("give tc or movetime, not both")
	}
	if l.movetime == 0 && l.depth == 0 && l.nodes == 0 && !l.clock {
		l.movetime = DefaultMovetime
	}
	return l, nil
}

// enginePlayer plays one side of games through an external engine. It takes a process
// at its first turn and gives it back on Close (tournament closes players after a game).
type enginePlayer struct {
	engines *Engines
	cfg     *EngineConfig
	limits  limits
	seed    uint64
	proc    *Process
	clock   time.Duration // time left when playing on a clock

	// The game so far, sent as "position fen START moves ...": the opponent's turn is
	// recognised as the one leading from last to the position given.
	start   engine.Position
	moves   []string
	last    engine.Position
	hasLast bool

	report   players.SearchReport // the last search, for LastSearch (players.Reporter)
	reported bool
}

// LastSearch implements players.Reporter: the last info line before the last bestmove
// (score cp or mate, depth, nodes, time; the search's own time when no line gave one).
func (pl *enginePlayer) LastSearch() (players.SearchReport, bool) { return pl.report, pl.reported }

// ReportsScores implements players.Reporter: an engine's info lines may give a score.
func (pl *enginePlayer) ReportsScores() bool { return true }

// Choose implements players.Player.
func (pl *enginePlayer) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := pl.Analyze(ctx, p, r)
	return a.Turn, err
}

// Analyze implements players.Analyzer: the turn and what the engine's last info line said.
func (pl *enginePlayer) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (players.Analysis, error) {
	pl.reported = false
	if err := ctx.Err(); err != nil {
		return players.Analysis{}, err
	}
	legal := p.Turns(r, nil)
	if len(legal) == 0 {
		return players.Analysis{}, players.ErrNoTurn
	}
	if pl.proc == nil {
		proc, err := pl.engines.checkout(pl.cfg.Name)
		if err != nil {
			var fe *ForfeitError
			if errors.As(err, &fe) {
				return players.Analysis{}, fe
			}
			return players.Analysis{}, &ForfeitError{pl.cfg.Name, record.ForfeitCrash, "start: " + err.Error()}
		}
		pl.proc = proc
		if err := proc.newGame(pl.cfg, pl.seed, r); err != nil {
			return players.Analysis{}, err
		}
	}
	pl.follow(p, r)
	position := "position fen " + pl.start.FEN()
	if pl.start == engine.Start() {
		position = "position startpos"
	}
	if len(pl.moves) > 0 {
		position += " moves " + strings.Join(pl.moves, " ")
	}
	goCmd, limit := pl.goCommand(p.Side)
	margin := pl.cfg.margin()
	deadline := time.Now().Add(pl.cfg.timeout())
	if limit > 0 {
		deadline = time.Now().Add(limit + margin)
	}
	ans, err := pl.proc.search(ctx, position, goCmd, deadline, max(margin, time.Second))
	if err != nil {
		return players.Analysis{}, err
	}
	if ans.late || (limit > 0 && ans.elapsed > limit+margin) {
		pl.proc.broken = true
		return players.Analysis{}, &ForfeitError{pl.cfg.Name, record.ForfeitTime,
			fmt.Sprintf("bestmove %s after %s (%s allowed, margin %s)", ans.move, ans.elapsed.Round(time.Millisecond), limit, margin)}
	}
	if pl.limits.clock {
		pl.clock += pl.limits.inc - ans.elapsed
	}
	t, err := p.ParseTurn(r, ans.move)
	if err != nil {
		pl.proc.broken = true
		return players.Analysis{}, &ForfeitError{pl.cfg.Name, record.ForfeitIllegalMove, fmt.Sprintf("bestmove %q in %s: %v", ans.move, p.FEN(), err)}
	}
	pl.moves = append(pl.moves, FormatTurn(t, Compact))
	pl.last, pl.hasLast = p.Play(t), true
	a := ans.a
	a.Turn = t
	a.PV = pvTurns(p, r, t, ans.pv)
	pl.report = players.SearchReport{Score: a.Score, Scored: ans.scored, Depth: a.Depth, Nodes: a.Nodes, Time: a.Time}
	if ans.infoTime > 0 {
		pl.report.Time = ans.infoTime
	}
	pl.reported = true
	return a, nil
}

// follow brings the game record up to p: the opponent's turn from the last position, or
// a fresh start when p does not follow from it.
func (pl *enginePlayer) follow(p *engine.Position, r engine.Rules) {
	if pl.hasLast && pl.last.Side != p.Side {
		for _, t := range pl.last.Turns(r, nil) {
			if pl.last.Play(t) == *p {
				pl.moves = append(pl.moves, FormatTurn(t, Compact))
				return
			}
		}
	}
	pl.start, pl.moves = *p, pl.moves[:0]
}

// goCommand writes the go command of the player's limits and returns the time the
// engine has for this turn (0: no time limit).
func (pl *enginePlayer) goCommand(side engine.Color) (string, time.Duration) {
	l := pl.limits
	var parts []string
	var limit time.Duration
	if l.depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.depth))
	}
	if l.nodes > 0 {
		parts = append(parts, "nodes "+strconv.FormatUint(l.nodes, 10))
	}
	if l.movetime > 0 {
		parts = append(parts, "movetime "+strconv.FormatInt(l.movetime.Milliseconds(), 10))
		limit = l.movetime
	}
	if l.clock {
		// Both clocks are given this player's time: the opponent may not be an engine.
		ms := strconv.FormatInt(max(pl.clock.Milliseconds(), 1), 10)
		inc := strconv.FormatInt(l.inc.Milliseconds(), 10)
		parts = append(parts, "wtime "+ms, "btime "+ms, "winc "+inc, "binc "+inc)
		limit = max(pl.clock, time.Millisecond)
	}
	return "go " + strings.Join(parts, " "), limit
}

// pvTurns reads the engine's pv from p as far as it is legal (it must start with t).
func pvTurns(p *engine.Position, r engine.Rules, t engine.Turn, pv []string) []engine.Turn {
	out := []engine.Turn{t}
	if len(pv) == 0 {
		return out
	}
	if first, err := p.ParseTurn(r, pv[0]); err != nil || first != t {
		return out
	}
	q := p.Play(t)
	for _, m := range pv[1:] {
		u, err := q.ParseTurn(r, m)
		if err != nil {
			break
		}
		out = append(out, u)
		q = q.Play(u)
	}
	return out
}

// Close gives the process back for the next game (or ends it if it failed).
func (pl *enginePlayer) Close() error {
	if pl.proc != nil {
		pl.engines.checkin(pl.proc)
		pl.proc = nil
	}
	return nil
}
