// buildrequest.go: a build as a command asks for it: the theoretic tables and those of a
// paika limit, one Build after the other, with what its progress line says (the
// material, its place, the builder's phase and the time the whole build has left).

package tablebase

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// BuildRequest is a build of the tables of one or two rules into Dir.
type BuildRequest struct {
	Folder          string // the --tablebases value, read into Dir by Prepare
	Dir             string
	MaxPieces       int       // every material of at most this many pieces...
	Target          *Material // ...or this material and what it needs
	Material        string    // or Target in the form 3v5, read by Check
	Only            bool      // Target alone (BuildOptions.Only)
	Workers         int       // goroutines; 0 means GOMAXPROCS
	CheckpointEvery time.Duration
	PaikaLimit      int  // the rule-aware tables of this limit (0: the theoretic ones only)
	Theoretic       bool // the theoretic tables too, built first (always with PaikaLimit 0)

	// Progress, when not nil, follows the build (BuildAll); Started, when not nil too, is
	// called once before its first report: only when some material is built, after every
	// file the build reads was accepted.
	Progress func(BuildStatus)
	Started  func()
}

// Limits returns the paika limits the request builds, in order (0: theoretic).
func (r BuildRequest) Limits() []int {
	var limits []int
	if r.Theoretic || r.PaikaLimit == 0 {
		limits = append(limits, 0)
	}
	if r.PaikaLimit > 0 {
		limits = append(limits, r.PaikaLimit)
	}
	return limits
}

// Prepare reads Folder into Dir (Resolve, Create) and Material into Target, refuses a
// request no build carries out (an *InputError naming the option), and returns what
// the build will cost (Estimate).
func (r *BuildRequest) Prepare() (BuildEstimate, error) {
	if err := r.check(); err != nil {
		return BuildEstimate{}, err
	}
	return r.Estimate()
}

func (r *BuildRequest) check() (err error) {
	if r.Dir, err = Resolve(r.Folder, Create); err != nil {
		return OptionError(err, Create)
	}
	if err := CheckPaikaLimit(r.PaikaLimit); err != nil {
		return err
	}
	if r.CheckpointEvery < 0 {
		return inputErrorf("--checkpoint-every %v: must be 0 (never) or more", r.CheckpointEvery)
	}
	if r.Target == nil {
		if r.Target, err = planTarget(r.MaxPieces, r.Material); err != nil {
			return err
		}
	}
	if r.Only && r.Target == nil {
		return inputErrorf("--only needs --material")
	}
	return checkWorkers(r.Workers)
}

func (r BuildRequest) options() BuildOptions {
	return BuildOptions{Dir: r.Dir, MaxPieces: r.MaxPieces, Target: r.Target, Only: r.Only,
		Workers: r.Workers, CheckpointEvery: r.CheckpointEvery}
}

// Estimate returns what the request will cost (EstimateBuild).
func (r BuildRequest) Estimate() (BuildEstimate, error) {
	return EstimateBuild(r.options(), r.Limits())
}

// BuildStatus is a build's progress as its progress line shows it: Label names the
// material, its rule, its place in the build, the phase and the build's time left.
type BuildStatus struct {
	Label       string
	Done, Total uint64 // slots of the phase
}

// BuildAll runs Build for each rule of r in turn, stopping at the first error, and
// returns the reports of every material finished (on disk whatever stopped the build
// after them); its error says what that means for the command (explain). r.Progress
// follows the build against est.
func BuildAll(ctx context.Context, r BuildRequest, est BuildEstimate) (BuildReports, error) {
	opts := r.options()
	var limit int // of the Build under way
	if r.Progress != nil {
		opts.Progress = buildLabels(r, NewRemaining(est), len(est.Materials), &limit)
	}
	var reps BuildReports
	for _, limit = range r.Limits() {
		opts.PaikaLimit = limit
		rs, err := Build(ctx, opts)
		reps = append(reps, rs...)
		if err != nil {
			return reps, r.explain(err)
		}
	}
	return reps, nil
}

// explain says what a failed build means for its command: a damaged file, or a material
// built Only without what it needs, is bad input; an interrupted build says how it goes on.
func (r BuildRequest) explain(err error) error {
	switch {
	case errors.Is(err, ErrDamaged):
		return &InputError{err}
	case r.Only && errors.Is(err, ErrNotBuilt):
		return inputErrorf("--only --material %v: %v (build what it needs first; fanorona tablebase plan --material %v lists it)", r.Target, err, r.Target)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted; finished materials are kept, and the next build continues from them and from the checkpoint of the material under way (--checkpoint-every): %w", err)
	}
	return err
}

// buildLabels turns a Build's Progress into r's BuildStatus, after r.Started; *limit is
// the rule of the Build under way, count the materials of the estimate. The time left is
// taken when a phase starts, so that the bar of a phase keeps one label.
func buildLabels(r BuildRequest, left *Remaining, count int, limit *int) func(Progress) {
	var key, label string
	started := r.Started
	return func(pr Progress) {
		if started != nil {
			started()
			started = nil
		}
		if k := fmt.Sprintf("%v %d %s", pr.Material, *limit, pr.Stage); k != key {
			place, rest := left.Observe(pr.Material, *limit, time.Now())
			of := ""
			if place > 0 {
				of = fmt.Sprintf(" [%d/%d]", place, count)
			}
			key = k
			label = fmt.Sprintf("%v %v%s %s (build ETA %s)", pr.Material, PaikaRule(*limit), of, phaseName(pr.Stage), rest.Round(time.Second))
		}
		r.Progress(BuildStatus{label, pr.Done, pr.Total})
	}
}

// phaseName names the builder's stages for the bar: "plies 12 2v3" is an un-move pass.
func phaseName(stage string) string {
	switch {
	case strings.HasPrefix(stage, "plies "):
		return "un-move pass, " + stage
	case stage == "write":
		return "compress and write"
	}
	return stage
}
