// folder.go: durable proofs. A proof folder holds the top of a proof's tree and its
// frontier as jobs, each job's result beside it, so that a proof killed at any moment
// resumes from the jobs that finished, and several workers (goroutines, or processes on
// other machines sharing the folder) take its jobs without running one twice at once.
//
//	manifest.json        the root, the claim, the rule, the top of the tree and its jobs
//	jobs/N.lock          held (flock) by the worker running job N
//	jobs/N.json          job N's result, written when it ends (atomicfile)
//	jobs/N.fpc.gz        job N's certificate, when decided
//	jobs/N.tt            job N's search saved as it goes, while it is undecided (snapshot.go)
//	certificate.fpc.gz   the whole proof's certificate, once the top is decided

package proof

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/internal/flock"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// FolderFormat names a proof folder's manifest.
const FolderFormat = "fanorona-proof-folder"

// Manifest is a proof folder's plan: written once, when the folder is made.
type Manifest struct {
	Format     string    `json:"format"`
	Version    int       `json:"version"`
	Claim      string    `json:"claim"`
	PaikaLimit int       `json:"paika_limit"`
	Root       string    `json:"root"`
	SplitDepth int       `json:"split_depth"`
	Top        []TopNode `json:"top"` // Top[0] is the root
	Jobs       []string  `json:"jobs"`
}

// TopNode is one position of the top of the tree: a leaf, a job, or a node whose turns
// lead to other top nodes (one per resulting board).
type TopNode struct {
	FEN string `json:"fen"`
	// Leaf is the record of a position decided without search, Outcome its outcome for
	// the claim's side.
	Leaf     *Record  `json:"leaf,omitempty"`
	Outcome  string   `json:"outcome,omitempty"`
	Job      int      `json:"job"` // -1 unless a job
	Turns    []string `json:"turns,omitempty"`
	Children []int    `json:"children,omitempty"`
}

// JobResult is what a worker found for one job.
type JobResult struct {
	Job           int     `json:"job"`
	FEN           string  `json:"fen"`
	Claim         string  `json:"claim"`
	Outcome       string  `json:"outcome"` // proven, disproven or unknown
	Nodes         uint64  `json:"nodes"`
	Seconds       float64 `json:"seconds"`
	BudgetSeconds float64 `json:"budget_seconds"`
	BudgetNodes   uint64  `json:"budget_nodes"`
	Certificate   string  `json:"certificate,omitempty"`
}

// DefaultSplitDepth is the plies of the top of the tree of a folder made with no split
// depth given.
const DefaultSplitDepth = 2

// ErrDamaged marks an error of a proof folder's own files (its manifest, a job's
// certificate or snapshot) that no longer read as they were written: changed or damaged.
// The folder is bad input; removing the file named makes the job run again.
var ErrDamaged = errors.New("damaged proof folder")

// damagedError is an error of a folder's own files: errors.Is(err, ErrDamaged), its
// message unchanged.
type damagedError struct{ error }

func (e damagedError) Is(target error) bool { return target == ErrDamaged }
func (e damagedError) Unwrap() error        { return e.error }
func (e damagedError) BadInput() bool       { return true }

// damaged marks err as one of a folder's own files.
func damaged(err error) error { return damagedError{err} }

// OpenFolder makes the proof folder of claim c about p, splitting the tree splitDepth
// plies below the root (pr's tables decide the leaves; below 0: DefaultSplitDepth), or
// opens the one dir holds: it must be the proof of the same claim about the same position
// under the same rule, and of the same split depth when one (0 or more) is given.
func OpenFolder(dir string, p engine.Position, c Claim, pr *Prover, splitDepth int) (*Manifest, error) {
	root := normalise(p, pr.limit)
	if err := pr.checkRoot(&root); err != nil {
		return nil, err
	}
	if m, err := ReadManifest(dir); err == nil {
		if m.Root != root.FEN() || m.Claim != c.String() || m.PaikaLimit != pr.limit {
			return nil, fmt.Errorf("proof: %s holds the proof of %s about %s under paika limit %d, not of %s about %s under %d",
				dir, m.Claim, m.Root, m.PaikaLimit, c, root.FEN(), pr.limit)
		}
		if splitDepth >= 0 && splitDepth != m.SplitDepth {
			return nil, fmt.Errorf("proof: %s was split at depth %d, not %d: go on without a split depth, or start another folder",
				dir, m.SplitDepth, splitDepth)
		}
		return m, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "jobs"), 0o755); err != nil {
		return nil, fmt.Errorf("proof: %w", err)
	}
	pr.claim = c
	if splitDepth < 0 {
		splitDepth = DefaultSplitDepth
	}
	m := &Manifest{Format: FolderFormat, Version: FormatVersion, Claim: c.String(), PaikaLimit: pr.limit,
		Root: root.FEN(), SplitDepth: splitDepth, Jobs: []string{}}
	index := map[string]int{}
	if _, err := m.grow(pr, &root, 0, index); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return nil, err
	}
	// Linked into place (atomicfile.Create): two workers making the folder at once write
	// one manifest, and the second reads the first's.
	err = atomicfile.Create(filepath.Join(dir, "manifest.json"), func(f *os.File) error {
		_, err := f.Write(append(data, '\n'))
		return err
	})
	if errors.Is(err, fs.ErrExist) {
		return OpenFolder(dir, p, c, pr, splitDepth)
	}
	if err != nil {
		return nil, fmt.Errorf("proof: %w", err)
	}
	return m, nil
}

// grow adds p and the top of the tree below it, depth first, and returns p's index.
func (m *Manifest) grow(pr *Prover, p *engine.Position, depth int, index map[string]int) (int, error) {
	fen := p.FEN()
	if i, ok := index[fen]; ok {
		return i, nil
	}
	i := len(m.Top)
	index[fen] = i
	m.Top = append(m.Top, TopNode{FEN: fen, Job: -1})
	if st := pr.rules.Status(p); st.Over() {
		r := Record{Type: RecordEnd, FEN: fen}
		if st.Reason == engine.PaikaLimit {
			r.Type = RecordPaikaLimit
		}
		m.Top[i].Leaf, m.Top[i].Outcome = &r, outcomeFor(st.Outcome, pr.claim.Side).String()
		return i, nil
	}
	if pr.tables != nil {
		v, ok, err := pr.tables.Probe(p, pr.limit)
		if err != nil {
			return 0, err
		}
		if ok {
			c, _ := tablebase.ClassOf(p)
			r := Record{Type: RecordTable, FEN: fen, Value: v.Outcome.String(),
				File: baseName(pr.tables.File(tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(pr.limit)}))}
			m.Top[i].Leaf, m.Top[i].Outcome = &r, viewOf(v.Outcome, p, pr.claim.Side).String()
			return i, nil
		}
	}
	if depth >= m.SplitDepth {
		m.Top[i].Job = len(m.Jobs)
		m.Jobs = append(m.Jobs, fen)
		return i, nil
	}
	var seen engine.ResultSet
	for _, t := range p.DistinctTurns(pr.rules, nil, &seen) {
		q := normalise(p.Play(t), pr.limit)
		j, err := m.grow(pr, &q, depth+1, index)
		if err != nil {
			return 0, err
		}
		m.Top[i].Turns = append(m.Top[i].Turns, t.String())
		m.Top[i].Children = append(m.Top[i].Children, j)
	}
	return i, nil
}

// ReadManifest reads a proof folder's manifest.
func ReadManifest(dir string) (*Manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil || m.Format != FolderFormat || m.Version != FormatVersion {
		return nil, damaged(fmt.Errorf("proof: %s/manifest.json: not a proof folder's manifest of version %d", dir, FormatVersion))
	}
	return &m, nil
}

func jobPath(dir string, job int, ext string) string {
	return filepath.Join(dir, "jobs", strconv.Itoa(job)+ext)
}

// ReadResult returns job's result, or false when it has none yet.
func ReadResult(dir string, job int) (JobResult, bool) {
	data, err := os.ReadFile(jobPath(dir, job, ".json"))
	if err != nil {
		return JobResult{}, false
	}
	var r JobResult
	if json.Unmarshal(data, &r) != nil || r.Job != job {
		return JobResult{}, false
	}
	return r, true
}

// status returns the top's outcomes for the claim so far: per node Proven, Disproven or
// Unknown, from the leaves and the jobs' results. A node on the current walk counts as
// Unknown (the checker has the last word on the whole certificate).
func (m *Manifest) status(dir string) ([]Outcome, error) {
	claim, err := ParseClaim(m.Claim)
	if err != nil {
		return nil, err
	}
	out := make([]Outcome, len(m.Top))
	state := make([]uint8, len(m.Top))
	var eval func(i int) Outcome
	eval = func(i int) Outcome {
		if state[i] != 0 {
			return out[i]
		}
		state[i] = 1
		n := &m.Top[i]
		switch {
		case n.Leaf != nil:
			out[i] = Disproven
			for _, o := range []tablebase.Outcome{tablebase.Win, tablebase.Draw} {
				if n.Outcome == o.String() && claim.good(o) {
					out[i] = Proven
				}
			}
		case n.Job >= 0:
			if r, ok := ReadResult(dir, n.Job); ok {
				out[i] = map[string]Outcome{"proven": Proven, "disproven": Disproven}[r.Outcome]
			}
		default:
			// At the claim's side one proven child proves the node, at the defender's one
			// disproven child disproves it; otherwise every child must be decided.
			p := engine.MustParseFEN(n.FEN)
			decisive, other := Proven, Disproven
			if p.Side != claim.Side {
				decisive, other = Disproven, Proven
			}
			res := other
			for _, c := range n.Children {
				if o := eval(c); o == decisive {
					res = decisive
					break
				} else if o == Unknown {
					res = Unknown
				}
			}
			out[i] = res
		}
		state[i] = 2
		return out[i]
	}
	eval(0)
	return out, nil
}

// RunJobs runs the jobs of the folder that the top still needs and that no worker holds,
// each within budget b, until none is left: a job with a result is skipped unless it
// ended unknown within a smaller budget than b. progress, if not nil, gets each result.
// Workers in other goroutines or processes may run RunJobs on the same folder at once.
func RunJobs(ctx context.Context, dir string, m *Manifest, pr *Prover, b Budget, toolkit string, progress func(JobResult)) error {
	claim, err := ParseClaim(m.Claim)
	if err != nil {
		return err
	}
	for {
		st, err := m.status(dir)
		if err != nil || st[0] != Unknown {
			return err
		}
		ran := false
		for _, job := range m.open(st) {
			if !m.needed(dir, job, b) {
				continue
			}
			unlock, busy, err := flock.TryLock(jobPath(dir, job, ".lock"))
			if err != nil {
				return fmt.Errorf("proof: %w", err)
			}
			if busy {
				continue
			}
			if !m.needed(dir, job, b) { // finished by another worker meanwhile
				unlock()
				continue
			}
			r, err := runJob(ctx, dir, m, job, claim, pr, b, toolkit)
			unlock()
			if err != nil {
				return err
			}
			if progress != nil {
				progress(r)
			}
			ran = true
			break // the top may be decided now: look again
		}
		if !ran {
			return nil // every job left is held by another worker, or ran within b
		}
	}
}

// open returns the jobs below undecided nodes of the top, depth first from the root: the
// jobs whose results may still decide it.
func (m *Manifest) open(st []Outcome) []int {
	var jobs []int
	seen := make([]bool, len(m.Top))
	var walk func(i int)
	walk = func(i int) {
		if seen[i] || st[i] != Unknown {
			return
		}
		seen[i] = true
		if m.Top[i].Job >= 0 {
			jobs = append(jobs, m.Top[i].Job)
		}
		for _, c := range m.Top[i].Children {
			walk(c)
		}
	}
	walk(0)
	return jobs
}

// needed reports whether job has no result, or ended unknown within less than b.
func (m *Manifest) needed(dir string, job int, b Budget) bool {
	r, ok := ReadResult(dir, job)
	if !ok {
		return true
	}
	return r.Outcome == Unknown.String() && (b.Time.Seconds() > r.BudgetSeconds || b.Nodes > r.BudgetNodes && r.BudgetNodes > 0)
}

func runJob(ctx context.Context, dir string, m *Manifest, job int, claim Claim, pr *Prover, b Budget, toolkit string) (JobResult, error) {
	p, err := engine.ParseFEN(m.Jobs[job])
	if err != nil {
		return JobResult{}, fmt.Errorf("proof: %s: job %d: %w", dir, job, err)
	}
	// The job's table is saved as it goes (jobs/N.tt), so that a killed job resumes where
	// it was and one that ended unknown goes on under a larger budget.
	pr.SetSnapshot(jobPath(dir, job, ".tt"))
	res, sec, err := pr.Prove(ctx, p, claim, b, toolkit)
	pr.SetSnapshot("")
	if err != nil {
		return JobResult{}, err
	}
	if ctx.Err() != nil {
		return JobResult{}, ctx.Err() // no result: the job runs again
	}
	r := JobResult{Job: job, FEN: m.Jobs[job], Claim: m.Claim, Outcome: res.Outcome.String(), Nodes: res.Nodes,
		Seconds: res.Elapsed.Seconds(), BudgetSeconds: b.Time.Seconds(), BudgetNodes: b.Nodes}
	if sec != nil {
		data, err := (&Certificate{Sections: []Section{*sec}}).Bytes()
		if err != nil {
			return JobResult{}, err
		}
		r.Certificate = filepath.Base(jobPath(dir, job, ".fpc.gz"))
		if err := atomicfile.WriteFile(jobPath(dir, job, ".fpc.gz"), data); err != nil {
			return JobResult{}, fmt.Errorf("proof: %w", err)
		}
	}
	data, err := json.Marshal(r)
	if err != nil {
		return JobResult{}, err
	}
	if err := atomicfile.WriteFile(jobPath(dir, job, ".json"), append(data, '\n')); err != nil {
		return JobResult{}, fmt.Errorf("proof: %w", err)
	}
	return r, nil
}

// FolderStatus sums up a folder: the root's outcome so far and the jobs by outcome.
type FolderStatus struct {
	Outcome                          Outcome
	Jobs, Proven, Disproven, Unknown int
	Open                             int // jobs without a result
	Nodes                            uint64
	Seconds                          float64
}

// Status returns the folder's state.
func (m *Manifest) Status(dir string) (FolderStatus, error) {
	st, err := m.status(dir)
	if err != nil {
		return FolderStatus{}, err
	}
	fs := FolderStatus{Outcome: st[0], Jobs: len(m.Jobs)}
	for j := range m.Jobs {
		r, ok := ReadResult(dir, j)
		switch {
		case !ok:
			fs.Open++
			continue
		case r.Outcome == Proven.String():
			fs.Proven++
		case r.Outcome == Disproven.String():
			fs.Disproven++
		default:
			fs.Unknown++
		}
		fs.Nodes += r.Nodes
		fs.Seconds += r.Seconds
	}
	return fs, nil
}

// CheckJobs reads the certificate of every job with a result, so that a folder whose files
// were changed or damaged since they were written is refused (ErrDamaged) before any job
// runs, not when the root's certificate is made.
func (m *Manifest) CheckJobs(dir string) error {
	for j := range m.Jobs {
		r, ok := ReadResult(dir, j)
		if !ok || r.Certificate == "" {
			continue
		}
		if _, err := ReadFile(jobPath(dir, j, ".fpc.gz")); err != nil {
			return damaged(err)
		}
	}
	return nil
}

// Combine returns the certificate of the folder's decided root: the top's records, then
// every record of the jobs it relies on (a position once), checked by the checker. tables
// are those the jobs were proven with.
func (m *Manifest) Combine(dir string, tables Tables, toolkit string) (Section, error) {
	st, err := m.status(dir)
	if err != nil {
		return Section{}, err
	}
	claim, _ := ParseClaim(m.Claim)
	want := st[0]
	switch want {
	case Unknown:
		return Section{}, fmt.Errorf("proof: %s: the root is not decided yet", dir)
	case Disproven:
		claim = claim.Opposite()
	}
	h := Header{Format: FormatName, Version: FormatVersion, Rules: Rules(m.PaikaLimit).String(), PaikaLimit: m.PaikaLimit,
		Toolkit: toolkit, Tables: []TableSum{}, Claim: claim.String(), Root: m.Root}
	sec := Section{Header: h}
	written := map[string]bool{}
	sums := map[string]string{}
	add := func(r Record) {
		if !written[r.FEN] {
			written[r.FEN] = true
			sec.Records = append(sec.Records, r)
		}
	}
	done := make([]bool, len(m.Top))
	var walk func(i int) error
	walk = func(i int) error {
		if done[i] {
			return nil
		}
		done[i] = true
		n := &m.Top[i]
		switch {
		case n.Leaf != nil:
			add(*n.Leaf)
			if n.Leaf.Type == RecordTable && sums[n.Leaf.File] == "" {
				c, _ := tablebase.ClassOf(ptr(engine.MustParseFEN(n.FEN)))
				sum, err := filehash.SHA256(tables.File(tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(m.PaikaLimit)}))
				if err != nil {
					return fmt.Errorf("proof: %w", err)
				}
				sums[n.Leaf.File] = sum
			}
		case n.Job >= 0:
			r, _ := ReadResult(dir, n.Job)
			c, err := ReadFile(jobPath(dir, n.Job, ".fpc.gz"))
			if err != nil {
				return damaged(err)
			}
			if r.Certificate == "" || len(c.Sections) != 1 || c.Sections[0].Header.Claim != claim.String() {
				return damaged(fmt.Errorf("proof: %s: job %d does not certify %s", dir, n.Job, claim))
			}
			for _, t := range c.Sections[0].Header.Tables {
				sums[t.File] = t.SHA256
			}
			for _, r := range c.Sections[0].Records {
				add(r)
			}
		default:
			p := engine.MustParseFEN(n.FEN)
			if p.Side == claim.Side {
				for k, c := range n.Children {
					if st[c] == want {
						add(Record{Type: RecordProve, FEN: n.FEN, Turn: n.Turns[k]})
						return walk(c)
					}
				}
				return damaged(fmt.Errorf("proof: %s: no decided turn at %s", dir, n.FEN))
			}
			add(Record{Type: RecordDefend, FEN: n.FEN})
			for _, c := range n.Children {
				if err := walk(c); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return Section{}, err
	}
	for f, sum := range sums {
		sec.Header.Tables = append(sec.Header.Tables, TableSum{File: f, SHA256: sum})
	}
	sortSums(sec.Header.Tables)
	if _, err := CheckSection(&sec, tables, nil); err != nil {
		return Section{}, damaged(fmt.Errorf("proof: %s: the checker refused the combined certificate: %w", dir, err))
	}
	return sec, nil
}

func ptr(p engine.Position) *engine.Position { return &p }

func sortSums(ts []TableSum) {
	sort.Slice(ts, func(i, j int) bool { return ts[i].File < ts[j].File })
}
