// run.go: running a schedule of games on a pool of workers, appending each finished game
// to games.jsonl at once, resuming an interrupted run, and playing one shard of a run.

package tournament

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fanorona/fanorona/players"
	"golang.org/x/sync/errgroup"
)

// File names inside a run's output folder.
const (
	GamesFile   = "games.jsonl"
	RunFile     = "run.json"
	SummaryFile = "summary.json"
)

// InputError is a problem with what the user asked for (flags, files): the command
// exits with status 2 and nothing already written is touched.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func inputErrorf(format string, args ...any) error {
	return &InputError{fmt.Errorf(format, args...)}
}

// ErrInterrupted is returned (wrapped) when the context ends a run early; the finished
// games are on disk and Resume completes the run.
var ErrInterrupted = errors.New("interrupted")

// Options are how a run is carried out; they do not change its games.
type Options struct {
	Out           string                           // output folder (created if missing)
	Resume        bool                             // continue the run already in Out
	Progress      func(done, total int)            // called after each finished game (one goroutine)
	PlayerOptions []players.Option                 // e.g. a tablebase oracle for expert
	SPRT          *SPRTConfig                      // sequential test on each pair of players
	StopOnSPRT    bool                             // stop when every pair's SPRT has decided
	Log           func(format string, args ...any) // notes for the user (stderr), may be nil
}

// Run plays the games of c that belong to its shard and are not yet in Out, then writes
// Out/summary.json and returns the summary of every game of the shard on disk.
func Run(ctx context.Context, c Config, o Options) (*Summary, error) {
	if err := c.Validate(); err != nil {
		return nil, &InputError{err}
	}
	if o.Log == nil {
		o.Log = func(string, ...any) {}
	}
	openings, err := ParseOpenings(c.Openings, c.EngineRules())
	if err != nil {
		return nil, &InputError{err}
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, &InputError{fmt.Errorf("--out %s: %v", o.Out, err)}
	}
	prior, err := prepareOutput(&c, &o)
	if err != nil {
		return nil, err
	}
	done := map[int]bool{}
	for _, r := range prior {
		done[r.Index] = true
	}
	var todo []int
	shardTotal := 0
	for i := 0; i < c.TotalGames(); i++ {
		if c.InShard(i) {
			shardTotal++
			if !done[i] {
				todo = append(todo, i)
			}
		}
	}
	if len(prior) > 0 {
		o.Log("resuming: %d of %d games already in %s", len(prior), shardTotal, filepath.Join(o.Out, GamesFile))
	}

	f, err := os.OpenFile(filepath.Join(o.Out, GamesFile), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	col := &collector{out: bufio.NewWriterSize(f, 1<<16), path: filepath.Join(o.Out, GamesFile),
		recs: prior, total: shardTotal, opts: &o, cancel: cancel, nextSPRT: len(prior) + 1}
	if o.Progress != nil {
		o.Progress(len(prior), shardTotal)
	}
	// Workers take the next game from a shared cursor and hand its record to the
	// collector under a lock: no per-game channel hand-off, which costs as much as a
	// whole random game.
	var cursor atomic.Int64
	g, gctx := errgroup.WithContext(runCtx)
	stopFlusher := col.flushEvery(50 * time.Millisecond)
	for w := 0; w < c.Workers(); w++ {
		g.Go(func() error {
			for gctx.Err() == nil {
				k := int(cursor.Add(1)) - 1
				if k >= len(todo) {
					return nil
				}
				rec, err := playScheduled(gctx, &c, openings, c.Game(todo[k]), o.PlayerOptions)
				if err != nil {
					if gctx.Err() != nil {
						return nil // cancelled mid-game: the game is simply not recorded
					}
					return err
				}
				line, err := json.Marshal(&rec)
				if err != nil {
					return err
				}
				col.add(rec, append(line, '\n'))
			}
			return nil
		})
	}
	runErr := g.Wait()
	stopFlusher()
	recs, writeErr := col.finish()
	summary := Summarize(recs, o.SPRT)
	summary.Config = &c
	if err := writeJSONFile(filepath.Join(o.Out, SummaryFile), summary); err != nil && writeErr == nil {
		writeErr = err
	}
	switch {
	case writeErr != nil:
		return summary, writeErr
	case runErr != nil:
		return summary, runErr
	case ctx.Err() != nil:
		return summary, fmt.Errorf("%w: %d of %d games on disk in %s; rerun with --resume to finish", ErrInterrupted, len(recs), shardTotal, o.Out)
	}
	return summary, nil
}

// collector appends finished games to games.jsonl and keeps them for the summary. It is
// shared by the workers under its lock.
type collector struct {
	mu        sync.Mutex
	out       *bufio.Writer
	path      string
	dirty     bool // buffered records not yet flushed
	lastFlush time.Time
	recs      []Record
	total     int
	opts      *Options
	cancel    context.CancelFunc
	err       error
	stopped   bool // stopped by the SPRT
	nextSPRT  int  // game count at which the SPRT is next evaluated
}

// add records one finished game. The buffer is flushed at once unless it was flushed
// less than 20 ms ago, so a game reaches the file within the flusher's period at worst.
func (c *collector) add(rec Record, line []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	if _, err := c.out.Write(line); err != nil {
		c.fail(err)
		return
	}
	c.dirty = true
	if time.Since(c.lastFlush) > 20*time.Millisecond {
		c.flushLocked()
	}
	c.recs = append(c.recs, rec)
	if c.opts.Progress != nil {
		c.opts.Progress(len(c.recs), c.total)
	}
	// The SPRT is evaluated at geometrically spaced game counts, not after every game,
	// so checking it stays a small share of the run.
	if c.opts.StopOnSPRT && c.opts.SPRT != nil && !c.stopped && len(c.recs) >= c.nextSPRT {
		c.nextSPRT = len(c.recs) + len(c.recs)/50 + 1
		if sprtDecided(c.recs, c.opts.SPRT) {
			c.stopped = true
			c.opts.Log("SPRT decided after %d games: stopping", len(c.recs))
			c.cancel()
		}
	}
}

func (c *collector) flushLocked() {
	if err := c.out.Flush(); err != nil {
		c.fail(err)
	}
	c.dirty = false
	c.lastFlush = time.Now()
}

func (c *collector) fail(err error) {
	c.err = fmt.Errorf("writing %s: %w", c.path, err)
	c.cancel()
}

// flushEvery flushes buffered records periodically until the returned stop is called.
func (c *collector) flushEvery(period time.Duration) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				c.mu.Lock()
				if c.dirty && c.err == nil {
					c.flushLocked()
				}
				c.mu.Unlock()
			}
		}
	}()
	return func() { close(done); <-finished }
}

// finish flushes what is buffered and returns every record with the first write error.
func (c *collector) finish() ([]Record, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.flushLocked()
	}
	return c.recs, c.err
}

// sprtDecided reports whether the sequential test has decided for every pair of players.
func sprtDecided(recs []Record, cfg *SPRTConfig) bool {
	s := Summarize(recs, cfg)
	if len(s.Pairs) == 0 {
		return false
	}
	for _, p := range s.Pairs {
		if p.SPRT == nil || p.SPRT.Decision == "continue" {
			return false
		}
	}
	return true
}

// prepareOutput checks Out against the run: a new run needs an empty games file; a resumed
// one needs the same run.json. It returns the games already played and cuts a last line
// left incomplete by a crash.
func prepareOutput(c *Config, o *Options) ([]Record, error) {
	gamesPath := filepath.Join(o.Out, GamesFile)
	runPath := filepath.Join(o.Out, RunFile)
	data, err := os.ReadFile(gamesPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) > 0 && !o.Resume {
		return nil, inputErrorf("%s already holds games: use --resume to continue that run, or another --out", gamesPath)
	}
	if !o.Resume || len(data) == 0 {
		return nil, writeJSONFile(runPath, c)
	}
	var prev Config
	raw, err := os.ReadFile(runPath)
	if err != nil {
		return nil, inputErrorf("--resume: %v (it describes the run to continue)", err)
	}
	if err := json.Unmarshal(raw, &prev); err != nil {
		return nil, inputErrorf("--resume: %s: %v", runPath, err)
	}
	if !sameRun(&prev, c) {
		a, _ := json.Marshal(&prev)
		b, _ := json.Marshal(c)
		return nil, inputErrorf("--resume: %s holds a different run: %s, but the flags ask for %s", o.Out, a, b)
	}
	// Cut an incomplete last line (a write interrupted by a crash).
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		if err := os.Truncate(gamesPath, int64(i+1)); err != nil {
			return nil, err
		}
		o.Log("%s: dropped an incomplete last line", gamesPath)
		data = data[:i+1]
	}
	recs, bad, err := ReadRecords(bytes.NewReader(data), gamesPath)
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, &InputError{fmt.Errorf("--resume: %v (repair or remove that line)", bad[0])}
	}
	var out []Record
	seen := map[int]bool{}
	for _, r := range recs {
		if r.Index >= c.TotalGames() || !c.InShard(r.Index) || seen[r.Index] {
			return nil, inputErrorf("--resume: %s holds game %d, which is not (or twice) in this run's shard", gamesPath, r.Index)
		}
		seen[r.Index] = true
		out = append(out, r)
	}
	return out, nil
}

// writeJSONFile writes v as indented JSON through a temporary file and a rename, so a
// reader never sees half a file.
func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// WriteRecords writes records as JSON Lines.
func WriteRecords(w io.Writer, recs []Record) error {
	enc := json.NewEncoder(w)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			return err
		}
	}
	return nil
}
