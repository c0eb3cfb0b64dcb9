// build.go: retrograde analysis. The two classes of a material (3v5 and 5v3) are built
// together: captures always leave the material (they take enemy pieces), so positions
// with a capture are resolved at once from smaller, already built classes, and within
// the material only paika steps link positions. Then, distance by distance, each newly
// resolved position passes its value back through paika un-moves.

package tablebase

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/panics"
)

// Material is an unordered pair of piece counts: both classes of it, with either side
// to move, are built together. It is written larger count first: "5v3".
type Material struct{ Large, Small int }

// MaterialOf returns the material of a class.
func MaterialOf(c Class) Material { return Material{max(c.Own, c.Enemy), min(c.Own, c.Enemy)} }

// String returns "5v3".
func (m Material) String() string { return fmt.Sprintf("%dv%d", m.Large, m.Small) }

// Classes returns the classes of the material: one when both sides have as many pieces.
func (m Material) Classes() []Class {
	if m.Large == m.Small {
		return []Class{{m.Large, m.Small}}
	}
	return []Class{{m.Small, m.Large}, {m.Large, m.Small}}
}

// Dependencies returns the materials that captures from m lead into.
func (m Material) Dependencies() []Material {
	var deps []Material
	seen := map[Material]bool{}
	for _, c := range m.Classes() {
		for k := 1; k < c.Enemy; k++ {
			d := MaterialOf(Class{c.Enemy - k, c.Own})
			if !seen[d] {
				seen[d] = true
				deps = append(deps, d)
			}
		}
	}
	return deps
}

// Plan returns the materials to build, every dependency before its users: all materials
// of at most maxPieces pieces, or, when target is given, target and what it needs.
func Plan(maxPieces int, target *Material) []Material {
	var out []Material
	done := map[Material]bool{}
	var visit func(m Material)
	visit = func(m Material) {
		if done[m] {
			return
		}
		done[m] = true
		for _, d := range m.Dependencies() {
			visit(d)
		}
		out = append(out, m)
	}
	if target != nil {
		visit(*target)
		return out
	}
	for n := 2; n <= maxPieces; n++ {
		for small := 1; small <= n/2; small++ {
			visit(Material{n - small, small})
		}
	}
	return out
}

// Layer is a set of materials that can be built at the same time: each needs only
// materials of earlier layers.
type Layer []Material

// Layers groups Plan(maxPieces, target) into layers: a material's layer is one more than
// the latest layer among its dependencies (0 for a material that needs none), so the
// layers can be built one after the other with the materials of each built in parallel,
// on one machine or as one job array each.
func Layers(maxPieces int, target *Material) []Layer {
	depth := map[Material]int{}
	var layers []Layer
	for _, m := range Plan(maxPieces, target) { // dependencies come first
		d := 0
		for _, dep := range m.Dependencies() {
			d = max(d, depth[dep]+1)
		}
		depth[m] = d
		if d == len(layers) {
			layers = append(layers, nil)
		}
		layers[d] = append(layers[d], m)
	}
	return layers
}

// Slots returns the number of values of the material (both classes): its size in bytes
// while it is built, without its dependencies.
func (m Material) Slots() uint64 {
	var n uint64
	for _, c := range m.Classes() {
		n += newIndexer(c).size
	}
	return n
}

// Progress reports how far a build has come; it is sent a few times a second.
type Progress struct {
	Material Material
	Stage    string // "waiting for another builder (5v3.lock)", "init", "plies 12", "count", "write"
	Done     uint64 // slots processed in this stage
	Total    uint64
}

// Label is the material and the stage, as a progress line names them.
func (p Progress) Label() string { return fmt.Sprintf("%v %s", p.Material, p.Stage) }

// BuildOptions controls Build.
type BuildOptions struct {
	Dir       string
	MaxPieces int       // build every material of at most this many pieces...
	Target    *Material // ...or this material and its dependencies
	// Only builds Target alone: its dependencies must be in Dir already (from an earlier
	// layer, another machine or another job), else Build fails with ErrNotBuilt.
	Only    bool
	Workers int // goroutines; 0 means GOMAXPROCS
	// PaikaLimit selects the tables: 0 builds the theoretic ones (no paika limit), L in
	// 1..MaxPaikaLimit the rule-aware ones for limit L (on top of the smaller classes'
	// rule-aware tables for L, built first when missing).
	PaikaLimit int
	// CheckpointEvery saves a material's build between distance levels when this long
	// has passed since it started or was last saved (0: never), so that an interrupted
	// build resumes at its last level (checkpoint.go).
	CheckpointEvery time.Duration
	Progress        func(Progress)
	direction       levelDirection
}

// MaterialReport says what Build did for one material.
type MaterialReport struct {
	Material   Material
	PaikaLimit int     // the rule of the tables (0: theoretic)
	Built      bool    // false: the files were already there
	Seconds    float64 // wall time of the build
	Bytes      uint64  // values of the material (both classes): one byte a slot in memory
	// FileBytes is the size of the material's files (compressed).
	FileBytes uint64
	Resident  uint64 // bytes of values in memory at the end: the material and the tables it reads
	Levels    int    // longest distance resolved
	Info      []Info // per class
	// Resumed is true when the build went on from a checkpoint, after the level of
	// ResumedPlies plies (0: after init).
	Resumed      bool
	ResumedPlies int
	// FromTheoretic is true when a rule-aware build started from the material's
	// theoretic values, found in the folder (most of its captures known at once).
	FromTheoretic bool
}

// Build builds the planned materials into opts.Dir, skipping those whose files exist, so
// an interrupted build continues where it stopped. Each material is written as soon as it
// is finished. Builders of one folder may run at once, on one machine or on several
// sharing the folder: each material is built under its lock file (lock.go), and a builder
// that finds it held waits, then takes the finished files.
func Build(ctx context.Context, opts BuildOptions) ([]MaterialReport, error) {
	if err := checkLimit(opts.PaikaLimit); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	set := Open(opts.Dir)
	plan := Plan(opts.MaxPieces, opts.Target)
	if opts.Only {
		if opts.Target == nil {
			return nil, errors.New("tablebase: Only needs a Target material")
		}
		plan = []Material{*opts.Target}
	}
	// Each table is freed once the last material that reads it is built, so that a
	// build of every material of 8 pieces holds the tables of one material at a time.
	defer set.releaseAll()
	freed := freedAfter(plan)
	var reports []MaterialReport
	for i, m := range plan {
		for _, c := range m.Classes() {
			if err := c.check(); err != nil {
				return reports, err
			}
		}
		b := &builder{ctx: ctx, dir: opts.Dir, workers: workers, progress: opts.Progress, material: m,
			limit: opts.PaikaLimit, checkpointEvery: opts.CheckpointEvery, direction: opts.direction}
		rep, err := b.buildMaterial(set)
		if err != nil {
			return reports, err
		}
		reports = append(reports, rep)
		for _, d := range freed[i] {
			for _, c := range d.Classes() {
				set.release(TableID{c, PaikaRule(opts.PaikaLimit)})
			}
		}
	}
	return reports, nil
}

// freedAfter returns, for each place i of plan, the materials whose tables no material
// after plan[i] reads: plan[i] and what it needs, unless a later material needs them.
func freedAfter(plan []Material) [][]Material {
	last := map[Material]int{}
	for i, m := range plan {
		last[m] = i
		for _, d := range m.Dependencies() {
			last[d] = i
		}
	}
	freed := make([][]Material, len(plan))
	for m, i := range last {
		freed[i] = append(freed[i], m)
	}
	return freed
}

func (b *builder) buildMaterial(set *Set) (MaterialReport, error) {
	m, limit := b.material, b.limit
	if rep, done, err := builtMaterial(set, m, limit); done || err != nil {
		return rep, err
	}
	unlock, err := lockMaterial(b.ctx, set.dir, m, limit, func(path string) {
		b.stage("waiting for another builder ("+filepath.Base(path)+")", 0, 0)
	})
	if err != nil {
		return MaterialReport{Material: m, PaikaLimit: limit}, err
	}
	defer unlock()
	// Another builder may have finished the material while this one waited.
	if rep, done, err := builtMaterial(set, m, limit); done || err != nil {
		return rep, err
	}
	return b.buildLocked(set)
}

// builtMaterial reports whether every class of m is on disk under limit, with their sizes.
func builtMaterial(set *Set, m Material, limit int) (MaterialReport, bool, error) {
	rep := MaterialReport{Material: m, PaikaLimit: limit}
	existing := 0
	for _, c := range m.Classes() {
		// Every block's checksum is read, so that a damaged file is never taken for built.
		in, size, err := CheckFile(set.dir, c, PaikaRule(limit))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return rep, false, fmt.Errorf("%w (remove the file to rebuild it)", err)
		}
		existing++
		rep.Info = append(rep.Info, in)
		rep.Bytes += in.Slots
		rep.FileBytes += size
	}
	return rep, existing == len(m.Classes()), nil
}

// buildLocked builds b's material under its lock, from its checkpoint if there is one.
func (b *builder) buildLocked(set *Set) (rep MaterialReport, err error) {
	m, limit := b.material, b.limit
	rep = MaterialReport{Material: m, PaikaLimit: limit}
	for _, d := range m.Dependencies() {
		for _, c := range d.Classes() {
			t, err := set.Table(c, PaikaRule(limit))
			if err != nil {
				return rep, err
			}
			b.deps[c.Own][c.Enemy] = t
			rep.Resident += t.Slots()
		}
	}
	start := time.Now()
	cs := m.Classes()
	b.tables[0] = newTable(cs[0], limit)
	b.tables[1] = b.tables[0]
	if len(cs) == 2 {
		b.tables[1] = newTable(cs[1], limit)
	}
	defer func() {
		if err != nil { // free is idempotent: set may hold one of them already
			for _, t := range b.distinct() {
				t.free()
			}
		}
	}()
	b.lastCheckpoint = start
	st, resumed, err := b.loadCheckpoint()
	if err != nil {
		return rep, err
	}
	if resumed {
		rep.Resumed, rep.ResumedPlies = true, b.levelPlies(st.level)
		b.fromTheoretic = st.fromTheoretic
		b.stage(fmt.Sprintf("resumed after plies %d", rep.ResumedPlies), 0, 0)
	} else if b.fromTheoretic, err = b.loadTheoretic(); err != nil {
		return rep, err
	}
	if err := b.run(st, resumed); err != nil {
		return rep, err
	}
	for _, t := range b.distinct() {
		b.stage("count", 0, 0)
		t.countValues(b.workers)
		b.stage("write", 0, 0)
		size, err := t.writeFile(set.dir, b.workers)
		if err != nil {
			return rep, err
		}
		set.add(t)
		rep.Info = append(rep.Info, t.info)
		rep.Bytes += t.Slots()
		rep.FileBytes += size
	}
	if err := b.removeCheckpoint(); err != nil {
		return rep, err
	}
	rep.Built = true
	rep.Seconds = time.Since(start).Seconds()
	rep.Resident += rep.Bytes
	rep.Levels = b.levels
	rep.FromTheoretic = b.fromTheoretic
	return rep, nil
}

// builder holds one material's build: its two tables (one when both sides have as many
// pieces) and the smaller tables captures lead into.
type builder struct {
	ctx      context.Context
	dir      string
	workers  int
	progress func(Progress)
	material Material
	limit    int       // 0: theoretic values; L: rule-aware values under paika limit L
	tables   [2]*Table // tables[1] is the class of tables[0] with the other side to move
	deps     [maxSide + 1][maxSide + 1]*Table
	// scratch holds the workers of parallel, one a goroutine, kept from call to call:
	// their buffers would otherwise be garbage at every level.
	scratch  []*worker
	levels   int
	overflow atomic.Bool
	maxCode  atomic.Uint32
	// checkpointEvery is the interval of checkpoints (0: none); lastCheckpoint the
	// time of the last one, or of the build's start.
	checkpointEvery time.Duration
	lastCheckpoint  time.Time
	// counts[i][c] is how many slots of tables[i] hold code c, kept from level to level
	// to choose each level's direction (level).
	counts [2][256]uint64
	// present[i][g] has bit c set when a slot of tables[i] in the g-th chunk of words
	// may hold code c (set by countCodes and by every write of a level), so that a level
	// skips the chunks without its code instead of reading them.
	present [2][][4]uint64
	// paikaWins[i][c] is how many paika positions of tables[i] the level of losses before
	// c made wins in code c: the only wins a level of wins passes back (level). After a
	// resume it is 0 until a level of losses runs, so that level of wins goes backward.
	paikaWins [2][256]uint64
	// newWins[i] has bit j set when the level of losses that ran last made a win in the
	// j-th block of 64 slots of tables[i], the code newWinsCode[i]: the paika wins its
	// level of wins passes back are found in those blocks alone, not among init's wins of
	// that code in the whole table. newWinsCode[i] is 0 until a level of losses runs.
	newWins     [2][]uint64
	newWinsCode [2]byte
	direction   levelDirection
	// fromTheoretic: a rule-aware build that started from the material's theoretic
	// values (loadTheoretic), whose undecided slots hold marks.
	fromTheoretic bool
}

// A limit only draws, so a position won (lost) under a limit is won (lost) in the
// theoretic game, and one whose theoretic distance fits in the limit has the same outcome
// under it: the game ends before the counter can reach the limit. A rule-aware build
// that starts from the material's theoretic values therefore knows at once every capture
// position whose successors end within the limit (a win or loss in 1, the capture
// deciding), every theoretic draw, and which way every other position can still go. Its
// undecided slots hold that: markWin where the theoretic game is won (the slot can only
// become a win), codeDraw where it is lost (only a loss), markDraw where it is drawn (a
// draw under every limit, final). In every build a capture position found drawn by
// init holds markDraw too, so that no level takes it for an undecided paika position.
// The marks lie above every code of a limit up to maxMarkedLimit, read as no win within
// the level's code, and are cleared when the levels are done.
const (
	markWin        = 254
	markDraw       = 255
	maxMarkedLimit = (markWin - 2) / 2
	// maxBuildPlies is the longest theoretic distance a build writes: its code (plies+1)
	// stays below the marks, so that a code of markWin or more is never a decided win
	// (decideLosers). The longest known is 111 plies.
	maxBuildPlies = markWin - 2
)

// loadTheoretic fills the tables of a rule-aware build with the material's theoretic
// values when their files are in the folder, and reports whether it did.
func (b *builder) loadTheoretic() (bool, error) {
	if b.limit == 0 || b.limit > maxMarkedLimit {
		return false, nil
	}
	for _, t := range b.distinct() {
		if _, err := os.Stat(filepath.Join(b.dir, FileName(t.Class(), Theoretic))); err != nil {
			return false, nil // built without them: every slot is found the longer way
		}
	}
	for _, t := range b.distinct() {
		b.stage("read theoretic "+t.Class().String(), 0, 0)
		if err := readValues(b.dir, t.Class(), Theoretic, t.bytes); err != nil {
			return false, err
		}
	}
	return true, nil
}

// undecided returns what a predecessor that a level of code may decide holds while it
// is undecided: markWin for a level of losses in a build from theoretic values (its
// predecessors become wins), else codeDraw.
func (b *builder) undecided(code byte) byte {
	if b.fromTheoretic && codeIsLoss(code) {
		return markWin
	}
	return codeDraw
}

// levelDirection chooses how the levels pass values back: by their counts (level), or,
// for the tests that compare the two, always one way.
type levelDirection int

const (
	byCounts levelDirection = iota
	alwaysForward
	alwaysBackward
)

func (b *builder) distinct() []*Table {
	if b.tables[0] == b.tables[1] {
		return b.tables[:1]
	}
	return b.tables[:]
}

// other returns the table of the class of t with the other side to move.
func (b *builder) other(t *Table) *Table {
	if t == b.tables[0] {
		return b.tables[1]
	}
	return b.tables[0]
}

func (b *builder) stage(name string, done, total uint64) {
	if b.progress != nil {
		b.progress(Progress{Material: b.material, Stage: name, Done: done, Total: total})
	}
}

// worker is one goroutine's scratch space, reused for every position.
type worker struct {
	turns []engine.Turn
	seen  engine.ResultSet
	// The predecessors of a batch of positions of a level (unmoveBatch of them, passed
	// back together), their slots and their codes; found[i] is a position of the batch,
	// its predecessors movers[found[i].predsBefore:found[i].predsEnd].
	movers [unmoveBatch * maxEdges]engine.Bitboard
	slots  [unmoveBatch * maxEdges]uint64
	codes  [unmoveBatch * maxEdges]byte
	found  [unmoveBatch]foundSlot
	nFound int
	// fixed numbers the predecessors of the position at hand, fixedChild the successors
	// of a predecessor.
	fixed, fixedChild fixedIndex
	// moved and left number the successors of captures by a set kept from one to the
	// next: the capturing side's pieces after the capture, the side left to move
	// (see addChildren).
	moved, left keptIndexes
	// Where the codes of capture positions' successors are, and the codes, looked up
	// together.
	childBytes []*byte
	childCodes []byte
	// Capture positions of init whose successors are read together.
	pending [initBatch]pendingCapture
	// wrote[c] counts the slots this worker gave code c at the level at hand.
	wrote [256]uint64
	// losers are the candidates for a loss of a level of wins, looked up together.
	losers loserBatch
}

// initBatch is how many capture positions init resolves together, so that the cache
// misses into the smaller tables of all their successors overlap.
const initBatch = 32

// unmoveBatch is how many positions of a level pass their values back together, so that
// the cache misses into the table of all their predecessors overlap.
const unmoveBatch = 16

// foundSlot is a position of a level whose predecessors are being passed its value.
type foundSlot struct {
	own, enemy            engine.Bitboard
	predsBefore, predsEnd int
}

// pendingCapture is a capture position of init whose value waits for its successors'
// codes.
type pendingCapture struct {
	slot        uint64
	own, enemy  engine.Bitboard
	others      engine.Bitboard // the capturers whose turns are not looked at yet
	turnsBefore int             // the position's turns are w.turns[turnsBefore:turnsEnd]
	turnsEnd    int
	values      childValues // of the turns looked at so far
}

// chunk is the unit of work handed to a goroutine: a multiple of 8 slots, so two
// goroutines never write the same 8-byte word during the first pass.
const chunk = 1 << 14

// parallel runs fn over [0, n) in chunks on b.workers goroutines, reporting progress.
func (b *builder) parallel(stage string, n uint64, fn func(w *worker, lo, hi uint64)) error {
	var next, done atomic.Uint64
	var wg sync.WaitGroup
	panicked := make([]error, b.workers) // a bug in a worker is the build's error, not a crash
	for len(b.scratch) < b.workers {
		b.scratch = append(b.scratch, &worker{turns: make([]engine.Turn, 0, engine.MaxTurnsHint)})
	}
	for i := 0; i < b.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Recover(&panicked[i])
			w := b.scratch[i]
			for b.ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				hi := min(lo+chunk, n)
				fn(w, lo, hi)
				done.Add(hi - lo)
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			if err := errors.Join(panicked...); err != nil {
				return err
			}
			b.stage(stage, n, n)
			return b.ctx.Err()
		case <-tick.C:
			b.stage(stage, done.Load(), n)
		}
	}
}

// run builds the tables: from init, or from the checkpointed state st when resumed.
func (b *builder) run(st checkpointState, resumed bool) error {
	if resumed {
		b.maxCode.Store(st.maxCode)
	} else {
		if err := b.init(); err != nil {
			return err
		}
		if err := b.saveCheckpoint(0); err != nil {
			return err
		}
	}
	if err := b.countCodes(); err != nil {
		return err
	}
	// Codes are processed in increasing order: in both encodings a position's code is
	// larger than the codes of the positions that decide it (theoretic: plies+1; rule:
	// 2d for a win, 2d+1 for a loss), so each is final when its level comes.
	for code := st.level + 1; code <= int(b.maxCode.Load()); code++ {
		if b.limit == 0 && code > maxBuildPlies+1 {
			return fmt.Errorf("tablebase: %v: a distance exceeds %d plies", b.material, maxBuildPlies)
		}
		for _, t := range b.distinct() {
			if err := b.level(t, byte(code)); err != nil {
				return err
			}
		}
		if err := b.saveCheckpoint(code); err != nil {
			return err
		}
	}
	if b.overflow.Load() {
		return fmt.Errorf("tablebase: %v: a distance exceeds %d plies", b.material, maxBuildPlies)
	}
	b.levels = b.distance(byte(b.maxCode.Load()))
	return b.clearMarks()
}

// clearMarks turns the marks of the slots left undecided into draws.
func (b *builder) clearMarks() error {
	for _, t := range b.distinct() {
		if err := b.parallel("clear "+t.Class().String(), uint64(len(t.words)), func(_ *worker, lo, hi uint64) {
			for wi := lo; wi < hi; wi++ {
				if t.words[wi]&0x8080808080808080 == 0 {
					continue // no byte of 128 or more
				}
				for i := wi * 8; i < min(wi*8+8, t.Slots()); i++ {
					if t.bytes[i] >= markWin {
						t.bytes[i] = codeDraw
					}
				}
			}
		}); err != nil {
			return err
		}
	}
	return nil
}

// countCodes fills b.counts from the tables' bytes.
func (b *builder) countCodes() error {
	for _, t := range b.distinct() {
		var mu sync.Mutex
		counts := &b.counts[b.which(t)]
		*counts = [256]uint64{}
		present := make([][4]uint64, (uint64(len(t.words))+chunk-1)/chunk)
		b.present[b.which(t)] = present
		b.newWins[b.which(t)] = make([]uint64, (t.Slots()+64*64-1)/(64*64))
		b.newWinsCode[b.which(t)] = 0
		if err := b.parallel("count "+t.Class().String(), uint64(len(t.words)), func(_ *worker, lo, hi uint64) {
			var h [256]uint64
			for _, x := range t.words[lo:hi] {
				for i := 0; i < 64; i += 8 {
					h[byte(x>>i)]++
				}
			}
			for c, n := range h {
				if n > 0 {
					present[lo/chunk][c>>6] |= 1 << (c & 63)
				}
			}
			mu.Lock()
			for c, n := range h {
				counts[c] += n
			}
			mu.Unlock()
		}); err != nil {
			return err
		}
		// The bytes past the last slot are 0 and no draws.
		counts[codeDraw] -= uint64(len(t.words))*8 - t.Slots()
	}
	return nil
}

// init resolves what needs no level (initRange) in every table.
func (b *builder) init() error {
	for _, t := range b.distinct() {
		if err := b.parallel("init "+t.Class().String(), t.Slots(), func(w *worker, lo, hi uint64) {
			b.initRange(w, t, lo, hi)
		}); err != nil {
			return err
		}
	}
	if b.overflow.Load() {
		return fmt.Errorf("tablebase: %v: a distance exceeds %d plies", b.material, maxBuildPlies)
	}
	return nil
}

// next returns the code a predecessor of a position holding code gets: a win after a
// loss, a loss after a win (when all its turns lose), one ply further.
func (b *builder) next(code byte) byte {
	if codeIsWin(code) {
		return b.code(Loss, b.distance(code)+1)
	}
	return b.code(Win, b.distance(code)+1)
}

// levelPlies returns the plies of the level of code (0 for init, code 0).
func (b *builder) levelPlies(code int) int {
	if code == 0 {
		return 0
	}
	return b.distance(byte(code))
}

// distance returns the plies of a code of the builder's encoding.
func (b *builder) distance(code byte) int {
	if b.limit > 0 {
		return int(code >> 1)
	}
	return int(code) - 1
}

// code returns the byte of a win or loss in plies, or codeDraw when the distance does not
// fit: beyond the paika limit a rule-aware position is drawn; beyond maxBuildPlies a
// theoretic build fails (overflow is set).
func (b *builder) code(o Outcome, plies int) byte {
	if b.limit > 0 {
		if plies > b.limit {
			return codeDraw
		}
		return encodeRule(Value{o, plies})
	}
	if plies > maxBuildPlies {
		b.overflow.Store(true)
		return codeDraw
	}
	return byte(plies + 1)
}

// raiseMaxCode records that code was written, so that the level loop reaches it.
func (b *builder) raiseMaxCode(code byte) {
	for {
		old := b.maxCode.Load()
		if uint32(code) <= old || b.maxCode.CompareAndSwap(old, uint32(code)) {
			return
		}
	}
}

// initRange resolves the slots lo..hi of t that need no search inside the material: no
// legal turn (a loss in 0) and compulsory captures (from the smaller classes).
func (b *builder) initRange(w *worker, t *Table, lo, hi uint64) {
	rules := engine.TheoreticRules()
	var top byte
	var it walker
	it.start(t.ix, lo)
	w.turns = w.turns[:0]
	n := 0 // pending capture positions
	for slot := lo; slot < hi; slot++ {
		own, enemy := it.pieces()
		stabilised := t.ix.orbits.stab[it.orbit] != 0 // the walker's orbit: no division
		it.next()
		if stabilised && t.ix.index(own, enemy) != slot {
			continue // a mirror image of a board whose slot is another (0 in every table)
		}
		var theoretic byte // the slot's theoretic value, in a build from theoretic values
		if b.fromTheoretic {
			switch theoretic = t.bytes[slot]; theoretic {
			case codeDraw:
				t.bytes[slot] = markDraw
				continue
			case codeLoss0:
				top = max(top, codeLoss0) // no turn: the same byte under every rule
				continue
			}
		}
		p := engine.Position{Pieces: [2]engine.Bitboard{own, enemy}}
		// Capturers first: a position with a capture has a turn, and most positions
		// have one or the other. (Capture lanes find them with fewer shifts.)
		lanes := engine.NewCaptureLanes(enemy)
		capturers := lanes.Capturers(own, engine.AllPoints&^(own|enemy))
		if b.fromTheoretic {
			code, known := b.fromTheoreticCode(theoretic, capturers != 0)
			if known {
				t.bytes[slot] = code
				if code < markWin {
					top = max(top, code)
				}
				continue
			}
		} else if capturers == 0 {
			code := byte(codeDraw)
			if !p.HasTurn() {
				code = codeLoss0
			}
			t.bytes[slot] = code
			top = max(top, code)
			continue
		}
		// Under the rule the first capturer's turns alone are looked at first: when one of
		// them wins, the others cannot do better. A theoretic position needs the fastest
		// win, so all its capturers' turns are looked at together.
		first := capturers
		if b.limit > 0 {
			first &= -capturers
		}
		before := len(w.turns)
		w.turns = p.CaptureResults(rules, first, w.turns, &w.seen)
		if takesAll(w.turns[before:], enemy) {
			// A capture of every enemy piece wins at once: no successor is read.
			w.turns = w.turns[:before]
			code := b.code(Win, 1)
			t.bytes[slot] = code
			top = max(top, code)
			continue
		}
		// Written field by field: a literal built aside and copied in stalls on its store.
		pc := &w.pending[n]
		pc.slot, pc.own, pc.enemy, pc.others = slot, own, enemy, capturers&^first
		pc.turnsBefore, pc.turnsEnd, pc.values = before, len(w.turns), newChildValues()
		if n++; n == initBatch {
			top = max(top, b.resolveCaptures(w, t, n))
			n = 0
			w.turns = w.turns[:0]
		}
	}
	top = max(top, b.resolveCaptures(w, t, n))
	b.raiseMaxCode(top)
}

// takesAll reports whether one of turns captures every piece of enemy.
func takesAll(turns []engine.Turn, enemy engine.Bitboard) bool {
	for i := range turns {
		if turns[i].Captured == enemy {
			return true
		}
	}
	return false
}

// fromTheoreticCode returns the rule-aware byte of a won or lost position whose theoretic
// byte is theoretic, in a build from theoretic values, and whether it is known before the
// levels: a position without a capture gets its mark (markWin or, lost, codeDraw); a
// capture position whose best successors end within the limit is a win or loss in 1 (the
// capture decides); another capture position is not known.
func (b *builder) fromTheoreticCode(theoretic byte, capture bool) (byte, bool) {
	won := codeIsWin(theoretic)
	switch {
	case !capture && won:
		return markWin, true
	case !capture:
		return codeDraw, true
	case int(theoretic)-2 > b.limit: // theoretic plies − 1 (decode)
		return 0, false // a successor's theoretic distance is beyond the limit
	case won:
		return encodeRule(Value{Win, 1}), true
	}
	return encodeRule(Value{Loss, 1}), true
}

// resolveCaptures writes the codes of the first n pending capture positions of init and
// returns the largest. The positions whose first capturer does not win at once have the
// turns of their other capturers looked at in a second round.
func (b *builder) resolveCaptures(w *worker, t *Table, n int) byte {
	var top byte
	write := func(pc *pendingCapture) {
		code := b.codeOf(pc.values)
		if code == codeDraw {
			// Marked until the end of the build, so that the levels never take it for an
			// undecided paika position.
			t.bytes[pc.slot] = markDraw
			return
		}
		t.bytes[pc.slot] = code
		top = max(top, code)
	}
	b.readPending(w, n)
	open := 0
	for i := range w.pending[:n] {
		pc := &w.pending[i]
		b.addChildValues(&pc.values, w.turns[pc.turnsBefore:pc.turnsEnd], w.childCodes[pc.turnsBefore:pc.turnsEnd])
		if pc.values.fastestWin > 0 && pc.others != 0 {
			w.pending[open] = *pc
			open++
			continue
		}
		write(pc)
	}
	if open == 0 {
		return top
	}
	rules := engine.TheoreticRules()
	w.turns = w.turns[:0]
	for i := range w.pending[:open] {
		pc := &w.pending[i]
		p := engine.Position{Pieces: [2]engine.Bitboard{pc.own, pc.enemy}}
		pc.turnsBefore = len(w.turns)
		w.turns = p.CaptureResults(rules, pc.others, w.turns, &w.seen)
		pc.turnsEnd = len(w.turns)
	}
	b.readPending(w, open)
	for i := range w.pending[:open] {
		pc := &w.pending[i]
		b.addChildValues(&pc.values, w.turns[pc.turnsBefore:pc.turnsEnd], w.childCodes[pc.turnsBefore:pc.turnsEnd])
		write(pc)
	}
	return top
}

// readPending reads the children's codes of the turns of the first n pending captures.
func (b *builder) readPending(w *worker, n int) {
	w.childBytes = w.childBytes[:0]
	for _, pc := range w.pending[:n] {
		b.addChildren(w, w.turns[pc.turnsBefore:pc.turnsEnd], pc.own, pc.enemy)
	}
	w.readChildren()
}

// captureValue returns the code of a position from its turns, all of which lead into
// tables of b.deps (in a build, they are all captures; verify passes paika steps too,
// with the class of the other side to move among the deps).
func (b *builder) captureValue(w *worker, turns []engine.Turn, own, enemy engine.Bitboard) byte {
	w.childBytes = w.childBytes[:0]
	b.addChildren(w, turns, own, enemy)
	w.readChildren()
	return b.valueOfChildren(turns, w.childCodes)
}

// addChildren appends where the codes are of the positions that turns of own (to move
// against enemy) lead to. The children's slots are computed first and their bytes read
// after (readChildren), so that the cache misses into the smaller tables overlap instead
// of following one another.
func (b *builder) addChildren(w *worker, turns []engine.Turn, own, enemy engine.Bitboard) {
	// The mover keeps its count; the successor's class (left, moved) numbers left first
	// when it has no more pieces (newIndexer). Where the position's class numbers the
	// enemy first, consecutive slots share the enemy pieces, and a capture leaves one of
	// a few subsets of them: left is kept then.
	movedCount := own.Count()
	enemyStays := movedCount > enemy.Count()
	deps := &b.deps
	for _, tn := range turns {
		left := enemy &^ tn.Captured
		code := &noPieceLeft
		if left != 0 {
			moved := own ^ engine.Bit(tn.From) ^ engine.Bit(tn.To)
			leftCount := left.Count()
			dep := deps[leftCount][movedCount]
			var slot uint64
			switch {
			case leftCount > movedCount:
				slot = w.moved.of(dep.ix, moved, false).index(left)
			case enemyStays:
				slot = w.left.of(dep.ix, left, true).index(moved)
			default:
				slot = dep.ix.index(left, moved)
			}
			code = &dep.bytes[slot]
		}
		w.childBytes = append(w.childBytes, code)
	}
}

// keptIndexes keeps the numbering of successors for the last few sets of one side,
// where consecutive positions share that set: the capturing side's pieces after a capture
// where they are the successor's primary set (consecutive slots of init share the
// capturing side's pieces, so the same few steps of a piece recur), or the side left to
// move where the enemy stays from slot to slot. Most successors find their set here and
// are numbered without ranking the set and looking up its orbit again. An instance keeps
// sets of one role only (own or enemy pieces of the successors).
type keptIndexes [64]struct {
	set engine.Bitboard
	ix  *indexer
	f   fixedIndex
}

// of returns the numbering of ix's positions whose own pieces (setIsOwn) or enemy pieces
// are set.
func (m *keptIndexes) of(ix *indexer, set engine.Bitboard, setIsOwn bool) *fixedIndex {
	e := &m[(uint64(set)*0x9e3779b97f4a7c15)>>58]
	if e.set != set || e.ix != ix {
		e.set, e.ix = set, ix
		e.f.reset(ix, set, setIsOwn)
	}
	return &e.f
}

// noPieceLeft is the code a successor without the side to move's pieces reads (never
// written).
var noPieceLeft byte = codeLoss0

// readChildren reads the codes of the children added.
func (w *worker) readChildren() {
	w.childCodes = w.childCodes[:0]
	for _, code := range w.childBytes {
		w.childCodes = append(w.childCodes, *code)
	}
}

// valueOfChildren returns the code of a position from its turns and their children's
// codes.
func (b *builder) valueOfChildren(turns []engine.Turn, children []byte) byte {
	v := newChildValues()
	b.addChildValues(&v, turns, children)
	return b.codeOf(v)
}

// childValues is what decides a position among its children's values.
type childValues struct {
	fastestWin, slowestLoss int // the children's distances: lost children, won children
	allLose                 bool
}

func newChildValues() childValues {
	return childValues{fastestWin: 1 << 30, slowestLoss: -1, allLose: true}
}

// addChildValues adds the children of turns, whose codes are children, to v.
func (b *builder) addChildValues(v *childValues, turns []engine.Turn, children []byte) {
	for i, tn := range turns {
		child := children[i]
		d := b.distance(child)
		if b.limit > 0 && tn.Captured != 0 {
			d = 0 // a capture decides the rule-aware value at once: the counter restarts
		}
		switch {
		case codeIsLoss(child):
			v.fastestWin = min(v.fastestWin, d)
			v.allLose = false
		case codeIsWin(child):
			v.slowestLoss = max(v.slowestLoss, d)
		default:
			v.allLose = false
		}
	}
}

// codeOf returns the code of a position whose children are v.
func (b *builder) codeOf(v childValues) byte {
	switch {
	case v.fastestWin < 1<<30:
		return b.code(Win, v.fastestWin+1)
	case v.allLose:
		return b.code(Loss, v.slowestLoss+1)
	}
	return codeDraw
}

// level passes back the values of t's slots holding code to their predecessors, the
// other table: backward from each such slot (levelRange), or, when the slots outnumber a
// fraction of the predecessors still undecided (forwardRatio, forwardLossRatio), forward
// from each of those (forwardRange), which checks each candidate once instead of once for
// every successor of the level. Lopsided materials need it most: most of 6v1's boards
// lose for the single piece within a few plies, and each has some 30 predecessors.
//
// A level of wins decides a candidate when all its steps lead to wins, whatever their
// codes (codes above the level's are init's, final): it loses one ply after its slowest,
// maybe at a later level. So the wins of capture positions, which init decides, are
// passed back only once, by the first level of wins going forward over every candidate;
// after it, a candidate still undecided waits for a paika successor, and the later levels
// of wins pass back only the wins of paika positions, which the levels of losses made (in
// 3v3 a tenth of each level's wins).
func (b *builder) level(t *Table, code byte) error {
	pred := b.other(t)
	next := b.next(code)
	if next == codeDraw {
		return nil // beyond the paika limit: the predecessors stay drawn
	}
	stage := fmt.Sprintf("plies %d %v", b.distance(code), t.Class())
	undecided := b.undecided(code)
	ratio, passed := uint64(forwardRatio), b.paikaWins[b.which(t)][code]
	switch {
	case codeIsLoss(code) && undecided == codeDraw:
		ratio, passed = forwardLossRatioDraws, b.counts[b.which(t)][code]
	case codeIsLoss(code):
		ratio, passed = forwardLossRatio, b.counts[b.which(t)][code]
	}
	forward := ratio*passed > b.counts[b.which(pred)][undecided]
	switch b.direction {
	case alwaysForward:
		forward = true
	case alwaysBackward:
		forward = false
	}
	if code == codeWin1 {
		forward = true // the first level of wins passes back the captures' wins (above)
	}
	for _, w := range b.scratch {
		w.wrote = [256]uint64{}
	}
	if codeIsLoss(code) {
		clear(b.newWins[b.which(pred)])
		b.newWinsCode[b.which(pred)] = next
	}
	var err error
	if forward {
		err = b.parallel(stage, uint64(len(pred.words)), func(w *worker, lo, hi uint64) {
			b.forwardRange(w, t, pred, code, next, lo, hi)
		})
	} else {
		err = b.parallel(stage, uint64(len(t.words)), func(w *worker, lo, hi uint64) {
			b.levelRange(w, t, pred, code, next, lo, hi)
		})
	}
	counts := &b.counts[b.which(pred)]
	for _, w := range b.scratch {
		for c, n := range w.wrote {
			if n > 0 {
				counts[c] += n
				counts[undecided] -= n
				b.raiseMaxCode(byte(c))
			}
		}
		if codeIsLoss(code) {
			b.paikaWins[b.which(pred)][next] += w.wrote[next]
		}
	}
	return err
}

// forwardLossRatio: a level of losses goes forward when its losses times forwardLossRatio
// exceed the undecided predecessors. Forward stops at a candidate's first step into the
// level; backward numbers and reads every predecessor of every loss. 6v1 under the limit
// from its theoretic tables: 48 s of CPU all backward, 24 s so.
const forwardLossRatio = 1

// forwardLossRatioDraws replaces forwardLossRatio where the undecided slots hold codeDraw
// (theoretic builds, and rule-aware ones without theoretic values), whose count includes
// the mirror images, which no level decides. 6v1 theoretic takes 47 s of CPU with it,
// 53 s with 1.
const forwardLossRatioDraws = 3

// forwardRatio: a level of wins goes forward when the wins it passes back (those of paika
// positions) times forwardRatio exceed the undecided predecessors. Measured on two
// workers, forward costs about 70 ns of wall time an undecided predecessor, backward
// 0.9-1.9 µs a win in 4v3 under the limit but 0.2 µs in 3v3, whose tables stay in the
// caches.
const forwardRatio = 4

// decide gives code to a slot of t that still holds undecided, records that the slot's
// chunk of words holds code, and reports whether it did.
func (b *builder) decide(t *Table, slot uint64, undecided, code byte) bool {
	if !t.setIf(slot, undecided, code) {
		return false
	}
	atomic.OrUint64(&b.present[b.which(t)][slot/8/chunk][code>>6], 1<<(code&63))
	if codeIsWin(code) {
		atomic.OrUint64(&b.newWins[b.which(t)][slot/64/64], 1<<(slot/64%64))
	}
	return true
}

// which returns the index in b.tables of t.
func (b *builder) which(t *Table) int {
	if t == b.tables[0] {
		return 0
	}
	return 1
}

// forwardRange decides the undecided slots of pred found in its words lo..hi that t's
// slots holding code decide: at a level of wins, those whose every turn leads to a win of
// t (a loss one ply after the slowest); at a level of losses, those with a turn that
// leads to a loss of t in code (a win in next). It counts them in w.wrote.
func (b *builder) forwardRange(w *worker, t, pred *Table, code, next byte, lo, hi uint64) {
	undecided := b.undecided(code)
	pattern := 0x0101010101010101 * uint64(undecided)
	losing := codeIsLoss(code)
	stabilised := pred.ix.orbits.stab
	// The slots are visited in order, most of them undecided at the large levels that go
	// forward: a walker finds their boards for less than unranking each.
	var it walker
	at := lo * 8 // the walker's slot
	it.start(pred.ix, at)
	childFor := engine.Bitboard(0) // the pieces w.fixedChild was last reset to (none)
	for wi := lo; wi < hi; wi++ {
		x := atomic.LoadUint64(&pred.words[wi]) ^ pattern
		// Skip words with no byte undecided (a zero byte of x).
		if (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
			continue
		}
		for i := uint64(0); i < 8; i++ {
			slot := wi*8 + i
			if byte(x>>(i*8)) != 0 || slot >= pred.Slots() {
				continue
			}
			if slot-at > 64 {
				it.start(pred.ix, slot) // a long way ahead: unranking is cheaper
			} else {
				for ; at < slot; at++ {
					it.next()
				}
			}
			at = slot
			mover, other := it.pieces()
			// A mirror image holds it too (a drawn capture position holds markDraw).
			if undecided == codeDraw && stabilised[it.orbit] != 0 && pred.ix.index(mover, other) != slot {
				continue // a mirror image of a board whose slot is another
			}
			if other != childFor {
				w.fixedChild.reset(t.ix, other, true)
				childFor = other
			}
			if !losing {
				b.addLoser(w, t, pred, slot, mover, other, 0, 0, undecided)
				continue
			}
			if b.someTurnLeadsTo(w, t, mover, other, code) && b.decide(pred, slot, undecided, next) {
				w.wrote[next]++
			}
		}
	}
	b.decideLosers(w, t, pred, undecided)
}

// levelRange passes back the values of the slots of t holding code found in the words
// lo..hi to their predecessors in pred, giving them next (see level): a loss in n makes
// every paika predecessor a win in n+1; a win in n makes a predecessor a loss in n+1 when
// all its turns now lead to wins within n. A level of wins that follows its level of
// losses reads only the blocks where that level made wins (newWins).
func (b *builder) levelRange(w *worker, t, pred *Table, code, next byte, lo, hi uint64) {
	if atomic.LoadUint64(&b.present[b.which(t)][lo/chunk][code>>6])&(1<<(code&63)) == 0 {
		return // no slot of these words holds code
	}
	paikaOnly := !codeIsLoss(code) // the captures' wins went forward at the first level of wins
	w.nFound = 0
	if paikaOnly && b.newWinsCode[b.which(t)] == code {
		// Only the blocks of 64 slots (8 words) where the last level of losses made a win.
		blocks := b.newWins[b.which(t)]
		for bw := lo / 8 / 64; bw < (hi+8*64-1)/8/64; bw++ {
			for set := blocks[bw]; set != 0; set &= set - 1 {
				first := (bw*64 + uint64(bits.TrailingZeros64(set))) * 8
				b.levelWords(w, t, pred, code, next, max(first, lo), min(first+8, hi), paikaOnly)
			}
		}
	} else {
		b.levelWords(w, t, pred, code, next, lo, hi, paikaOnly)
	}
	b.passBack(w, t, pred, code, next)
	b.decideLosers(w, t, pred, b.undecided(code))
}

// levelWords passes back the slots of t holding code in the words lo..hi (levelRange).
func (b *builder) levelWords(w *worker, t, pred *Table, code, next byte, lo, hi uint64, paikaOnly bool) {
	pattern := 0x0101010101010101 * uint64(code)
	for wi := lo; wi < hi; wi++ {
		x := atomic.LoadUint64(&t.words[wi]) ^ pattern
		// Skip words with no byte equal to code (a zero byte of x).
		if (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
			continue
		}
		for i := uint64(0); i < 8; i++ {
			slot := wi*8 + i
			if byte(x>>(i*8)) != 0 || slot >= t.Slots() {
				continue
			}
			b.unmoves(w, t, pred, slot, paikaOnly)
			if w.nFound == unmoveBatch {
				b.passBack(w, t, pred, code, next)
			}
		}
	}
}

// unmoves adds a slot of t holding the level's code to the batch of w with its paika
// predecessors and their slots in pred (those without a capture: with one, the step was
// no legal turn). With paikaOnly it skips a capture position (a win of init's, passed
// back by the first level of wins).
func (b *builder) unmoves(w *worker, t, pred *Table, slot uint64, paikaOnly bool) {
	own, enemy := t.ix.position(slot)
	empty := engine.AllPoints &^ (own | enemy)
	if paikaOnly {
		if lanes := engine.NewCaptureLanes(enemy); lanes.CanCapture(own, empty) {
			return
		}
	}
	movers, slots := &w.movers, &w.slots
	before := 0
	if w.nFound > 0 {
		before = w.found[w.nFound-1].predsEnd
	}
	k := before
	// The predecessor's side to move is enemy: it stepped a piece from x to y. own stays
	// put in every predecessor, so its capture lanes serve them all, and so does the
	// numbering of w.fixed, prepared when the first predecessor without a capture comes.
	lanes := engine.NewCaptureLanes(own)
	for ys := enemy; ys != 0; ys &= ys - 1 {
		y := ys & -ys
		for xs := engine.Neighbours(ys.First()) & empty; xs != 0; xs &= xs - 1 {
			x := xs & -xs
			mover := enemy ^ y ^ x
			// A predecessor with a capture did not step (a capture was compulsory); most
			// have one, and the test is cheaper than numbering and reading them.
			if lanes.CanCapture(mover, empty^x^y) {
				continue
			}
			if k == before {
				w.fixed.reset(pred.ix, own, false)
			}
			movers[k] = mover
			slots[k] = w.fixed.index(mover)
			k++
		}
	}
	if k > before {
		w.found[w.nFound] = foundSlot{own, enemy, before, k}
		w.nFound++
	}
}

// passBack reads the codes of the predecessors of the batch of w together, decides those
// that qualify (a win in next at a level of losses, a loss one ply after its slowest
// successor at a level of wins), counts them in w.wrote and empties the batch.
func (b *builder) passBack(w *worker, t, pred *Table, code, next byte) {
	if w.nFound == 0 {
		return
	}
	slots, codes := &w.slots, &w.codes
	end := w.found[w.nFound-1].predsEnd
	for i := range end {
		codes[i] = pred.load(slots[i])
	}
	losing := codeIsLoss(code)
	undecided := b.undecided(code)
	for _, f := range w.found[:w.nFound] {
		childReady := false
		for i := f.predsBefore; i < f.predsEnd; i++ {
			if codes[i] != undecided {
				continue // resolved, or (from theoretic values) it cannot take next
			}
			if losing {
				if b.decide(pred, slots[i], undecided, next) {
					w.wrote[next]++
				}
				continue
			}
			if !childReady {
				// own, to move in every successor of every predecessor, stays put there too.
				w.fixedChild.reset(t.ix, f.own, true)
				childReady = true
			}
			b.addLoser(w, t, pred, slots[i], w.movers[i], f.own, f.enemy, code, undecided)
		}
	}
	w.nFound = 0
}

// loserBatch holds candidates for a loss at a level of wins (those whose every step may
// lead to a win), whose steps are looked up in lockstep: one step of each candidate still
// open, all read together, so that their cache misses overlap. Most candidates fail at
// an early step; looked up one by one, each step waited for the last.
type loserBatch struct {
	n int
	c [loserBatchSize]loser
	// The slots of the steps of a round and their codes; open[k] is the candidate of
	// step k.
	slots [loserBatchSize]uint64
	codes [loserBatchSize]byte
	open  [loserBatchSize]uint8
}

// loserBatchSize is how many candidates are looked up in lockstep.
const loserBatchSize = 32

// loser is a candidate of a loserBatch: the predecessor's slot, its pieces and the steps
// not looked at yet.
type loser struct {
	slot                uint64
	mover, known, empty engine.Bitboard
	// The pieces of mover still to step, the one stepping and its destinations left.
	pieces, from, dests engine.Bitboard
	f                   fixedIndex // numbers the successors (other is their side to move)
	slowest             byte
}

// nextStep returns the next successor of c's steps other than known, or false when
// every step has been looked at.
func (c *loser) nextStep() (engine.Bitboard, bool) {
	for {
		for c.dests == 0 {
			if c.pieces == 0 {
				return 0, false
			}
			c.from = c.pieces & -c.pieces
			c.dests = engine.Neighbours(c.pieces.First()) & c.empty
			c.pieces &= c.pieces - 1
		}
		y := c.dests & -c.dests
		c.dests &= c.dests - 1
		if child := c.mover ^ c.from ^ y; child != c.known {
			return child, true
		}
	}
}

// addLoser adds to w's batch of candidates the predecessor at slot of pred, mover to
// move against other (whose pieces w.fixedChild was reset to), which loses when every
// paika step of it leads to a decided win of t: one ply after the slowest. The step that
// leads to known (the position being passed back, holding code; 0 for none) is not
// looked up. A win's code above the level's is final: only init writes wins ahead of
// their level.
func (b *builder) addLoser(w *worker, t, pred *Table, slot uint64, mover, other, known engine.Bitboard, code, undecided byte) {
	lb := &w.losers
	c := &lb.c[lb.n]
	c.slot, c.mover, c.known, c.empty = slot, mover, known, engine.AllPoints&^(mover|other)
	c.pieces, c.dests, c.slowest = mover, 0, code
	c.f = w.fixedChild
	if lb.n++; lb.n == loserBatchSize {
		b.decideLosers(w, t, pred, undecided)
	}
}

// decideLosers decides the candidates of w's batch whose every step leads to a win of t
// and empties the batch.
func (b *builder) decideLosers(w *worker, t, pred *Table, undecided byte) {
	lb := &w.losers
	open := 0
	for i := range lb.c[:lb.n] {
		lb.open[open] = uint8(i)
		open++
	}
	for open > 0 {
		// One step of each open candidate: its slot, or the decision when none is left.
		k := 0
		for _, i := range lb.open[:open] {
			c := &lb.c[i]
			child, ok := c.nextStep()
			if !ok {
				if c.slowest == 0 {
					continue // no step: init's loss in 0, never a candidate
				}
				decided := b.next(c.slowest)
				if decided != codeDraw && b.decide(pred, c.slot, undecided, decided) {
					w.wrote[decided]++
				}
				continue
			}
			lb.open[k], lb.slots[k] = i, c.f.index(child)
			k++
		}
		for j := range k {
			lb.codes[j] = t.load(lb.slots[j])
		}
		open = 0
		for j, i := range lb.open[:k] {
			c := &lb.c[i]
			if code := lb.codes[j]; codeIsWin(code) && code < markWin {
				c.slowest = max(c.slowest, code)
				lb.open[open] = i
				open++
			}
		}
	}
	lb.n = 0
}

// maxEdges bounds the paika steps of one side: at most 8 directions for each of at most
// maxSide pieces (in practice far fewer).
const maxEdges = 8 * maxSide

// someTurnLeadsTo reports whether a paika step of mover (to move against other, whose
// pieces w.fixedChild was reset to) leads to a position of t holding code.
func (b *builder) someTurnLeadsTo(w *worker, t *Table, mover, other engine.Bitboard, code byte) bool {
	empty := engine.AllPoints &^ (mover | other)
	f := &w.fixedChild
	for xs := mover; xs != 0; xs &= xs - 1 {
		x := xs & -xs
		for ys := engine.Neighbours(xs.First()) & empty; ys != 0; ys &= ys - 1 {
			if t.load(f.index(mover^x^(ys&-ys))) == code {
				return true
			}
		}
	}
	return false
}
