// process.go: one running engine, a program or an in-process server, and the line
// exchange with it: handshake, new game, one search with its deadline.

package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// ForfeitError is an engine losing the game: why (a Reason* value) and the offending text.
type ForfeitError struct {
	Engine string
	Reason string
	Text   string
}

func (e *ForfeitError) Error() string {
	return fmt.Sprintf("engine %s: %s: %s", e.Engine, e.Reason, e.Text)
}

// Forfeit returns the record's reason and text; package tournament turns an error that
// has this method into a lost game.
func (e *ForfeitError) Forfeit() (reason, text string) { return e.Reason, e.Text }

// transport is the two streams of a running engine.
type transport struct {
	w     io.WriteCloser
	lines chan string   // stdout, line by line; closed at its end
	ended func() string // how the engine ended, once lines is closed (e.g. "exit status 1")
	kill  func()        // ends the engine (its whole process group) at once
	pid   int

	quit     chan struct{} // closed by stop: nobody reads lines any more
	stopOnce sync.Once
	exited   chan struct{} // closed once the reader has ended (and the process was waited for)
}

// stop ends the engine and tells the reader that nobody reads its lines any more, so that
// it drains the rest instead of blocking on a full channel (which kept the process from
// ever being waited for).
func (t *transport) stop() {
	t.stopOnce.Do(func() { close(t.quit) })
	t.kill()
}

// startProgram starts cfg's command with its own process group, stderr to log.
func startProgram(cfg *EngineConfig, log io.Writer) (*transport, error) {
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	cmd.Stderr = log
	setProcessGroup(cmd)
	w, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	r, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	t := newTransport(w)
	t.pid = cmd.Process.Pid
	var waitErr error
	t.ended = func() string {
		if waitErr == nil {
			return "exited with status 0"
		}
		return waitErr.Error()
	}
	t.kill = func() { killProcessGroup(cmd) }
	go func() {
		readLines(r, t.lines, t.quit)
		waitErr = cmd.Wait()
		close(t.lines)
		close(t.exited)
	}()
	return t, nil
}

func newTransport(w io.WriteCloser) *transport {
	return &transport{w: w, lines: make(chan string, 64), quit: make(chan struct{}), exited: make(chan struct{})}
}

// startServer runs Serve in this process over pipes: an engine without a process, for
// tests and benchmarks.
func startServer(sc ServerConfig) *transport {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	t := newTransport(inW)
	var serveErr error
	t.ended = func() string {
		if serveErr == nil {
			return "server returned"
		}
		return serveErr.Error()
	}
	t.kill = func() { cancel(); inW.Close(); outR.Close() }
	go func() {
		serveErr = Serve(ctx, inR, outW, sc)
		outW.Close()
	}()
	go func() {
		readLines(outR, t.lines, t.quit)
		close(t.lines)
		close(t.exited)
	}()
	return t
}

// readLines sends r's lines to out until r ends, or until quit is closed; then (and after
// an overlong line) it drains r, so that the engine never blocks on writing.
func readLines(r io.Reader, out chan<- string, quit <-chan struct{}) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		select {
		case out <- sc.Text():
		case <-quit:
			io.Copy(io.Discard, r)
			return
		}
	}
	io.Copy(io.Discard, r)
}

// Process is one running engine, used by one player at a time.
type Process struct {
	name    string
	t       *transport
	id      string          // its "id name"
	offers  map[string]bool // option names it lists, lower case
	broken  bool            // must be ended, not reused
	lastOut string          // last line read, for the reports of failures
	trace   io.Writer       // every line sent and read, when the engine is declared with trace
}

var (
	errEnded     = errors.New("engine ended")
	errTimeout   = errors.New("timeout")
	errCancelled = errors.New("cancelled")
)

// send writes one command line.
func (p *Process) send(line string) error {
	if p.trace != nil {
		fmt.Fprintf(p.trace, "[%d] > %s\n", p.t.pid, line)
	}
	_, err := io.WriteString(p.t.w, line+"\n")
	return err
}

// readUntil reads lines until want accepts one (returned), the deadline passes
// (errTimeout), done is closed (errCancelled; nil: never) or the engine's output ends
// (errEnded). Every line read is given to seen.
func (p *Process) readUntil(deadline time.Time, done <-chan struct{}, want func(string) bool, seen func(string)) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case <-done:
			return "", errCancelled
		case line, ok := <-p.t.lines:
			if !ok {
				return "", errEnded
			}
			p.lastOut = line
			if p.trace != nil {
				fmt.Fprintf(p.trace, "[%d] < %s\n", p.t.pid, line)
			}
			if seen != nil {
				seen(line)
			}
			if want(line) {
				return line, nil
			}
		case <-timer.C:
			return "", errTimeout
		}
	}
}

// forfeit builds the error for a failure while waiting for the engine.
func (p *Process) forfeit(err error, what string) *ForfeitError {
	p.broken = true
	if errors.Is(err, errEnded) {
		return &ForfeitError{p.name, record.ForfeitCrash, fmt.Sprintf("%s: the engine ended (%s)%s", what, p.t.ended(), p.lastLine())}
	}
	if errors.Is(err, errTimeout) {
		return &ForfeitError{p.name, record.ForfeitNoAnswer, what + ": no answer" + p.lastLine()}
	}
	return &ForfeitError{p.name, record.ForfeitCrash, fmt.Sprintf("%s: %v", what, err)}
}

func (p *Process) lastLine() string {
	if p.lastOut == "" {
		return ""
	}
	return fmt.Sprintf("; last line %q", p.lastOut)
}

func isToken(first string) func(string) bool {
	return func(line string) bool {
		f := strings.Fields(line)
		return len(f) > 0 && f[0] == first
	}
}

// handshake sends uci, reads the engine's id and options up to uciok, sets cfg's options
// and waits for readyok.
func (p *Process) handshake(cfg *EngineConfig) error {
	if err := p.send("uci"); err != nil {
		return p.forfeit(err, "uci")
	}
	p.offers = map[string]bool{}
	seen := func(line string) {
		switch {
		case strings.HasPrefix(line, "id name "):
			p.id = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option name "):
			rest := strings.TrimPrefix(line, "option name ")
			name, _, _ := strings.Cut(rest, " type ")
			p.offers[strings.ToLower(strings.TrimSpace(name))] = true
		}
	}
	if _, err := p.readUntil(time.Now().Add(cfg.timeout()), nil, isToken("uciok"), seen); err != nil {
		return p.forfeit(err, "waiting for uciok")
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		if err := p.send("setoption name " + k + " value " + cfg.Options[k]); err != nil {
			return p.forfeit(err, "setoption")
		}
	}
	return p.ready(cfg, "after the options")
}

func (p *Process) ready(cfg *EngineConfig, what string) error {
	if err := p.send("isready"); err != nil {
		return p.forfeit(err, "isready")
	}
	if _, err := p.readUntil(time.Now().Add(cfg.timeout()), nil, isToken("readyok"), nil); err != nil {
		return p.forfeit(err, "waiting for readyok "+what)
	}
	return nil
}

// newGame starts a game: the seed (when the engine offers a Seed option), the rules
// (when it offers ours) and ucinewgame.
func (p *Process) newGame(cfg *EngineConfig, seed uint64, r engine.Rules) error {
	set := func(name, value string) error {
		if _, user := cfg.Options[name]; user || !p.offers[strings.ToLower(name)] {
			return nil
		}
		return p.send("setoption name " + name + " value " + value)
	}
	for _, o := range [][2]string{{"Seed", strconv.FormatUint(seed&(1<<63-1), 10)},
		{"PaikaLimit", strconv.Itoa(r.PaikaLimit)}, {"NoMovesDraw", strconv.FormatBool(r.NoMovesDraw)},
		{"FirstTurnNoChain", strconv.FormatBool(r.FirstTurnNoChain)}} {
		if err := set(o[0], o[1]); err != nil {
			return p.forfeit(err, "setoption")
		}
	}
	if err := p.send("ucinewgame"); err != nil {
		return p.forfeit(err, "ucinewgame")
	}
	return p.ready(cfg, "after ucinewgame")
}

// answer is what a search returned: the bestmove's text and what the info lines said.
type answer struct {
	move   string
	a      players.Analysis // depth, score, nodes, time of the last info line
	scored bool             // an info line gave a score (cp or mate)
	// infoTime is the time the last info line gave (0: none); Analysis.Time stays the
	// search's as measured here.
	infoTime time.Duration
	pv       []string // its pv, as written
	elapsed  time.Duration
	late     bool // bestmove came only after stop, past the deadline
}

// search sends position and go, then waits for bestmove until deadline; past it, it
// sends stop and waits grace more. ctx's end stops the search the same way.
func (p *Process) search(ctx context.Context, position, goCmd string, deadline time.Time, grace time.Duration) (answer, error) {
	var ans answer
	seen := func(line string) {
		if strings.HasPrefix(line, "info ") {
			parseInfo(line, &ans)
		}
	}
	start := time.Now()
	if err := p.send(position); err != nil {
		return ans, p.forfeit(err, "position")
	}
	if err := p.send(goCmd); err != nil {
		return ans, p.forfeit(err, "go")
	}
	// Past the deadline, or when ctx ends, the engine is told to stop and given grace more.
	line, err := p.readUntil(deadline, ctx.Done(), isToken("bestmove"), seen)
	if errors.Is(err, errTimeout) || errors.Is(err, errCancelled) {
		ans.late = errors.Is(err, errTimeout)
		p.send("stop")
		line, err = p.readUntil(time.Now().Add(grace), nil, isToken("bestmove"), seen)
	}
	ans.elapsed = time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			p.broken = true
			return ans, ctx.Err()
		}
		return ans, p.forfeit(err, fmt.Sprintf("%s (waited %s)", goCmd, ans.elapsed.Round(time.Millisecond)))
	}
	f := strings.Fields(line)
	if len(f) >= 2 {
		ans.move = f[1]
	}
	if ans.a.Time == 0 {
		ans.a.Time = ans.elapsed
	}
	return ans, ctx.Err()
}

// parseInfo reads the fields of an info line that an Analysis holds. With MultiPV only
// the first line's count: the others score other turns than the one played.
func parseInfo(line string, ans *answer) {
	a := &ans.a
	f := strings.Fields(line)
	for i := 1; i+1 < len(f) && f[i] != "pv" && f[i] != "string"; i++ {
		if f[i] == "multipv" && f[i+1] != "1" {
			return
		}
	}
	for i := 1; i < len(f); i++ {
		next := func() (int64, bool) {
			if i+1 >= len(f) {
				return 0, false
			}
			v, err := strconv.ParseInt(f[i+1], 10, 64)
			return v, err == nil
		}
		switch f[i] {
		case "depth":
			if v, ok := next(); ok {
				a.Depth, i = int(v), i+1
			}
		case "nodes":
			if v, ok := next(); ok && v >= 0 {
				a.Nodes, i = uint64(v), i+1
			}
		case "time":
			if v, ok := next(); ok && v >= 0 {
				ans.infoTime, i = time.Duration(v)*time.Millisecond, i+1
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.ParseInt(f[i+2], 10, 64)
				if err == nil {
					switch f[i+1] {
					case "cp":
						a.Score, ans.scored = int(v), true
					case "mate":
						a.Score = players.MateScore - int(max(v, -v))
						if v < 0 {
							a.Score = -a.Score
						}
						ans.scored = true
					}
				}
				i += 2
			}
		case "pv":
			// Kept as text: the player checks them against the position it knows.
			ans.pv = f[i+1:]
			return
		case "string":
			return
		}
	}
}

// closeProcess ends p: quit, a moment to go, then the process group is killed.
func (p *Process) close() {
	if !p.broken {
		p.send("quit")
		p.t.w.Close()
		p.readUntil(time.Now().Add(200*time.Millisecond), nil, func(string) bool { return false }, nil)
	}
	p.t.stop()
	p.t.w.Close()
}
