// closure.go: "does not lose" proven as a closed set under the theoretic rules. Endless
// play is a draw there, so the claim holds on any set of positions holding no loss for the
// claim's side, in which it has a turn that stays in the set wherever it moves, and every
// turn of the other side stays in the set. df-pn sees a repetition only on its current
// line, and a drawing side that shuffles while the other wanders needs lines longer than
// any budget; this walk counts a return to any position it holds as kept. Its soundness
// is the checker's (check.go: a "does not lose" proof may return to its own line).

package proof

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// closure walks a closed set for a "does not lose" claim under the theoretic rules.
type closure struct {
	rules  engine.Rules
	tables Tables
	claim  Claim
	// kept: on the walk or kept, given the positions open when it was reached are;
	// undone with them (rollback). lost: the other side forces a win, for good.
	kept map[key]bool
	lost map[key]bool
	// tt holds the oracle's numbers for the claim's Opposite under the theoretic rules:
	// its proofs are losses to avoid, its disproofs the turns to try first.
	tt *ttable
	// oracle searches the opposite claim at a position briefly before the walk enters
	// it (nil: no search): a win it proves is a loss to avoid, cheaper than the walk's.
	oracle *Prover
	// held counts the kept positions by the claim side's pieces: the walk prefers turns
	// back to its usual squares, so that the other side's moves meet positions kept.
	held    map[engine.Bitboard]int
	walked  []key
	records []Record
	seen    engine.ResultSet

	ctx      context.Context
	deadline time.Time
	maxNodes uint64
	nodes    uint64 // the walk's positions and the oracle's nodes
	visits   uint64
	depth    int
	stopped  bool
	err      error
}

// closes reports whether Prove looks for a closed set about p within b: asked to
// (Options.ClosedSets), a bounded budget
// (without a bound the search runs until it decides), and at most closedSetPieces pieces
// (with more, the other side's turns are too many for a set to close: the opening's jobs
// keep their whole budget for df-pn).
func (s *Prover) closes(p *engine.Position, b Budget) bool {
	return s.closedSets && (b.Time > 0 || b.Nodes > 0) && pieces(p) <= closedSetPieces
}

// closedSetPieces bounds the positions Prove looks for a closed set about.
const closedSetPieces = 8

// reachPieces bounds the positions whose closed set is the greatest one over the
// reachable positions (reach.go); with more, the walk below looks for one.
const reachPieces = 5

// searchShare is the share of a bounded budget the df-pn search of Prove is given: half,
// the rest for a closed set; a sixteenth when the set is the reachable graph's under the
// theoretic rules, which gains from every moment of its exploration and, whole, proves
// the wins df-pn would (under a paika limit it proves no win: df-pn keeps half).
func (s *Prover) searchShare(p *engine.Position, b Budget) Budget {
	if !s.closes(p, b) {
		return b
	}
	if s.reachDecides(p) {
		return Budget{Time: b.Time - 15*b.Time/16, Nodes: b.Nodes - 15*b.Nodes/16}
	}
	return Budget{Time: b.Time - b.Time/2, Nodes: b.Nodes - b.Nodes/2}
}

// reachDecides reports whether p's closed set is the reachable graph's under the
// theoretic rules, which, whole, decides every claim about p.
func (s *Prover) reachDecides(p *engine.Position) bool {
	return pieces(p) <= reachPieces && s.limit == 0
}

func pieces(p *engine.Position) int { return (p.Pieces[engine.White] | p.Pieces[engine.Black]).Count() }

// proveClosed gives what is left of b after res, the undecided search of c, to a closed
// set proving c, or the Opposite of a "wins" claim, under the theoretic rules: the
// greatest over the reachable positions for a few pieces (reach.go; when the whole graph
// refutes the Opposite, a theoretic "wins" claim is proven from it), else one walked
// guided by a search of its own. The theoretic "does not lose" holds under
// any paika limit: the limit only ends lines in draws. Its section is checked like any.
func (s *Prover) proveClosed(ctx context.Context, p engine.Position, c Claim, b Budget, res Result, toolkit string) (Result, *Section, error) {
	target, out := c, Proven
	if c.Kind == Wins {
		target, out = c.Opposite(), Disproven
	}
	left := b
	if b.Time > 0 {
		if left.Time = b.Time - res.Elapsed; left.Time <= 0 {
			return res, nil, nil
		}
	}
	if b.Nodes > 0 {
		if res.Nodes >= b.Nodes {
			return res, nil, nil
		}
		left.Nodes = b.Nodes - res.Nodes
	}
	start := time.Now()
	var sec Section
	var ok bool
	var nodes uint64
	var err error
	if pieces(&p) <= reachPieces {
		sec, ok, nodes, err = s.reachClosedSet(ctx, p, target, left, toolkit)
		if err == nil && !ok && c.Kind == Wins && s.limit == 0 {
			// A whole graph in which the Opposite fails at the root proves c itself.
			var deadline time.Time
			if left.Time > 0 {
				deadline = start.Add(left.Time)
			}
			if sec, ok, err = s.reachWin(p, c, deadline, toolkit); ok {
				out = Proven
			}
		}
	} else {
		sec, ok, nodes, err = closedSet(ctx, p, target, s.tables, left, toolkit)
	}
	s.nodes += nodes
	res.Nodes, res.Elapsed = s.nodes, res.Elapsed+time.Since(start)
	if err != nil || !ok {
		return res, nil, err
	}
	if _, err := s.checkOwn(&sec); err != nil {
		return res, nil, fmt.Errorf("proof: the checker refused the closed set's certificate: %w", err)
	}
	res.Outcome = out
	return res, &sec, nil
}

// maxClosureDepth bounds the walk's line; a longer one stops the walk (undecided).
const maxClosureDepth = 1 << 17

// closedSet looks for a closed set proving c, a "does not lose" claim, about p under the
// theoretic rules within b, and returns its section (ok false: none found in time, or p
// is lost) and the positions it visited.
func closedSet(ctx context.Context, p engine.Position, c Claim, tables Tables, b Budget, toolkit string) (sec Section, ok bool, nodes uint64, err error) {
	w := &closure{rules: Rules(0), tables: tables, claim: c, kept: map[key]bool{}, lost: map[key]bool{}, held: map[engine.Bitboard]int{}, ctx: ctx, maxNodes: b.Nodes}
	if b.Time > 0 {
		w.deadline = time.Now().Add(b.Time)
	}
	{
		o, err := NewProver(Options{Tables: tables, TTEntries: oracleEntries})
		if err != nil {
			return Section{}, false, 0, err
		}
		o.claim, w.oracle, w.tt = c.Opposite(), o, o.tt
		o.tt.clear()
	}
	root := normalise(p, 0)
	kept := w.visit(&root)
	if w.err != nil || !kept || w.stopped {
		return Section{}, false, w.nodes, w.err
	}
	sums, err := tableSums(tables, 0, w.records)
	if err != nil {
		return Section{}, false, w.nodes, err
	}
	h := Header{Format: FormatName, Version: FormatVersion, Rules: w.rules.String(), PaikaLimit: 0,
		Toolkit: toolkit, Tables: sums, Claim: c.String(), Root: root.FEN()}
	return Section{Header: h, Records: w.records}, true, w.nodes, nil
}

func (w *closure) checkBudget() {
	if w.ctx.Err() != nil || (!w.deadline.IsZero() && time.Now().After(w.deadline)) ||
		(w.maxNodes > 0 && w.nodes >= w.maxNodes) {
		w.stopped = true
	}
}

// leaf returns p's record when its value is known without search, and whether it keeps
// the claim.
func (w *closure) leaf(p *engine.Position) (rec Record, ok, good bool, err error) {
	if st := w.rules.Status(p); st.Over() {
		return Record{Type: RecordEnd, FEN: p.FEN()}, true, w.claim.good(outcomeFor(st.Outcome, w.claim.Side)), nil
	}
	if w.tables == nil {
		return Record{}, false, false, nil
	}
	v, found, err := w.tables.Probe(p, 0)
	if err != nil || !found {
		return Record{}, false, false, err
	}
	c, _ := tablebase.ClassOf(p)
	file := baseName(w.tables.File(tablebase.TableID{Class: c, Rule: tablebase.PaikaRule(0)}))
	rec = Record{Type: RecordTable, FEN: p.FEN(), Value: v.Outcome.String(), File: file}
	return rec, true, w.claim.good(viewOf(v.Outcome, p, w.claim.Side)), nil
}

// rollback takes back the positions kept and the records written since there were walked
// and records of them.
func (w *closure) rollback(walked, records int) {
	for _, k := range w.walked[walked:] {
		delete(w.kept, k)
		w.held[w.own(k)]--
	}
	w.walked, w.records = w.walked[:walked], w.records[:records]
}

// visit reports whether p is kept: false when it is lost or the walk stopped (w.stopped).
func (w *closure) visit(p *engine.Position) bool {
	w.nodes++
	if w.visits++; w.visits&255 == 0 {
		w.checkBudget()
	}
	if w.stopped {
		return false
	}
	k, _ := keyOf(p, 0)
	if w.kept[k] {
		return true // kept already, or on the walk: a return to it is endless play
	}
	if w.lost[k] {
		return false
	}
	rec, ok, good, err := w.leaf(p)
	if err != nil {
		w.err, w.stopped = err, true
		return false
	}
	if ok {
		if !good {
			w.lost[k] = true
			return false
		}
		w.records = append(w.records, rec)
		w.keep(k)
		return true
	}
	if w.depth >= maxClosureDepth {
		w.stopped = true
		return false
	}
	w.depth++
	defer func() { w.depth-- }()
	walked, records := len(w.walked), len(w.records)
	w.keep(k)
	turns := p.DistinctTurns(w.rules, nil, &w.seen)
	qs := make([]engine.Position, len(turns))
	for i, t := range turns {
		qs[i] = normalise(p.Play(t), 0)
	}
	if p.Side == w.claim.Side {
		for _, i := range w.order(turns, qs) {
			if w.refuted(&qs[i]) {
				continue
			}
			at := len(w.records)
			w.records = append(w.records, Record{Type: RecordProve, FEN: p.FEN(), Turn: turns[i].String()})
			if w.visit(&qs[i]) {
				return true
			}
			if w.stopped {
				break
			}
			w.rollback(walked+1, at) // p stays kept: it is on the walk
		}
	} else {
		w.records = append(w.records, Record{Type: RecordDefend, FEN: p.FEN()})
		if w.defended(qs) {
			return true
		}
	}
	w.rollback(walked, records)
	if !w.stopped {
		// Every turn held fails (or one of the other side's wins) with the walk's open
		// positions counted as kept: more kept would not save p.
		w.lost[k] = true
	}
	return false
}

// oracleEntries is the oracle's transposition table (32 MiB); oracleNodes the budget of
// each of its searches (which looks at it every 1,024 nodes).
const (
	oracleEntries = 1 << 20
	oracleNodes   = 400
)

// refuted reports whether the oracle proves the opposite claim at q (marking q lost).
func (w *closure) refuted(q *engine.Position) bool {
	k, _ := keyOf(q, 0)
	if w.oracle == nil || w.kept[k] {
		return false
	}
	if _, ok, _, _ := w.leaf(q); ok {
		return false
	}
	before := w.oracle.nodes
	out, err := w.oracle.run(w.ctx, q, Budget{Nodes: oracleNodes})
	w.nodes += w.oracle.nodes - before
	if w.maxNodes > 0 && w.nodes >= w.maxNodes {
		w.stopped = true // the oracle's nodes count against the walk's budget
	}
	if err != nil {
		w.err, w.stopped = err, true
		return true
	}
	if out == Proven {
		w.lost[k] = true
		return true
	}
	return false
}

// keep adds k to the kept positions, logged for rollback.
func (w *closure) keep(k key) {
	w.kept[k] = true
	w.held[w.own(k)]++
	w.walked = append(w.walked, k)
}

// own returns the claim side's pieces of the position of key k.
func (w *closure) own(k key) engine.Bitboard { return k.pieces(w.claim.Side) }

// defended reports whether every turn of the other side, whose turns lead to qs, stays
// kept: the leaves and positions known first (a loss among them ends it at once), then
// the captures' positions, the likeliest to lose.
func (w *closure) defended(qs []engine.Position) bool {
	later := make([]int, 0, len(qs))
	for i := range qs {
		k, _ := keyOf(&qs[i], 0)
		if w.kept[k] {
			continue
		}
		if w.lost[k] {
			return false
		}
		if _, ok, good, err := w.leaf(&qs[i]); err != nil {
			w.err, w.stopped = err, true
			return false
		} else if ok && !good {
			w.lost[k] = true
			return false
		}
		later = append(later, i)
	}
	sort.SliceStable(later, func(a, b int) bool { return w.danger(&qs[later[a]]) < w.danger(&qs[later[b]]) })
	for _, i := range later {
		if !w.visit(&qs[i]) {
			return false
		}
	}
	return true
}

// danger orders the other side's turns, likeliest loss first: by the table's proof number
// of the opposite claim, then by the pieces left (captures first).
func (w *closure) danger(q *engine.Position) uint64 {
	pn := uint64(infinity)
	if w.tt != nil {
		k, h := keyOf(q, 0)
		if p, _, ok := w.tt.lookup(k, h); ok {
			pn = uint64(p)
		}
	}
	return pn<<8 | uint64((q.Pieces[0] | q.Pieces[1]).Count())
}

// order returns the claim side's turns to try, best first: into a position kept or a leaf
// that keeps the claim, then those the search's table holds as disproofs of the opposite
// claim, then the rest by the table's disproof number, those after which the other side
// has no capture first; turns into a known loss are left out.
func (w *closure) order(turns []engine.Turn, qs []engine.Position) []int {
	type scored struct {
		i     int
		score uint64
	}
	var cs []scored
	for i := range qs {
		k, h := keyOf(&qs[i], 0)
		var score uint64
		switch {
		case w.kept[k]:
		case w.lost[k]:
			continue
		default:
			if _, ok, good, err := w.leaf(&qs[i]); err == nil && ok {
				if !good {
					w.lost[k] = true
					continue
				}
				break
			}
			dn := uint64(infinity)
			if w.tt != nil {
				if pn, d, ok := w.tt.lookup(k, h); ok {
					if pn == 0 {
						w.lost[k] = true // the other side's win, proven
						continue
					}
					dn = uint64(d)
				}
			}
			score = 1 << 60
			if dn != 0 {
				score = 2 << 60
				if qs[i].CanCapture() {
					score |= 1 << 59
				}
				held := uint64(min(w.held[w.own(k)], 1<<20))
				score |= (1<<20 - held) << 34
				score |= min(dn, 1<<32-1) << 1
				if turns[i].Captured == 0 {
					score |= 1
				}
			}
		}
		cs = append(cs, scored{i, score})
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].score < cs[b].score })
	out := make([]int, len(cs))
	for j, c := range cs {
		out[j] = c.i
	}
	return out
}
