// generate.go: seeded self-play that writes labelled training positions, resumable, in
// game order whatever the number of workers.

package data

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/players"
)

// Config is a data set, or one shard of it: Games games of Player against itself under
// engine.DefaultRules, each from the position after a seeded number of uniformly random
// plies (OpeningPlies[0] to [1]); every choice comes from Seed and the game's number.
// Shard s of Shards plays the games whose number is s modulo Shards.
type Config struct {
	Games        int
	Player       string
	Seed         uint64
	OpeningPlies [2]int
	MaxPlies     int // a game still going after this many plies ends as a draw (0: 1000)
	Shard        int
	Shards       int            // 0 or 1: one shard, every game
	Workers      int            // games played at once (0: every core)
	Oracle       players.Oracle // exact values where it knows them (nil: none)
	Tablebases   string         // the tables' set-up line, for the header
	Toolkit      string         // the toolkit's version, for the header
	// Progress is called after each game written (from one goroutine at a time).
	Progress func(Stats)
}

// Stats are what a generation wrote, this run and any before it: games, records
// (positions), plies played.
type Stats struct {
	Games, Records, Plies int
	ShardGames            int // games of this shard in all
	Resumed               int // games found written by an earlier run
	ResumedRecords        int // and their records
}

// Summary is the line that reports a generation into path that took secs seconds with
// workers workers: what the file holds, what was written before, the speed of this run.
func (st Stats) Summary(path string, secs float64, workers int) string {
	return fmt.Sprintf("%s: %d games, %d positions, %d plies (%d games written before); %.0f positions/s over %.0f s with %d workers",
		path, st.Games, st.Records, st.Plies, st.Resumed, float64(st.Records-st.ResumedRecords)/max(secs, 1e-9), secs, workers)
}

// progressFile is the sidecar of a positions file being written: how many of the shard's
// games are complete and where their records end. A run that stops between two updates
// is resumed from the last one (the file cut back to Offset).
type progressFile struct {
	Header  Header `json:"header"`
	Games   int    `json:"games"` // games of the shard written (the first Games of its list)
	Records int    `json:"records"`
	Plies   int    `json:"plies"`
	Offset  int64  `json:"offset"`
}

// ProgressPath is the sidecar that marks path as being written (removed when complete).
func ProgressPath(path string) string { return path + ".progress" }

// header is the file's header for c played by spec, c.Player parsed: the net named by its
// digest, since "net=default" is another net after each promotion.
func (c *Config) header(spec players.Spec) Header {
	return Header{Format: FormatName, Version: FormatVersion, Toolkit: c.Toolkit, Player: c.Player, NetSHA256: spec.NetSHA256(),
		Seed: c.Seed, Games: c.Games, Shard: c.Shard, Shards: max(1, c.Shards), OpeningPlies: c.OpeningPlies,
		PaikaLimit: engine.DefaultRules().PaikaLimit, MaxPlies: c.maxPlies(), Tablebases: c.Tablebases,
		RecordSize: RecordSize}
}

// WorkerCount is the games played at once.
func (c *Config) WorkerCount() int {
	if c.Workers <= 0 {
		return runtime.NumCPU()
	}
	return c.Workers
}

// Rules are the rules the games are played under.
func (c *Config) Rules() engine.Rules {
	r := engine.DefaultRules()
	r.MaxPlies = c.maxPlies()
	return r
}

func (c *Config) maxPlies() int {
	if c.MaxPlies <= 0 {
		return 1000
	}
	return c.MaxPlies
}

// Check returns the first bad setting of c.
func (c *Config) Check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("games %d: must be at least 1", c.Games)
	case c.OpeningPlies[0] < 0 || c.OpeningPlies[1] < c.OpeningPlies[0] || c.OpeningPlies[1] > 40:
		return fmt.Errorf("opening plies %d-%d: must be from 0 to 40, the first no more than the second", c.OpeningPlies[0], c.OpeningPlies[1])
	case c.Shards < 0 || c.Shard < 0 || c.Shard >= max(1, c.Shards):
		return fmt.Errorf("shard %d/%d: must be from 0 to the shards less one", c.Shard, c.Shards)
	}
	spec, err := players.ParseSpec(c.Player)
	if err != nil {
		return err
	}
	if !spec.Deterministic() && spec.Name == "expert" {
		// vary and seeds are fine; a time limit or threads are not reproducible
		if e, ok := spec.Options["time"]; ok {
			return fmt.Errorf("player %q: time=%s makes the data depend on the machine's speed (give nodes or depth)", c.Player, e)
		}
		if _, ok := spec.Options["tc"]; ok {
			return fmt.Errorf("player %q: a clock makes the data depend on the machine's speed (give nodes or depth)", c.Player)
		}
		if _, ok := spec.Options["threads"]; ok {
			return fmt.Errorf("player %q: threads make the data depend on scheduling (use workers)", c.Player)
		}
	}
	return nil
}

// shardGames returns the numbers of the shard's games, in order.
func (c *Config) shardGames() []int {
	n := max(1, c.Shards)
	var gs []int
	for g := c.Shard; g < c.Games; g += n {
		gs = append(gs, g)
	}
	return gs
}

// ErrRefused is wrapped by every refusal of the output: it exists and is not to be
// resumed, or its sidecar is damaged or from other settings.
var ErrRefused error = refusal("refused")

// refusal is a sentinel error of this package that means bad input (BadInput).
type refusal string

func (r refusal) Error() string  { return string(r) }
func (r refusal) BadInput() bool { return true }

// Generate plays c's games and writes their positions to path: a new file, or with
// resume a file an earlier run of the same c left unfinished (its sidecar ProgressPath
// says how far it got). The records come in game order, so the same c gives the same
// bytes with any number of workers and however often it is resumed.
func Generate(ctx context.Context, c Config, path string, resume bool) (Stats, error) {
	if err := c.Check(); err != nil {
		return Stats{}, err
	}
	spec, _ := players.ParseSpec(c.Player)
	h := c.header(spec)
	games := c.shardGames()
	st := Stats{ShardGames: len(games)}
	f, prog, err := openOutput(path, h, resume)
	if err != nil {
		return st, err
	}
	defer f.Close()
	st.Games, st.Records, st.Plies, st.Resumed, st.ResumedRecords = prog.Games, prog.Records, prog.Plies, prog.Games, prog.Records
	if st.Games == len(games) {
		return st, finish(f, path)
	}

	type result struct {
		recs  []Record
		plies int
		err   error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := games[st.Games:]
	results := make([]chan result, len(todo))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	// Workers never run more than a window of games ahead of the writer, so memory stays
	// bounded however slow one game is.
	window := make(chan struct{}, 4*c.WorkerCount())
	for range c.WorkerCount() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				recs, plies, err := playGame(ctx, &c, spec, todo[i])
				results[i] <- result{recs, plies, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range todo {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer wg.Wait()
	buf := make([]byte, 0, 64*RecordSize)
	for i := range todo {
		var res result
		select {
		case res = <-results[i]:
		case <-ctx.Done():
			return st, ctx.Err()
		}
		<-window
		if res.err != nil {
			return st, fmt.Errorf("game %d: %w", todo[i], res.err)
		}
		buf = buf[:0]
		var rb [RecordSize]byte
		for k := range res.recs {
			res.recs[k].Encode(rb[:])
			buf = append(buf, rb[:]...)
		}
		if _, err := f.Write(buf); err != nil {
			return st, err
		}
		prog.Games++
		prog.Records += len(res.recs)
		prog.Plies += res.plies
		prog.Offset += int64(len(buf))
		if err := writeProgress(path, prog); err != nil {
			return st, err
		}
		st.Games, st.Records, st.Plies = prog.Games, prog.Records, prog.Plies
		if c.Progress != nil {
			c.Progress(st)
		}
	}
	return st, finish(f, path)
}

// finish closes a complete file and removes its sidecar.
func finish(f *os.File, path string) error {
	if err := f.Sync(); err != nil {
		return err
	}
	err := os.Remove(ProgressPath(path))
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	return err
}

// openOutput creates path with its header, or opens it for resuming: the header must be
// h, and the file is cut back to the last complete game its sidecar records.
func openOutput(path string, h Header, resume bool) (*os.File, progressFile, error) {
	sidecar, err := os.ReadFile(ProgressPath(path))
	_, statErr := os.Stat(path)
	switch {
	case statErr == nil && !resume:
		return nil, progressFile{}, fmt.Errorf("%s: exists (%w: not overwritten; resume continues an unfinished one)", path, ErrRefused)
	case statErr == nil && err != nil:
		return nil, progressFile{}, fmt.Errorf("%s: exists and is complete or not a generation (%w: no %s to resume from)", path, ErrRefused, ProgressPath(path))
	case statErr != nil && !errors.Is(statErr, os.ErrNotExist):
		return nil, progressFile{}, statErr
	}
	if statErr != nil { // a new file
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, progressFile{}, err
		}
		if err := WriteHeader(f, h); err != nil {
			f.Close()
			return nil, progressFile{}, err
		}
		off, _ := f.Seek(0, io.SeekCurrent)
		prog := progressFile{Header: h, Offset: off}
		if err := writeProgress(path, prog); err != nil {
			f.Close()
			return nil, progressFile{}, err
		}
		return f, prog, nil
	}
	var prog progressFile
	if err := json.Unmarshal(sidecar, &prog); err != nil {
		return nil, progressFile{}, fmt.Errorf("%s: %v (%w)", ProgressPath(path), err, ErrRefused)
	}
	if prog.Header != h {
		a, _ := json.Marshal(prog.Header)
		b, _ := json.Marshal(h)
		return nil, progressFile{}, fmt.Errorf("%s: %w: written with other settings (%s), not these (%s)", path, ErrRefused, a, b)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return nil, progressFile{}, err
	}
	if err := f.Truncate(prog.Offset); err != nil {
		f.Close()
		return nil, progressFile{}, err
	}
	if _, err := f.Seek(prog.Offset, io.SeekStart); err != nil {
		f.Close()
		return nil, progressFile{}, err
	}
	return f, prog, nil
}

// writeProgress replaces the sidecar atomically.
func writeProgress(path string, prog progressFile) error {
	b, err := json.Marshal(prog)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(ProgressPath(path), b)
}

// ParsePlies reads an opening-plies setting: a number n (n to n) or a range from-to.
func ParsePlies(s string) ([2]int, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	var r [2]int
	_, errA := fmt.Sscanf(a, "%d", &r[0])
	_, errB := fmt.Sscanf(b, "%d", &r[1])
	if errA != nil || errB != nil {
		return r, fmt.Errorf("%q: expected a number or from-to, e.g. 4-8", s)
	}
	return r, nil
}

// GameSeed derives game g's seed from the data set's.
func GameSeed(seed uint64, g int) uint64 {
	return rand.New(rand.NewPCG(seed, uint64(g)^0x4e4e5545)).Uint64() // "NNUE"
}

// Opening returns game g's opening: the start after a seeded number of uniformly random
// plies (redrawn while the game would end inside them).
func Opening(seed uint64, g int, plies [2]int, r engine.Rules) engine.Position {
	rng := rand.New(rand.NewPCG(GameSeed(seed, g), 0x4f50454e)) // "OPEN"
	for {
		p := engine.Start()
		k := plies[0] + rng.IntN(plies[1]-plies[0]+1)
		ok := true
		for i := 0; i < k; i++ {
			if r.Status(&p).Over() {
				ok = false
				break
			}
			turns := p.Turns(r, nil)
			p = p.Play(turns[rng.IntN(len(turns))])
		}
		if ok && !r.Status(&p).Over() {
			return p
		}
	}
}

// playGame plays game g and returns its quiet positions (no capture for the side to
// move), each labelled with the mover's search score and depth, the game's result and the
// oracle's value, and the plies played.
func playGame(ctx context.Context, c *Config, spec players.Spec, g int) ([]Record, int, error) {
	r := c.Rules()
	seed := GameSeed(c.Seed, g)
	p := Opening(c.Seed, g, c.OpeningPlies, r)
	var opts []players.Option
	if c.Oracle != nil {
		opts = append(opts, players.WithOracle(c.Oracle))
	}
	var side [2]players.Player
	for i := range side {
		pl, err := players.New(spec, seed+uint64(i)+1, opts...)
		if err != nil {
			return nil, 0, err
		}
		side[i] = pl
	}
	reach := players.OracleReach(c.Oracle)
	var recs []Record
	plies := 0
	for {
		st := r.Status(&p)
		if st.Over() {
			for k := range recs {
				recs[k].Result = resultFor(st.Outcome, recs[k].Side)
			}
			return recs, plies, nil
		}
		a, err := players.Analyze(ctx, side[p.Side], &p, r)
		if err != nil {
			return nil, 0, err
		}
		if !p.CanCapture() {
			rec := Record{White: p.Pieces[engine.White], Black: p.Pieces[engine.Black], Side: p.Side,
				Paika: uint8(p.Paika), Ply: uint16(min(p.Ply, 1<<16-1)), Score: int16(max(-players.MateScore, min(a.Score, players.MateScore))),
				Depth: uint8(min(a.Depth, 255)), Exact: Unknown, Game: uint32(g)}
			if c.Oracle != nil && p.Occupied().Count() <= reach {
				if v, _, ok := c.Oracle.Probe(&p, r); ok {
					rec.Exact = uint8(v + 1)
				}
			}
			recs = append(recs, rec)
		}
		p = p.Play(a.Turn)
		plies++
	}
}

// resultFor is outcome for side: Win, Draw or Loss.
func resultFor(outcome engine.Outcome, side engine.Color) uint8 {
	switch outcome {
	case engine.WinFor(side):
		return Win
	case engine.WinFor(side.Other()):
		return Loss
	}
	return Draw
}
