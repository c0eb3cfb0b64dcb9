package uci_test

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
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
	// With MultiPV 3 the lines searched after the search end at the stop too: after 1.5 s
	// of search, lines one ply less deep for every root turn take several seconds.
	for multiPV, wait := range map[int]time.Duration{1: 300 * time.Millisecond, 3: 1500 * time.Millisecond} {
		s := newSession(t, uci.ServerConfig{Player: "expert", MultiPV: multiPV})
		s.send("position startpos")
		s.send("go infinite")
		s.noLine(wait) // no bestmove before stop
		start := time.Now()
		s.send("stop")
		best, _ := s.expect("bestmove", 5*time.Second)
		assert.Less(t, time.Since(start), time.Second, "MultiPV %d: promptly (ignoring stop would wait)", multiPV)
		p := engine.Start()
		_, err := p.ParseTurn(engine.DefaultRules(), strings.TrimPrefix(best, "bestmove "))
		assert.NoError(t, err)
	}
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

// serveAll runs a whole session on input and returns the lines written.
func serveAll(t *testing.T, cfg uci.ServerConfig, input string) []string {
	t.Helper()
	var out strings.Builder
	require.NoError(t, uci.Serve(context.Background(), strings.NewReader(input), &out, cfg))
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

// infoField returns the value after key in an info line.
func infoField(t *testing.T, info, key string) string {
	t.Helper()
	f := strings.Fields(info)
	for i := range f[:len(f)-1] {
		if f[i] == key {
			return f[i+1]
		}
	}
	t.Fatalf("no %s in %q", key, info)
	return ""
}

func TestServerQuitOrEndOfInputLetsALimitedSearchFinish(t *testing.T) {
	p := engine.Start()
	for _, player := range []string{"medium", "hard", "expert"} {
		// The same player searched in process: what the session must answer.
		want, err := players.NewFromString(player+":depth=4", record.MixSeed(0, 0))
		require.NoError(t, err)
		a, err := players.Analyze(context.Background(), want, &p, engine.DefaultRules())
		require.NoError(t, err)
		require.Equal(t, 4, a.Depth)
		for _, end := range []string{"quit\n", ""} {
			lines := serveAll(t, uci.ServerConfig{Player: player}, "position startpos\ngo depth 4\n"+end)
			require.Len(t, lines, 2, "%s %q: %q", player, end, lines)
			assert.True(t, strings.HasPrefix(lines[0], "info depth 4 score cp "), "%s %q: %q", player, end, lines[0])
			assert.Equal(t, strconv.FormatUint(a.Nodes, 10), infoField(t, lines[0], "nodes"), "%s %q", player, end)
			assert.Equal(t, "bestmove "+strings.ReplaceAll(a.Turn.String(), "-", ""), lines[1], "%s %q", player, end)
		}
	}
}

func TestServerStoppedBeforeAnIterationAnswersFromOne(t *testing.T) {
	r := engine.DefaultRules()
	for _, c := range []struct {
		player string
		depth  int // least depth of the info line
	}{
		{"expert", 1}, {"hard", 1}, {"medium", 1}, {"mcts", 0}, {"random", 0}, {"greedy", 1},
	} {
		// A quit or the end of the input right after go infinite stops the search before
		// it could complete anything, most times: what it answers is still searched.
		for _, end := range []string{"quit\n", "stop\n", ""} {
			lines := serveAll(t, uci.ServerConfig{Player: c.player}, "position startpos\ngo infinite\n"+end)
			require.Len(t, lines, 2, "%s %q: %q", c.player, end, lines)
			info, best := lines[0], lines[1]
			require.True(t, strings.HasPrefix(info, "info depth "), "%s %q: %q", c.player, end, info)
			assert.GreaterOrEqual(t, atoi(t, infoField(t, info, "depth")), c.depth, "%s %q: %q", c.player, end, info)
			assert.Positive(t, atoi(t, infoField(t, info, "nodes")), "%s %q: %q", c.player, end, info)
			m := strings.TrimPrefix(best, "bestmove ")
			assert.Equal(t, m, infoField(t, info, "pv"), "%s %q: the answer is the searched turn", c.player, end)
			p := engine.Start()
			_, err := p.ParseTurn(r, m)
			assert.NoError(t, err, "%s %q", c.player, end)
		}
	}
}

func TestServerGoLimitThePlayerCannotFollowKeepsItsOwnBudget(t *testing.T) {
	// mcts has no depth: go depth 4 leaves it its own playouts, a search that ends.
	s := newSession(t, uci.ServerConfig{Player: "mcts:playouts=200"})
	s.send("position startpos")
	s.send("go depth 4")
	_, infos := s.expect("bestmove", 10*time.Second)
	require.NotEmpty(t, infos)
	assert.Equal(t, "200", infoField(t, infos[len(infos)-1], "nodes"))
}

func TestServerNodeLimitWithinTheFirstIterationShowsNoScore(t *testing.T) {
	// One ply of the expert from the start takes more than 1,000 nodes (its quiescence):
	// the limit ends the search first, and the turn comes without a score.
	lines := serveAll(t, uci.ServerConfig{Player: "expert"}, "position startpos\ngo nodes 1000\n")
	require.Len(t, lines, 2, "%q", lines)
	assert.True(t, strings.HasPrefix(lines[0], "info depth 0 nodes "), lines[0])
	assert.NotContains(t, lines[0], "score")
	assert.Equal(t, "bestmove "+infoField(t, lines[0], "pv"), lines[1])
}

func TestServerHashBoundedByTheTablesAndTheMachine(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		mb     int
		memory uint64
		ok     bool
	}{
		{0, 0, true}, {16384, 0, true}, {16384, 32 * gib, true},
		{-1, 0, false}, {16385, 0, false}, {99999999, 0, false},
		{4096, 4 * gib, true}, {4097, 4 * gib, false}, // a 4 GiB machine holds 4096 MiB at most
	} {
		err := uci.CheckHash(c.mb, c.memory)
		assert.Equal(t, c.ok, err == nil, "%d MB on %d bytes: %v", c.mb, c.memory, err)
	}
	assert.Equal(t, 4096, uci.MaxHash(4*gib))
	assert.Equal(t, uci.MaxHashMB, uci.MaxHash(0))

	// Serve refuses a starting value out of range before it answers anything.
	var out strings.Builder
	err := uci.Serve(context.Background(), strings.NewReader("uci\n"), &out, uci.ServerConfig{Player: "expert", HashMB: -1})
	assert.ErrorContains(t, err, "hash -1")
	assert.Empty(t, out.String())

	// A GUI's setoption beyond the machine is ignored with a reason; the advertised max is the machine's.
	lines := serveAll(t, uci.ServerConfig{Player: "expert", MemoryBytes: 4 * gib},
		"uci\nsetoption name Hash value 8000\nsetoption name Hash value -3\n")
	assert.Contains(t, lines, "option name Hash type spin default 0 min 0 max 4096")
	assert.Contains(t, lines, `info string option Hash value "8000" ignored: 8000 MB is more than this machine's memory (4096 MB): want 0 to 4096`)
	assert.Contains(t, lines, `info string option Hash value "-3" ignored: want a whole number of MB from 0 to 4096`)
}

func TestServerMultiPVWritesOneInfoLineALine(t *testing.T) {
	// White f3, h3 against Black g4: f3-e3 wins in 3 plies, the only turn that fast
	// (players/tactics_test.go).
	input := "uci\nposition fen 9/6B2/5W1W1/9/9 w 0 10\ngo depth 6\n"
	one := serveAll(t, uci.ServerConfig{Player: "expert"}, input)
	assert.Contains(t, one, "option name MultiPV type spin default 1 min 1 max 500")
	require.Equal(t, "bestmove f3e3", one[len(one)-1])
	assert.True(t, strings.HasPrefix(one[len(one)-2], "info depth 3 score mate 3 nodes "), "one line: no multipv")

	three := serveAll(t, uci.ServerConfig{Player: "expert"}, "setoption name MultiPV value 3\n"+input)
	require.Equal(t, one[len(one)-1], three[len(three)-1], "bestmove unchanged")
	infos := three[len(three)-4 : len(three)-1]
	turns := map[string]bool{}
	prev := 0
	for k, info := range infos {
		assert.Equal(t, strconv.Itoa(k+1), infoField(t, info, "multipv"), info)
		assert.Equal(t, "3", infoField(t, info, "depth"), info)
		turn := infoField(t, info, "pv")
		assert.False(t, turns[turn], "%s twice", turn)
		turns[turn] = true
		mate := atoi(t, infoField(t, info, "mate"))
		assert.GreaterOrEqual(t, mate, prev, "sorted: later lines win no sooner: %q", infos)
		prev = mate
	}
	assert.Equal(t, "f3e3", infoField(t, infos[0], "pv"))
	assert.Equal(t, "3", infoField(t, infos[0], "mate"))

	bad := serveAll(t, uci.ServerConfig{Player: "expert"}, "setoption name MultiPV value 0\n")
	assert.Equal(t, []string{`info string option MultiPV value "0" ignored: want a whole number from 1 to 500`}, bad)
}
