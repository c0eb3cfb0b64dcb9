package uci_test

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// session drives Serve over pipes, as a GUI would.
type session struct {
	t     *testing.T
	w     io.WriteCloser
	lines chan string
	done  chan error
}

func newSession(t *testing.T, cfg uci.ServerConfig) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, w: inW, lines: make(chan string, 256), done: make(chan error, 1)}
	go func() {
		s.done <- uci.Serve(context.Background(), inR, outW, cfg)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	return s
}

func (s *session) send(cmd string) {
	_, err := io.WriteString(s.w, cmd+"\n")
	require.NoError(s.t, err)
}

// expect reads lines until one starts with prefix; it returns that line and those before.
func (s *session) expect(prefix string, within time.Duration) (string, []string) {
	s.t.Helper()
	var before []string
	timer := time.NewTimer(within)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-s.lines:
			require.True(s.t, ok, "the server ended before %q", prefix)
			if strings.HasPrefix(line, prefix) {
				return line, before
			}
			before = append(before, line)
		case <-timer.C:
			s.t.Fatalf("no %q within %s (read %q)", prefix, within, before)
		}
	}
}

// noLine checks that the server writes nothing for d.
func (s *session) noLine(d time.Duration) {
	select {
	case line := <-s.lines:
		s.t.Fatalf("unexpected %q", line)
	case <-time.After(d):
	}
}

func TestServerHandshakeOptionsAndUnknownCommands(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "greedy"})
	s.send("frobnicate now") // ignored
	s.send("uci")
	_, head := s.expect("uciok", 5*time.Second)
	assert.Contains(t, head, "id name fanorona greedy")
	for _, opt := range []string{"Player type string", "Hash type spin", "Seed type spin", "Notation type combo", "PaikaLimit type spin"} {
		found := false
		for _, l := range head {
			found = found || strings.HasPrefix(l, "option name "+opt)
		}
		assert.True(t, found, "option %s in %q", opt, head)
	}
	s.send("setoption name Frob value 3")
	line, _ := s.expect("info string", 5*time.Second)
	assert.Contains(t, line, "unknown option Frob")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.send("quit")
	require.NoError(t, <-s.done)
}

func TestServerPositionBothNotationsAndBestmove(t *testing.T) {
	r := engine.DefaultRules()
	// The same game written compact and dashed, mixed: the server must follow it.
	moves := []string{"d3e3A", "f4-f3A", "e3f2Wf1W"}
	p := engine.Start()
	for _, m := range moves {
		tn, err := p.ParseTurn(r, m)
		require.NoError(t, err, "the test's own game must be legal")
		p = p.Play(tn)
	}
	s := newSession(t, uci.ServerConfig{Player: "expert"})
	s.send("position startpos moves " + strings.Join(moves, " "))
	s.send("d")
	line, _ := s.expect("info string", 5*time.Second)
	assert.Equal(t, "info string "+p.FEN(), line)

	// A game that goes another way from the same start is replayed, not extended.
	other := engine.Start()
	for _, m := range []string{"d3e3A", "d4-d3A"} {
		tn, err := other.ParseTurn(r, m)
		require.NoError(t, err)
		other = other.Play(tn)
	}
	s.send("position startpos moves d3e3A d4-d3A")
	s.send("d")
	line, _ = s.expect("info string", 5*time.Second)
	assert.Equal(t, "info string "+other.FEN(), line)
	s.send("position startpos moves " + strings.Join(moves, " "))

	s.send("go depth 3")
	best, infos := s.expect("bestmove", 10*time.Second)
	require.NotEmpty(t, infos)
	info := infos[len(infos)-1]
	assert.Contains(t, info, "info depth 3 score cp ")
	m := strings.TrimPrefix(best, "bestmove ")
	assert.NotContains(t, m, "-", "compact by default")
	// The same answer as the player in process.
	want, err := players.NewFromString("expert:depth=3", 0)
	require.NoError(t, err)
	a, err := players.Analyze(context.Background(), want, &p, r)
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(a.Turn.String(), "-", ""), m)
	assert.Contains(t, info, " pv "+m)

	s.send("setoption name Notation value dashed")
	s.send("go depth 3")
	best, _ = s.expect("bestmove", 10*time.Second)
	assert.Equal(t, "bestmove "+a.Turn.String(), best)

	s.send("position fen not a fen")
	line, _ = s.expect("info string invalid fen", 5*time.Second)
	assert.Contains(t, line, "not a fen")
	s.send("position startpos moves d3e3A a1a2")
	line, _ = s.expect("info string illegal move a1a2", 5*time.Second)
	assert.NotEmpty(t, line)
}

func TestServerGameOverAnswersNullMove(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "random"})
	s.send("position fen 9/9/4W4/9/9 b") // Black has no pieces
	s.send("go depth 1")
	best, _ := s.expect("bestmove", 5*time.Second)
	assert.Equal(t, "bestmove 0000", best)
}

func TestServerStopEndsInfiniteSearchPromptly(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "expert"})
	s.send("position startpos")
	s.send("go infinite")
	s.noLine(300 * time.Millisecond) // no bestmove before stop
	start := time.Now()
	s.send("stop")
	best, _ := s.expect("bestmove", 5*time.Second)
	assert.Less(t, time.Since(start), time.Second, "promptly (ignoring stop would wait forever)")
	p := engine.Start()
	_, err := p.ParseTurn(engine.DefaultRules(), strings.TrimPrefix(best, "bestmove "))
	assert.NoError(t, err)
}

func TestServerHonoursMovetimeAndClock(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "expert"})
	s.send("position startpos")
	for _, c := range []struct {
		goCmd string
		limit time.Duration
	}{
		{"go movetime 150", 150 * time.Millisecond},
		// 3000/30 + 50 = 150 ms for White.
		{"go wtime 3000 btime 1 winc 50 binc 0", 150 * time.Millisecond},
	} {
		start := time.Now()
		s.send(c.goCmd)
		s.expect("bestmove", 5*time.Second)
		took := time.Since(start)
		// The expert looks at the context every 32,768 nodes: under -race and a loaded
		// machine that is a few hundred ms; without the deadline it would take seconds.
		assert.Less(t, took, c.limit+600*time.Millisecond, c.goCmd)
		assert.Greater(t, took, c.limit/2, c.goCmd+": the time should be used, not skipped")
	}
}

func TestServerNodesAndDepthLimitsReachThePlayer(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "expert:nodes=50"})
	s.send("position startpos")
	s.send("go nodes 20000")
	_, infos := s.expect("bestmove", 10*time.Second)
	require.NotEmpty(t, infos)
	var nodes int
	fields := strings.Fields(infos[len(infos)-1])
	for i := range fields {
		if fields[i] == "nodes" {
			nodes = atoi(t, fields[i+1])
		}
	}
	assert.Greater(t, nodes, 50, "go nodes replaces the spec's limit")
	assert.LessOrEqual(t, nodes, 20000+2000)
}
