package analysis

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

// hostileRequest is one malformed or hostile request and the status it must get.
type hostileRequest struct {
	name        string
	method      string
	path        string
	contentType string
	body        string
	host        string
	status      int
}

func hostileRequests() []hostileRequest {
	js := "application/json"
	huge := `{"fen":"` + strings.Repeat("9/", 40000) + `9 w"}`
	post := func(name, path, body string, status int) hostileRequest {
		return hostileRequest{name, "POST", path, js, body, "", status}
	}
	get := func(name, query string) hostileRequest {
		return hostileRequest{name, "GET", "/api/analyse?" + query, "", "", "", 400}
	}
	start := strings.ReplaceAll(engine.StartFEN, " ", "%20")
	return []hostileRequest{
		post("fen with a bad side", "/api/position", `{"fen":"9/9/9/9/9 x"}`, 400),
		post("fen with four rows", "/api/position", `{"fen":"9/9/9/9 w"}`, 400),
		post("fen with a long row", "/api/position", `{"fen":"99/9/9/9/9 w"}`, 400),
		post("fen empty", "/api/position", `{"fen":""}`, 400),
		post("fen of unicode", "/api/position", `{"fen":"●●●●●●●●●/9/9/9/9 w"}`, 400),
		post("fen with a NUL", "/api/position", `{"fen":"9/9/9/9/9 w\u0000"}`, 400),
		post("fen with a negative counter", "/api/position", `{"fen":"9/9/9/9/9 w -1"}`, 400),
		post("fen too long", "/api/position", `{"fen":"`+strings.Repeat("1", 300)+`"}`, 400),
		post("fen of a game ended before", "/api/position", `{"fen":"9/9/4W4/9/9 w"}`, 400),
		post("fen of 23 pieces", "/api/position", `{"fen":"WWWWWWWWW/WWWWWWWWW/WWWWW4/9/B8 w"}`, 400),
		post("fen as a number", "/api/position", `{"fen":17}`, 400),
		post("unknown field", "/api/position", `{"fen":"9/9/9/9/9 w","x":1}`, 400),
		post("two objects", "/api/position", `{"fen":"9/9/9/9/9 w"}{"fen":"9/9/9/9/9 w"}`, 400),
		post("not JSON", "/api/position", `fen=9/9/9/9/9`, 400),
		post("empty body", "/api/position", ``, 400),
		post("an array", "/api/position", `["9/9/9/9/9 w"]`, 400),
		post("deep nesting", "/api/position", strings.Repeat("[", 10000)+strings.Repeat("]", 10000), 400),
		post("huge body", "/api/position", huge, 413),
		{"text/plain body", "POST", "/api/position", "text/plain", `{"fen":"9/9/9/9/9 w"}`, "", 400},
		{"form body", "POST", "/api/play", "application/x-www-form-urlencoded", "fen=x&turn=y", "", 400},
		post("illegal paika", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"e2-e3"}`, 400),
		post("turn of no piece", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"e3-e4"}`, 400),
		post("step off a line", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"d3-f5A"}`, 400),
		post("withdrawal that takes nothing", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"f2-e3W"}`, 400),
		post("chain going on past its end", "/api/play", `{"fen":"`+chainFEN+`","turn":"f3-e3A-d4W-d3A-c3A"}`, 400),
		post("chain revisiting", "/api/play", `{"fen":"`+chainFEN+`","turn":"f3-e3A-f3W"}`, 400),
		post("turn of garbage", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"zz"}`, 400),
		post("turn empty", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":""}`, 400),
		post("turn huge", "/api/play", `{"fen":"`+engine.StartFEN+`","turn":"`+strings.Repeat("e2-e3", 5000)+`"}`, 400),
		post("play in a finished game", "/api/play", `{"fen":"9/9/9/9/4W2B1 w 50 9","turn":"e1-e2"}`, 400),
		post("probe a bad fen", "/api/probe", `{"fen":"9/9/9/9/9/9 w"}`, 400),
		post("prove a bad claim", "/api/prove?client=c", `{"fen":"9/9/9/9/4W2B1 w","claim":"white-draws"}`, 400),
		post("prove with no time", "/api/prove?client=c", `{"fen":"9/9/9/9/4W2B1 w","time":"0s"}`, 400),
		post("prove for a year", "/api/prove?client=c", `{"fen":"9/9/9/9/4W2B1 w","time":"8760h"}`, 400),
		post("prove without a client", "/api/prove", `{"fen":"9/9/9/9/4W2B1 w","time":"1s"}`, 400),
		post("prove with a hostile client", "/api/prove?client=%3Cscript%3E", `{"fen":"9/9/9/9/4W2B1 w","time":"1s"}`, 400),
		post("prove above the paika limit", "/api/prove?client=c", `{"fen":"9/9/9/9/4W2B1 w 60 0","time":"1s"}`, 400),
		get("analyse a bad fen", "fen=x&client=a"),
		get("analyse without a client", "fen="+start),
		get("analyse with multipv 0", "fen="+start+"&client=a&multipv=0"),
		get("analyse with multipv 99", "fen="+start+"&client=a&multipv=99"),
		get("analyse with depth -1", "fen="+start+"&client=a&depth=-1"),
		get("analyse for a year", "fen="+start+"&client=a&time=8760h"),
		get("analyse with an unknown parameter", "fen="+start+"&client=a&threads=64"),
		get("analyse with fen twice", "fen="+start+"&fen="+start+"&client=a"),
		get("analyse a finished game", "fen=9/9/9/9/4W2B1%20w%2050%209&client=a"),
		{"analyse by POST", "POST", "/api/analyse", js, `{}`, "", 405},
		{"position by GET", "GET", "/api/position", "", "", "", 405},
		{"unknown call", "GET", "/api/shutdown", "", "", "", 404},
		{"a file outside the page", "GET", "/static/..%2f..%2fgo.mod", "", "", "", 404},
		{"a host that is not loopback", "GET", "/", "", "", "attacker.example", 403},
		{"games of garbage", "POST", "/api/games", "text/plain", "no games here\n", "", 400},
		{"games empty", "POST", "/api/games", "text/plain", "", "", 400},
	}
}

// settle waits until the goroutines are back to at most want, or a few seconds pass,
// and returns how many there are.
func settle(want int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100 && n > want; i++ {
		time.Sleep(50 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

func TestHostileRequestsGetOneLineAndLeaveNothingBehind(t *testing.T) {
	before := runtime.NumGoroutine()
	heapBefore := heapMiB()
	s, err := New(Config{Rules: engine.DefaultRules(), MaxSearches: 2})
	require.NoError(t, err)
	ln, err := Listen("127.0.0.1:0", false)
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2000}}

	reqs := hostileRequests()
	require.GreaterOrEqual(t, len(reqs), 50)
	for _, c := range reqs {
		req, err := http.NewRequest(c.method, base+c.path, strings.NewReader(c.body))
		require.NoError(t, err)
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		if c.host != "" {
			req.Host = c.host
		}
		res, err := client.Do(req)
		require.NoError(t, err, c.name)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		assert.Equal(t, c.status, res.StatusCode, "%s: %s", c.name, body)
		text := string(body)
		assert.True(t, strings.HasSuffix(text, "\n") && strings.Count(text, "\n") == 1 && len(text) > 1,
			"%s: one line, got %q", c.name, text)
		t.Logf("%-36s %d %s", c.name, res.StatusCode, strings.TrimSpace(text))
	}

	// 1,000 analyses at once, from 100 clients of 10 requests each: at most two searches
	// run, every other request is refused at once (503) or superseded by its client's
	// newer one (409), each with one line; none runs away.
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	var running, maxRunning int
	stopWatch, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		for {
			select {
			case <-stopWatch:
				return
			case <-time.After(2 * time.Millisecond):
				n := len(s.gate.slots)
				mu.Lock()
				running = n
				maxRunning = max(maxRunning, running)
				mu.Unlock()
			}
		}
	}()
	for i := range 1000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := fmt.Sprintf("%s/api/analyse?fen=%s&client=c%d&time=300ms", base, strings.ReplaceAll(engine.StartFEN, " ", "%20"), i%100)
			res, err := client.Get(u)
			if !assert.NoError(t, err) {
				return
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				assert.Equal(t, 1, bytes.Count(body, []byte("\n")), "one line: %q", body)
			} else {
				assert.Contains(t, string(body), "event: done")
			}
			mu.Lock()
			statuses[res.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(stopWatch)
	<-watched // its last reading done before maxRunning is read
	t.Logf("1000 concurrent analyses: %v answers by status, at most %d searches at once", statuses, maxRunning)
	assert.LessOrEqual(t, maxRunning, 2)
	assert.Equal(t, 1000, statuses[200]+statuses[409]+statuses[503], "%v", statuses)
	assert.Positive(t, statuses[200])
	heapBurst := heapMiB()

	// A client that leaves mid-search: its search stops within a moment.
	rctx, leave := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(rctx, "GET", base+"/api/analyse?client=gone&time=60s&fen="+strings.ReplaceAll(engine.StartFEN, " ", "%20"), nil)
	require.NoError(t, err)
	res, err := client.Do(req)
	require.NoError(t, err)
	// Depth 8 done: depth 9 takes seconds more, so only the request's context, not a
	// failed write at the end of the depth, stops the search at once.
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() && !strings.Contains(sc.Text(), `"depth":8,`) {
	}
	require.Equal(t, 1, len(s.gate.slots))
	left := time.Now()
	leave()
	res.Body.Close()
	for (len(s.gate.slots) > 0 || s.gate.waiting() > 0) && time.Since(left) < 5*time.Second {
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the search of a client that left stopped %v after it left", time.Since(left))
	assert.Equal(t, 0, len(s.gate.slots), "the search of a client that left still runs")
	assert.Less(t, time.Since(left), time.Second, "the search of a client that left stops at once")
	assert.Zero(t, s.gate.waiting(), "clients still holding a search")

	stop()
	require.NoError(t, <-served)
	client.CloseIdleConnections()
	after := settle(before)
	heapAfter := heapMiB()
	t.Logf("goroutines: %d before, %d after; heap: %.1f MiB before, %.1f MiB after the burst, %.1f MiB at the end",
		before, after, heapBefore, heapBurst, heapAfter)
	assert.LessOrEqual(t, after, before, "goroutines left behind")
	assert.Less(t, heapAfter-heapBefore, 64.0, "heap left behind (MiB)")
}
