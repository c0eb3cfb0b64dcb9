// folderrun.go: durable proofs run whole: each target's claims (one, or the two of a
// value) in a folder each, the folder's jobs run by a pool of workers (a prover each), and
// the certificate written once the root is decided; or, asked for the status only, where
// each folder stands. What happens is told as typed events, in order, for the caller to
// render.

package proof

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/players/nnue"
)

// FolderRun is a durable proof asked for: of Claim, or of the value, about each target.
type FolderRun struct {
	Folder  string
	Targets []Target
	// Claim is the claim proven; nil: the value, as the two claims "the side to move
	// wins" and "the other side wins", in two subfolders named by the claims.
	Claim         *Claim
	PaikaLimit    int
	Tables        Tables
	TTEntries     int
	Evaluation    *nnue.Net // initialises the proof numbers (Options.Evaluation; nil: none)
	SnapshotEvery time.Duration
	// SplitDepth is the plies of the top of a new folder's tree; below 0 a folder keeps
	// its own, a new one DefaultSplitDepth. A folder split otherwise is refused.
	SplitDepth int
	Workers    int    // jobs run at once, one prover each
	Budget     Budget // each job's
	Toolkit    string
	// StatusOnly reads where each folder stands, each job's result, and runs nothing.
	StatusOnly bool
}

// Target is one position proven in the subfolder Name of the run's folder ("": the folder
// itself).
type Target struct {
	Name     string
	Position engine.Position
}

// OpeningTargets are White's first turns from the start under paika limit limit, each
// named by its turn.
func OpeningTargets(limit int) []Target {
	start := engine.Start()
	var seen engine.ResultSet
	var targets []Target
	for _, t := range start.DistinctTurns(Rules(limit), nil, &seen) {
		targets = append(targets, Target{t.String(), start.Play(t)})
	}
	return targets
}

// ErrBadFolder marks an error of a folder run's input: a folder that holds another proof
// or another split, or that cannot be made or read. Its message is unchanged; it comes as
// the Err of an InputError, as every refusal of a request's input does.
var ErrBadFolder = errors.New("bad proof folder")

type badFolderError struct{ error }

func (e badFolderError) Is(target error) bool { return target == ErrBadFolder }
func (e badFolderError) Unwrap() error        { return e.error }

// FolderEvent is one step of a folder run, said in one line by String: FolderOpened,
// JobDone and CertificateWritten tell progress; JobState and TargetOutcome are results.
type FolderEvent interface {
	fmt.Stringer
	folderEvent()
}

// FolderOpened: a claim's folder is open and its jobs about to run.
type FolderOpened struct {
	Dir   string
	Claim Claim
	Root  string
	Jobs  int
}

// JobDone: a worker finished a job.
type JobDone struct {
	Dir    string
	Result JobResult
}

// CertificateWritten: the decided root's certificate is written at Path.
type CertificateWritten struct{ Path string }

// JobState is one job of a folder read for its status: Done with its Result, or open.
type JobState struct {
	Dir    string
	Job    int
	FEN    string
	Done   bool
	Result JobResult
}

// ClaimOutcome is where one claim's folder stands.
type ClaimOutcome struct {
	Claim   Claim
	Outcome Outcome
	Status  FolderStatus
}

// TargetOutcome is where a target's proof stands: its claims in the order run.
type TargetOutcome struct {
	Name   string
	Root   engine.Position
	Claims []ClaimOutcome
}

func (FolderOpened) folderEvent()       {}
func (JobDone) folderEvent()            {}
func (CertificateWritten) folderEvent() {}
func (JobState) folderEvent()           {}
func (TargetOutcome) folderEvent()      {}

func (e FolderOpened) String() string {
	return fmt.Sprintf("%s: %s about %s, %d jobs", e.Dir, e.Claim, e.Root, e.Jobs)
}

func (e JobDone) String() string {
	r := e.Result
	return fmt.Sprintf("%s job %d %s: %s (%d nodes, %.1f s)", e.Dir, r.Job, r.FEN, r.Outcome, r.Nodes, r.Seconds)
}

func (e CertificateWritten) String() string { return "wrote " + e.Path }

func (e JobState) String() string {
	if !e.Done {
		return fmt.Sprintf("%s job %d %s: open", e.Dir, e.Job, e.FEN)
	}
	r := e.Result
	return fmt.Sprintf("%s job %d %s: %s (%d nodes, %.0f s, budget %s)", e.Dir, e.Job, e.FEN, r.Outcome, r.Nodes, r.Seconds, r.Budget())
}

func (e TargetOutcome) String() string {
	parts := make([]string, len(e.Claims))
	for i, c := range e.Claims {
		fs := c.Status
		parts[i] = fmt.Sprintf("%s %s (%d jobs: %d proven, %d disproven, %d unknown, %d open; %d nodes, %.0f s)",
			c.Claim, c.Outcome, fs.Jobs, fs.Proven, fs.Disproven, fs.Unknown, fs.Open, fs.Nodes, fs.Seconds)
	}
	line := fmt.Sprintf("%s  %s", e.Root.FEN(), strings.Join(parts, "; "))
	if e.Name != "" {
		line = e.Name + "  " + line
	}
	return line
}

// Budget writes a job's budget: "5m0s", "6000000 nodes" or both.
func (r JobResult) Budget() string {
	var parts []string
	if r.BudgetSeconds > 0 {
		parts = append(parts, time.Duration(r.BudgetSeconds*float64(time.Second)).String())
	}
	if r.BudgetNodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", r.BudgetNodes))
	}
	return strings.Join(parts, ", ")
}

// Run proves each target in turn, telling observe each step; calls of observe never
// overlap. An interrupted run keeps the results of the jobs that finished.
func (r *FolderRun) Run(ctx context.Context, observe func(FolderEvent)) error {
	for _, tg := range r.Targets {
		out, err := r.target(ctx, tg, observe)
		if err != nil {
			return err
		}
		observe(out)
	}
	return nil
}

// target runs the claims of one target: the claim asked, or "the side to move wins",
// then, once that is disproven, "the other side wins".
func (r *FolderRun) target(ctx context.Context, tg Target, observe func(FolderEvent)) (TargetOutcome, error) {
	p, dir := tg.Position, filepath.Join(r.Folder, tg.Name)
	claims := []Claim{{Side: p.Side, Kind: Wins}, {Side: p.Side.Other(), Kind: Wins}}
	if r.Claim != nil {
		claims = []Claim{*r.Claim}
	}
	out := TargetOutcome{Name: tg.Name, Root: p}
	for _, c := range claims {
		sub := dir
		if r.Claim == nil {
			sub = filepath.Join(dir, c.String())
		}
		run := r.claim
		if r.StatusOnly {
			run = r.status
		}
		co, err := run(ctx, sub, p, c, observe)
		if err != nil {
			return out, err
		}
		out.Claims = append(out.Claims, co)
		if r.Claim != nil || co.Outcome != Disproven {
			break
		}
	}
	return out, nil
}

// status tells the state of each job of the folder dir and returns where it stands; a
// folder not made yet is open with no jobs.
func (r *FolderRun) status(_ context.Context, dir string, _ engine.Position, c Claim, observe func(FolderEvent)) (ClaimOutcome, error) {
	out := ClaimOutcome{Claim: c}
	m, err := ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, &InputError{Err: badFolderError{err}}
	}
	if out.Status, err = m.Status(dir); err != nil {
		return out, &InputError{Err: badFolderError{err}}
	}
	for j, fen := range m.Jobs {
		res, ok := ReadResult(dir, j)
		observe(JobState{Dir: dir, Job: j, FEN: fen, Done: ok, Result: res})
	}
	out.Outcome = out.Status.Outcome
	return out, nil
}

// claim runs the jobs of one claim's folder with r.Workers workers, and writes its
// certificate once the root is decided.
func (r *FolderRun) claim(ctx context.Context, dir string, p engine.Position, c Claim, observe func(FolderEvent)) (ClaimOutcome, error) {
	out := ClaimOutcome{Claim: c}
	provers := make([]*Prover, r.Workers)
	for i := range provers {
		pr, err := NewProver(Options{PaikaLimit: r.PaikaLimit, Tables: r.Tables, TTEntries: r.TTEntries, SnapshotEvery: r.SnapshotEvery, Evaluation: r.Evaluation})
		if err != nil {
			return out, &InputError{Err: badFolderError{err}}
		}
		provers[i] = pr
	}
	m, err := OpenFolder(dir, p, c, provers[0], r.SplitDepth)
	if err != nil {
		return out, &InputError{Err: badFolderError{err}}
	}
	if err := m.CheckJobs(dir); err != nil {
		return out, err
	}
	observe(FolderOpened{Dir: dir, Claim: c, Root: m.Root, Jobs: len(m.Jobs)})
	if err := r.runWorkers(ctx, dir, m, provers, observe); err != nil {
		return out, err
	}
	if out.Status, err = m.Status(dir); err != nil || out.Status.Outcome == Unknown {
		out.Outcome = out.Status.Outcome
		return out, err
	}
	sec, err := m.Combine(dir, r.Tables, r.Toolkit)
	if err != nil {
		return out, err
	}
	if err := writeCertificate(filepath.Join(dir, "certificate.fpc.gz"), sec, observe); err != nil {
		return out, err
	}
	out.Outcome = out.Status.Outcome
	return out, nil
}

// runWorkers runs the folder's jobs, one goroutine a prover, until none is left.
func (r *FolderRun) runWorkers(ctx context.Context, dir string, m *Manifest, provers []*Prover, observe func(FolderEvent)) error {
	var mu sync.Mutex
	progress := func(res JobResult) {
		mu.Lock()
		defer mu.Unlock()
		observe(JobDone{Dir: dir, Result: res})
	}
	errs := make([]error, len(provers))
	var wg sync.WaitGroup
	for i, pr := range provers {
		wg.Go(func() { errs[i] = RunJobs(ctx, dir, m, pr, r.Budget, r.Toolkit, progress) })
	}
	wg.Wait()
	if ctx.Err() != nil {
		return fmt.Errorf("%s: interrupted; the results of the jobs that finished are kept in %s: run the same command again to go on: %w",
			dir, filepath.Join(dir, "jobs"), ctx.Err())
	}
	return errors.Join(errs...)
}

// writeCertificate writes the certificate of sec at path, replacing any.
func writeCertificate(path string, sec Section, observe func(FolderEvent)) error {
	data, err := (&Certificate{Sections: []Section{sec}}).Bytes()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, data); err != nil {
		return err
	}
	observe(CertificateWritten{Path: path})
	return nil
}
