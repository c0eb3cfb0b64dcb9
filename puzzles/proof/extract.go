// extract.go: a decided search's certificate, walked from its transposition table, and
// Prove and Value, which report only what the checker accepts.

package proof

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// extractor walks a proof tree out of the table: the claim it certifies (the search's
// claim, or its Opposite after a disproof), the positions done or on the current walk.
type extractor struct {
	s        *Prover
	target   Claim
	disproof bool // target is the Opposite of the search's claim
	state    map[key]uint8
	records  []Record
	used     map[tablebase.TableID]bool
	seen     engine.ResultSet
	ctx      context.Context
	deadline time.Time
	nodes    uint64 // budget of re-proofs, in nodes (0: none)
}

const (
	walkOpen = 1 // on the current walk
	walkDone = 2
)

// Certificate returns the section certifying the outcome of the last Search of p: the
// claim after a proof, its Opposite after a disproof. Entries the search overwrote are
// re-proved within budget b; the walk fails when a re-proof does not decide in time.
func (s *Prover) Certificate(ctx context.Context, p engine.Position, res Result, toolkit string, b Budget) (Section, error) {
	if res.Outcome == Unknown {
		return Section{}, fmt.Errorf("proof: %s: the claim %v is undecided; there is nothing to certify", p.FEN(), res.Claim)
	}
	s.claim = res.Claim
	e := &extractor{s: s, target: res.Claim, disproof: res.Outcome == Disproven, state: map[key]uint8{},
		used: map[tablebase.TableID]bool{}, ctx: ctx, nodes: b.Nodes}
	if e.disproof {
		e.target = res.Claim.Opposite()
	}
	if b.Time > 0 {
		e.deadline = time.Now().Add(b.Time)
	}
	root := normalise(p, s.limit)
	if err := e.visit(&root); err != nil {
		return Section{}, err
	}
	h := Header{Format: FormatName, Version: FormatVersion, Rules: s.rules.String(), PaikaLimit: s.limit,
		Toolkit: toolkit, Tables: []TableSum{}, Claim: e.target.String(), Root: root.FEN()}
	ids := make([]tablebase.TableID, 0, len(e.used))
	for id := range e.used {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return baseName(s.tables.File(ids[i])) < baseName(s.tables.File(ids[j])) })
	for _, id := range ids {
		path := s.tables.File(id)
		sum, err := FileSHA256(path)
		if err != nil {
			return Section{}, fmt.Errorf("proof: table %s: %w", path, err)
		}
		h.Tables = append(h.Tables, TableSum{File: baseName(path), SHA256: sum})
	}
	return Section{Header: h, Records: e.records}, nil
}

// established reports whether the table holds q as decided for the target.
func (e *extractor) established(q *engine.Position) bool {
	k, h := keyOf(q, e.s.limit)
	pn, dn, ok := e.s.tt.lookup(k, h)
	if !ok {
		return false
	}
	if e.disproof {
		return dn == 0
	}
	return pn == 0
}

// leafRecord returns the record of a position decided without search, if it is one.
func (e *extractor) leafRecord(p *engine.Position) (Record, bool, error) {
	fen := p.FEN()
	if st := e.s.rules.Status(p); st.Over() {
		if !e.target.good(outcomeFor(st.Outcome, e.target.Side)) {
			return Record{}, false, fmt.Errorf("proof: %s: the game ends %v, against the claim %v", fen, st.Outcome, e.target)
		}
		if st.Reason == engine.PaikaLimit {
			return Record{Type: RecordPaikaLimit, FEN: fen}, true, nil
		}
		return Record{Type: RecordEnd, FEN: fen}, true, nil
	}
	if e.s.tables == nil {
		return Record{}, false, nil
	}
	v, ok, err := e.s.tables.Probe(p, e.s.limit)
	if err != nil || !ok {
		return Record{}, false, err
	}
	if !e.target.good(viewOf(v.Outcome, p, e.target.Side)) {
		return Record{}, false, fmt.Errorf("proof: %s: the table says %v, against the claim %v", fen, v, e.target)
	}
	c, _ := tablebase.ClassOf(p)
	id := tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(e.s.limit)}
	return Record{Type: RecordTable, FEN: fen, Value: v.Outcome.String(), File: baseName(e.s.tables.File(id))}, true, nil
}

// children returns p's turns, one per resulting board, and the positions they lead to.
func (e *extractor) children(p *engine.Position) ([]engine.Turn, []engine.Position) {
	turns := p.DistinctTurns(e.s.rules, nil, &e.seen)
	qs := make([]engine.Position, len(turns))
	for i, t := range turns {
		qs[i] = normalise(p.Play(t), e.s.limit)
	}
	return turns, qs
}

// choose returns the turn of the target's side to certify: to a winning leaf, a position
// certified already, one the table holds as decided or (a draw being enough) one on the
// walk; -1 when none.
func (e *extractor) choose(qs []engine.Position) int {
	fallback := -1
	for i := range qs {
		q := &qs[i]
		k, _ := keyOf(q, e.s.limit)
		switch e.state[k] {
		case walkDone:
			return i
		case walkOpen:
			if e.target.Kind == DoesNotLose && fallback < 0 {
				fallback = i
			}
			continue
		}
		if r, ok, err := e.leafRecord(q); err == nil && ok && r.Type != "" {
			return i
		}
		if fallback < 0 && e.established(q) {
			fallback = i
		}
	}
	return fallback
}

// visit certifies p for the target, depth first.
func (e *extractor) visit(p *engine.Position) error {
	k, _ := keyOf(p, e.s.limit)
	switch e.state[k] {
	case walkDone:
		return nil
	case walkOpen:
		if e.target.Kind == DoesNotLose {
			return nil // endless play is a draw, which the claim allows
		}
		return fmt.Errorf("proof: %s: the proof of %v returns to this position", p.FEN(), e.target)
	}
	if rec, ok, err := e.leafRecord(p); err != nil {
		return err
	} else if ok {
		if rec.Type == RecordTable {
			c, _ := tablebase.ClassOf(p)
			e.used[tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(e.s.limit)}] = true
		}
		e.records = append(e.records, rec)
		e.state[k] = walkDone
		return nil
	}
	e.state[k] = walkOpen
	turns, qs := e.children(p)
	if p.Side == e.target.Side {
		i := e.choose(qs)
		if i < 0 {
			if err := e.reprove(p); err != nil {
				return err
			}
			if i = e.choose(qs); i < 0 {
				return fmt.Errorf("proof: %s: no turn keeps the claim %v after a re-proof", p.FEN(), e.target)
			}
		}
		e.records = append(e.records, Record{Type: RecordProve, FEN: p.FEN(), Turn: turns[i].String()})
		if err := e.visit(&qs[i]); err != nil {
			return err
		}
	} else {
		e.records = append(e.records, Record{Type: RecordDefend, FEN: p.FEN()})
		for i := range qs {
			if err := e.visit(&qs[i]); err != nil {
				return err
			}
		}
	}
	e.state[k] = walkDone
	return nil
}

// reprove searches p again, its entries having been overwritten, within what is left of
// the budget.
func (e *extractor) reprove(p *engine.Position) error {
	b := Budget{Nodes: e.nodes}
	if !e.deadline.IsZero() {
		b.Time = time.Until(e.deadline)
		if b.Time <= 0 {
			return fmt.Errorf("proof: %s: the budget ended while re-proving overwritten entries", p.FEN())
		}
	}
	want := Proven
	if e.disproof {
		want = Disproven
	}
	before := e.s.nodes
	out, err := e.s.run(e.ctx, p, b)
	if e.nodes > 0 {
		e.nodes -= min(e.nodes, e.s.nodes-before)
	}
	switch {
	case err != nil:
		return err
	case out == Unknown:
		return fmt.Errorf("proof: %s: the budget ended while re-proving overwritten entries", p.FEN())
	case out != want:
		return fmt.Errorf("proof: %s: a re-proof found %v %v; the search's table was inconsistent", p.FEN(), e.s.claim, out)
	}
	return nil
}

// Prove searches claim c about p and, when decided, returns the certificate of what was
// decided (c, or its Opposite), checked by Check: a decision whose certificate the
// checker refuses is reported Unknown (with the checker's error), never as a result.
func (s *Prover) Prove(ctx context.Context, p engine.Position, c Claim, b Budget, toolkit string) (Result, *Section, error) {
	res, err := s.Search(ctx, p, c, b)
	if err != nil || res.Outcome == Unknown {
		return res, nil, err
	}
	searched := time.Now()
	left := b
	if b.Time > 0 {
		left.Time = max(b.Time-res.Elapsed, time.Millisecond)
	}
	if b.Nodes > 0 {
		left.Nodes = max(b.Nodes-min(b.Nodes, res.Nodes), 1)
	}
	sec, err := s.Certificate(ctx, p, res, toolkit, left)
	res.Nodes, res.Elapsed = s.nodes, res.Elapsed+time.Since(searched)
	if err != nil {
		res.Outcome = Unknown
		return res, nil, nil
	}
	if _, err := CheckSection(&sec, s.tables, nil); err != nil {
		res.Outcome = Unknown
		return res, nil, fmt.Errorf("proof: the checker refused the search's certificate: %w", err)
	}
	return res, &sec, nil
}

// ValueResult is a position's value as two claims.
type ValueResult struct {
	// Known says Value is proven; Value is for the side to move.
	Known bool
	Value tablebase.Outcome
	// Claims are the searches run, in order; Sections the certificates of the claims that
	// make the value (one for a win or a loss, two for a draw) or of a claim proven alone.
	Claims   []Result
	Sections []Section
	Nodes    uint64
	Elapsed  time.Duration
}

// Value proves p's value for its side to move S, within budget b in all: first "S wins";
// when that is disproven ("the opponent does not lose" holds), "the opponent wins", whose
// disproof is "S does not lose": a draw.
func (s *Prover) Value(ctx context.Context, p engine.Position, b Budget, toolkit string) (ValueResult, error) {
	start := time.Now()
	var vr ValueResult
	side := p.Side
	for _, c := range []Claim{{side, Wins}, {side.Other(), Wins}} {
		left := b
		if b.Time > 0 {
			left.Time = b.Time - time.Since(start)
			if left.Time <= 0 {
				break
			}
		}
		if b.Nodes > 0 {
			if vr.Nodes >= b.Nodes {
				break
			}
			left.Nodes = b.Nodes - vr.Nodes
		}
		res, sec, err := s.Prove(ctx, p, c, left, toolkit)
		vr.Claims = append(vr.Claims, res)
		vr.Nodes += res.Nodes
		if err != nil {
			vr.Elapsed = time.Since(start)
			return vr, err
		}
		if sec != nil {
			vr.Sections = append(vr.Sections, *sec)
		}
		if res.Outcome == Unknown {
			break
		}
		if res.Outcome == Proven {
			vr.Known, vr.Value = true, tablebase.Win
			if c.Side != side {
				vr.Value = tablebase.Loss
			}
			break
		}
		if c.Side != side { // both wins disproven: each side does not lose
			vr.Known, vr.Value = true, tablebase.Draw
		}
	}
	vr.Elapsed = time.Since(start)
	return vr, nil
}
