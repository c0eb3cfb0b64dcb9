// extract.go: a decided search's certificate, walked from its transposition table, and
// Prove and Value, which report only what the checker accepts.

package proof

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// extractor walks a proof tree out of the table: the claim it certifies (the search's
// claim, or its Opposite after a disproof), the positions done or on the current walk.
type extractor struct {
	s        *Prover // the search's prover (root), or one aside
	root     *Prover
	target   Claim
	disproof bool // target is the Opposite of the search's claim
	state    map[key]uint8
	// walked lists the keys given a state, in order, so that a turn whose proof returns
	// to the walk can be taken back (rollback) and another tried.
	walked   []key
	records  []Record
	seen     engine.ResultSet
	ctx      context.Context
	deadline time.Time
	nodes    uint64 // budget of re-proofs, in nodes: what is left of it when limited
	limited  bool   // the budget has a number of nodes
	visits   uint64
	// aside holds the provers of searches that avoid the walk (reproveAside), one per
	// nesting level, made when first needed; level is the nesting of e.s among them.
	aside []*Prover
	level int
}

// asideEntries is the transposition table of a search that avoids the walk: 32 MiB.
const asideEntries = 1 << 20

// maxAside bounds the nesting of searches that avoid the walk, maxAsideNodes each one's
// nodes when the budget has no number of nodes.
const (
	maxAside      = 8
	maxAsideNodes = 1 << 24
)

// maxVisits bounds the positions an extraction visits, turns taken back included.
const maxVisits = 1 << 26

// cycleError is a walk of a "wins" claim that returned to a position on itself, or reached
// a position of the prover whose only turns held lead into the walk (noTurn): no
// certificate, though another turn higher up may give one.
type cycleError struct {
	fen    string
	target Claim
	noTurn bool
}

func (c *cycleError) Error() string {
	if c.noTurn {
		return fmt.Sprintf("proof: %s: no turn keeps the claim %v after a re-proof", c.fen, c.target)
	}
	return fmt.Sprintf("proof: %s: the proof of %v returns to this position", c.fen, c.target)
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
	e := &extractor{s: s, root: s, target: res.Claim, disproof: res.Outcome == Disproven, state: map[key]uint8{},
		ctx: ctx, nodes: b.Nodes, limited: b.Nodes > 0}
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
	sums, err := tableSums(s.tables, s.limit, e.records)
	if err != nil {
		return Section{}, err
	}
	h := Header{Format: FormatName, Version: FormatVersion, Rules: s.rules.String(), PaikaLimit: s.limit,
		Toolkit: toolkit, Tables: sums, Claim: e.target.String(), Root: root.FEN()}
	return Section{Header: h, Records: e.records}, nil
}

// tableSums returns the table files the table records of a section under paika limit
// limit rely on, with their SHA-256, sorted by name.
func tableSums(tables Tables, limit int, records []Record) ([]TableSum, error) {
	// The tables are those of the records kept: turns taken back leave none behind.
	used := map[tablebase.TableID]bool{}
	for _, r := range records {
		if r.Type != RecordTable {
			continue
		}
		q, err := engine.ParseFEN(r.FEN)
		if err != nil {
			return nil, fmt.Errorf("proof: %w", err)
		}
		c, _ := tablebase.ClassOf(&q)
		used[tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(limit)}] = true
	}
	ids := make([]tablebase.TableID, 0, len(used))
	for id := range used {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return baseName(tables.File(ids[i])) < baseName(tables.File(ids[j])) })
	sums := []TableSum{}
	for _, id := range ids {
		path := tables.File(id)
		sum, err := filehash.SHA256(path)
		if err != nil {
			return nil, fmt.Errorf("proof: table %s: %w", path, err)
		}
		sums = append(sums, TableSum{File: baseName(path), SHA256: sum})
	}
	return sums, nil
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
		return e.citeRecord(p)
	}
	v, ok, err := e.s.tables.Probe(p, e.s.limit)
	if err != nil {
		return Record{}, false, err
	}
	if !ok {
		return e.citeRecord(p)
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

// choose returns the turn of the target's side to certify first: to a winning leaf, a
// position certified already, one the table holds as decided or (a draw being enough) one
// on the walk; -1 when none.
func (e *extractor) choose(qs []engine.Position) int {
	fallback := -1
	for i := range qs {
		switch e.kind(&qs[i]) {
		case turnSure:
			return i
		case turnHeld:
			if fallback < 0 {
				fallback = i
			}
		}
	}
	return fallback
}

// candidates returns every turn choose could take, the sure ones first: the turns to try
// when the first one's proof returns to the walk.
func (e *extractor) candidates(qs []engine.Position) []int {
	var sure, held []int
	for i := range qs {
		switch e.kind(&qs[i]) {
		case turnSure:
			sure = append(sure, i)
		case turnHeld:
			held = append(held, i)
		}
	}
	return append(sure, held...)
}

// The kinds of a turn of the target's side, by the position q it leads to.
const (
	turnNone = iota // q is on the walk of a "wins" proof, or not known to keep the claim
	turnSure        // q is certified already, or a leaf that keeps the claim
	turnHeld        // the table holds q as decided, or (a draw being enough) q is on the walk
)

// kind returns the kind of the turn that leads to q.
func (e *extractor) kind(q *engine.Position) int {
	k, _ := keyOf(q, e.s.limit)
	switch e.state[k] {
	case walkDone:
		return turnSure
	case walkOpen:
		if e.target.Kind == DoesNotLose {
			return turnHeld
		}
		return turnNone
	}
	if r, ok, err := e.leafRecord(q); err == nil && ok && r.Type != "" {
		return turnSure
	}
	if e.established(q) {
		return turnHeld
	}
	return turnNone
}

// setState gives k a state, logging it when it had none.
func (e *extractor) setState(k key, st uint8) {
	if e.state[k] == 0 {
		e.walked = append(e.walked, k)
	}
	e.state[k] = st
}

// rollback takes back what the walk did since it had walked keys and records records.
func (e *extractor) rollback(walked, records int) {
	for _, k := range e.walked[walked:] {
		delete(e.state, k)
	}
	e.walked, e.records = e.walked[:walked], e.records[:records]
}

// tryTurns certifies p, a position of the target's side whose record is next, by the turn
// first that choose gave or, when its proof returns to the walk, by the first other
// candidate whose proof does not; it reports a cycle error when every one does.
func (e *extractor) tryTurns(p *engine.Position, turns []engine.Turn, qs []engine.Position, first int) error {
	if first < 0 {
		// The table's proof of p goes through the walk (the only turns it holds lead
		// there), or its entries were lost.
		if e.target.Kind == Wins {
			return &cycleError{p.FEN(), e.target, true}
		}
		return fmt.Errorf("proof: %s: no turn keeps the claim %v after a re-proof", p.FEN(), e.target)
	}
	err := e.tryTurn(p, turns, qs, first)
	var cycle *cycleError
	if !errors.As(err, &cycle) {
		return err
	}
	for _, i := range e.candidates(qs) {
		if i == first {
			continue
		}
		if err = e.tryTurn(p, turns, qs, i); !errors.As(err, &cycle) {
			return err
		}
	}
	return err
}

// tryTurn certifies p by turn i, or takes back all it wrote and reports why not.
func (e *extractor) tryTurn(p *engine.Position, turns []engine.Turn, qs []engine.Position, i int) error {
	walked, records := len(e.walked), len(e.records)
	e.records = append(e.records, Record{Type: RecordProve, FEN: p.FEN(), Turn: turns[i].String()})
	err := e.visit(&qs[i])
	if err != nil {
		e.rollback(walked, records)
	}
	return err
}

// visit certifies p for the target, depth first.
func (e *extractor) visit(p *engine.Position) error {
	if e.visits++; e.visits&1023 == 0 {
		if err := e.checkBudget(p); err != nil {
			return err
		}
	}
	k, _ := keyOf(p, e.s.limit)
	switch e.state[k] {
	case walkDone:
		return nil
	case walkOpen:
		if e.target.Kind == DoesNotLose {
			return nil // endless play is a draw, which the claim allows
		}
		return &cycleError{p.FEN(), e.target, false}
	}
	if rec, ok, err := e.leafRecord(p); err != nil {
		return err
	} else if ok {
		e.records = append(e.records, rec)
		e.setState(k, walkDone)
		return nil
	}
	e.setState(k, walkOpen)
	turns, qs := e.children(p)
	if p.Side == e.target.Side {
		first := e.choose(qs)
		if first < 0 {
			if err := e.reprove(p); err != nil {
				return err
			}
			first = e.choose(qs)
		}
		err := e.tryTurns(p, turns, qs, first)
		var cycle *cycleError
		if errors.As(err, &cycle) {
			// Every turn the table holds leads back into the walk: the table's proofs
			// lean on one another (graph-history interaction). A search that counts
			// the walk's positions as draws finds a proof that does not.
			err = e.reproveAside(p, turns, qs, err)
		}
		if err != nil {
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

// checkBudget fails the walk when its context or deadline has ended or it has visited
// too many positions.
func (e *extractor) checkBudget(p *engine.Position) error {
	switch {
	case e.ctx.Err() != nil:
		return fmt.Errorf("proof: %s: %w", p.FEN(), e.ctx.Err())
	case !e.deadline.IsZero() && time.Now().After(e.deadline):
		return fmt.Errorf("proof: %s: the budget ended while walking the proof", p.FEN())
	case e.visits > maxVisits:
		return fmt.Errorf("proof: %s: the walk visited %d positions without a certificate", p.FEN(), e.visits)
	}
	return nil
}

// reproveAside certifies p, on the walk with its target's side to move, by a search of its
// own in which the positions on the walk count as draws, so that its proof cannot return
// to the walk; cause is the cycle error of the table's proofs, returned when that search
// fails to decide.
func (e *extractor) reproveAside(p *engine.Position, turns []engine.Turn, qs []engine.Position, cause error) error {
	if e.target.Kind != Wins || e.level >= maxAside {
		return cause
	}
	if len(e.aside) <= e.level {
		sub, err := NewProver(Options{PaikaLimit: e.s.limit, Tables: e.s.tables, TTEntries: asideEntries})
		if err != nil {
			return err
		}
		sub.avoid = func(k key) bool { return e.state[k] == walkOpen }
		sub.leaves = e.s.leaves
		e.aside = append(e.aside, sub)
	}
	sub, outer := e.aside[e.level], e.s
	sub.tt.clear()
	sub.claim = outer.claim
	e.s = sub
	e.level++
	defer func() { e.s = outer; e.level-- }()
	out, err := e.research(p, true)
	switch {
	case err != nil:
		return err
	case out != e.want():
		return cause // no proof avoids the walk, or none was found in its share of the budget
	}
	return e.tryTurns(p, turns, qs, e.choose(qs))
}

// reprove searches p again, its entries having been overwritten, within what is left of
// the budget.
func (e *extractor) reprove(p *engine.Position) error {
	out, err := e.research(p, false)
	if err == nil && out != e.want() {
		return fmt.Errorf("proof: %s: a re-proof found %v %v; the search's table was inconsistent", p.FEN(), e.s.claim, out)
	}
	return err
}

// want returns the outcome of the search's claim that certifies the target.
func (e *extractor) want() Outcome {
	if e.disproof {
		return Disproven
	}
	return Proven
}

// research searches p with e.s within what is left of the budget, or within a quarter of
// it (aside: a search that may fail where an ancestor's other turns succeed), and returns
// the outcome; the end of the whole budget is an error.
func (e *extractor) research(p *engine.Position, aside bool) (Outcome, error) {
	b := Budget{Nodes: e.nodes}
	if !e.deadline.IsZero() {
		b.Time = time.Until(e.deadline)
	}
	if e.limited && e.nodes == 0 || !e.deadline.IsZero() && b.Time <= 0 {
		return Unknown, fmt.Errorf("proof: %s: the budget ended while re-proving overwritten entries", p.FEN())
	}
	if aside {
		b.Nodes = max(b.Nodes/4, 1)
		if !e.limited {
			b.Nodes = maxAsideNodes
		}
		if !e.deadline.IsZero() {
			b.Time = max(b.Time/4, time.Millisecond) // a zero Time would be no limit
		}
	}
	before := e.s.nodes
	out, err := e.s.run(e.ctx, p, b)
	searched := e.s.nodes - before
	e.nodes -= min(e.nodes, searched)
	if e.s != e.root {
		e.root.nodes += searched // the result's nodes count the searches aside too
	}
	if err == nil && out == Unknown && !aside {
		err = fmt.Errorf("proof: %s: the budget ended while re-proving overwritten entries", p.FEN())
	}
	return out, err
}

// Prove searches claim c about p and, when decided, returns the certificate of what was
// decided (c, or its Opposite), checked by Check: a decision whose certificate the
// checker refuses is reported Unknown (with the checker's error), never as a result; one
// whose certificate's extraction fails (its budget ended) is reported Unknown. With
// Options.ClosedSets, a search left undecided gives the rest of a bounded budget to a
// closed set proving "does not lose" under the theoretic rules (closure.go).
func (s *Prover) Prove(ctx context.Context, p engine.Position, c Claim, b Budget, toolkit string) (Result, *Section, error) {
	res, sec, err := s.prove(ctx, p, c, b, toolkit)
	var unextracted *unextractedError
	if errors.As(err, &unextracted) {
		return res, nil, nil
	}
	return res, sec, err
}

// unextractedError: the search decided (Decided its result), and extracting the
// certificate failed.
type unextractedError struct {
	Decided Result
	err     error
}

func (e *unextractedError) Error() string {
	return fmt.Sprintf("proof: the search found %v %v, and its certificate's extraction failed: %v", e.Decided.Claim, e.Decided.Outcome, e.err)
}

func (e *unextractedError) Unwrap() error { return e.err }

// prove is Prove, a failed extraction an *unextractedError.
func (s *Prover) prove(ctx context.Context, p engine.Position, c Claim, b Budget, toolkit string) (Result, *Section, error) {
	if s.closes(&p, b) && s.wholeGraph(&p) != nil {
		// The graph decides every claim about p: a search would only take time from it.
		s.claim, s.nodes = c, 0
		return s.proveClosed(ctx, p, c, b, Result{Claim: c, Outcome: Unknown}, toolkit)
	}
	share := s.searchShare(&p, b)
	res, err := s.Search(ctx, p, c, share)
	if err == nil && res.Outcome == Unknown && s.closes(&p, b) {
		return s.proveClosed(ctx, p, c, b, res, toolkit)
	}
	if err != nil || res.Outcome == Unknown {
		return res, nil, err
	}
	left := b
	if b.Time > 0 {
		left.Time = max(b.Time-res.Elapsed, time.Millisecond)
	}
	if b.Nodes > 0 {
		left.Nodes = max(b.Nodes-min(b.Nodes, res.Nodes), 1)
	}
	if !s.closes(&p, b) {
		return s.certify(ctx, p, res, left, toolkit)
	}
	// An extraction that fails (a disproof resting on repetitions of the search's own
	// lines, say) would use all that is left, round after round: on the reachable graph
	// it has its share, and a closed set has the rest.
	if s.reachDecides(&p) {
		if b.Time > 0 {
			left.Time = min(left.Time, max(share.Time, time.Millisecond))
		}
		if b.Nodes > 0 {
			left.Nodes = min(left.Nodes, max(share.Nodes, 1))
		}
	}
	res, sec, err := s.certify(ctx, p, res, left, toolkit)
	var unextracted *unextractedError
	if errors.As(err, &unextracted) {
		return s.proveClosed(ctx, p, c, b, res, toolkit)
	}
	return res, sec, err
}

// certify extracts the certificate of the decided search res within b and checks it; the
// result's figures count the extraction too.
func (s *Prover) certify(ctx context.Context, p engine.Position, res Result, b Budget, toolkit string) (Result, *Section, error) {
	searched := time.Now()
	decided := res
	sec, err := s.Certificate(ctx, p, res, toolkit, b)
	res.Nodes, res.Elapsed = s.nodes, res.Elapsed+time.Since(searched)
	if err != nil {
		decided.Nodes, decided.Elapsed = res.Nodes, res.Elapsed
		res.Outcome = Unknown
		return res, nil, &unextractedError{Decided: decided, err: err}
	}
	if _, err := s.checkOwn(&sec); err != nil {
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

// valueRounds is the share of a Value budget its first round gives each claim: 1/8, then
// twice as much a round, so that a claim that is quick to decide is decided whichever of
// the two is searched first, at the cost of searches started again (at most twice the
// work of the last round).
const valueRounds = 8

// Value proves p's value for its side to move S, within budget b in all, from two claims:
// "S wins" and "the opponent wins". A proof of either decides (a win, a loss); a disproof
// of both is a draw; a disproof of one alone establishes that its opposite holds ("the
// opponent does not lose"). The two share the budget in rounds, each given 1/8 of it in
// the first, twice as much in each next (all that is left in the last), a decided claim
// no more: a claim that is easy is decided even when the other would take the whole
// budget. Without a bound (b zero) each claim runs to its end in turn.
func (s *Prover) Value(ctx context.Context, p engine.Position, b Budget, toolkit string) (ValueResult, error) {
	start := time.Now()
	var vr ValueResult
	side := p.Side
	claims := []Claim{{side, Wins}, {side.Other(), Wins}}
	results := make([]Result, 2)
	sections := make([]*Section, 2)
	for i, c := range claims {
		results[i] = Result{Claim: c, Outcome: Unknown}
	}
	finish := func() ValueResult {
		for i := range claims {
			if results[i].Nodes > 0 || results[i].Outcome != Unknown {
				vr.Claims = append(vr.Claims, results[i])
			}
			if sections[i] != nil {
				vr.Sections = append(vr.Sections, *sections[i])
			}
		}
		switch {
		case results[0].Outcome == Proven:
			vr.Known, vr.Value = true, tablebase.Win
			vr.Sections = []Section{*sections[0]}
		case results[1].Outcome == Proven:
			vr.Known, vr.Value = true, tablebase.Loss
			vr.Sections = []Section{*sections[1]}
		case results[0].Outcome == Disproven && results[1].Outcome == Disproven:
			vr.Known, vr.Value = true, tablebase.Draw
		}
		vr.Elapsed = time.Since(start)
		return vr
	}
	bounded := b.Time > 0 || b.Nodes > 0
	slice := Budget{Time: b.Time / valueRounds, Nodes: b.Nodes / valueRounds}
	for {
		ran := false
		for i, c := range claims {
			if results[i].Outcome != Unknown || results[1-i].Outcome == Proven {
				continue
			}
			give := slice
			if !bounded {
				give = Budget{}
			}
			if b.Time > 0 {
				left := b.Time - time.Since(start)
				if left <= 0 {
					return finish(), nil
				}
				give.Time = max(min(give.Time, left), time.Millisecond)
			}
			if b.Nodes > 0 {
				if vr.Nodes >= b.Nodes {
					return finish(), nil
				}
				give.Nodes = max(min(give.Nodes, b.Nodes-vr.Nodes), 1)
			}
			res, sec, err := s.Prove(ctx, p, c, give, toolkit)
			ran = true
			vr.Nodes += res.Nodes
			res.Nodes += results[i].Nodes
			res.Elapsed += results[i].Elapsed
			results[i] = res
			sections[i] = sec
			if err != nil {
				return finish(), err
			}
		}
		if !ran || !bounded || slice.Time >= b.Time && slice.Nodes >= b.Nodes {
			return finish(), nil // a round gave each claim the whole budget: nothing more to give
		}
		slice.Time, slice.Nodes = 2*slice.Time, 2*slice.Nodes
	}
}
