// check.go: the checker. It re-derives a certificate's claim with the engine's move
// generator and the tables' probes only: no code of the search, not even its key.

package proof

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Report is what a check established.
type Report struct {
	Claims []Claim
	Roots  []string // each section's root
	Nodes  int      // positions checked, over all sections
	Tables []string // table files probed
	// Value is the root's value for its side to move when the sections make one: a claim
	// "wins", or "does not lose" for both sides (a draw); "" otherwise.
	Value string
}

// String returns the checker's one line.
func (r Report) String() string {
	cs := make([]string, len(r.Claims))
	for i, c := range r.Claims {
		cs[i] = c.String()
	}
	s := fmt.Sprintf("claim %s", strings.Join(cs, " and "))
	if r.Value != "" {
		s += fmt.Sprintf(" (value: %s for the side to move)", r.Value)
	}
	tables := "none"
	if len(r.Tables) > 0 {
		tables = strings.Join(r.Tables, ",")
	}
	return fmt.Sprintf("%s at %s: %d nodes checked, tables used: %s", s, r.Roots[0], r.Nodes, tables)
}

// Refusal is a certificate that does not prove its claim: the first position where it
// fails, and why.
type Refusal struct {
	FEN    string
	Reason string
}

func (r *Refusal) Error() string { return fmt.Sprintf("position %s: %s", r.FEN, r.Reason) }

// VerifyFile checks a table file against the SHA-256 a certificate gives for it; nil
// skips the check (the caller computed the sums itself).
type VerifyFile func(file, sha256 string) error

// Check checks every section of c: each must prove its claim about its root, and all
// roots must be one position. Errors are *Refusal for a certificate that proves nothing,
// ErrMalformed for one that cannot be read as a proof.
func Check(c *Certificate, tables Tables, verify VerifyFile) (Report, error) {
	return CheckIn(c, tables, verify, "", "")
}

// CheckIn is Check following the citations of c (cite.go) in the ledger's folder dir,
// checking each cited certificate once; self, when not "", is the file name of c in dir
// (a citation of it is a cycle). The report counts the cited certificates' positions and
// tables too.
func CheckIn(c *Certificate, tables Tables, verify VerifyFile, dir, self string) (Report, error) {
	var rep Report
	used := map[string]bool{}
	var cites *citations
	if dir != "" {
		cites = newCitations(dir, tables, verify)
		if self != "" {
			cites.active[self] = true
		}
	}
	for i := range c.Sections {
		r, err := checkSection(&c.Sections[i], tables, verify, cites)
		if err != nil {
			return Report{}, err
		}
		if len(rep.Roots) > 0 && !sameRoot(&c.Sections[0].Header, &c.Sections[i].Header) {
			return Report{}, fmt.Errorf("%w: section %d is about %s, the first about %s", ErrMalformed, i+1, r.Roots[0], rep.Roots[0])
		}
		rep.Claims = append(rep.Claims, r.Claims...)
		rep.Roots = append(rep.Roots, r.Roots...)
		rep.Nodes += r.Nodes
		for _, t := range r.Tables {
			used[t] = true
		}
	}
	if cites != nil {
		rep.Nodes += cites.nodes
		for t := range cites.used {
			used[t] = true
		}
	}
	for t := range used {
		rep.Tables = append(rep.Tables, t)
	}
	sort.Strings(rep.Tables)
	rep.Value = valueOf(rep.Claims, c.Sections[0].Header.Root)
	return rep, nil
}

// sameRoot reports whether two sections are about one position: the same root, or the
// same board and side to move when one is a theoretic "does not lose" (which holds under
// any paika limit at any counter: a limit only ends lines in draws).
func sameRoot(a, b *Header) bool {
	if a.Root == b.Root {
		return true
	}
	notLoses := func(h *Header) bool {
		c, err := ParseClaim(h.Claim)
		return h.PaikaLimit == 0 && err == nil && c.Kind == DoesNotLose
	}
	if !notLoses(a) && !notLoses(b) {
		return false
	}
	p, err1 := engine.ParseFEN(a.Root)
	q, err2 := engine.ParseFEN(b.Root)
	return err1 == nil && err2 == nil && p.Pieces == q.Pieces && p.Side == q.Side
}

// valueOf returns the value the claims make for the root's side to move, or "".
func valueOf(claims []Claim, root string) string {
	p, err := engine.ParseFEN(root)
	if err != nil {
		return ""
	}
	holds := map[Claim]bool{}
	for _, c := range claims {
		holds[c] = true
	}
	us, them := p.Side, p.Side.Other()
	switch {
	case holds[Claim{us, Wins}]:
		return "win"
	case holds[Claim{them, Wins}]:
		return "loss"
	case holds[Claim{us, DoesNotLose}] && holds[Claim{them, DoesNotLose}]:
		return "draw"
	}
	return ""
}

// boardKey identifies a position of a proof: the board, the side to move and, under a
// paika limit, the counter.
type boardKey struct {
	white, black engine.Bitboard
	side         engine.Color
	counter      int
}

// checker holds one section's records by position and the state of the walk.
type checker struct {
	claim    Claim
	limit    int
	rules    engine.Rules
	tables   Tables
	verify   VerifyFile
	records  []Record
	index    map[boardKey]int32 // each position's record in records
	state    []uint8            // by record: 1 on the walk, 2 checked
	listed   map[string]string  // file -> SHA-256 of the header
	verified map[string]bool
	nodes    int
	cites    *citations // nil: a citation is refused
	// seen is the generator's scratch: the turns it gives are the caller's own, so one
	// serves every level of the walk.
	seen engine.ResultSet
}

func (c *checker) keyOf(p *engine.Position) boardKey {
	k := boardKey{white: p.Pieces[engine.White], black: p.Pieces[engine.Black], side: p.Side}
	if c.limit > 0 {
		k.counter = p.Paika
	}
	return k
}

// position reads a record's FEN as the checker keys it: under the theoretic rules the
// counters must be 0 (they play no part, so one position has one record).
func (c *checker) position(fen string) (engine.Position, error) {
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if p.Ply != 0 || (c.limit == 0 && p.Paika != 0) {
		return p, fmt.Errorf("%w: %s: counters must be 0 (the paika counter only counts under a paika limit)", ErrMalformed, fen)
	}
	if c.limit > 0 && p.Paika > c.limit {
		return p, fmt.Errorf("%w: %s: paika counter above the limit %d", ErrMalformed, fen, c.limit)
	}
	return p, nil
}

// CheckSection checks one section; a citation in it is refused (CheckIn follows them).
func CheckSection(s *Section, tables Tables, verify VerifyFile) (Report, error) {
	return checkSection(s, tables, verify, nil)
}

func checkSection(s *Section, tables Tables, verify VerifyFile, cites *citations) (Report, error) {
	h := &s.Header
	claim, err := ParseClaim(h.Claim)
	if err != nil {
		return Report{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if h.PaikaLimit < 0 || h.PaikaLimit > tablebase.MaxPaikaLimit {
		return Report{}, fmt.Errorf("%w: paika limit %d", ErrMalformed, h.PaikaLimit)
	}
	rules := engine.Rules{PaikaLimit: h.PaikaLimit}
	if h.Rules != rules.String() {
		return Report{}, fmt.Errorf("%w: rules %q do not match the header's paika limit %d, whose rules are %q (a side with no legal turn loses, no ply cap)",
			ErrMalformed, h.Rules, h.PaikaLimit, rules.String())
	}
	c := &checker{claim: claim, limit: h.PaikaLimit, rules: rules, tables: tables, verify: verify,
		records: s.Records, index: make(map[boardKey]int32, len(s.Records)), state: make([]uint8, len(s.Records)),
		listed: map[string]string{}, verified: map[string]bool{}, cites: cites}
	for _, t := range h.Tables {
		c.listed[t.File] = t.SHA256
	}
	for i := range s.Records {
		r := &s.Records[i]
		p, err := c.position(r.FEN)
		if err != nil {
			return Report{}, err
		}
		k := c.keyOf(&p)
		if _, ok := c.index[k]; ok {
			return Report{}, fmt.Errorf("%w: %s has two records", ErrMalformed, r.FEN)
		}
		c.index[k] = int32(i)
	}
	root, err := c.position(h.Root)
	if err != nil {
		return Report{}, err
	}
	if err := c.visit(&root, nil); err != nil {
		return Report{}, err
	}
	rep := Report{Claims: []Claim{claim}, Roots: []string{h.Root}, Nodes: c.nodes}
	for f := range c.verified {
		rep.Tables = append(rep.Tables, f)
	}
	sort.Strings(rep.Tables)
	return rep, nil
}

// good reports whether an outcome for the claim's side fulfils the claim.
func (c *checker) good(side engine.Color, o engine.Outcome) bool {
	switch o {
	case engine.WinFor(c.claim.Side):
		return true
	case engine.Draw:
		return c.claim.Kind == DoesNotLose
	}
	return false
}

// refuse returns the refusal at p.
func (c *checker) refuse(p *engine.Position, format string, args ...any) error {
	return &Refusal{FEN: p.FEN(), Reason: fmt.Sprintf(format, args...)}
}

// visit checks that the claim holds at p, reached from the position from (nil at the
// root).
func (c *checker) visit(p, from *engine.Position) error {
	i, held := c.index[c.keyOf(p)]
	if !held {
		if from == nil {
			return c.refuse(p, "the root has no record")
		}
		return c.refuse(p, "no record (reached from %s)", from.FEN())
	}
	switch c.state[i] {
	case 2:
		return nil
	case 1:
		if c.claim.Kind == DoesNotLose {
			return nil // an endless game is a draw
		}
		return c.refuse(p, "the proof that %s returns to this position: a win must end", c.claim)
	}
	r := &c.records[i]
	c.state[i] = 1
	c.nodes++
	st := c.rules.Status(p)
	switch r.Type {
	case RecordEnd:
		if !st.Over() || st.Reason == engine.PaikaLimit {
			return c.refuse(p, "recorded as the end of the game, which it is not")
		}
		if !c.good(p.Side, st.Outcome) {
			return c.refuse(p, "the game ends %v, against the claim %s", st.Outcome, c.claim)
		}
	case RecordPaikaLimit:
		if st.Reason != engine.PaikaLimit {
			return c.refuse(p, "recorded as drawn by the paika limit, which it is not")
		}
		if !c.good(p.Side, engine.Draw) {
			return c.refuse(p, "a draw by the paika limit, against the claim %s", c.claim)
		}
	case RecordTable, RecordCite:
		// A copy for the leaf's check, which keeps what it is given as far as the compiler
		// knows (the tables' probe is an interface's), so that the walk's positions stay on
		// its stack.
		leaf := *p
		refuse := func(format string, args ...any) error { return c.refuse(&leaf, format, args...) }
		check := c.checkTable
		if r.Type == RecordCite {
			check = c.checkCite
		}
		if err := check(&leaf, r, refuse); err != nil {
			return err
		}
	case RecordProve, RecordDefend:
		if st.Over() {
			return c.refuse(p, "the game is over here (%s), yet recorded as %q", st.Reason, r.Type)
		}
		if (r.Type == RecordProve) != (p.Side == c.claim.Side) {
			return c.refuse(p, "a %q record, but %v is to move and the claim is %s", r.Type, p.Side, c.claim)
		}
		if r.Type == RecordProve {
			t, err := p.ParseTurn(c.rules, r.Turn)
			if err != nil {
				return c.refuse(p, "the prover's turn: %v", err)
			}
			q := c.child(p, t)
			if err := c.visit(&q, p); err != nil {
				return err
			}
		} else {
			var q engine.Position // outside the loop, so that it stays on the stack
			for _, t := range p.DistinctTurns(c.rules, nil, &c.seen) {
				q = c.child(p, t)
				if err := c.visit(&q, p); err != nil {
					return err
				}
			}
		}
	default:
		return c.refuse(p, "unknown record type %q", r.Type)
	}
	c.state[i] = 2
	return nil
}

// child plays t, the counters kept only where they count.
func (c *checker) child(p *engine.Position, t engine.Turn) engine.Position {
	q := p.Play(t)
	paika := q.Paika
	if c.limit == 0 {
		paika = 0
	}
	return engine.NewPosition(q.Pieces[engine.White], q.Pieces[engine.Black], q.Side, paika, 0)
}

// checkTable probes the table a leaf names and compares its value with the record's.
func (c *checker) checkTable(p *engine.Position, r *Record, refuse func(string, ...any) error) error {
	if c.tables == nil {
		return refuse("a table leaf, and no tables were given to check it")
	}
	cls, ok := tablebase.ClassOf(p)
	if !ok {
		return refuse("a table leaf without pieces of both sides")
	}
	want := tablebase.FileName(cls, tablebase.PaikaRule(c.limit))
	if r.File != want {
		return refuse("a table leaf naming %q; its class and rule are in %q", r.File, want)
	}
	sum, listed := c.listed[want]
	if !listed {
		return refuse("table %s is not listed in the header", want)
	}
	if !c.verified[want] {
		if c.verify != nil {
			if err := c.verify(want, sum); errors.Is(err, fs.ErrNotExist) {
				return missingTable(want, p.FEN())
			} else if err != nil {
				return refuse("table %s: %v", want, err)
			}
		}
		c.verified[want] = true
	}
	v, ok, err := c.tables.Probe(p, c.limit)
	if err != nil {
		return refuse("probing table %s: %v", want, err)
	}
	if !ok {
		return missingTable(want, p.FEN())
	}
	if v.Outcome.String() != r.Value {
		return refuse("table %s says %v, the certificate %q", want, v, r.Value)
	}
	o := engine.Draw
	switch v.Outcome {
	case tablebase.Win:
		o = engine.WinFor(p.Side)
	case tablebase.Loss:
		o = engine.WinFor(p.Side.Other())
	}
	if !c.good(p.Side, o) {
		return refuse("table %s says %v for %v to move, against the claim %s", want, v, p.Side, c.claim)
	}
	return nil
}

// MissingTableError is the error of a certificate whose check needs a table the tables
// given do not hold: the tables are the input at fault, not the certificate.
type MissingTableError struct {
	File string // the table's file name
	FEN  string // the first position that needs it
}

func (e *MissingTableError) Error() string {
	return fmt.Sprintf("table %s, needed at %s, is not in the tables given", e.File, e.FEN)
}

// missingTable returns the error of table file, needed at the position fen, missing.
func missingTable(file, fen string) error { return &MissingTableError{File: file, FEN: fen} }

// FileVerifier returns the VerifyFile of a folder of tables: the SHA-256 of the file of
// that name there must be the one given.
func FileVerifier(dir string) VerifyFile {
	return func(file, sum string) error {
		got, err := filehash.SHA256(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		if got != sum {
			return fmt.Errorf("SHA-256 of %s/%s is %s, the certificate relies on %s", dir, file, got, sum)
		}
		return nil
	}
}
