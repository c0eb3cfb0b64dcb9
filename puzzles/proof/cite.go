// cite.go: ledger positions as decided leaves. A prover given a ledger treats each of its
// decided positions as a table entry for the claims its result implies, and a certificate
// cites the ledger's certificate at such a leaf (its file and SHA-256) instead of
// repeating it; the checker follows each citation in the ledger's folder, checking every
// cited certificate once, and refuses a cycle of citations, a missing cited file or an
// altered one, naming the position.

package proof

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// RecordCite is a leaf decided by a ledger certificate: {"t": "cite", "fen", "file",
// "sha256"}, the certificate's file in the ledger's folder and its SHA-256.
const RecordCite = "cite"

// ledgerLeaf is one decided ledger position: the claim established and its certificate.
type ledgerLeaf struct {
	claim        Claim
	file, sha256 string
}

// ledgerLeaves are a ledger's decided positions of one rule, by the prover's key.
type ledgerLeaves struct {
	dir   string
	byKey map[key][]ledgerLeaf
	// hashes has the bit hashBit(h) set for the hash h of every position of byKey: a
	// search asks at every child, and nearly every answer is no without a map lookup.
	hashes [64]uint64
}

// hashBit is the bit of a position's hash in ledgerLeaves.hashes.
func hashBit(h uint64) (word int, bit uint64) { return int(h >> 58), 1 << (h >> 52 & 63) }

func newLedgerLeaves(l *Ledger, limit int) *ledgerLeaves {
	ls := &ledgerLeaves{dir: l.Dir, byKey: map[key][]ledgerLeaf{}}
	for _, e := range l.Entries {
		est, ok := e.Established()
		if !ok || e.PaikaLimit != limit {
			continue
		}
		p, err := engine.ParseFEN(e.FEN)
		if err != nil {
			continue // ReadLedger refuses such lines
		}
		k, h := keyOf(&p, limit)
		w, bit := hashBit(h)
		ls.hashes[w] |= bit
		ls.byKey[k] = append(ls.byKey[k], ledgerLeaf{claim: est, file: e.Certificate, sha256: e.CertificateSHA256})
	}
	return ls
}

// LedgerLeavesSkipped: decided ledger entries a campaign does not use as leaves, the
// tables their certificates rely on not being among its own (its check of a citation
// would fail); they are searched instead.
type LedgerLeavesSkipped struct {
	Ledger  string
	Entries []LedgerEntry
}

func (LedgerLeavesSkipped) folderEvent() {}

func (e LedgerLeavesSkipped) String() string {
	names := make([]string, len(e.Entries))
	for i, x := range e.Entries {
		names[i] = x.Certificate
	}
	return fmt.Sprintf("warning: %s: %d certificates not used as leaves, their tables not among those given: %s",
		filepath.Join(e.Ledger, LedgerFile), len(e.Entries), strings.Join(names, ", "))
}

// usableLeaves returns the ledger's decided positions whose certificates' tables are all
// in tables, and the decided entries left out. held remembers the answer by certificate
// SHA-256 (reading a certificate takes ~30 ms), nil for none.
func usableLeaves(l *Ledger, limit int, tables Tables, held map[string]bool) (*ledgerLeaves, []LedgerEntry) {
	kept := &Ledger{Dir: l.Dir}
	var skipped []LedgerEntry
	for _, e := range l.Entries {
		if _, ok := e.Established(); ok && e.PaikaLimit == limit && e.TablesSHA256 != "" {
			has, known := held[e.CertificateSHA256]
			if !known {
				has = holdsTables(l.Dir, e, tables)
				if held != nil {
					held[e.CertificateSHA256] = has
				}
			}
			if !has {
				skipped = append(skipped, e)
				continue
			}
		}
		kept.Entries = append(kept.Entries, e)
	}
	return newLedgerLeaves(kept, limit), skipped
}

// holdsTables reports whether tables have a file for every table the certificate of e
// lists for its position (false when the certificate does not read).
func holdsTables(dir string, e LedgerEntry, tables Tables) bool {
	if tables == nil {
		return false
	}
	cert, err := ReadFile(filepath.Join(dir, e.Certificate))
	if err != nil {
		return false
	}
	for _, s := range cert.Sections {
		if s.Header.Root != e.FEN || s.Header.PaikaLimit != e.PaikaLimit {
			continue
		}
		for _, t := range s.Header.Tables {
			var c tablebase.Class
			if _, err := fmt.Sscanf(t.File, "%dv%d", &c.Own, &c.Enemy); err != nil {
				return false
			}
			if _, err := os.Stat(tables.File(tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(e.PaikaLimit)})); err != nil {
				return false
			}
		}
	}
	return true
}

// find returns the leaf of the position of key k and hash h (keyOf) whose claim implies c.
func (ls *ledgerLeaves) find(k key, h uint64, c Claim) (ledgerLeaf, bool) {
	if w, bit := hashBit(h); ls.hashes[w]&bit == 0 {
		return ledgerLeaf{}, false
	}
	for _, l := range ls.byKey[k] {
		if implies(l.claim, c) {
			return l, true
		}
	}
	return ledgerLeaf{}, false
}

// ledgerLeaf returns the outcome for the claim's side of a ledger position (its key and
// hash, which the search has already) that decides the search's claim (a win when it
// holds, a loss when its opposite does).
func (s *Prover) ledgerLeaf(k key, h uint64) (tablebase.Outcome, bool) {
	if _, ok := s.leaves.find(k, h, s.claim); ok {
		return tablebase.Win, true
	}
	if _, ok := s.leaves.find(k, h, s.claim.Opposite()); ok {
		return tablebase.Loss, true
	}
	return 0, false
}

// citeRecord returns the record citing the ledger at p for the extraction's target.
func (e *extractor) citeRecord(p *engine.Position) (Record, bool, error) {
	if e.s.leaves == nil {
		return Record{}, false, nil
	}
	k, h := keyOf(p, e.s.limit)
	if l, ok := e.s.leaves.find(k, h, e.target); ok {
		return Record{Type: RecordCite, FEN: p.FEN(), File: l.file, SHA256: l.sha256}, true, nil
	}
	if _, ok := e.s.leaves.find(k, h, e.target.Opposite()); ok {
		return Record{}, false, fmt.Errorf("proof: %s: the ledger proves the opposite of the claim %v", p.FEN(), e.target)
	}
	return Record{}, false, nil
}

// citations are the checker's state across the certificates it follows: the ledger's
// folder, the tables every cited certificate is checked with, the sections checked (by
// file, section) and the files under check (a cycle returns to one).
type citations struct {
	dir     string
	tables  Tables
	verify  VerifyFile
	checked map[string]bool
	active  map[string]bool
	nodes   int
	used    map[string]bool // table files the cited certificates probed
}

func newCitations(dir string, tables Tables, verify VerifyFile) *citations {
	return &citations{dir: dir, tables: tables, verify: verify, checked: map[string]bool{}, active: map[string]bool{}, used: map[string]bool{}}
}

// checkCite checks the citation r at p: the cited file is in the ledger's folder with the
// SHA-256 cited, it holds a section about p under the same rule whose claim implies the
// checker's, and that section checks.
func (c *checker) checkCite(p *engine.Position, r *Record, refuse func(string, ...any) error) error {
	cs := c.cites
	if cs == nil {
		return refuse("a citation of %s, and no ledger folder to follow it", r.File)
	}
	if r.File == "" || filepath.Base(r.File) != r.File || strings.HasPrefix(r.File, ".") {
		return refuse("a citation of %q, not a file name in the ledger's folder", r.File)
	}
	// Before the SHA-256: a cycle of honest citations cannot be written (each file would
	// hold the other's sum), so one is always an altered file, said as what it is.
	if cs.active[r.File] {
		return refuse("cites %s, which is under check already: a cycle of citations", r.File)
	}
	path := filepath.Join(cs.dir, r.File)
	sum, err := filehash.SHA256(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return refuse("cites %s, which is not in %s", r.File, cs.dir)
	case err != nil:
		return refuse("cites %s: %v", r.File, err)
	case sum != r.SHA256:
		return refuse("cites %s, whose SHA-256 is %s, not the %s cited: the file was altered", r.File, sum, r.SHA256)
	}
	cert, err := ReadFile(path)
	if err != nil {
		return refuse("cites %s: %v", r.File, err)
	}
	fen := p.FEN()
	for i := range cert.Sections {
		s := &cert.Sections[i]
		claim, err := ParseClaim(s.Header.Claim)
		if err != nil || s.Header.Root != fen || s.Header.PaikaLimit != c.limit || !implies(claim, c.claim) {
			continue
		}
		id := fmt.Sprintf("%s#%d", r.File, i)
		if cs.checked[id] {
			return nil
		}
		if len(s.Header.Tables) > 0 && cs.tables == nil {
			return missingTable(s.Header.Tables[0].File, fen)
		}
		cs.active[r.File] = true
		rep, err := checkSection(s, cs.tables, cs.verify, cs)
		delete(cs.active, r.File)
		var missing *MissingTableError
		if errors.As(err, &missing) {
			return err
		}
		if err != nil {
			return refuse("cites %s, which does not hold: %v", r.File, err)
		}
		cs.checked[id] = true
		cs.nodes += rep.Nodes
		for _, t := range rep.Tables {
			cs.used[t] = true
		}
		return nil
	}
	return refuse("cites %s, which proves no claim about this position under paika limit %d that gives %s", r.File, c.limit, c.claim)
}

// checkOwn checks a section the prover extracted, its citations followed in its ledger.
func (s *Prover) checkOwn(sec *Section) (Report, error) {
	if s.leaves == nil {
		return CheckSection(sec, s.tables, nil)
	}
	return checkSection(sec, s.tables, nil, newCitations(s.leaves.dir, s.tables, nil))
}

// cites reports whether c cites a ledger certificate, whose check may need tables.
func (c *Certificate) cites() bool {
	for _, s := range c.Sections {
		for _, r := range s.Records {
			if r.Type == RecordCite {
				return true
			}
		}
	}
	return false
}
