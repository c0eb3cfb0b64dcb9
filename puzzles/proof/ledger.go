// ledger.go: the ledger, a proof campaign's state kept in a folder that is committed: one
// JSON line a job (ledger.jsonl), each decided one beside its certificate. It is read
// whole, appended to under a lock by one writer at a time, and rewritten atomically, so
// that a run killed at any moment leaves either the old file or the new one.

package proof

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/internal/flock"
)

// LedgerFile is the ledger's file in its folder.
const LedgerFile = "ledger.jsonl"

// LedgerEntry is one line of the ledger: a job decided, with its certificate in the
// ledger's folder, or one still unknown after its budget (Result "unknown", no
// certificate), Split when its children became jobs of their own.
type LedgerEntry struct {
	FEN        string  `json:"fen"` // normalised: the paika counter under a limit, ply 0
	Claim      string  `json:"claim"`
	PaikaLimit int     `json:"paika_limit"`
	Result     string  `json:"result"` // proven, disproven or unknown
	Nodes      uint64  `json:"nodes"`
	Seconds    float64 `json:"seconds"`
	// Tables is the command that builds the tables the certificate relies on, TablesSHA256
	// the SHA-256 of its header's table list (TablesDigest).
	Tables            string `json:"tables,omitempty"`
	TablesSHA256      string `json:"tables_sha256,omitempty"`
	Certificate       string `json:"certificate,omitempty"` // a file name in the ledger's folder
	CertificateSHA256 string `json:"certificate_sha256,omitempty"`
	Split             bool   `json:"split,omitempty"`
	// NetSHA256 is the SHA-256 of the evaluation that initialised the search's numbers
	// (Options.Evaluation; none: omitted): with Nodes it says how the search went.
	NetSHA256 string `json:"net_sha256,omitempty"`
}

// Established returns the claim the entry's certificate proves: its claim when proven,
// the opposite when disproven; false when undecided.
func (e LedgerEntry) Established() (Claim, bool) {
	c, err := ParseClaim(e.Claim)
	if err != nil {
		return Claim{}, false
	}
	switch e.Result {
	case Proven.String():
		return c, true
	case Disproven.String():
		return c.Opposite(), true
	}
	return Claim{}, false
}

// implies reports whether claim a, holding, makes b hold: the same claim, or a win for
// the side that b says does not lose.
func implies(a, b Claim) bool {
	return a == b || (a.Side == b.Side && a.Kind == Wins && b.Kind == DoesNotLose)
}

// ErrBadLedger marks a ledger file that does not read as one (a line named).
var ErrBadLedger = errors.New("bad ledger")

// Ledger is a ledger's folder and its entries in file order.
type Ledger struct {
	Dir     string
	Entries []LedgerEntry
}

// ReadLedger reads the ledger of dir; a folder without one has an empty ledger.
func ReadLedger(dir string) (*Ledger, error) {
	l := &Ledger{Dir: dir}
	data, err := os.ReadFile(filepath.Join(dir, LedgerFile))
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var e LedgerEntry
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%w: %s line %d: %v", ErrBadLedger, filepath.Join(dir, LedgerFile), line, err)
		}
		if err := e.valid(); err != nil {
			return nil, fmt.Errorf("%w: %s line %d: %v", ErrBadLedger, filepath.Join(dir, LedgerFile), line, err)
		}
		l.Entries = append(l.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadLedger, filepath.Join(dir, LedgerFile), err)
	}
	return l, nil
}

// valid refuses an entry the ledger cannot use.
func (e LedgerEntry) valid() error {
	p, err := engine.ParseFEN(e.FEN)
	if err != nil {
		return err
	}
	if checkLimit(e.PaikaLimit) != nil || ptr(normalise(p, e.PaikaLimit)).FEN() != e.FEN {
		return fmt.Errorf("%q is not a position of paika limit %d with ply 0 (and counter 0 under the theoretic rules)", e.FEN, e.PaikaLimit)
	}
	if _, err := ParseClaim(e.Claim); err != nil {
		return err
	}
	_, decided := e.Established()
	switch {
	case !decided && e.Result != Unknown.String():
		return fmt.Errorf("result %q: expected proven, disproven or unknown", e.Result)
	case decided && (e.Certificate == "" || e.CertificateSHA256 == ""):
		return fmt.Errorf("a decided entry names its certificate and its SHA-256")
	case e.Certificate != "" && (filepath.Base(e.Certificate) != e.Certificate || strings.HasPrefix(e.Certificate, ".")):
		return fmt.Errorf("certificate %q: a file name in the ledger's folder", e.Certificate)
	}
	return nil
}

// Append appends entries to the ledger's file, under its lock (ledger.lock) and
// atomically: the file is read again under the lock, so that lines another writer added
// meanwhile are kept; l.Entries becomes the file's. A decided entry the file has already
// (the same claim about the same position by the same certificate) is not added again.
func (l *Ledger) Append(entries ...LedgerEntry) error {
	for _, e := range entries {
		if err := e.valid(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(l.Dir, 0o755); err != nil {
		return err
	}
	unlock, err := lockLedger(filepath.Join(l.Dir, "ledger.lock"), ledgerLockWait)
	if err != nil {
		return err
	}
	defer unlock()
	now, err := ReadLedger(l.Dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !slices.ContainsFunc(now.Entries, e.sameClaim) {
			now.Entries = append(now.Entries, e)
		}
	}
	var buf bytes.Buffer
	for _, e := range now.Entries {
		data, err := json.Marshal(e)
		if err != nil {
			return err
		}
		buf.Write(append(data, '\n'))
	}
	if err := atomicfile.WriteFile(filepath.Join(l.Dir, LedgerFile), buf.Bytes()); err != nil {
		return err
	}
	l.Entries = now.Entries
	return nil
}

// ledgerLockWait bounds the wait for the ledger's lock: a writer holds it for one read and
// one write of the file, so a longer wait means a writer that hangs.
var ledgerLockWait = 30 * time.Second

// lockLedger takes the lock at path, waiting for another writer to release it (a
// concurrent import, a second campaign) rather than losing the line of a finished job.
func lockLedger(path string, wait time.Duration) (func(), error) {
	deadline := time.Now().Add(wait)
	for {
		unlock, busy, err := flock.TryLock(path)
		if err != nil || !busy {
			return unlock, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("proof: %s: another writer held the ledger for %v", filepath.Dir(path), wait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sameClaim reports whether e and o are one certificate's claim about one position.
func (e LedgerEntry) sameClaim(o LedgerEntry) bool {
	return e.CertificateSHA256 != "" && e.FEN == o.FEN && e.Claim == o.Claim && e.PaikaLimit == o.PaikaLimit &&
		e.CertificateSHA256 == o.CertificateSHA256
}

// TablesDigest returns the SHA-256 of a certificate header's table list, as sha256sum
// prints it sorted by file: "<sha256>  <file>\n" a table ("" for none).
func TablesDigest(ts []TableSum) string {
	if len(ts) == 0 {
		return ""
	}
	sorted := append([]TableSum(nil), ts...)
	sortSums(sorted)
	h := sha256.New()
	for _, t := range sorted {
		fmt.Fprintf(h, "%s  %s\n", t.SHA256, t.File)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TablesCommand names the tables of a table list by the command that builds them: every
// class up to the most pieces of any listed table, under the list's rule.
func TablesCommand(ts []TableSum, limit int) string {
	most := 0
	for _, t := range ts {
		var own, enemy int
		if _, err := fmt.Sscanf(t.File, "%dv%d", &own, &enemy); err == nil {
			most = max(most, own+enemy)
		}
	}
	if most == 0 {
		return ""
	}
	cmd := fmt.Sprintf("tablebase build --max-pieces %d", most)
	if limit != 0 && limit != engine.DefaultRules().PaikaLimit {
		cmd += fmt.Sprintf(" --paika-limit %d", limit)
	}
	return cmd
}

// EntriesOf returns the ledger entries of the certificate file at path, one a section,
// each proven: the figures nodes and seconds are the search's, as its run reported them.
func EntriesOf(path string, c *Certificate, nodes uint64, seconds float64) ([]LedgerEntry, error) {
	sum, err := filehash.SHA256(path)
	if err != nil {
		return nil, err
	}
	var out []LedgerEntry
	for _, s := range c.Sections {
		h := s.Header
		out = append(out, LedgerEntry{FEN: h.Root, Claim: h.Claim, PaikaLimit: h.PaikaLimit, Result: Proven.String(),
			Nodes: nodes, Seconds: seconds, Tables: TablesCommand(h.Tables, h.PaikaLimit), TablesSHA256: TablesDigest(h.Tables),
			Certificate: filepath.Base(path), CertificateSHA256: sum})
	}
	return out, nil
}
