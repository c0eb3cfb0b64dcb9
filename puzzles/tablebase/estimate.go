// estimate.go: what a build will cost before it starts (slots, CPU and wall time, peak
// memory, disk), from the slot counts of the classes and rates measured on whole builds,
// and the time left of a running build against that estimate.

package tablebase

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// Measured rates. They are the user CPU time and the file bytes of whole builds on the
// project machine (2 vCPUs, docs/PERFORMANCE.md), divided by the material's slots as
// `tablebase build --dry-run` prints them. Re-measure after a change of the builder with
//
//	/usr/bin/time -v fanorona tablebase build --material 5v3 --only --workers 2 \
//	    --tablebases DIR [--paika-limit 0 | --theoretic=false]   # DIR holding the tables of ≤ 7 pieces
//
// (user seconds over 6,196,265,712 slots; under the rule with and without the theoretic
// files of 5v3 in DIR) and `ls -l DIR` (bytes of the 7-piece files over
// their 1,554,573,384 slots). The rule's rate is today's builder's; the theoretic one is
// the first builder's. The builder of 1de85b9 took 4,426 s for theoretic 3v5/5v3 (714 ns a
// slot), yet the first rate is kept: the larger materials differ more from one another
// than the builders do. 4v3 theoretic took 837 s of CPU against 707 s estimated, 6v2
// theoretic 3,279 s against 2,897 s (beside other work on both cores), and 4v4 theoretic
// 5,040 s against 3,305 s (half of it beside CI) with a file of 0.473 B a slot, its 137
// distance levels being the most of any material and its values the least alike. Under the
// rule today's rate gives 7v1 491 s, 6v2 1,427 s and 4v4 1,628 s; their builds on record,
// by earlier builders, took 827 s, 2,689 s and 3,875 s. The same build's CPU varies by up
// to 1.5 times from one session of this machine to another (docs/PERFORMANCE.md); the rates
// are those of a slower session.
const (
	// TheoreticCPUPerSlot: 3v5/5v3 theoretic, 5,372 s of user CPU for 6,196,265,712 slots.
	TheoreticCPUPerSlot = 867 * time.Nanosecond
	// RuleCPUPerSlot: 3v5/5v3 under paika limit 50, 2,645 s of user CPU for the same slots
	// (the builder of 63bb34f at nice 19 on 2 workers, alone; the first builder took
	// 9,788 s).
	RuleCPUPerSlot = 427 * time.Nanosecond
	// RuleFromTheoreticCPUPerSlot: the same build when the material's theoretic tables are
	// in the folder and it starts from them (build.go, loadTheoretic), as a build of both
	// rules does: 673 s of user CPU (40579ef, nice 19, 2 workers, alone). The four 8-piece
	// materials so in one process (ec73298): 1,543 s against 1,580 s estimated.
	RuleFromTheoreticCPUPerSlot = 109 * time.Nanosecond
	// TheoreticFileBytesPerSlot: the theoretic files of 6v1, 5v2 and 4v3 (both sides to
	// move), 478,315,162 B for 1,554,573,384 slots.
	TheoreticFileBytesPerSlot = 0.3077
	// RuleFileBytesPerSlot: the limit-50 files of 6v1, 5v2 and 4v3, 133,392,201 B for the
	// same slots (3v5/5v3's: 620,634,972 B for 6,196,265,712 slots, 0.100).
	RuleFileBytesPerSlot = 0.0858
	// ProcessBaseBytes is the resident memory of a builder beside its tables: the peak of
	// `build --material 3v2 --only` (73.1 MiB) less its 7.1 MiB of tables.
	ProcessBaseBytes = 66 << 20
)

// MaterialEstimate is the estimated cost of building one material under one rule.
type MaterialEstimate struct {
	Material   Material
	PaikaLimit int
	// FromTheoretic: a rule-aware build that will find the material's theoretic tables
	// (on disk, or built before it by the same estimate) and start from them.
	FromTheoretic bool
	Slots         uint64        // values of its classes: one byte each in memory
	CPU           time.Duration // slots × the rule's CPU rate
	Wall          time.Duration // CPU over the cores the workers get
	// PeakBytes is the builder's resident memory while it builds this material: the tables
	// the process holds by then (its own, those it reads, and those built or read before
	// that a later material reads) and ProcessBaseBytes; the file is written as its
	// blocks are compressed (5v3 theoretic: 7,334 MiB estimated, 7,364 MiB measured).
	PeakBytes uint64
	FileBytes uint64 // the material's files (compressed)
}

// BuildEstimate is the estimated cost of a build: the materials it will build, in order
// (one per material and rule), with their totals. Materials whose files are all there
// already are left out.
type BuildEstimate struct {
	Materials []MaterialEstimate
	Built     int // materials (per rule) skipped because their files exist
	Workers   int
	Cores     int // the workers that run at once: min(Workers, runtime.NumCPU())
	Slots     uint64
	CPU       time.Duration
	Wall      time.Duration
	PeakBytes uint64 // the largest MaterialEstimate.PeakBytes: the process's peak
	FileBytes uint64
}

// EstimateBuild returns what Build(opts) would cost on this machine for each paika limit
// of limits in turn (0: theoretic), as one process running them one after the other does:
// materials already in opts.Dir are skipped, as Build skips them (their files are only
// looked for, not checked). Memory follows the builder: a Build holds each table it
// builds or reads until the last material that reads it is built.
func EstimateBuild(opts BuildOptions, limits []int) (BuildEstimate, error) {
	if opts.Only && opts.Target == nil {
		return BuildEstimate{}, errors.New("tablebase: Only needs a Target material")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	e := BuildEstimate{Workers: workers, Cores: min(workers, runtime.NumCPU())}
	plan := Plan(opts.MaxPieces, opts.Target)
	if opts.Only {
		plan = []Material{*opts.Target}
	}
	theoretic := map[Material]bool{} // materials whose theoretic tables an earlier Build leaves
	for _, limit := range limits {
		if err := checkLimit(limit); err != nil {
			return e, err
		}
		held := map[Class]bool{} // the tables this Build's Set holds
		var heldBytes uint64
		hold := func(c Class) {
			if !held[c] {
				held[c] = true
				heldBytes += newIndexer(c).size
			}
		}
		freed := freedAfter(plan)
		for i, m := range plan {
			for _, c := range m.Classes() {
				if err := c.check(); err != nil {
					return e, err
				}
			}
			built, err := onDisk(opts.Dir, m, limit)
			if err != nil {
				return e, err
			}
			if limit == 0 {
				theoretic[m] = true
			}
			if built {
				e.Built++
			} else {
				fromTheoretic := false
				if limit > 0 && limit <= maxMarkedLimit {
					if fromTheoretic, err = onDisk(opts.Dir, m, 0); err != nil {
						return e, err
					}
					fromTheoretic = fromTheoretic || theoretic[m]
				}
				for _, d := range m.Dependencies() {
					for _, c := range d.Classes() {
						hold(c)
					}
				}
				me := estimateMaterial(m, limit, fromTheoretic, e.Cores)
				me.PeakBytes = ProcessBaseBytes + heldBytes + me.Slots
				for _, c := range m.Classes() {
					hold(c)
				}
				e.add(me)
			}
			for _, d := range freed[i] { // as Build frees them
				for _, c := range d.Classes() {
					if held[c] {
						delete(held, c)
						heldBytes -= newIndexer(c).size
					}
				}
			}
		}
	}
	return e, nil
}

// estimateMaterial returns the slots, times and file bytes of building m under limit
// (from the theoretic values or not) on cores goroutines at once.
func estimateMaterial(m Material, limit int, fromTheoretic bool, cores int) MaterialEstimate {
	me := MaterialEstimate{Material: m, PaikaLimit: limit, FromTheoretic: fromTheoretic, Slots: m.Slots()}
	rate, fileRate := TheoreticCPUPerSlot, TheoreticFileBytesPerSlot
	switch {
	case limit > 0 && fromTheoretic:
		rate, fileRate = RuleFromTheoreticCPUPerSlot, RuleFileBytesPerSlot
	case limit > 0:
		rate, fileRate = RuleCPUPerSlot, RuleFileBytesPerSlot
	}
	me.CPU = time.Duration(me.Slots) * rate
	me.Wall = me.CPU / time.Duration(max(cores, 1))
	me.FileBytes = uint64(float64(me.Slots) * fileRate)
	return me
}

func (e *BuildEstimate) add(me MaterialEstimate) {
	e.Materials = append(e.Materials, me)
	e.Slots += me.Slots
	e.CPU += me.CPU
	e.Wall += me.Wall
	e.PeakBytes = max(e.PeakBytes, me.PeakBytes)
	e.FileBytes += me.FileBytes
}

// onDisk reports whether every class file of m under limit exists in dir.
func onDisk(dir string, m Material, limit int) (bool, error) {
	for _, c := range m.Classes() {
		_, err := os.Stat(filepath.Join(dir, FileName(c, PaikaRule(limit))))
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	return true, nil
}

// Remaining follows a running build against its estimate and tells the time it has left.
// Feed it every Progress of the build with the build's paika limit; it is not safe for
// concurrent use.
type Remaining struct {
	est      BuildEstimate
	current  int // index in est.Materials of the material being built; -1 before the first
	started  time.Time
	doneWall time.Duration // wall time the finished materials took
	doneEst  time.Duration // and their estimate
}

// NewRemaining starts following a build estimated as e.
func NewRemaining(e BuildEstimate) *Remaining { return &Remaining{est: e, current: -1} }

// Observe takes a progress report of the material m under limit at time now and returns
// the material's place in the build (1-based, 0 for a material the estimate does not
// hold: one another builder finished meanwhile), and the build's time left: the estimate
// of what is not finished, scaled by how the finished materials compared with theirs
// (weighted by the estimate, so that a few small materials move it little), less the
// time the current material has taken.
func (r *Remaining) Observe(m Material, limit int, now time.Time) (place int, left time.Duration) {
	i := r.current
	if i < 0 || r.est.Materials[i].Material != m || r.est.Materials[i].PaikaLimit != limit {
		i = -1
		for j := max(r.current, 0); j < len(r.est.Materials); j++ {
			if me := r.est.Materials[j]; me.Material == m && me.PaikaLimit == limit {
				i = j
				break
			}
		}
		if i < 0 {
			return 0, r.left(now)
		}
		if r.current >= 0 {
			// Every material from the current one to this one is finished (or was skipped).
			for j := r.current; j < i; j++ {
				r.doneEst += r.est.Materials[j].Wall
			}
			r.doneWall += now.Sub(r.started)
		}
		r.current, r.started = i, now
	}
	return i + 1, r.left(now)
}

func (r *Remaining) left(now time.Time) time.Duration {
	if r.current < 0 {
		return r.est.Wall
	}
	var ahead time.Duration // estimate of the current material and those after it
	for _, me := range r.est.Materials[r.current:] {
		ahead += me.Wall
	}
	scale := 1.0
	if total := float64(r.doneEst + ahead); total > 0 {
		scale = float64(r.doneWall+ahead) / total
	}
	left := time.Duration(float64(ahead)*scale) - now.Sub(r.started)
	// The current material is never done before it is: at least the rest after it.
	rest := time.Duration(float64(ahead-r.est.Materials[r.current].Wall) * scale)
	return max(left, rest)
}
