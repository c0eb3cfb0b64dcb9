// ledgerrequest.go: a request with a ledger folder: the opening's standing from the
// ledger alone, or a checked certificate imported into it.

package proof

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"

	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/internal/filehash"
)

// LedgerImported: a certificate's claims are in the ledger, its file in the ledger's
// folder.
type LedgerImported struct {
	Ledger  string
	Entries []LedgerEntry
}

func (LedgerImported) folderEvent() {}

func (e LedgerImported) String() string {
	parts := make([]string, len(e.Entries))
	for i, x := range e.Entries {
		parts[i] = fmt.Sprintf("%s %s about %s (%s)", x.Claim, x.Result, x.FEN, x.Certificate)
	}
	return fmt.Sprintf("%s: added %s", filepath.Join(e.Ledger, LedgerFile), strings.Join(parts, "; "))
}

// runLedger does what a request with a ledger asks.
func (r *Request) runLedger(ctx context.Context, tell func(FolderEvent)) error {
	if err := r.checkLedger(); err != nil {
		return err
	}
	if st, err := os.Stat(r.Ledger); err == nil && !st.IsDir() {
		return refuse("ledger", r.Ledger, "not a folder")
	}
	l, err := ReadLedger(r.Ledger)
	if err != nil {
		return &InputError{Option: "ledger", Value: r.Ledger, Err: err}
	}
	if r.Import != "" {
		entries, err := r.importCertificate(l)
		if err != nil {
			return err
		}
		tell(LedgerImported{Ledger: r.Ledger, Entries: entries})
		return nil
	}
	if !r.Status {
		return r.runCampaign(ctx, l, tell)
	}
	s := OpeningStanding(l, r.PaikaLimit)
	switch {
	case r.JSON:
		s.Format = "json"
	case r.Markdown:
		s.Format = "markdown"
	}
	tell(s)
	return nil
}

// runCampaign runs r.Jobs jobs of the opening's campaign on the ledger l.
func (r *Request) runCampaign(ctx context.Context, l *Ledger, tell func(FolderEvent)) error {
	if err := CheckPaikaLimit(r.PaikaLimit); err != nil {
		return err
	}
	if err := checkTT(r.TTEntries, 1); err != nil {
		return err
	}
	targets, err := firstTurns(OpeningTargets(r.PaikaLimit), r.FirstTurns)
	if err != nil {
		return err
	}
	var pursue *Claim
	if r.Claim != "" && r.Claim != "value" {
		c, err := ParseClaim(r.Claim)
		if err != nil || (c != Claim{engine.Black, Wins} && c != Claim{engine.White, DoesNotLose}) {
			return refuse("claim", r.Claim, "the campaign's jobs pursue black-wins or white-not-loses (value: the nearest)")
		}
		pursue = &c
	}
	net, err := OpenEvaluation(r.Net)
	if err != nil {
		return err
	}
	set, err := OpenTables(r.Tablebases, r.PaikaLimit, &targets[0].Position, 0)
	if err != nil {
		return err
	}
	c := Campaign{Ledger: l, Targets: targets, PaikaLimit: r.PaikaLimit, Tables: SearchTables(set), TTEntries: r.TTEntries, Evaluation: net,
		Budget: r.Budget, Jobs: r.Jobs, Toolkit: r.Toolkit, Pursue: pursue}
	err = c.Run(ctx, tell)
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("%s: interrupted; the jobs that ended are in its ledger: run the same command again to go on: %w", r.Ledger, ctx.Err())
	}
	return err
}

// firstTurns returns the targets named, in names' order; all of them when names is empty.
func firstTurns(targets []Target, names []string) ([]Target, error) {
	if len(names) == 0 {
		return targets, nil
	}
	var chosen []Target
	for _, n := range names {
		i := slices.IndexFunc(targets, func(t Target) bool { return t.Name == n })
		if i < 0 {
			all := make([]string, len(targets))
			for j, t := range targets {
				all[j] = t.Name
			}
			return nil, refuse("first-turns", n, "not one of White's first turns (%s)", strings.Join(all, ", "))
		}
		chosen = append(chosen, targets[i])
	}
	return chosen, nil
}

// checkLedger refuses the options a ledger cannot run with.
func (r *Request) checkLedger() error {
	switch {
	case r.Ledger == "" && r.JSON:
		return refuse("json", nil, "needs {ledger}")
	case r.Ledger == "" && r.Markdown:
		return refuse("markdown", nil, "needs {ledger}")
	case r.Ledger == "" && len(r.FirstTurns) > 0:
		return refuse("first-turns", nil, "needs {ledger} and {opening}")
	case r.Ledger == "":
		return refuse("import", nil, "needs {ledger}")
	case len(r.FirstTurns) > 0 && (r.Status || r.Import != ""):
		return refuse("first-turns", nil, "chooses the campaign's jobs; not with {status} or {import}")
	case r.Folder != "":
		return refuse("ledger", nil, "the ledger is the campaign's state; {folder} is not wanted")
	case r.JSON && r.Markdown:
		return refuse("json", nil, "one of {json} and {markdown}")
	case r.Import != "" && (r.Status || r.Opening):
		return refuse("import", nil, "adds a certificate; {status} and {opening} are not wanted")
	case r.Import == "" && !r.Opening:
		return refuse("ledger", nil, "needs {opening} (with {status}: the standing), or {import}")
	case r.JSON && !r.Status:
		return refuse("json", nil, "needs {status}")
	case r.Markdown && !r.Status:
		return refuse("markdown", nil, "needs {status}")
	case r.Import == "" && !r.Status && r.Workers > 1:
		return refuse("workers", r.Workers, "with {ledger} the campaign runs one job at a time")
	case r.Import == "" && !r.Status && r.Jobs < 1:
		return refuse("jobs", r.Jobs, "must be 1 or more")
	case r.Import == "" && !r.Status && r.Budget.Time <= 0:
		return r.checkTime()
	case r.Import == "" && r.FEN != "":
		return refuse("opening", nil, "the positions are the start's first turns; {fen} is not wanted")
	case r.Import != "" && (r.JSON || r.Markdown):
		return refuse("import", nil, "{json} and {markdown} say the standing, with {status}")
	}
	return CheckPaikaLimit(r.PaikaLimit)
}

// importCertificate checks the certificate r.Import with the tables of r.Tablebases (its
// citations followed in the ledger's folder), copies it there unless it is there, and
// appends one entry a section. The figures are the request's budget as given: its nodes,
// and its time when TimeGiven.
func (r *Request) importCertificate(l *Ledger) ([]LedgerEntry, error) {
	if _, err := checkFileIn(r.Import, r.Tablebases, l.Dir); err != nil {
		return nil, err
	}
	dest := filepath.Join(l.Dir, filepath.Base(r.Import))
	if same, err := sameFile(r.Import, dest); err != nil {
		return nil, &InputError{Option: "import", Value: r.Import, Err: err}
	} else if !same {
		if err := os.MkdirAll(l.Dir, 0o755); err != nil {
			return nil, err
		}
		if err := copyFile(r.Import, dest); err != nil {
			return nil, &InputError{Option: "import", Value: r.Import, Err: err}
		}
	}
	cert, err := ReadFile(dest)
	if err != nil {
		return nil, &InputError{Option: "import", Value: r.Import, Err: err}
	}
	seconds := 0.0
	if r.TimeGiven {
		seconds = r.Budget.Time.Seconds()
	}
	entries, err := EntriesOf(dest, cert, r.Budget.Nodes, seconds)
	if err == nil {
		err = l.Append(entries...)
	}
	return entries, err
}

// sameFile reports whether b holds the bytes of a; false when b does not exist, an
// error when it holds others.
func sameFile(a, b string) (bool, error) {
	sa, err := filehash.SHA256(a)
	if err != nil {
		return false, err
	}
	sb, err := filehash.SHA256(b)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if sa != sb {
		return false, fmt.Errorf("%s holds another file of that name", filepath.Dir(b))
	}
	return true, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	return atomicfile.Create(to, func(f *os.File) error {
		_, err := io.Copy(f, in)
		return err
	})
}
