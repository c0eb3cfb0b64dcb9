// campaign.go: the opening proven as a campaign whose state is the ledger. Each job is
// chosen by the proof and disproof numbers of the top recomputed from the ledger (where a
// claim is nearest), run to its budget, and written down: decided, its certificate and
// its ledger line; still unknown, a line that splits it into its children, each a job of
// its own. An interrupted job writes nothing, so a run resumes by construction. A job
// running holds a lock, so that campaigns sharing a ledger on one machine (one a core)
// run different jobs.

package proof

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/internal/flock"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/nnue"
)

// Campaign runs Jobs jobs of the claim "Black wins" after each target (White's first
// turns for the opening), each within Budget, with the ledger's decided positions as
// leaves. Pursue, when set, is the claim the jobs are chosen for ("Black wins" or its
// opposite); otherwise the nearest of the two.
type Campaign struct {
	Pursue *Claim
	// Guide scores a position for the side that moved into it, ordering children alike
	// in their numbers before any job searched them (nil: the expert at guideNodes).
	Guide func(*engine.Position) int
	// Evaluation initialises the jobs' proof numbers (Options.Evaluation; nil: none).
	Evaluation *nnue.Net
	Ledger     *Ledger
	Targets    []Target
	PaikaLimit int
	Tables     Tables
	TTEntries  int
	Budget     Budget
	Jobs       int
	Toolkit    string

	// unclosed holds the first turns the top decides whose own job ended unknown (its
	// leaves unusable with the run's tables, or too small a budget): not offered again.
	unclosed map[string]bool
}

// CampaignJob: a job of a campaign ended, decided (its certificate in the ledger's
// folder) or split into Children jobs.
type CampaignJob struct {
	Path     []string // the target's name, then the turns from it
	FEN      string
	Claim    string
	Outcome  string
	Nodes    uint64
	Seconds  float64
	File     string
	Children int
}

func (CampaignJob) folderEvent() {}

func (e CampaignJob) String() string {
	what := e.Outcome
	if e.File != "" {
		what += ", " + e.File
	}
	if e.Children > 0 {
		what += fmt.Sprintf(", split into %d jobs", e.Children)
	}
	return fmt.Sprintf("job %s %s: %s %s (%d nodes, %.1f s)", strings.Join(e.Path, " "), e.FEN, e.Claim, what, e.Nodes, e.Seconds)
}

// Run runs the campaign's jobs one after another, telling each, then the standing.
func (c *Campaign) Run(ctx context.Context, tell func(FolderEvent)) error {
	pr, err := NewProver(Options{PaikaLimit: c.PaikaLimit, Tables: c.Tables, TTEntries: c.TTEntries, Evaluation: c.Evaluation})
	if err != nil {
		return err
	}
	warned, held := 0, map[string]bool{}
	c.unclosed = map[string]bool{}
	guide := c.Guide
	if guide == nil {
		guide = expertGuide(ctx, Rules(c.PaikaLimit))
	}
	guide = remembered(guide)
	claim := Claim{engine.Black, Wins}
	for range c.Jobs {
		path, p, release, err := c.next(guide, claim)
		if err != nil {
			return err
		}
		if release == nil {
			break // no open target has a job another campaign is not running
		}
		// Leaves only where the run's tables check the certificate: a citation it cannot
		// check would lose the job's search.
		var skipped []LedgerEntry
		pr.leaves, skipped = usableLeaves(c.Ledger, c.PaikaLimit, c.Tables, held)
		if len(skipped) > warned {
			warned = len(skipped)
			tell(LedgerLeavesSkipped{Ledger: c.Ledger.Dir, Entries: skipped})
		}
		job, err := c.run(ctx, pr, path, p, claim)
		release()
		if err != nil || ctx.Err() != nil {
			return err
		}
		if len(path) == 1 && job.Children > 0 {
			if pn, dn := newTop(c.Ledger, c.PaikaLimit).numbers(&p, claim, true); pn == 0 || dn == 0 {
				c.unclosed[job.FEN] = true
			}
		}
		tell(job)
	}
	tell(standingOf(c.Ledger, c.PaikaLimit, c.Targets))
	return nil
}

// next picks the most promising job no other campaign on the ledger is running and takes
// its lock, with the ledger read again (another campaign's lines count); a nil release
// when there is none.
func (c *Campaign) next(guide func(*engine.Position) int, claim Claim) ([]string, engine.Position, func(), error) {
	busy := map[string]bool{}
	for {
		now, err := ReadLedger(c.Ledger.Dir)
		if err != nil {
			return nil, engine.Position{}, nil, err
		}
		c.Ledger.Entries = now.Entries
		t := newTop(c.Ledger, c.PaikaLimit)
		t.guide, t.busy, t.unclosed = guide, busy, c.unclosed
		path, p, ok := t.pick(c.Targets, claim, c.Pursue)
		if !ok {
			return nil, engine.Position{}, nil, nil
		}
		fen := p.FEN()
		lock, err := c.jobLock(fen, claim)
		if err != nil {
			return nil, engine.Position{}, nil, err
		}
		release, held, err := flock.TryLock(lock)
		if err != nil {
			return nil, engine.Position{}, nil, err
		}
		if held {
			if busy[fen] {
				return nil, engine.Position{}, nil, fmt.Errorf("proof: the held job %s picked again", fen)
			}
			busy[fen] = true
			continue
		}
		// Another campaign may have ended the job between the read and the lock: then
		// the ledger has grown (it only grows), and the pick is made again.
		if now, err = ReadLedger(c.Ledger.Dir); err != nil {
			release()
			return nil, engine.Position{}, nil, err
		}
		if len(now.Entries) == len(c.Ledger.Entries) {
			return path, p, release, nil
		}
		release()
	}
}

// jobLock is the lock file of the job at fen: named by a hash of the ledger's folder, the
// position, claim and rule (a transposition is the same job), in the system's temporary
// folder (the ledger's is committed and need not exist yet), removed on release.
func (c *Campaign) jobLock(fen string, claim Claim) (string, error) {
	dir, err := filepath.Abs(c.Ledger.Dir)
	if err != nil {
		return "", err
	}
	locks := filepath.Join(os.TempDir(), "fanorona-campaign-jobs")
	if err := os.MkdirAll(locks, 0o755); err != nil {
		return "", err
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s|%s|%s|%d", dir, fen, claim, c.PaikaLimit))
	return filepath.Join(locks, hex.EncodeToString(sum[:12])+".lock"), nil
}

// run runs one job and writes what it found.
func (c *Campaign) run(ctx context.Context, pr *Prover, path []string, p engine.Position, claim Claim) (CampaignJob, error) {
	res, sec, err := pr.prove(ctx, p, claim, c.Budget, c.Toolkit)
	var unextracted *unextractedError
	if errors.As(err, &unextracted) && ctx.Err() == nil {
		// A decided search is never split: its extraction had what the search left of the
		// budget, so it runs again with the whole budget.
		res, sec, err = pr.certify(ctx, p, unextracted.Decided, c.Budget, c.Toolkit)
	}
	if err != nil || ctx.Err() != nil {
		return CampaignJob{}, err // interrupted or failed: nothing written, the job runs again
	}
	job := CampaignJob{Path: path, FEN: p.FEN(), Claim: claim.String(), Outcome: res.Outcome.String(), Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
	e := LedgerEntry{FEN: job.FEN, Claim: job.Claim, PaikaLimit: c.PaikaLimit, Result: job.Outcome, Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}
	if c.Evaluation != nil {
		e.NetSHA256 = c.Evaluation.SHA256
	}
	if sec == nil {
		e.Split = true
		var seen engine.ResultSet
		job.Children = len(p.DistinctTurns(Rules(c.PaikaLimit), nil, &seen))
		return job, c.Ledger.Append(e)
	}
	name := certificateName(path, sec.Header.Claim, c.PaikaLimit)
	data, err := (&Certificate{Sections: []Section{*sec}}).Bytes()
	if err != nil {
		return job, err
	}
	file := filepath.Join(c.Ledger.Dir, name)
	if err := writeNew(file, data); err != nil {
		return job, err
	}
	entries, err := EntriesOf(file, &Certificate{Sections: []Section{*sec}}, res.Nodes, res.Elapsed.Seconds())
	if err != nil {
		return job, err
	}
	e.Tables, e.TablesSHA256, e.Certificate, e.CertificateSHA256 = entries[0].Tables, entries[0].TablesSHA256, name, entries[0].CertificateSHA256
	job.File = name
	return job, c.Ledger.Append(e)
}

// certificateName names a job's certificate by its path and claim, and its paika limit
// when not the default, so that campaigns under two limits share a folder.
func certificateName(path []string, claim string, limit int) string {
	name := strings.Join(path, ".") + "." + claim
	if limit != engine.DefaultRules().PaikaLimit {
		name += fmt.Sprintf(".p%d", limit)
	}
	return name + ".fpc.gz"
}

// writeNew writes data to file, making its folder; a file already there is kept when it
// holds data and refused otherwise: the ledger cites it by its SHA-256.
func writeNew(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	old, err := os.ReadFile(file)
	switch {
	case err == nil && bytes.Equal(old, data):
		return nil
	case err == nil:
		return fmt.Errorf("proof: %s holds another certificate of that name", file)
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return atomicfile.WriteFile(file, data)
}

// pick returns the most promising open job of the top: first a target the top decides
// that has no ledger entry of its own (the job at the target); else the undecided target
// whose claim c or its opposite is nearest (the smaller of its proof and disproof numbers;
// the other breaks ties), or with pursue the one nearest to pursue, then down its tree the
// undecided child of the smallest such number, to a position the ledger neither decides
// nor split.
// A target whose descent finds no child off its path (the open ones return to it) gives
// way to the next nearest; false only when none has a job.
func (t *top) pick(targets []Target, c Claim, pursue *Claim) ([]string, engine.Position, bool) {
	type open struct {
		i       int
		n, m    uint32
		proving bool
		root    engine.Position
	}
	var opens []open
	for i, tg := range targets {
		p := normalise(tg.Position, t.limit)
		pn, dn := t.numbers(&p, c, true)
		if pn == 0 || dn == 0 {
			// Decided by the top alone: one job at the target itself, its children leaves,
			// writes the certificate that checks the whole claim through its citations.
			fen := p.FEN()
			if _, ok := t.decidedBy(fen, c); !ok && !t.busy[fen] && !t.unclosed[fen] {
				return []string{tg.Name}, p, true
			}
			continue
		}
		proving := pn <= dn
		if pursue != nil {
			proving = *pursue == c
		}
		if proving {
			opens = append(opens, open{i, pn, dn, true, p})
		} else {
			opens = append(opens, open{i, dn, pn, false, p})
		}
	}
	slices.SortStableFunc(opens, func(a, b open) int { return cmp.Or(cmp.Compare(a.n, b.n), cmp.Compare(a.m, b.m)) })
	for _, o := range opens {
		if turns, p, ok := t.descend(o.root, c, o.proving); ok {
			return append([]string{targets[o.i].Name}, turns...), p, true
		}
	}
	return nil, engine.Position{}, false
}

// descend follows the undecided child of the smallest number (the proof number when
// proving) from root to a position the ledger neither decides nor split, returning the
// turns to it; false when no such position lies below root off the path. Of children
// alike in number (before a job has searched them the numbers are all 1) the guide's
// best for the side that moved comes first, then the one where it leads most in pieces.
// A child whose jobs are all running or return to the path gives way to the next.
func (t *top) descend(root engine.Position, c Claim, proving bool) ([]string, engine.Position, bool) {
	t.onPath[root.FEN()] = true
	defer delete(t.onPath, root.FEN())
	var seen engine.ResultSet
	type candidate struct {
		q           engine.Position
		fen, turn   string
		n           uint32
		guide, lead int
	}
	var open []candidate
	for _, turn := range root.DistinctTurns(t.rules, nil, &seen) {
		q := normalise(root.Play(turn), t.limit)
		fen := q.FEN()
		if t.onPath[fen] || t.busy[fen] {
			continue
		}
		pn, dn := t.numbers(&q, c, false)
		if pn == 0 || dn == 0 {
			continue
		}
		n := dn
		if proving {
			n = pn
		}
		lead := q.Pieces[root.Side].Count() - q.Pieces[root.Side.Other()].Count()
		open = append(open, candidate{q: q, fen: fen, turn: turn.String(), n: n, lead: lead})
	}
	slices.SortStableFunc(open, func(a, b candidate) int { return cmp.Compare(a.n, b.n) })
	for len(open) > 0 {
		// The children of the smallest number left, the guide asked only when it must choose.
		alike := 1
		for alike < len(open) && open[alike].n == open[0].n {
			alike++
		}
		group := open[:alike]
		if t.guide != nil && alike > 1 {
			for i := range group {
				group[i].guide = t.guide(&group[i].q)
			}
		}
		slices.SortStableFunc(group, func(a, b candidate) int {
			return cmp.Or(cmp.Compare(b.guide, a.guide), cmp.Compare(b.lead, a.lead))
		})
		for _, ch := range group {
			if !t.isSplit(ch.fen) {
				return []string{ch.turn}, ch.q, true
			}
			if turns, p, ok := t.descend(ch.q, c, proving); ok {
				return append([]string{ch.turn}, turns...), p, true
			}
		}
		open = open[alike:]
	}
	return nil, engine.Position{}, false
}

// decidedBy returns the first ledger entry at fen establishing c or its opposite.
func (t *top) decidedBy(fen string, c Claim) (LedgerEntry, bool) {
	for _, e := range t.entries[fen] {
		if est, ok := e.Established(); ok && (implies(est, c) || implies(est, c.Opposite())) {
			return e, true
		}
	}
	return LedgerEntry{}, false
}

// isSplit reports whether the ledger split the job at fen into its children.
func (t *top) isSplit(fen string) bool {
	for _, e := range t.entries[fen] {
		if e.Split {
			return true
		}
	}
	return false
}

// remembered scores each position by guide once: every pick recomputes the top, and a
// pick passing a held job repeats its descent, over the same children.
func remembered(guide func(*engine.Position) int) func(*engine.Position) int {
	scores := map[string]int{}
	return func(q *engine.Position) int {
		fen := q.FEN()
		if v, ok := scores[fen]; ok {
			return v
		}
		v := guide(q)
		scores[fen] = v
		return v
	}
}

// guideNodes is the expert's budget for scoring one child when the campaign chooses among
// children alike in number: a tenth of a second or so, deterministic.
const guideNodes = 100_000

// expertGuide scores a position for the side that moved into it by the expert's search
// of guideNodes under rules.
func expertGuide(ctx context.Context, rules engine.Rules) func(*engine.Position) int {
	o := players.DefaultExpertOptions()
	o.Nodes = guideNodes
	e := players.NewExpert(o)
	return func(q *engine.Position) int {
		a, err := e.Analyze(ctx, q, rules)
		if err != nil {
			return 0 // interrupted: the job's own check stops the campaign
		}
		return -a.Score
	}
}
