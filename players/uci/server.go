// server.go: one of our players as an engine: the server side of the protocol.

package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// ServerConfig is what Serve starts with; the GUI may change most of it with setoption.
type ServerConfig struct {
	Player string       // spec of the player served (option Player), default "expert"
	Seed   uint64       // seed of the player's random choices (option Seed)
	Rules  engine.Rules // rules of the games (options PaikaLimit, NoMovesDraw, FirstTurnNoChain)
	HashMB int          // transposition table in MB for players that have one (option Hash; 0 = the spec's)
	// MemoryBytes is the machine's memory (0: unknown): the Hash option goes no higher
	// (MaxHash).
	MemoryBytes uint64
	Tablebases  string // tablebase folder (option Tablebases; "" = none)
	// OpenTablebases turns a folder into player options (a tablebase oracle); nil means the
	// Tablebases option is not offered.
	OpenTablebases func(dir string) ([]players.Option, error)
	Notation       Notation // how bestmove and pv are written (option Notation)
	// MultiPV is the lines of each search (option MultiPV; 0 or 1 = one, the expert alone
	// gives more): players.Expert.Lines, each in an info line with "multipv k".
	MultiPV int
	Name    string // "id name" (default "fanorona <player>")
}

// noOwnLimit is the time limit given to a player that has one when the protocol's clock,
// enforced through the context, decides instead (and when searching without limit).
const noOwnLimit = "8760h"

// timeReserve is kept back from the remaining clock time for the protocol round trip.
const timeReserve = 20 * time.Millisecond

// MaxHashMB is the largest Hash option of any machine (the players' own bound on a table).
const MaxHashMB = 1 << 14

// MaxHash returns the largest Hash option, in MB, on a machine of memory bytes (0:
// unknown): MaxHashMB, or less where the machine has less memory.
func MaxHash(memory uint64) int {
	if memory == 0 {
		return MaxHashMB
	}
	return int(min(uint64(MaxHashMB), memory>>20))
}

// CheckHash returns an error saying why mb is no Hash option on a machine of memory bytes
// (0: unknown), nil when it is one.
func CheckHash(mb int, memory uint64) error {
	hi := MaxHash(memory)
	switch {
	case mb < 0 || mb > MaxHashMB:
		return fmt.Errorf("want a whole number of MB from 0 to %d", hi)
	case mb > hi:
		return fmt.Errorf("%d MB is more than this machine's memory (%d MB): want 0 to %d", mb, memory>>20, hi)
	}
	return nil
}

// Serve runs the protocol on in and out until "quit", the end of in, or ctx's end.
// Unknown commands and malformed arguments are ignored (an "info string" says why), as
// UCI engines do; it returns only the errors of out.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg ServerConfig) error {
	if cfg.Player == "" {
		cfg.Player = "expert"
	}
	if _, err := players.ParseSpec(cfg.Player); err != nil {
		return err
	}
	if err := CheckHash(cfg.HashMB, cfg.MemoryBytes); err != nil {
		return fmt.Errorf("hash %d: %w", cfg.HashMB, err)
	}
	s := &server{cfg: cfg, out: bufio.NewWriter(out), pos: engine.Start()}
	lines := make(chan inputLine)
	go func() {
		defer close(lines)
		br := bufio.NewReaderSize(in, 64*1024)
		for {
			line, ok := readLine(br)
			if !ok {
				return
			}
			select {
			case lines <- line:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			s.stopSearch()
			return s.writeErr()
		case line, ok := <-lines:
			if !ok {
				s.waitSearch()
				return s.writeErr()
			}
			if line.dropped > 0 {
				s.send("info string line of %d bytes ignored: longer than %d bytes", line.dropped, maxLineBytes)
				continue
			}
			if !s.execute(ctx, line.text) {
				s.waitSearch()
				return s.writeErr()
			}
		}
	}
}

// maxLineBytes bounds a command line; a longer one is read to its end and answered with
// an info string, and the session goes on.
const maxLineBytes = 1 << 20

// inputLine is one line of input: its text, or the length of a line too long to keep.
type inputLine struct {
	text    string
	dropped int
}

// readLine reads the next line (its end "\n" or "\r\n" dropped); ok is false at the end
// of the input (a last line without "\n" is still returned) or on a read error.
func readLine(br *bufio.Reader) (inputLine, bool) {
	var buf []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if n <= maxLineBytes+2 {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && n == 0 {
			return inputLine{}, false
		}
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
			n--
		}
		if n > maxLineBytes {
			return inputLine{dropped: n}, true
		}
		return inputLine{text: strings.TrimRight(string(buf), "\r\n")}, true
	}
}

// server is the state of one session.
type server struct {
	cfg   ServerConfig
	outMu sync.Mutex
	out   *bufio.Writer
	err   error

	pos      engine.Position
	games    uint64 // ucinewgame count: each game's player gets its own seed
	player   players.Player
	spec     string // effective spec of player
	tbOpts   []players.Option
	tbLoaded string

	search *search // the running search, nil when idle

	// The last position command's base and moves, and the position they reach.
	histBase  string
	histMoves []string
	histPos   engine.Position
}

// search is one "go" in progress.
type search struct {
	cancel   context.CancelFunc
	stopped  chan struct{} // closed by stop
	done     chan struct{} // closed once bestmove is written
	infinite bool
}

func (s *server) send(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	if s.err != nil {
		return
	}
	fmt.Fprintf(s.out, format+"\n", args...)
	s.err = s.out.Flush()
}

func (s *server) writeErr() error {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	return s.err
}

// execute runs one command line; it returns false for quit.
func (s *server) execute(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "quit":
		return false
	case "stop":
		s.stopSearch()
	case "uci":
		s.sendID()
	case "isready":
		s.send("readyok")
	case "ucinewgame":
		s.waitSearch()
		s.games++
		s.player, s.spec = nil, ""
	case "setoption":
		s.waitSearch()
		s.setOption(f[1:])
	case "position":
		s.waitSearch()
		s.setPosition(f[1:])
	case "go":
		s.waitSearch()
		s.startSearch(ctx, f[1:])
	case "d":
		s.send("info string %s", s.pos.FEN())
	default:
		// Unknown commands are ignored, as UCI engines do.
	}
	return true
}

func (s *server) sendID() {
	name := s.cfg.Name
	if name == "" {
		name = "fanorona " + s.cfg.Player
	}
	notation := "compact"
	if s.cfg.Notation == Dashed {
		notation = "dashed"
	}
	lines := []string{
		"id name " + name,
		"id author fanorona contributors",
		"option name Player type string default " + s.cfg.Player,
		fmt.Sprintf("option name Hash type spin default %d min 0 max %d", s.cfg.HashMB, MaxHash(s.cfg.MemoryBytes)),
		fmt.Sprintf("option name Seed type spin default %d min 0 max %d", min(s.cfg.Seed, math.MaxInt64), int64(math.MaxInt64)),
		"option name Notation type combo default " + notation + " var compact var dashed",
		fmt.Sprintf("option name PaikaLimit type spin default %d min 0 max %d", s.cfg.Rules.PaikaLimit, maxPaikaLimit),
		fmt.Sprintf("option name NoMovesDraw type check default %t", s.cfg.Rules.NoMovesDraw),
		fmt.Sprintf("option name FirstTurnNoChain type check default %t", s.cfg.Rules.FirstTurnNoChain),
	}
	if s.cfg.OpenTablebases != nil {
		tb := s.cfg.Tablebases
		if tb == "" {
			tb = "<empty>"
		}
		lines = append(lines, "option name Tablebases type string default "+tb)
	}
	lines = append(lines, fmt.Sprintf("option name MultiPV type spin default %d min 1 max %d", max(s.cfg.MultiPV, 1), players.MaxMultiPV))
	s.send("%s\nuciok", strings.Join(lines, "\n"))
}

// setOption reads "name <words...> value <words...>".
func (s *server) setOption(args []string) {
	var name, value []string
	cur := &name
	for i, a := range args {
		switch {
		case i == 0 && a == "name":
		case a == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	bad := func(why string) {
		s.send("info string option %s value %q ignored: %s", strings.Join(name, " "), v, why)
	}
	s.player, s.spec = nil, "" // every option may change the player
	s.histBase = ""            // or the rules the moves are read with
	switch n {
	case "player":
		if _, err := players.ParseSpec(v); err != nil {
			bad(err.Error())
			return
		}
		s.cfg.Player = v
	case "hash":
		mb, err := strconv.Atoi(v)
		if err != nil {
			mb = -1
		}
		if err := CheckHash(mb, s.cfg.MemoryBytes); err != nil {
			bad(err.Error())
			return
		}
		s.cfg.HashMB = mb
	case "seed":
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			bad("want a whole number")
			return
		}
		s.cfg.Seed, s.games = seed, 0
	case "notation":
		switch strings.ToLower(v) {
		case "compact":
			s.cfg.Notation = Compact
		case "dashed":
			s.cfg.Notation = Dashed
		default:
			bad("want compact or dashed")
		}
	case "paikalimit":
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > maxPaikaLimit {
			bad(fmt.Sprintf("want a whole number from 0 (off) to %d", maxPaikaLimit))
			return
		}
		s.cfg.Rules.PaikaLimit = k
	case "nomovesdraw", "firstturnnochain":
		b, err := strconv.ParseBool(v)
		if err != nil {
			bad("want true or false")
			return
		}
		if n == "nomovesdraw" {
			s.cfg.Rules.NoMovesDraw = b
		} else {
			s.cfg.Rules.FirstTurnNoChain = b
		}
	case "multipv":
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 || k > players.MaxMultiPV {
			bad(fmt.Sprintf("want a whole number from 1 to %d", players.MaxMultiPV))
			return
		}
		s.cfg.MultiPV = k
	case "tablebases":
		if s.cfg.OpenTablebases == nil {
			bad("tablebases are not offered")
			return
		}
		if v == "<empty>" {
			v = ""
		}
		s.cfg.Tablebases = v
	default:
		s.send("info string unknown option %s", strings.Join(name, " "))
	}
}

// setPosition reads "startpos|fen F [moves M...]". A bad FEN leaves the position as it
// was; an illegal move stops the moves there (the C++ engine does the same). A command
// that extends the previous one (a game going on) only plays the new moves.
func (s *server) setPosition(args []string) {
	if len(args) == 0 {
		return
	}
	end := len(args)
	for i, a := range args {
		if a == "moves" {
			end = i
			break
		}
	}
	base, moves := strings.Join(args[:end], " "), args[min(end+1, len(args)):]
	var p engine.Position
	switch {
	case base == s.histBase && len(moves) >= len(s.histMoves) && slices.Equal(moves[:len(s.histMoves)], s.histMoves):
		p, moves = s.histPos, moves[len(s.histMoves):]
	case base == "startpos":
		p = engine.Start()
		s.histMoves = s.histMoves[:0]
	case args[0] == "fen":
		q, err := engine.ParseFEN(strings.Join(args[1:end], " "))
		if err != nil {
			s.send("info string invalid fen: %v", err)
			return
		}
		p = q
		s.histMoves = s.histMoves[:0]
	default:
		s.send("info string position: expected startpos or fen")
		return
	}
	s.histBase = base
	for _, m := range moves {
		t, err := p.ParseTurn(s.cfg.Rules, m)
		if err != nil {
			s.send("info string illegal move %s: %v", m, err)
			s.histBase = "" // the next command replays from its start
			break
		}
		p = p.Play(t)
		s.histMoves = append(s.histMoves, m)
	}
	s.pos, s.histPos = p, p
}

// goLimits are the arguments of "go".
type goLimits struct {
	depth, nodes        uint64
	movetime            time.Duration
	wtime, btime        time.Duration
	winc, binc          time.Duration
	clock, infinite     bool
	movestogo           int
	hasDepth, hasNodes  bool
	hasMovetime, hasAny bool
}

// maxPaikaLimit is the largest PaikaLimit option accepted (the one advertised).
const maxPaikaLimit = 100000

// goKeywords are the arguments of "go" that take a value.
var goKeywords = map[string]bool{"depth": true, "nodes": true, "movetime": true, "wtime": true,
	"btime": true, "winc": true, "binc": true, "movestogo": true}

// parseGo reads the arguments of "go". A limit whose value is missing, not a whole
// number, or negative where only a count makes sense (depth, nodes, movetime, movestogo;
// a clock may run below zero) is left out, and named in bad.
func parseGo(args []string) (l goLimits, bad []string) {
	num := func(i int) (uint64, bool) {
		if i+1 >= len(args) || args[i+1] == "infinite" || goKeywords[args[i+1]] {
			bad = append(bad, fmt.Sprintf("go %s without a value ignored", args[i]))
			return 0, false
		}
		v, err := strconv.ParseInt(args[i+1], 10, 64)
		clock := args[i] == "wtime" || args[i] == "btime" || args[i] == "winc" || args[i] == "binc"
		if err != nil || v < 0 && !clock {
			bad = append(bad, fmt.Sprintf("go %s %s ignored: want a whole number, 0 or more", args[i], args[i+1]))
			return 0, false
		}
		return uint64(max(v, 0)), true
	}
	ms := func(v uint64) time.Duration { return time.Duration(v) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		var v uint64
		ok := false
		if goKeywords[args[i]] {
			v, ok = num(i)
			if !ok && i+1 < len(args) && args[i+1] != "infinite" && !goKeywords[args[i+1]] {
				i++ // the bad value is skipped, not read as a keyword
			}
		}
		switch args[i] {
		case "infinite":
			l.infinite, l.hasAny = true, true
			continue
		case "depth":
			l.depth, l.hasDepth = v, ok
		case "nodes":
			l.nodes, l.hasNodes = v, ok
		case "movetime":
			l.movetime, l.hasMovetime = ms(v), ok
		case "wtime":
			l.wtime, l.clock = ms(v), l.clock || ok
		case "btime":
			l.btime, l.clock = ms(v), l.clock || ok
		case "winc":
			l.winc = ms(v)
		case "binc":
			l.binc = ms(v)
		case "movestogo":
			l.movestogo = int(v)
		default:
			continue
		}
		if ok {
			i++
			l.hasAny = true
		}
	}
	return l, bad
}

// budget returns the time the search may take for side: movetime, or a share of the
// clock (remaining/30 + increment, or remaining/movestogo), 0 for none.
func (l goLimits) budget(side engine.Color) time.Duration {
	if l.hasMovetime {
		return max(l.movetime, time.Millisecond)
	}
	if !l.clock {
		return 0
	}
	left, inc := l.wtime, l.winc
	if side == engine.Black {
		left, inc = l.btime, l.binc
	}
	moves := time.Duration(30)
	if l.movestogo > 0 {
		moves = time.Duration(min(l.movestogo, 30))
	}
	b := left/moves + inc
	return max(min(b, left-timeReserve), time.Millisecond)
}

// effectiveSpec is the player spec a "go" searches with: the configured player with the
// go's depth and node limits in place of its own. Time limits come from the context, so
// a player that has a time option is given noOwnLimit and the same spec serves the whole
// game (and keeps its transposition table).
func (s *server) effectiveSpec(l goLimits) string {
	base, err := players.ParseSpec(s.cfg.Player)
	if err != nil {
		return s.cfg.Player
	}
	keys := players.OptionKeys(base.Name)
	has := func(k string) bool { return slices.Contains(keys, k) }
	if s.cfg.HashMB > 0 && has("hash") {
		base.Options["hash"] = strconv.Itoa(s.cfg.HashMB)
	}
	timed := l.hasMovetime || l.clock || l.infinite
	usable := timed || l.hasDepth && has("depth") || l.hasNodes && (has("nodes") || has("playouts"))
	if !usable {
		// No limit this player can follow (depth for mcts): its own budget, which ends.
		return base.String()
	}
	for _, k := range []string{"depth", "nodes", "time"} {
		if has(k) {
			delete(base.Options, k)
		}
	}
	if l.hasDepth && has("depth") {
		base.Options["depth"] = strconv.FormatUint(max(l.depth, 1), 10)
	}
	switch {
	case l.hasNodes && has("nodes"):
		base.Options["nodes"] = strconv.FormatUint(max(l.nodes, 1), 10)
	case l.hasNodes && has("playouts"):
		base.Options["playouts"] = strconv.FormatUint(max(l.nodes, 1), 10)
	}
	_, depth := base.Options["depth"]
	_, nodes := base.Options["nodes"]
	if has("time") && !depth && !nodes {
		base.Options["time"] = noOwnLimit
	}
	return base.String()
}

// playerFor returns the player for spec, built once per game and per spec.
func (s *server) playerFor(spec string) (players.Player, error) {
	if s.player != nil && s.spec == spec {
		return s.player, nil
	}
	if s.tbLoaded != s.cfg.Tablebases {
		s.tbOpts, s.tbLoaded = nil, s.cfg.Tablebases
		if s.cfg.Tablebases != "" && s.cfg.OpenTablebases != nil {
			opts, err := s.cfg.OpenTablebases(s.cfg.Tablebases)
			if err != nil {
				s.send("info string tablebases %s: %v", s.cfg.Tablebases, err)
			}
			s.tbOpts = opts
		}
	}
	pl, err := players.NewFromString(spec, record.MixSeed(s.cfg.Seed, s.games), s.tbOpts...)
	if err != nil {
		return nil, err
	}
	s.player, s.spec = pl, spec
	return pl, nil
}

func (s *server) startSearch(parent context.Context, args []string) {
	l, bad := parseGo(args)
	for _, b := range bad {
		s.send("info string %s", b)
	}
	pl, err := s.playerFor(s.effectiveSpec(l))
	if err != nil {
		s.send("info string %v", err)
		s.send("bestmove %s", NullMove)
		return
	}
	ctx, cancel := context.WithCancel(parent)
	if b := l.budget(s.pos.Side); b > 0 && !l.infinite {
		ctx, cancel = context.WithTimeout(parent, b)
	}
	sr := &search{cancel: cancel, stopped: make(chan struct{}), done: make(chan struct{}), infinite: l.infinite}
	s.search = sr
	p, r, notation, multiPV := s.pos, s.cfg.Rules, s.cfg.Notation, s.cfg.MultiPV
	fl := s.floorFor()
	go func() {
		defer close(sr.done)
		defer cancel()
		a, err := players.Analyze(ctx, pl, &p, r)
		if !fl.answered(a, err) && !errors.Is(err, players.ErrNoTurn) {
			// Stopped (stop, quit, the end of the input, the time) before a first completed
			// iteration: one is searched now, so that the answer is a searched turn.
			a, err = fl.search(parent, &p, r)
		}
		if !fl.answered(a, err) && !errors.Is(err, players.ErrNoTurn) {
			// Interrupted (parent ended) before even that: any legal turn beats none, with no
			// score, since none was searched.
			s.send("info string no search completed (%v): bestmove not searched", err)
			a = players.Analysis{}
			if ts := p.Turns(r, nil); len(ts) > 0 {
				a.Turn = ts[0]
			}
		} else if e, ok := pl.(*players.Expert); ok && multiPV > 1 && fl.scored(a) {
			lctx, lcancel := untilStop(parent, sr.stopped)
			s.sendLines(lctx, e, &p, r, a, multiPV, notation)
			lcancel()
		} else if a.Turn.Len > 0 {
			score := ""
			if fl.scored(a) {
				score = " score " + formatScore(a.Score, r.PaikaLimit)
			}
			s.send("info depth %d%s nodes %d nps %.0f time %d pv %s",
				a.Depth, score, a.Nodes, a.NodesPerSecond(), a.Time.Milliseconds(), formatPV(a.PV, notation))
		}
		if sr.infinite {
			<-sr.stopped // UCI: no bestmove before stop when searching without limit
		}
		s.send("bestmove %s", FormatTurn(a.Turn, notation))
	}()
}

// untilStop is parent, also ended by stop (stopped closed): the lines searched after the
// search end with the session or at the GUI's stop, whichever comes first.
func untilStop(parent context.Context, stopped <-chan struct{}) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		select {
		case <-stopped:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// sendLines writes the best k lines of p after a, the expert e's search of it, as info
// lines "multipv 1" to "multipv k" of a's depth, counting the nodes and time of both
// searches. The lines are searched after a, to its depth, under ctx (the session until a
// stop: they are its analysis, not its clock's); when ctx ends first, a's own line is
// written.
func (s *server) sendLines(ctx context.Context, e *players.Expert, p *engine.Position, r engine.Rules, a players.Analysis, k int, notation Notation) {
	start := time.Now()
	lines, nodes, err := e.Lines(ctx, p, r, a, k)
	if err != nil {
		lines, nodes = []players.Line{{Score: a.Score, PV: a.PV}}, 0
	}
	all := players.Analysis{Nodes: a.Nodes + nodes, Time: a.Time + time.Since(start)}
	for i, l := range lines {
		s.send("info depth %d multipv %d score %s nodes %d nps %.0f time %d pv %s", a.Depth, i+1,
			formatScore(l.Score, r.PaikaLimit), all.Nodes, all.NodesPerSecond(), all.Time.Milliseconds(), formatPV(l.PV, notation))
	}
}

func formatPV(pv []engine.Turn, notation Notation) string {
	w := make([]string, len(pv))
	for i, t := range pv {
		w[i] = FormatTurn(t, notation)
	}
	return strings.Join(w, " ")
}

// floor is the least a stopped search answers with: one completed iteration. A searching
// player (one with a depth) stopped (stop, quit, the end of the input, movetime or the
// clock) before its first iteration returns no turn, or its move-ordering guess (Depth 0)
// with a static score; that is no answer, and the floor search, the player's shortest
// complete search, is made instead.
type floor struct {
	spec    string // floorSpec
	seed    uint64
	opts    []players.Option
	deepens bool // the player has a depth: Depth 0 means no iteration completed
}

// floorFor returns the floor of the configured player, read in the session's goroutine
// (the search's own reads nothing of the session).
func (s *server) floorFor() floor {
	f := floor{spec: s.floorSpec(), seed: record.MixSeed(s.cfg.Seed, s.games), opts: s.tbOpts}
	if base, err := players.ParseSpec(s.cfg.Player); err == nil {
		f.deepens = slices.Contains(players.OptionKeys(base.Name), "depth")
	}
	return f
}

// scored reports whether a search's turn has a score: it comes from a completed iteration,
// or from a player that does not deepen (random, greedy, mcts).
func (f floor) scored(a players.Analysis) bool {
	return a.Turn.Len > 0 && (a.Depth > 0 || !f.deepens)
}

// answered reports whether a search's result is an answer: a scored turn, or the turn of a
// search that ended by its own limits (a node limit reached within the first iteration:
// the player's best guess, its score not shown), not stopped from outside.
func (f floor) answered(a players.Analysis, err error) bool {
	return f.scored(a) || a.Turn.Len > 0 && err == nil
}

// search searches p with the floor's spec, with a player of its own (the game's player and
// its table are left as they are), under ctx alone: a stop does not end it.
func (f floor) search(ctx context.Context, p *engine.Position, r engine.Rules) (players.Analysis, error) {
	pl, err := players.NewFromString(f.spec, f.seed, f.opts...)
	if err != nil {
		return players.Analysis{}, err
	}
	return players.Analyze(ctx, pl, p, r)
}

// floorSpec is the spec of the shortest complete search of the configured player: one
// iteration (depth 1, no table) for players with a depth, one playout for mcts, the
// player as it is for those that do not search (random, greedy); no time limit.
func (s *server) floorSpec() string {
	base, err := players.ParseSpec(s.cfg.Player)
	if err != nil {
		return s.cfg.Player
	}
	keys := players.OptionKeys(base.Name)
	has := func(k string) bool { return slices.Contains(keys, k) }
	for _, k := range []string{"depth", "nodes", "time", "tc", "playouts"} {
		delete(base.Options, k)
	}
	switch {
	case has("depth"):
		base.Options["depth"] = "1"
	case has("playouts"):
		base.Options["playouts"] = "1"
	}
	if has("hash") {
		base.Options["hash"] = "0"
	}
	return base.String()
}

// stopSearch ends the running search at once; its bestmove is written before it returns.
func (s *server) stopSearch() {
	if s.search == nil {
		return
	}
	s.search.cancel()
	select {
	case <-s.search.stopped:
	default:
		close(s.search.stopped)
	}
	<-s.search.done
	s.search = nil
}

// waitSearch lets a running search with limits (depth, nodes, time, the clock or the
// player's own) finish and stops an infinite one, either answering from at least one
// completed iteration: before a command that changes the session, at quit and at the end
// of the input.
func (s *server) waitSearch() {
	if s.search == nil {
		return
	}
	if s.search.infinite {
		s.stopSearch()
		return
	}
	<-s.search.done
	s.search = nil
}
