// run.go: running a schedule of games on a pool of workers, appending each finished game
// to games.jsonl at once, resuming an interrupted run, and playing one shard of a run.

package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/tournament/summary"
	"golang.org/x/sync/errgroup"
)

// LockFile is the file inside a run's output folder held (flock) by the one process
// writing the folder (the others: record.GamesFile, RunFile, SummaryFile).
const LockFile = "run.lock"

// InputError is a problem with what the user asked for (flags, files): the command
// exits with status 2 and nothing already written is touched.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

func inputErrorf(format string, args ...any) error {
	return &InputError{settingErrorf(format, args...)}
}

// ErrInterrupted is returned (wrapped) when the context ends a run early; the finished
// games are on disk and Resume completes the run.
var ErrInterrupted = errors.New("interrupted")

// Options are how a run is carried out; but for Adjudicator (which run.json records),
// they do not change its games.
type Options struct {
	Out           string                // output folder (created if missing)
	Resume        bool                  // continue the run already in Out (refused when Out holds none)
	StartOrResume bool                  // with Resume: start the run when Out holds none (a task that may be restarted)
	Progress      func(done, total int) // called after each finished game (one goroutine)
	// Live, when set, is called with the head to head of a run's two players (its only
	// pair; never for self-play or more pairs), before Progress, after the first game
	// and then at most once every LiveEvery (a second when 0), and once more with every
	// game on disk when the games end.
	Live          func(summary.PairStats)
	LiveEvery     time.Duration
	PlayerOptions []players.Option                 // e.g. a tablebase oracle for expert
	SPRT          *summary.SPRTConfig              // sequential test on each pair of players
	StopOnSPRT    bool                             // stop when every pair's SPRT has decided
	Log           func(format string, args ...any) // notes for the user (stderr), may be nil
	// StartEngines, when set, starts the external engines the players name and returns
	// their records (Config.Engines). Run calls it once its checks pass and it holds the
	// folder's lock; when it fails, Run removes the folder if it made it.
	StartEngines func() ([]record.Engine, error)
	// MoreGames: a resumed run may have more games per pairing than the folder's run
	// (never fewer): with one pairing it plays them as a run started with them would
	// have; with more, after the folder's games (Config.ExtendedFrom, Plan.Game). Without
	// it the games must be the same.
	MoreGames bool
	// Invocation, when set, is how this process was started: run.json adds it to the
	// run's invocations (a new run's first, a resumed run's next).
	Invocation *record.Invocation
	// Adjudicator, when set, ends each game at the first position its tables decide
	// (reason tablebase); run.json records the pieces it covers (adjudicate_pieces).
	Adjudicator *Adjudicator
	// createGames opens games.jsonl for appending (nil: the file itself); tests give a
	// writer that fails as a full disk does.
	createGames func(path string) (gamesWriter, error)
}

// Run plays the games of c that belong to its shard and are not yet in Out, then writes
// Out/summary.json and returns the summary of every game of the shard on disk.
//
// Memory does not depend on the number of games to play: the schedule is walked by
// index, and the statistics are accumulated as games finish (8 bytes a distinct game).
// Resuming costs one bit and 8 bytes (the duplicate check) a game already on disk.
// One process at a time writes a folder: Run holds Out/run.lock until it returns.
func Run(ctx context.Context, req Config, o Options) (*summary.Summary, error) {
	c, err := NewPlan(req)
	if err != nil {
		return nil, &InputError{err}
	}
	if o.Log == nil {
		o.Log = func(string, ...any) {}
	}
	if c.Format == SelfPlay || len(c.pairings) != 1 {
		o.Live = nil // a score line is a match's: two players
	}
	switch err := c.drawOpenings(ctx); {
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("%w while choosing the openings: nothing written", ErrInterrupted)
	case err != nil:
		return nil, &InputError{err}
	}
	if o.Adjudicator != nil {
		if o.Adjudicator.limit != c.Rules.PaikaLimit {
			return nil, inputErrorf("%v: the tables are of paika limit %d, the run's is %d", SettingAdjudicate, o.Adjudicator.limit, c.Rules.PaikaLimit)
		}
		c.AdjudicatePieces = o.Adjudicator.Pieces()
	}
	if _, _, err := checkOutput(c, &o); err != nil {
		return nil, err
	}
	// A run its SPRT stopped is resumed with its test and the stop (unless another test
	// is asked for): resuming it plays no more games, and it still reports the stop.
	var wasStopped bool
	if o.Resume {
		if t := stoppedTest(o.Out); t != nil && (o.SPRT == nil || *o.SPRT == *t) {
			wasStopped, o.SPRT, o.StopOnSPRT = true, t, true
		}
	}
	made := firstMissing(o.Out)
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, &InputError{settingErrorf("%v %s: %v", SettingOutput, o.Out, err)}
	}
	release, err := lockRun(o.Out)
	if err != nil {
		return nil, err
	}
	defer release()
	if o.StartEngines != nil {
		if c.Engines, err = o.StartEngines(); err != nil {
			if made != "" {
				_ = os.RemoveAll(made) // only the lock and the engine logs of this call
			}
			return nil, err
		}
	}
	acc := summary.NewAccumulator(o.SPRT, c.Players, deterministic)
	done, prior, err := prepareOutput(c, &o, acc)
	if err != nil {
		return nil, err
	}
	shardTotal := c.shardGames
	if prior > 0 {
		o.Log("resuming: %d of %d games already in %s", prior, shardTotal, filepath.Join(o.Out, record.GamesFile))
	}
	warned := logOpenings(c, c.openings, &o)
	if c.ScoreAdjudication.On() && prior < shardTotal {
		if note := unscoredNote(c, o.PlayerOptions); note != "" {
			o.Log("%s", note)
		}
	}

	gamesPath := filepath.Join(o.Out, record.GamesFile)
	onDisk, err := fileSize(gamesPath)
	if err != nil {
		return nil, err
	}
	create := o.createGames
	if create == nil {
		create = func(path string) (gamesWriter, error) {
			return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		}
	}
	f, err := create(gamesPath)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", gamesPath, pathless(err))
	}
	defer f.Close()

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	col := &collector{out: f, onDisk: onDisk, path: gamesPath,
		acc: acc, total: shardTotal, opts: &o, cancel: cancel, nextSPRT: prior + 1, tested: c.testedPairings()}
	if o.Progress != nil {
		o.Progress(prior, shardTotal)
	}
	// A resumed run stops at once when the games on disk decide every pair: while games
	// remain, as the run's next evaluation of the tests would; a complete run, when it
	// was stopped.
	if o.StopOnSPRT && o.SPRT != nil && prior > 0 && (prior < shardTotal || wasStopped) {
		col.stopIfDecided(prior)
	}
	// Workers take the shard's next game from a shared cursor and hand its record to
	// the collector under a lock: no per-game channel hand-off, which costs as much as a
	// whole random game, and no list of the games to play.
	var cursor atomic.Int64
	g, gctx := errgroup.WithContext(runCtx)
	stopFlusher := col.flushEvery(50 * time.Millisecond)
	for w := 0; w < min(c.workers, shardTotal-prior); w++ { // no idle workers on resume
		g.Go(panics.Guard(func() error { // a bug in a game is the run's error, not a crash
			for gctx.Err() == nil {
				k := int(cursor.Add(1)) - 1
				if k >= shardTotal {
					return nil
				}
				if done.has(k) {
					continue
				}
				rec, err := playScheduled(gctx, c, c.shardGame(k), o.PlayerOptions, o.Adjudicator)
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
				col.add(&rec, append(line, '\n'))
			}
			return nil
		}))
	}
	runErr := g.Wait()
	stopFlusher()
	writeErr := col.finish()
	if o.Live != nil {
		col.live() // the last games, which the period may have left out
	}
	summary := acc.Summary()
	summary.Run = runJSON(&c.Config)
	if writeErr == nil {
		writeErr = writeJSONFile(filepath.Join(o.Out, record.SummaryFile), summary)
	}
	if writeErr != nil {
		// No tables of a run that could not be written: the one error line says what
		// is on disk and how to go on.
		games := recount(c, &o, gamesPath)
		if o.Progress != nil {
			o.Progress(games, shardTotal)
		}
		return nil, settingErrorf("%w; %d of %d games on disk in %s; rerun with %v to finish", writeErr, games, shardTotal, gamesPath, SettingResume)
	}
	if summary.DistinctGames < summary.Games && !warned {
		o.Log("warning: %d games but %d distinct games (identical turns from the same opening); intervals and tests count the distinct games%s",
			summary.Games, summary.DistinctGames, openingsHint(c))
	}
	switch {
	case runErr != nil:
		return summary, runErr
	case ctx.Err() != nil:
		return summary, settingErrorf("%w: %d of %d games on disk in %s; rerun with %v to finish", ErrInterrupted, acc.Games(), shardTotal, o.Out, SettingResume)
	}
	return summary, nil
}

// distinctGamesHint is what a run of deterministic players is told: which openings answer
// which question, since a set of openings gives distinct games but measures something else
// than the first-move advantage.
const distinctGamesHint = "for the first-move advantage give the level variety and play from the start (expert:...,vary=20) or use --openings firstmove; " +
	"for distinct games on a set of openings, --openings distinct:4 (White's score then measures the side to move on that set, not the first-move advantage)"

// openingsHint suggests openings that give deterministic players different games.
func openingsHint(c *Plan) string {
	if isChosen(c.opening.Kind) {
		return ""
	}
	return "; for different games use a varying level (expert:...,vary=20), or distinct:4 (a set: White's score then measures the side to move on it)"
}

// measuresNote says what White's score measures on the run's openings: the first-move
// advantage from the start; the side to move's score on a set, in self-play; and, between
// different players in colour-swapped pairs, that their results do not carry the set's
// edge (each opening is played with both colours).
func measuresNote(c *Plan, o *Openings) string {
	var what string
	switch o.Kind {
	case OpenStart:
		what = "White's score is the first-move advantage at the players' level"
	case OpenFirstMove:
		what = "White's score is the first-move advantage at the players' level with White's first turn set by the openings (each first turn equally often), reported per first turn"
		if o.Plies > 0 {
			what = "White's score is its score after its first turn and " + randomPlies(o.Plies, "random") + ": random plies leave the side that moves next something to take, so the score follows their parity, not the first-move advantage nor a first turn's value (for those: --openings firstmove with a level that varies)"
		}
	default:
		what = "White's score is the side to move's score on " + c.Openings + ", not the first-move advantage (that is measured from the start or with --openings firstmove)"
		if o.Plies%2 == 1 {
			what = "White's score is the score of the side not to move on " + c.Openings + " (Black is to move after an odd number of plies), not the first-move advantage"
		}
		if fromFile(o.Kind) {
			what = "White's score is the score on the file's positions (of the side to move where White is to move), not the first-move advantage"
		}
	}
	switch {
	case c.Format == SelfPlay:
		return what
	case c.FixedColours:
		return what + "; with fixed colours White's results also hold the first-listed player's strength"
	case o.Kind == OpenStart || o.Kind == OpenFirstMove:
		return what
	}
	return what + "; between different players each opening is played with both colours (colour-swapped pairs), so standings, head to head and ratings do not carry the set's edge"
}

// randomPlies is "1 random ply" or "K random plies", with kind for "random".
func randomPlies(k int, kind string) string {
	if k == 1 {
		return "1 " + kind + " ply"
	}
	return fmt.Sprintf("%d %s plies", k, kind)
}

// logOpenings says how many different openings the run uses, which set they are and
// what White's score on them measures, and warns (reporting whether it did) when
// deterministic players would play the same games again and again.
func logOpenings(c *Plan, o *Openings, opts *Options) bool {
	pairs := c.needed // pairs per pairing, or games where each has its own opening
	unit := map[bool]string{true: "game", false: "pair"}[c.perGame]
	size := o.Size()
	if c.FixedColours {
		opts.Log("fixed colours: the first-listed player has White in every game; games are unpaired (no pentanomial; the SPRT counts single games)")
	}
	switch {
	case fromFile(o.Kind):
		opts.Log("openings %s (sha256 %s): the first %d positions in file order, one per %s (%d distinct)", c.Openings, o.SHA256, pairs, unit, size)
	case o.Kind == OpenDistinct:
		opts.Log("openings %s: %d distinct openings that %s scores within ±%d, one per %s", c.Openings, size, BalanceSpec, BalanceMargin, unit)
	case o.Kind == OpenEven:
		opts.Log("openings %s: %d distinct openings that %s scores within ±%d, one per %s", c.Openings, size, EvenSpec, EvenMargin, unit)
	case o.Kind == OpenFirstMove:
		then := "the players play on"
		if o.Plies > 0 {
			then = randomPlies(o.Plies, "seeded random")
		}
		opts.Log("openings %s: White's %d first turns in turn, one per %s, then %s", c.Openings, len(o.first), unit, then)
	case size > 0:
		opts.Log("openings %s: %d distinct openings for %d %ss per pairing", c.Openings, size, pairs, unit)
	default:
		opts.Log("openings %s: seeded random openings, one per %s (%d %ss per pairing; repeats are possible)", c.Openings, unit, pairs, unit)
	}
	if c.OpeningSet != nil {
		opts.Log("opening set %s", c.OpeningSet.Name())
	}
	opts.Log("%s", measuresNote(c, o))
	if size == 0 || size >= pairs {
		return false
	}
	for _, pg := range c.pairings {
		a, b := c.Players[pg.A], c.Players[pg.B]
		if !c.Deterministic[a] || !c.Deterministic[b] {
			continue
		}
		if a == b {
			opts.Log("warning: %s is deterministic: every game from the same opening is the same game, so %d games on %d opening(s) are at most %d distinct games; %s",
				a, c.Games, size, size, distinctGamesHint)
		} else {
			opts.Log("warning: %s and %s are deterministic: every game from the same opening with the same colours is the same game, so %d games on %d opening(s) are at most %d distinct games; %s",
				a, b, c.Games, size, map[bool]int{false: 2 * size, true: size}[c.FixedColours], distinctGamesHint)
		}
		return true
	}
	return false
}

// deterministic reports whether a player spec read from a game record always chooses
// the same turn in the same position whatever its seed (players.Spec.Deterministic). A
// record may name options since removed (players.ParseRecordedSpec), or an external
// engine not declared in this process: not deterministic.
func deterministic(spec string) bool {
	s, err := players.ParseRecordedSpec(spec)
	return err == nil && s.Deterministic()
}

// gamesWriter is the games file as the collector writes it (an *os.File; tests give one
// that fails, as a full disk does).
type gamesWriter interface {
	io.Writer
	io.Closer
	Truncate(size int64) error
}

// collector appends finished games to games.jsonl and accumulates their statistics. It
// is shared by the workers under its lock. A game is counted (statistics, progress, the
// SPRT) as it is buffered; when a write fails, the file is cut back to its last whole
// line and the run counts the games again from it (recount), so that nothing is claimed
// that is not on disk.
type collector struct {
	mu        sync.Mutex
	out       gamesWriter
	onDisk    int64  // bytes of complete lines in the file
	buf       []byte // lines not yet written
	ends      []int  // where each of them ends in buf
	path      string
	lastFlush time.Time
	acc       *summary.Accumulator
	total     int
	opts      *Options
	cancel    context.CancelFunc
	err       error
	stopped   bool      // stopped by the SPRT
	nextSPRT  int       // game count at which the SPRT is next evaluated
	tested    int       // pairings of two different players: each has its own test
	lastLive  time.Time // when Options.Live was last called
}

// add records one finished game. The buffer is written at once unless it was written
// less than 20 ms ago, so a game reaches the file within the flusher's period at worst.
func (c *collector) add(rec *record.Record, line []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.buf = append(c.buf, line...)
	c.ends = append(c.ends, len(c.buf))
	if len(c.buf) >= 1<<16 || time.Since(c.lastFlush) > 20*time.Millisecond {
		c.flushLocked()
	}
	if c.err == nil {
		c.count(rec)
	}
}

// flushLocked writes the buffered lines. On a failed write (a full disk) it cuts the
// file back to the end of the last line written whole, when it can, and stops the run.
func (c *collector) flushLocked() {
	c.lastFlush = time.Now()
	if len(c.buf) == 0 {
		return
	}
	n, err := c.out.Write(c.buf)
	if err == nil {
		c.onDisk += int64(n)
	} else {
		written := 0
		for _, end := range c.ends {
			if end > n {
				break
			}
			written = end
		}
		c.onDisk += int64(written)
		c.err = fmt.Errorf("writing %s: %w", c.path, pathless(err))
		if n > written {
			if terr := c.out.Truncate(c.onDisk); terr != nil {
				c.err = settingErrorf("%w (a torn last line stays; %v drops it)", c.err, SettingResume)
			}
		}
		c.cancel()
	}
	c.buf, c.ends = c.buf[:0], c.ends[:0]
}

// count adds one game on disk to the statistics and the progress, and checks the SPRT.
func (c *collector) count(rec *record.Record) {
	c.acc.Add(rec, c.path)
	n := c.acc.Games()
	if c.opts.Live != nil {
		every := c.opts.LiveEvery
		if every == 0 {
			every = time.Second
		}
		if now := time.Now(); c.lastLive.IsZero() || now.Sub(c.lastLive) >= every {
			c.lastLive = now
			c.live()
		}
	}
	if c.opts.Progress != nil {
		c.opts.Progress(n, c.total)
	}
	// The SPRT is evaluated at geometrically spaced game counts, not after every game,
	// so checking it stays a small share of the run.
	if c.opts.StopOnSPRT && c.opts.SPRT != nil && !c.stopped && n >= c.nextSPRT {
		c.nextSPRT = n + n/50 + 1
		c.stopIfDecided(n)
	}
}

// live reports the head to head of the run's two players to Options.Live.
func (c *collector) live() {
	if p, ok := c.acc.Live(); ok {
		c.opts.Live(p)
	}
}

// stopIfDecided stops the run after n games when every pair's SPRT has decided.
func (c *collector) stopIfDecided(n int) {
	if c.acc.SPRTDecided(c.tested) {
		c.stopped = true
		c.acc.MarkSPRTStopped()
		c.opts.Log("SPRT decided after %d games: %s; stopping", n, c.acc.SPRTDecisions())
		c.cancel()
	}
}

// stoppedTest returns the test that stopped the run in dir, as its summary.json records
// it, or nil when the summary records no stop.
func stoppedTest(dir string) *summary.SPRTConfig {
	data, err := os.ReadFile(filepath.Join(dir, record.SummaryFile))
	if err != nil {
		return nil
	}
	var s summary.Summary
	if json.Unmarshal(data, &s) != nil {
		return nil
	}
	for _, p := range s.Pairs {
		if p.SPRT != nil && p.SPRT.Stopped {
			return &summary.SPRTConfig{Elo0: p.SPRT.Elo0, Elo1: p.SPRT.Elo1, Alpha: p.SPRT.Alpha, Beta: p.SPRT.Beta}
		}
	}
	return nil
}

// recount counts the games of the shard that are on disk after a failed write, and
// writes their summary.json when the disk takes it (silently otherwise: the error line
// names no file written). Lines that do not read (a torn last one the collector could
// not cut) are not counted.
func recount(c *Plan, o *Options, gamesPath string) int {
	acc := summary.NewAccumulator(o.SPRT, c.Players, deterministic)
	st, err := record.ScanRecords([]string{gamesPath}, record.ScanOptions{}, func(r *record.Record, _ record.Place) error {
		acc.Add(r, gamesPath)
		return nil
	})
	if err != nil {
		return st.Records
	}
	s := acc.Summary()
	s.Run = runJSON(&c.Config)
	_ = writeJSONFile(filepath.Join(o.Out, record.SummaryFile), s)
	return acc.Games()
}

// pathless returns the cause of a *fs.PathError (whose path may be a temporary file's),
// for a message that names the file meant.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
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
				if c.err == nil {
					c.flushLocked()
				}
				c.mu.Unlock()
			}
		}
	}()
	return func() { close(done); <-finished }
}

// finish flushes what is buffered and returns the first write error.
func (c *collector) finish() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.flushLocked()
	}
	return c.err
}

// checkOutput checks, reading only, that the flags may write o.Out: a folder holding
// games needs --resume and the same run (whose id it sets in c). It returns the size of
// the games file and whether run.json names the run to resume. Run calls it before making the folder or taking its lock, so that a
// refused run changes nothing, and again under the lock.
func checkOutput(c *Plan, o *Options) (size int64, resumed bool, err error) {
	gamesPath := filepath.Join(o.Out, record.GamesFile)
	runPath := filepath.Join(o.Out, record.RunFile)
	if size, err = fileSize(gamesPath); err != nil {
		return 0, false, err
	}
	if size > 0 && !o.Resume {
		return 0, false, inputErrorf("%s already holds games: use %v to continue that run, or another %v", gamesPath, SettingResume, SettingOutput)
	}
	var prev Config
	raw, rerr := os.ReadFile(runPath)
	switch {
	case o.Resume && rerr == nil:
		if err := json.Unmarshal(raw, &prev); err != nil {
			return 0, false, inputErrorf("%v: %s: %v", SettingResume, runPath, err)
		}
		cmp := c.Config
		if o.StartEngines != nil && c.Engines == nil {
			cmp.Engines = prev.Engines // not started yet: compared again once they are
		}
		if prev.OpeningSet == nil && c.OpeningSet != nil {
			// Written before sets had an identity: a judged set may have been chosen by
			// another judge, so it cannot be continued; the others are pure functions of
			// the spec and the seed, and the run stays without one.
			if c.OpeningSet.Judge != "" {
				return 0, false, inputErrorf("%v: %s names no opening set (written before sets had an identity), and %s's set depends on the version of its judge: start a new run", SettingResume, runPath, c.Openings)
			}
			c.OpeningSet, cmp.OpeningSet = nil, nil
		}
		if err := c.adoptStages(&prev, &cmp, o); err != nil {
			return 0, false, err
		}
		if !sameRun(&prev, &cmp) {
			return 0, false, inputErrorf("%v: %s holds a different run: %s", SettingResume, o.Out, runDifference(&prev, &cmp))
		}
		if prev.OpeningSet != nil && c.OpeningSet != nil { // the run keeps its judge's spelling
			set := *c.OpeningSet
			set.JudgeSpec = prev.OpeningSet.JudgeSpec
			c.OpeningSet = &set
		}
		if c.RunID != "" && prev.RunID != c.RunID {
			return 0, false, inputErrorf("%v: %s is run %q, not %v %q", SettingResume, o.Out, prev.RunID, SettingRunID, c.RunID)
		}
		c.RunID = prev.RunID // "" for a run from before run ids: its records stay keyed by the file
		c.Invocations = withInvocation(prev.Invocations, o.Invocation)
		return size, true, nil
	case o.Resume && size > 0:
		return 0, false, inputErrorf("%v: %v (it describes the run to continue)", SettingResume, rerr)
	case o.Resume && !o.StartOrResume:
		return 0, false, inputErrorf("%v: %s holds no run to continue (no %s); start it without %v, or use %v in a task that may be restarted", SettingResume, o.Out, record.RunFile, SettingResume, SettingStartOrResume)
	}
	c.Invocations = withInvocation(nil, o.Invocation)
	if c.RunID == "" && c.Shards > 1 {
		return 0, false, inputErrorf("%v %d/%d: give every shard of the run the same %v (32 hex digits, e.g. from: od -An -tx1 -N16 /dev/urandom | tr -d ' \\n')", SettingShard, c.Shard, c.Shards, SettingRunID)
	}
	return size, false, nil
}

// adoptStages gives the plan the stages of the folder's run prev (Config.ExtendedFrom),
// and, when more games are asked for (Options.MoreGames), the stage they add: cmp, the
// plan's record to compare with prev's, becomes that of the run extended. Fewer games,
// and more games for a run its SPRT stopped, are refused.
func (c *Plan) adoptStages(prev, cmp *Config, o *Options) error {
	if prev.Games == c.Games || !o.MoreGames || prev.Games < 1 {
		if len(c.ExtendedFrom) == 0 && prev.Games == c.Games {
			c.ExtendedFrom, cmp.ExtendedFrom = prev.ExtendedFrom, prev.ExtendedFrom
			c.schedule()
			if err := c.checkStages(); err != nil {
				return inputErrorf("%v: %s: %v", SettingResume, filepath.Join(o.Out, record.RunFile), err)
			}
		}
		return nil
	}
	if c.Games < prev.Games {
		return inputErrorf("%v %d: the run in %s has %d games per pairing; a resumed run may add games, never drop them", SettingGames, c.Games, o.Out, prev.Games)
	}
	// A test that decided has answered its question: playing on and testing again would
	// be a second look at the same hypothesis, which the test's error rates do not cover.
	if t := stoppedTest(o.Out); t != nil {
		return inputErrorf("%v %d: the run in %s was stopped by its SPRT (elo0 %g, elo1 %g), which decided: a decided test is not played on (its error rates hold for one decision); start a new run", SettingGames, c.Games, o.Out, t.Elo0, t.Elo1)
	}
	if len(c.pairings) > 1 {
		c.ExtendedFrom = append(append([]int(nil), prev.ExtendedFrom...), prev.Games)
		cmp.ExtendedFrom = c.ExtendedFrom
		c.schedule()
	}
	*cmp = c.extendedFrom(*cmp, prev.Games)
	return nil
}

// withInvocation returns the invocations of run.json: those before and this process's
// (none when inv is nil). Called again, it gives the same: before is the file's.
func withInvocation(before []record.Invocation, inv *record.Invocation) []record.Invocation {
	out := append([]record.Invocation(nil), before...)
	if inv != nil {
		out = append(out, *inv)
	}
	return out
}

// prepareOutput checks Out against the run: a new run needs an empty games file and gets
// a run id; a resumed one needs the same run.json and keeps its id. It adds the games
// already played to acc, returns them as a set of indices with their number, and cuts a
// last line left incomplete by a crash. The set holds positions in the shard
// (Config.shardPosition).
func prepareOutput(c *Plan, o *Options, acc *summary.Accumulator) (bitset, int, error) {
	gamesPath := filepath.Join(o.Out, record.GamesFile)
	runPath := filepath.Join(o.Out, record.RunFile)
	size, resumed, err := checkOutput(c, o)
	if err != nil {
		return nil, 0, err
	}
	if c.RunID == "" && !resumed {
		if c.RunID, err = record.NewRunID(); err != nil {
			return nil, 0, err
		}
	}
	if err := writeJSONFile(runPath, &c.Config); err != nil {
		return nil, 0, err
	}
	if size == 0 {
		return nil, 0, nil
	}
	if err := cutIncompleteLine(gamesPath, size, o); err != nil {
		return nil, 0, err
	}
	var done bitset
	st, err := record.ScanRecords([]string{gamesPath}, record.ScanOptions{Strict: true}, func(r *record.Record, at record.Place) error {
		switch {
		case r.Run != c.RunID:
			return inputErrorf("%v: %s: game %d belongs to run %q, not to this run %q", SettingResume, at, r.Index, r.Run, c.RunID)
		case r.Index >= c.TotalGames() || !c.InShard(r.Index):
			return inputErrorf("%v: %s: game %d is not in this run's shard", SettingResume, at, r.Index)
		}
		done.set(c.shardPosition(r.Index))
		acc.Add(r, gamesPath)
		return nil
	})
	var le *record.LineError
	var ce *record.ConflictError
	switch {
	case errors.As(err, &le):
		return nil, 0, &InputError{settingErrorf("%v: %v (repair or remove that line)", SettingResume, le)}
	case errors.As(err, &ce):
		return nil, 0, &InputError{settingErrorf("%v: %v", SettingResume, ce)}
	case err != nil:
		return nil, 0, err
	}
	if st.Duplicates > 0 {
		o.Log("warning: %s: dropped %d exact duplicate records (the same game written twice)", gamesPath, st.Duplicates)
	}
	return done, st.Records, nil
}

func fileSize(path string) (int64, error) {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// cutIncompleteLine truncates the games file after its last newline (a write interrupted
// by a crash leaves a line without one), reading only the file's tail.
func cutIncompleteLine(path string, size int64, o *Options) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := make([]byte, 1<<16)
	end := size
	for end > 0 {
		start := max(0, end-int64(len(buf)))
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			end = start + int64(i) + 1
			break
		}
		end = start
	}
	if end == size {
		return nil
	}
	if err := os.Truncate(path, end); err != nil {
		return err
	}
	o.Log("warning: %s: dropped an incomplete last line (%d bytes after the last complete record: a write cut short); resuming from the record before it", path, size-end)
	return nil
}

// writeJSONFile writes v as indented JSON whole (atomicfile), so a reader never sees half
// a file. A failed write leaves no temporary file and names the file meant.
func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, append(data, '\n')); err != nil {
		return fmt.Errorf("writing %s: %w", path, pathless(err))
	}
	return nil
}

// runJSON is the configuration as run.json holds it, for the summary of the run.
func runJSON(c *Config) json.RawMessage {
	j, err := json.Marshal(c)
	if err != nil {
		panic(err) // a Config always marshals: plain fields only
	}
	return j
}

// firstMissing returns the outermost folder of path that does not exist yet (what
// os.MkdirAll(path) makes), or "" when path exists.
func firstMissing(path string) string {
	missing := ""
	for p := filepath.Clean(path); ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return missing
		}
		missing = p
		if filepath.Dir(p) == p {
			return missing
		}
	}
}

// Deterministic reports whether a player spec always chooses the same turn in the same
// position whatever its seed (as deterministic): what summary.NewAccumulator needs to
// count a repeated game between two such players once.
func Deterministic(spec string) bool { return deterministic(spec) }
