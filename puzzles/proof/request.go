// request.go: a proof asked for whole, as a command gives it: its options checked in a
// fixed order, the tables opened, then one proof (Answer) or a durable folder run.

package proof

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Request is a proof asked for: of Claim ("value": the value) about FEN under PaikaLimit,
// with the tables of the folder option Tablebases; with Folder (or Opening, Status) a
// durable run (FolderRun).
type Request struct {
	FEN, Claim            string
	PaikaLimit, TTEntries int
	// Net is the evaluation that initialises the proof numbers (OpenEvaluation): "default",
	// a net file, or "" and "none" for turn counts only.
	Net        string
	Budget     Budget // with Folder, each job's
	Tablebases string
	Toolkit    string
	// Output is where the caller writes the certificate; only its presence is checked
	// here (refused with Folder). Ready, when set and Output given, runs once the request
	// is checked and before any table is opened: the caller's check of Output.
	Output string
	Ready  func() error
	// The durable run: its folder, White's first turns instead of FEN, the status only;
	// SplitDepth when SplitGiven (else a folder keeps its own).
	Folder        string
	Opening       bool
	Status        bool
	SplitDepth    int
	SplitGiven    bool
	Workers       int
	SnapshotEvery time.Duration
	// The ledger (ledgerrequest.go): its folder; with Opening the campaign's next Jobs
	// jobs, each within Budget; with Opening and Status the standing,
	// one JSON line or a Markdown table when asked; Import a checked certificate added,
	// Budget's nodes and (when TimeGiven) time its figures.
	Ledger         string
	JSON, Markdown bool
	Import         string
	TimeGiven      bool
	Jobs           int      // the campaign's jobs this run (--opening --ledger without --status)
	FirstTurns     []string // the campaign's targets by name; none: every first turn
}

// Proving is told before a single proof starts.
type Proving struct {
	Claim      string
	Root       engine.Position
	PaikaLimit int
	Budget     Budget
}

func (Proving) folderEvent() {}

func (e Proving) String() string {
	nodes := ""
	if e.Budget.Nodes > 0 {
		nodes = fmt.Sprintf(", %d nodes", e.Budget.Nodes)
	}
	return fmt.Sprintf("proving %s about %s under paika limit %d (budget %v%s)", e.Claim, e.Root.FEN(), e.PaikaLimit, e.Budget.Time, nodes)
}

// Run does what r asks, telling its progress and results to tell: the answer of a single
// proof, or nil after a durable run (whose results are told). Refusals of r are
// *InputError (of a proof folder, one whose Err is ErrBadFolder).
func Run(ctx context.Context, r Request, tell func(FolderEvent)) (*Answer, error) {
	if r.Ledger != "" || r.JSON || r.Markdown || r.Import != "" || len(r.FirstTurns) > 0 {
		return nil, r.runLedger(ctx, tell)
	}
	if r.Opening || r.Folder != "" || r.Status {
		return nil, r.runFolder(ctx, tell)
	}
	p, err := parseFEN(r.FEN)
	if err != nil {
		return nil, err
	}
	claim, err := parseClaim(r.Claim)
	if err == nil {
		err = r.checkTime()
	}
	if err == nil {
		err = gameEnded(&p, r.FEN)
	}
	if err == nil {
		err = checkTT(r.TTEntries, 1)
	}
	var net *nnue.Net
	if err == nil {
		net, err = OpenEvaluation(r.Net)
	}
	if err == nil && r.Ready != nil && r.Output != "" {
		err = r.Ready()
	}
	if err != nil {
		return nil, err
	}
	set, err := OpenTables(r.Tablebases, r.PaikaLimit, &p, 0)
	if err != nil {
		return nil, err
	}
	pr, err := NewProver(Options{PaikaLimit: r.PaikaLimit, Tables: SearchTables(set), TTEntries: r.TTEntries, ClosedSets: true, Evaluation: net})
	if err != nil {
		return nil, &InputError{Err: err}
	}
	tell(Proving{r.Claim, p, r.PaikaLimit, r.Budget})
	a, err := pr.Answer(ctx, p, claim, r.Budget, r.Toolkit)
	if err == nil {
		err = ctx.Err()
	}
	return &a, err
}

// OpenEvaluation reads the evaluation that initialises proof numbers (Options.Evaluation)
// as nnue.Select does; "" is none too.
func OpenEvaluation(name string) (*nnue.Net, error) {
	if name == "" {
		return nil, nil
	}
	n, err := nnue.Select(name)
	if err != nil {
		return nil, refuse("net", name, "%v", err)
	}
	return n, nil
}

// Certificate is the certificate of what was decided; nil when nothing was.
func (a *Answer) Certificate() ([]byte, error) {
	if len(a.Sections) == 0 {
		return nil, nil
	}
	return (&Certificate{Sections: a.Sections}).Bytes()
}

// parseFEN parses the fen option, required.
func parseFEN(fen string) (engine.Position, error) {
	if fen == "" {
		return engine.Position{}, refuse("fen", nil, "required")
	}
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return p, &InputError{Err: err}
	}
	return p, nil
}

// gameEnded refuses a position whose side not to move has no pieces.
func gameEnded(p *engine.Position, fen string) error {
	if p.Own() != 0 && p.Enemy() == 0 {
		return refuse("fen", fmt.Sprintf("%q", fen), "the side not to move has no pieces; the game ended before this position")
	}
	return nil
}

// checkTT refuses tt-entries below 2, or whose tables (one a prover) take more than the
// machine's memory: before any table is opened or allocated.
func checkTT(entries, provers int) error {
	if err := CheckTTEntries(entries, provers, tablebase.MachineMemory()); err != nil {
		return &InputError{Option: "tt-entries", Value: fmt.Sprint(entries), Err: err}
	}
	return nil
}

// parseClaim parses a claim: nil for "value".
func parseClaim(s string) (*Claim, error) {
	if s == "value" {
		return nil, nil
	}
	c, err := ParseClaim(s)
	if err != nil {
		return nil, &InputError{Option: "claim", Err: err}
	}
	return &c, nil
}

func (r *Request) checkTime() error {
	if r.Budget.Time <= 0 {
		return refuse("time", r.Budget.Time, "must be positive")
	}
	return nil
}

// runFolder runs durable proofs: of the claim or value about FEN, or with Opening of the
// value after each of White's first turns, in a subfolder each.
func (r *Request) runFolder(ctx context.Context, tell func(FolderEvent)) error {
	if err := r.checkFolder(); err != nil {
		return err
	}
	claim, err := parseClaim(r.Claim)
	if err != nil {
		return err
	}
	net, err := OpenEvaluation(r.Net)
	if err != nil {
		return err
	}
	run := FolderRun{Folder: r.Folder, Claim: claim, PaikaLimit: r.PaikaLimit, TTEntries: r.TTEntries, Evaluation: net,
		SnapshotEvery: r.SnapshotEvery, SplitDepth: -1, Workers: r.Workers,
		Budget: r.Budget, Toolkit: r.Toolkit, StatusOnly: r.Status}
	if r.SplitGiven {
		run.SplitDepth = r.SplitDepth
	}
	if r.Opening {
		run.Targets = OpeningTargets(r.PaikaLimit)
	} else {
		p, err := parseFEN(r.FEN)
		if err == nil {
			err = gameEnded(&p, r.FEN)
		}
		if err != nil {
			return err
		}
		run.Targets = []Target{{Position: p}}
	}
	if st, err := os.Stat(r.Folder); err == nil && !st.IsDir() {
		return refuse("folder", r.Folder, "not a folder")
	}
	if !r.Status {
		set, err := OpenTables(r.Tablebases, r.PaikaLimit, &run.Targets[0].Position, 0)
		if err != nil {
			return err
		}
		run.Tables = SearchTables(set)
	}
	return run.Run(ctx, tell)
}

// checkFolder refuses the options a durable proof cannot run with.
func (r *Request) checkFolder() error {
	switch {
	case r.Folder == "" && r.Status:
		return refuse("status", nil, "needs {folder}")
	case r.Folder == "":
		return refuse("opening", nil, "needs {folder}")
	case r.Opening && r.FEN != "":
		return refuse("opening", nil, "the positions are the start's first turns; {fen} is not wanted")
	case !r.Opening && r.FEN == "":
		return refuse("fen", nil, "required")
	case r.Output != "":
		return refuse("output", nil, "with {folder} the certificate is written into the folder")
	case r.Budget.Time <= 0:
		return r.checkTime()
	case r.SplitGiven && (r.SplitDepth < 0 || r.SplitDepth > 6):
		return refuse("split-depth", r.SplitDepth, "must be 0 to 6")
	case r.Workers < 1:
		return refuse("workers", r.Workers, "must be 1 or more")
	case r.SnapshotEvery <= 0:
		return refuse("snapshot-every", r.SnapshotEvery, "must be positive")
	case !r.Status:
		return checkTT(r.TTEntries, r.Workers)
	}
	return nil
}

// CheckFile checks the certificate at path (Check) with the tables of the folder option
// tablebases when it needs tables. A certificate that does not prove its claim is a
// *Refusal; one that cannot be read, or needs a table the folder lacks, an *InputError.
func CheckFile(path, tablebases string) (Report, error) {
	return checkFileIn(path, tablebases, filepath.Dir(path))
}

// checkFileIn is CheckFile following citations in the ledger's folder dir.
func checkFileIn(path, tablebases, dir string) (Report, error) {
	cert, err := ReadFile(path)
	if err != nil {
		return Report{}, &InputError{Err: err}
	}
	var tables Tables
	var verify VerifyFile
	var ts tablebase.Setup
	// A folder named is opened even when the certificate cites no table: a missing one is
	// the user's mistake, refused as every command refuses it.
	if cert.NeedsTables() || (tablebases != "" && tablebases != tablebase.Off) {
		if ts, err = openFolder("--tablebases", tablebases, tablebase.Use{Need: tablebase.Required}); err != nil {
			return Report{}, err
		}
		tables, verify = SearchTables(ts.Set), FileVerifier(ts.Dir)
	} else if cert.cites() && tablebases != tablebase.Off {
		// The certificates cited may need tables: the default folder when there is one.
		if ts, err = openFolder("--tablebases", tablebases, tablebase.Use{Need: tablebase.Optional}); err != nil {
			return Report{}, err
		}
		if ts.Set != nil {
			tables, verify = SearchTables(ts.Set), FileVerifier(ts.Dir)
		}
	}
	self := ""
	if filepath.Clean(filepath.Dir(path)) == filepath.Clean(dir) {
		self = filepath.Base(path)
	}
	rep, err := CheckIn(cert, tables, verify, dir, self)
	var refusal *Refusal
	var missing *MissingTableError
	switch {
	case errors.As(err, &missing):
		return rep, &InputError{Value: path, Reason: fmt.Sprintf("{tablebases} %s: no %s, which the certificate needs at %s", ts.Dir, missing.File, missing.FEN)}
	case errors.As(err, &refusal):
		return rep, fmt.Errorf("%s: refused: %w", path, err)
	case err != nil:
		return rep, &InputError{Value: path, Err: err}
	}
	return rep, nil
}
