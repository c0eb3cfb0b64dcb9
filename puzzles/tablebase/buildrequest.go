// buildrequest.go: a build as a command asks for it: the theoretic tables and those of a
// paika limit, one Build after the other, with what its progress line says (the
// material, its place, the builder's phase and the time the whole build has left).

package tablebase

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// BuildRequest is a build of the tables of one or two rules into Dir.
type BuildRequest struct {
	Dir             string
	MaxPieces       int       // every material of at most this many pieces...
	Target          *Material // ...or this material and what it needs
	Only            bool      // Target alone (BuildOptions.Only)
	Workers         int       // goroutines; 0 means GOMAXPROCS
	CheckpointEvery time.Duration
	PaikaLimit      int  // the rule-aware tables of this limit (0: the theoretic ones only)
	Theoretic       bool // the theoretic tables too, built first (always with PaikaLimit 0)
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
// after them). progress, when not nil, follows the build against est.
func BuildAll(ctx context.Context, r BuildRequest, est BuildEstimate, progress func(BuildStatus)) ([]MaterialReport, error) {
	opts := r.options()
	var limit int // of the Build under way
	if progress != nil {
		opts.Progress = buildLabels(progress, NewRemaining(est), len(est.Materials), &limit)
	}
	var reps []MaterialReport
	for _, limit = range r.Limits() {
		opts.PaikaLimit = limit
		rs, err := Build(ctx, opts)
		reps = append(reps, rs...)
		if err != nil {
			return reps, err
		}
	}
	return reps, nil
}

// buildLabels turns a Build's Progress into BuildStatus; *limit is the rule of the Build
// under way, count the materials of the estimate. The time left is taken when a phase
// starts, so that the bar of a phase keeps one label.
func buildLabels(progress func(BuildStatus), left *Remaining, count int, limit *int) func(Progress) {
	var key, label string
	return func(pr Progress) {
		if k := fmt.Sprintf("%v %d %s", pr.Material, *limit, pr.Stage); k != key {
			place, rest := left.Observe(pr.Material, *limit, time.Now())
			of := ""
			if place > 0 {
				of = fmt.Sprintf(" [%d/%d]", place, count)
			}
			key = k
			label = fmt.Sprintf("%v %v%s %s (build ETA %s)", pr.Material, PaikaRule(*limit), of, phaseName(pr.Stage), rest.Round(time.Second))
		}
		progress(BuildStatus{label, pr.Done, pr.Total})
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
