package progress

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestPlainProgressIsThrottledAcrossStages(t *testing.T) {
	var w bytes.Buffer
	clock := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	p := New(&w)
	p.now = func() time.Time { return clock }
	p.beatEvery = 0 // the clock is the test's: no heartbeat reading it
	// 300 distance levels of a second each, 20 reports per level: 300 s of work.
	for level := range 300 {
		for k := range 20 {
			p.Update(fmt.Sprintf("3v3 level %d", level), "slots", int64(k*50), 1000)
			clock = clock.Add(50 * time.Millisecond)
		}
	}
	p.Finish()
	lines := strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
	// One line at the start, one every 10 s of the 300 s (the last at 290 s), and the
	// last state at the end: 1 + 29 + 1.
	assert.Len(t, lines, 31, "%s", w.String())
	assert.True(t, strings.HasPrefix(lines[0], "3v3 level 0: 0/1000 slots"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "3v3 level 10: 0/1000 slots"), lines[1])
	assert.True(t, strings.HasPrefix(lines[30], "3v3 level 299: 950/1000 slots"), lines[30])
}

// TestPlainProgressBeatsWhileNoUnitEnds: a game that takes minutes still gets a line every
// 10 s, with the time gone by, and no more lines than that.
func TestPlainProgressBeatsWhileNoUnitEnds(t *testing.T) {
	var w bytes.Buffer
	clock := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	p := New(&w)
	p.now = func() time.Time { return clock }
	p.beatEvery = 0 // the test ticks by hand
	p.Update("selfplay expert:depth=8", "games", 0, 2)
	for range 35 { // 35 s with no game ending, looked at every second
		clock = clock.Add(time.Second)
		p.tick()
	}
	p.Update("selfplay expert:depth=8", "games", 1, 2) // at 35 s: 5 s after the last line
	p.Finish()
	assert.Equal(t, "selfplay expert:depth=8: 0/2 games, 0s elapsed, ETA -\n"+
		"selfplay expert:depth=8: 0/2 games, 10s elapsed, ETA -\n"+
		"selfplay expert:depth=8: 0/2 games, 20s elapsed, ETA -\n"+
		"selfplay expert:depth=8: 0/2 games, 30s elapsed, ETA -\n"+
		"selfplay expert:depth=8: 1/2 games, 35s elapsed, ETA 35s\n", w.String())
}

// TestProgressHeartbeatRuns: the real heartbeat prints a line while no unit ends and
// stops with Finish.
func TestProgressHeartbeatRuns(t *testing.T) {
	var w syncBuffer
	p := New(&w)
	p.beatEvery = time.Millisecond
	start := time.Now()
	p.mu.Lock()
	p.now = func() time.Time { return start.Add(time.Since(start) * 10000) } // 10 s a millisecond
	p.mu.Unlock()
	p.Update("build", "slots", 0, 10)
	assert.Eventually(t, func() bool { return strings.Count(w.String(), "\n") >= 3 }, 5*time.Second, time.Millisecond)
	p.Finish()
	n := strings.Count(w.String(), "\n")
	time.Sleep(20 * time.Millisecond)
	assert.Equal(t, n, strings.Count(w.String(), "\n"), "lines after finish")
}

// TestProgressLineCarriesTheScore: a score set after the count was reported is on the
// line printed at the end, after the count.
func TestProgressLineCarriesTheScore(t *testing.T) {
	var w bytes.Buffer
	clock := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	p := New(&w)
	p.now = func() time.Time { return clock }
	p.beatEvery = 0
	p.Update("tournament", "games", 0, 2)
	clock = clock.Add(time.Second)
	p.Update("tournament", "games", 2, 2)
	p.SetScore("a vs b +1 =0 -1")
	p.Finish()
	assert.Equal(t, "tournament: 0/2 games, 0s elapsed, ETA -\n"+
		"tournament: 2/2 games, 1s elapsed, ETA 0s | a vs b +1 =0 -1\n", w.String())
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader on two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
