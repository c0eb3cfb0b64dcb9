package analysis

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/pgn"
)

// chainFEN has Black's three-step chain f3-e3A-d4W-d3A, whose first step may capture by
// approach (d3) or by withdrawal (g3).
const chainFEN = "BB2BBBBB/BBB1BBBBB/BWBW1BWBW/W1WWWWWWW/1WWWWWWWW b 0 3"

// testServer serves cfg on a loopback port for the test's lifetime.
func testServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(cfg)
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// postJSON posts v and returns the status and body.
func postJSON(t *testing.T, ts *httptest.Server, path string, v any) (int, string) {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	res, err := http.Post(ts.URL+path, "application/json", bytes.NewReader(data))
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(body)
}

// tables builds every class of up to maxPieces pieces, theoretic and under paika limit
// 50, into a temporary folder.
func tables(t *testing.T, maxPieces int) *tablebase.Set {
	t.Helper()
	dir := t.TempDir()
	for _, limit := range []int{0, 50} {
		_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: maxPieces, PaikaLimit: limit, Workers: 1})
		require.NoError(t, err)
	}
	set := tablebase.Open(dir)
	t.Cleanup(func() { set.Close() })
	return set
}

func TestPositionListsTheEnginesTurnsStepByStep(t *testing.T) {
	_, ts := testServer(t, Config{Rules: engine.DefaultRules()})
	for _, fen := range []string{engine.StartFEN, chainFEN, "9/9/4W4/3B5/9 w 7 20"} {
		code, body := postJSON(t, ts, "/api/position", map[string]string{"fen": fen})
		require.Equal(t, http.StatusOK, code, body)
		var v PositionView
		require.NoError(t, json.Unmarshal([]byte(body), &v))
		p := engine.MustParseFEN(fen)
		assert.Equal(t, p.FEN(), v.FEN)
		var want, got []string
		for _, tn := range p.Turns(engine.DefaultRules(), nil) {
			want = append(want, tn.String())
		}
		for _, tv := range v.Turns {
			got = append(got, tv.Notation)
			// The steps rebuild the notation, and their captures are the engine's, in the
			// order the engine takes them.
			tn, err := p.ParseTurn(engine.DefaultRules(), tv.Notation)
			require.NoError(t, err)
			var steps []string
			var taken []string
			note := tv.From
			for _, s := range tv.Steps {
				letter := map[string]string{"paika": "", "approach": "A", "withdrawal": "W"}[s.Kind]
				note += "-" + s.To + letter
				taken = append(taken, s.Captured...)
				steps = append(steps, s.To)
			}
			assert.Equal(t, tv.Notation, note)
			var order []string
			for _, q := range p.CaptureOrder(tn) {
				order = append(order, q.String())
			}
			assert.Equal(t, order, taken, tv.Notation)
			assert.Len(t, steps, int(tn.Len))
		}
		sort.Strings(want)
		sort.Strings(got)
		assert.Equal(t, want, got, fen)
		assert.Equal(t, p.CanCapture(), v.Capture)
		assert.Equal(t, p.Paika, v.Paika)
	}
}

func TestPlayGivesTheEnginesPosition(t *testing.T) {
	_, ts := testServer(t, Config{Rules: engine.DefaultRules()})
	for _, c := range []struct{ fen, turn, canonical string }{
		{engine.StartFEN, "d3e3A", "d3-e3A"},
		{chainFEN, "f3-e3a-d4w-d3a", "f3-e3A-d4W-d3A"},
		{chainFEN, "f3-e3A-d4W", "f3-e3A-d4W"}, // a chain stopped early
	} {
		code, body := postJSON(t, ts, "/api/play", map[string]string{"fen": c.fen, "turn": c.turn})
		require.Equal(t, http.StatusOK, code, body)
		var a PlayAnswer
		require.NoError(t, json.Unmarshal([]byte(body), &a))
		p := engine.MustParseFEN(c.fen)
		tn, err := p.ParseTurn(engine.DefaultRules(), c.canonical)
		require.NoError(t, err)
		q := p.Play(tn)
		assert.Equal(t, c.canonical, a.Turn)
		assert.Equal(t, q.FEN(), a.Position.FEN)
		assert.Len(t, a.Captured, tn.Captured.Count())
	}
	// The chain's FEN written out by hand: the piece from f3 to d3, taking d3, then f2 and
	// g1, then d2 and d1.
	code, body := postJSON(t, ts, "/api/play", map[string]string{"fen": chainFEN, "turn": "f3-e3A-d4W-d3A"})
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `"fen":"BB2BBBBB/BBB1BBBBB/BWBB2WBW/W1W1W1WWW/1WW1WW1WW w 0 4"`)
}

// sseEvent is one server-sent event.
type sseEvent struct {
	name string
	data string
}

// readEvents reads the events of an analysis stream until it ends.
func readEvents(t *testing.T, r io.Reader) []sseEvent {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data = strings.TrimPrefix(line, "data: ")
		case line == "":
			out = append(out, cur)
			cur = sseEvent{}
		}
	}
	return out
}

func analyseURL(ts *httptest.Server, params map[string]string) string {
	q := url.Values{}
	for k, v := range params {
		q.Set(k, v)
	}
	return ts.URL + "/api/analyse?" + q.Encode()
}

// depthTestTime is the budget of the searches that must end at their depth: far above
// their few seconds on an idle core, since CI runs them beside other packages' tests
// (the default 10 s once ended a three-ply multi-line search by time).
const depthTestTime = 5 * time.Minute

func TestAnalyseStreamsEveryDepth(t *testing.T) {
	_, ts := testServer(t, Config{Rules: engine.DefaultRules(), MaxSearches: 1, MaxTime: depthTestTime})
	res, err := http.Get(analyseURL(ts, map[string]string{"fen": engine.StartFEN, "client": "a", "depth": "4", "time": depthTestTime.String()}))
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
	evs := readEvents(t, res.Body)
	require.Len(t, evs, 5)
	for d := 1; d <= 4; d++ {
		require.Equal(t, "info", evs[d-1].name)
		var info InfoEvent
		require.NoError(t, json.Unmarshal([]byte(evs[d-1].data), &info))
		assert.Equal(t, d, info.Depth)
		require.Len(t, info.Lines, 1)
		// The line is the expert's own at that depth: searched again here, same score and
		// same line (a search to a depth is deterministic).
		o := players.DefaultExpertOptions()
		o.Depth, o.HashMB = d, DefaultHashMB
		p := engine.Start()
		a, err := players.NewExpert(o).Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		assert.Equal(t, a.Score, info.Lines[0].Score, "depth %d", d)
		assert.Equal(t, a.PV[0].String(), info.Lines[0].PV[0], "depth %d", d)
	}
	assert.Equal(t, "done", evs[4].name)
	assert.JSONEq(t, `{"reason":"depth","depth":4}`, evs[4].data)
}

func TestAnalyseGivesSeveralLinesBestFirst(t *testing.T) {
	_, ts := testServer(t, Config{Rules: engine.DefaultRules(), MaxSearches: 1, MaxTime: depthTestTime})
	res, err := http.Get(analyseURL(ts, map[string]string{"fen": engine.StartFEN, "client": "a", "depth": "3", "multipv": "8", "time": depthTestTime.String()}))
	require.NoError(t, err)
	defer res.Body.Close()
	evs := readEvents(t, res.Body)
	require.Len(t, evs, 4)
	var info InfoEvent
	require.NoError(t, json.Unmarshal([]byte(evs[2].data), &info))
	// White's five first turns (docs/OPENING.md), each once, best first; each line's
	// score is the negated score of its position searched two plies.
	p := engine.Start()
	require.Len(t, info.Lines, 5)
	seen := map[string]bool{}
	for i, l := range info.Lines {
		seen[l.PV[0]] = true
		if i > 0 {
			assert.LessOrEqual(t, l.Score, info.Lines[i-1].Score)
		}
		tn, err := p.ParseTurn(engine.DefaultRules(), l.PV[0])
		require.NoError(t, err)
		q := p.Play(tn)
		o := players.DefaultExpertOptions()
		o.Depth, o.HashMB = 2, DefaultHashMB
		a, err := players.NewExpert(o).Analyze(context.Background(), &q, engine.DefaultRules())
		require.NoError(t, err)
		assert.Equal(t, -a.Score, l.Score, l.PV[0])
	}
	assert.Len(t, seen, 5)
}

func TestProbeAnswersWithTheTables(t *testing.T) {
	set := tables(t, 3)
	// Theoretic: the package's example, a lone piece against a lone piece.
	_, ts := testServer(t, Config{Rules: engine.TheoreticRules(), Tables: set})
	code, body := postJSON(t, ts, "/api/probe", map[string]string{"fen": "9/9/9/9/4W2B1 w"})
	require.Equal(t, http.StatusOK, code, body)
	var a ProbeAnswer
	require.NoError(t, json.Unmarshal([]byte(body), &a))
	require.True(t, a.Covered, a.Reason)
	assert.Equal(t, "win in 7", a.Value.Text)
	assert.Equal(t, []string{"e1-f2"}, a.Best)
	assert.Len(t, a.Line, 7, "a win in 7 plies")
	assert.Equal(t, "loss in 0", a.LineValues[len(a.LineValues)-1])
	// A class not built, and no tables at all: not covered, with the reason.
	code, body = postJSON(t, ts, "/api/probe", map[string]string{"fen": engine.StartFEN})
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `"covered":false`)
	assert.Contains(t, body, "22v22 is not built")
	_, bare := testServer(t, Config{Rules: engine.DefaultRules()})
	code, body = postJSON(t, bare, "/api/probe", map[string]string{"fen": "9/9/9/9/4W2B1 w"})
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, "no tablebase folder")
}

func TestProveGivesACertificateTheCheckerAccepts(t *testing.T) {
	set := tables(t, 3)
	_, ts := testServer(t, Config{Rules: engine.DefaultRules(), Tables: set, Toolkit: "test"})
	// 2v2 is not built: the prover has to search down to the 3-piece tables.
	code, body := postJSON(t, ts, "/api/prove?client=p", map[string]string{"fen": "9/9/2W1W4/3B1B3/9 w", "time": "20s"})
	require.Equal(t, http.StatusOK, code, body)
	var a ProveAnswer
	require.NoError(t, json.Unmarshal([]byte(body), &a))
	require.NotEmpty(t, a.Certificate, a.Result)
	data, err := base64.StdEncoding.DecodeString(a.Certificate)
	require.NoError(t, err)
	cert, err := proof.Read(bytes.NewReader(data))
	require.NoError(t, err)
	for i := range cert.Sections {
		rep, err := proof.CheckSection(&cert.Sections[i], proof.FromSet(set, 0), nil)
		require.NoError(t, err, "the checker refuses section %d", i)
		t.Logf("section %d: %v", i, rep)
	}
	assert.Contains(t, a.Result, "value")
	t.Logf("%s: %d nodes, %d ms", a.Result, a.Nodes, a.TimeMS)
}

// playedGames plays two short seeded games between levels and returns their records.
func playedGames(t *testing.T) []record.Record {
	t.Helper()
	var recs []record.Record
	for i, pair := range [][2]string{{"greedy", "random"}, {"random", "greedy"}} {
		w, err := players.NewFromString(pair[0], uint64(i+1))
		require.NoError(t, err)
		b, err := players.NewFromString(pair[1], uint64(i+7))
		require.NoError(t, err)
		rec, err := tournament.PlayGame(context.Background(), w, b, engine.Start(), engine.DefaultRules(), 60)
		require.NoError(t, err)
		rec.Index, rec.Pair, rec.White, rec.Black = i, 0, pair[0], pair[1]
		recs = append(recs, rec)
	}
	return recs
}

func TestGamesOpenFromRecordsAndExports(t *testing.T) {
	recs := playedGames(t)
	var jsonl, text bytes.Buffer
	require.NoError(t, record.WriteRecords(&jsonl, recs))
	pw := pgn.NewWriter(&text)
	for i := range recs {
		require.NoError(t, pw.Write(&recs[i]))
	}
	require.NoError(t, pw.Flush())
	_, ts := testServer(t, Config{Rules: engine.DefaultRules()})
	for name, data := range map[string][]byte{"games.jsonl": jsonl.Bytes(), "export": text.Bytes()} {
		res, err := http.Post(ts.URL+"/api/games", "text/plain", bytes.NewReader(data))
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", name, body)
		var a GamesAnswer
		require.NoError(t, json.Unmarshal(body, &a))
		require.Len(t, a.Games, len(recs), name)
		for i, g := range a.Games {
			assert.Equal(t, recs[i].Turns, g.Turns, name)
			// Every FEN is the engine's after the turns so far.
			p := engine.Start()
			require.Len(t, g.FENs, len(g.Turns)+1)
			assert.Equal(t, p.FEN(), g.FENs[0])
			for k, s := range recs[i].Turns {
				tn, err := p.ParseTurn(engine.DefaultRules(), s)
				require.NoError(t, err)
				p = p.Play(tn)
				assert.Equal(t, p.FEN(), g.FENs[k+1], "%s game %d ply %d", name, i, k+1)
			}
		}
	}
}

func TestCheckAddr(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8054", "127.0.0.1:0", "[::1]:8054", "localhost:80", "127.1.2.3:9"} {
		assert.NoError(t, CheckAddr(ok, false), ok)
	}
	for _, bad := range []string{":8054", "0.0.0.0:8054", "192.168.1.2:80", "[::]:80", "example.com:80", "127.0.0.1", "x", "127.0.0.1:"} {
		assert.Error(t, CheckAddr(bad, false), bad)
	}
	assert.NoError(t, CheckAddr("0.0.0.0:8054", true))
	assert.Error(t, CheckAddr("0.0.0.0", true), "no port")
}

func TestServeStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- ListenAndServe(ctx, "127.0.0.1:0", Config{Rules: engine.DefaultRules()}, func(u string) { urls <- u })
	}()
	u := <-urls
	res, err := http.Get(u)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), `data-point="e3"`)
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop with its context")
	}
}

// TestAFinishedGameIsRefused: Black has no piece left, so neither a turn nor an analysis
// is asked of the position, and the answer says why the game ended.
func TestAFinishedGameIsRefused(t *testing.T) {
	_, ts := testServer(t, Config{Rules: engine.DefaultRules()})
	over := "9/9/4W4/9/9 b"
	code, body := postJSON(t, ts, "/api/play", map[string]string{"fen": over, "turn": "e3-e4"})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, body, "the game is already over (1-0, no-pieces): no turn can be played")
	res, err := http.Get(analyseURL(ts, map[string]string{"fen": over}))
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	assert.Contains(t, string(b), "the game is already over (1-0, no-pieces): nothing to analyse")
}
