// dfpn.go: the depth-first proof-number search of one claim.

package proof

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"time"
	"unsafe"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Outcome is what a search established about its claim.
type Outcome uint8

// The outcomes.
const (
	Unknown   Outcome = iota // the budget ended first
	Proven                   // the claim holds
	Disproven                // the claim does not hold: its Opposite holds
)

// String returns "unknown", "proven" or "disproven".
func (o Outcome) String() string { return [...]string{"unknown", "proven", "disproven"}[o] }

// Budget bounds a search; zero fields mean no bound (the context still applies).
type Budget struct {
	Nodes uint64
	Time  time.Duration
}

// Options configure a Prover.
type Options struct {
	// PaikaLimit is the rule of every claim (0: theoretic, the counters ignored).
	PaikaLimit int
	// Tables are probed at the leaves (nil: none).
	Tables Tables
	// TTEntries is the size of the transposition table (32 bytes an entry); 0 means
	// DefaultTTEntries.
	TTEntries int
	// SnapshotEvery is how often a search given a snapshot file (SetSnapshot) saves its
	// table; 0 means DefaultSnapshotEvery.
	SnapshotEvery time.Duration
	// Ledger's decided positions of the rule are leaves, cited by certificates (cite.go).
	Ledger *Ledger
	// ClosedSets lets Prove give half of a bounded budget to a closed set proving "does
	// not lose" (closure.go) when df-pn is left undecided on at most 8 pieces (15/16
	// on at most 5 under the theoretic rules; reach.go).
	ClosedSets bool
	// Evaluation, when set, scales a new child's initial numbers by the network's score
	// for the claim's side (df-pn+): each evalUnit in the claim's favour doubles the
	// disproof number, against it the proof number. Nil: the numbers count turns only.
	// Only the search's path changes: what it proves and the certificates' checks do not.
	Evaluation *nnue.Net
}

// DefaultTTEntries is the transposition table's default size: 2^22 entries, 128 MiB.
const DefaultTTEntries = 1 << 22

// TTBytes returns the memory of the transposition table NewProver makes for entries: the
// largest power of two at most entries (at least 2; DefaultTTEntries for 0 or less), 32
// bytes each.
func TTBytes(entries int) uint64 {
	if entries <= 0 {
		entries = DefaultTTEntries
	}
	n := uint64(2)
	for n*2 <= uint64(entries) {
		n *= 2
	}
	size := uint64(unsafe.Sizeof(entry{}))
	if n > math.MaxUint64/size {
		return math.MaxUint64 // more than any machine: it need not be exact
	}
	return n * size
}

// CheckTTEntries returns an error saying why provers provers with tables of entries each
// cannot run: fewer than 2 entries, or tables that together take more than memory bytes,
// the machine's (0: unknown, not compared). Call it before NewProver, which allocates.
func CheckTTEntries(entries, provers int, memory uint64) error {
	if entries < 2 {
		return errors.New("must be 2 or more")
	}
	one := TTBytes(entries)
	provers = max(provers, 1)
	need := one * uint64(provers)
	if need/uint64(provers) != one {
		need = math.MaxUint64
	}
	if memory > 0 && need > memory {
		size := unsafe.Sizeof(entry{})
		what := fmt.Sprintf("the transposition table takes %s (%d entries of %d bytes)", formatBytes(need), one/uint64(size), size)
		if provers > 1 {
			what = fmt.Sprintf("%d transposition tables (one a worker) take %s (%d entries of %d bytes each)", provers, formatBytes(need), one/uint64(size), size)
		}
		return fmt.Errorf("%s, more than this machine's memory (%s)", what, formatBytes(memory))
	}
	return nil
}

// formatBytes writes b in binary units: "128.0 MiB", "16.0 TiB".
func formatBytes(b uint64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, i := float64(b), 0
	for v >= 1024 && i < len(units)-1 {
		v, i = v/1024, i+1
	}
	if i == 0 {
		return fmt.Sprintf("%d bytes", b)
	}
	return fmt.Sprintf("%.1f %s", v, units[i])
}

// maxDepth bounds a line of the search; a node deeper is left open (never decided).
const maxDepth = 4000

// Prover runs df-pn searches of claims under one rule. It is not safe for concurrent use;
// one prover per worker.
type Prover struct {
	limit  int
	rules  engine.Rules
	tables Tables
	leaves *ledgerLeaves // nil: no ledger
	tt     *ttable
	frames []*frame
	seen   engine.ResultSet
	claim  Claim
	// avoid, when set, names positions to count as draws wherever they are reached: the
	// positions on a certificate's walk, for a search whose proof must not return there.
	avoid func(key) bool

	ctx      context.Context
	deadline time.Time
	maxNodes uint64
	nodes    uint64
	stopped  bool
	err      error

	closedSets bool        // Options.ClosedSets
	acc        *nnue.Stack // Options.Evaluation's accumulators, one pair a ply (nil: none)
	reach      *reach      // the graph explored about the last root a closed set was asked of

	// The snapshot (snapshot.go): its file and interval, and while a search that saves
	// one runs, its root, when it was last saved, when the search started and how long
	// it had searched before (in the processes the snapshot comes from).
	snapPath    string
	snapEvery   time.Duration
	snapOn      bool
	snapRoot    key
	lastSnap    time.Time
	searchStart time.Time
	priorTime   time.Duration
}

// frame holds one node of the current line: its turns and its children's numbers, so the
// search allocates nothing per node (frames grow once, to the deepest line).
type frame struct {
	k          key
	viaCapture bool // the turn into this node captured (no repetition reaches past it)
	turns      []engine.Turn
	children   []child
}

type child struct {
	pos    engine.Position
	k      key
	h      uint64
	pn, dn uint32
	fixed  bool // a leaf: its numbers never change
}

// NewProver returns a prover for claims under opts.
func NewProver(opts Options) (*Prover, error) {
	if err := checkLimit(opts.PaikaLimit); err != nil {
		return nil, err
	}
	n := opts.TTEntries
	if n <= 0 {
		n = DefaultTTEntries
	}
	every := opts.SnapshotEvery
	if every <= 0 {
		every = DefaultSnapshotEvery
	}
	s := &Prover{limit: opts.PaikaLimit, rules: Rules(opts.PaikaLimit), tables: opts.Tables, tt: newTTable(n), snapEvery: every}
	s.closedSets = opts.ClosedSets
	if opts.Evaluation != nil {
		s.acc = opts.Evaluation.NewStack(maxDepth + 2)
	}
	if opts.Ledger != nil {
		s.leaves = newLedgerLeaves(opts.Ledger, opts.PaikaLimit)
	}
	return s, nil
}

// PaikaLimit returns the rule of the prover's claims.
func (s *Prover) PaikaLimit() int { return s.limit }

// Result is the answer of a search.
type Result struct {
	Claim   Claim
	Outcome Outcome
	Nodes   uint64
	Elapsed time.Duration
}

// Search runs df-pn on claim c about p until it is decided or the budget ends. The
// transposition table is cleared first, or filled from the snapshot (SetSnapshot), whose
// nodes and time then count in the result and against b; it keeps the search's numbers
// afterwards, for Certificate.
func (s *Prover) Search(ctx context.Context, p engine.Position, c Claim, b Budget) (Result, error) {
	start := time.Now()
	s.tt.clear()
	s.claim = c
	s.nodes, s.priorTime = 0, 0
	root := normalise(p, s.limit)
	if err := s.checkRoot(&root); err != nil {
		return Result{}, err
	}
	if s.snapPath != "" {
		k, _ := keyOf(&root, s.limit)
		nodes, searched, ok, err := s.loadSnapshot(k)
		if err != nil {
			return Result{}, err
		}
		if ok {
			s.nodes, s.priorTime = nodes, searched
		}
		s.snapOn, s.snapRoot, s.lastSnap, s.searchStart = true, k, start, start
	}
	left, out, err := b, Unknown, error(nil)
	if b.Time > 0 {
		left.Time = b.Time - s.priorTime
	}
	if b.Nodes > 0 {
		left.Nodes = b.Nodes - min(b.Nodes, s.nodes)
	}
	if (b.Time == 0 || left.Time > 0) && (b.Nodes == 0 || left.Nodes > 0) {
		out, err = s.run(ctx, &root, left)
	}
	if s.snapOn {
		s.snapOn = false
		switch {
		case err != nil: // the last snapshot stays
		case out == Unknown: // stopped: a larger budget goes on from here
			err = s.saveSnapshot()
		default:
			if rerr := os.Remove(s.snapPath); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
				err = fmt.Errorf("proof: %w", rerr)
			}
		}
	}
	return Result{Claim: c, Outcome: out, Nodes: s.nodes, Elapsed: s.priorTime + time.Since(start)}, err
}

// checkRoot refuses positions no claim is about.
func (s *Prover) checkRoot(p *engine.Position) error {
	if p.Own() != 0 && p.Enemy() == 0 {
		return fmt.Errorf("proof: %s: the side not to move has no pieces; the game ended before this position", p.FEN())
	}
	if s.limit > 0 && p.Paika > s.limit {
		return fmt.Errorf("proof: %s: paika counter %d is above the limit %d", p.FEN(), p.Paika, s.limit)
	}
	return nil
}

// run searches from p (already normalised) with the table as it is: a fresh search, or
// a re-proof of a subtree whose entries were overwritten.
func (s *Prover) run(ctx context.Context, p *engine.Position, b Budget) (Outcome, error) {
	s.ctx, s.stopped, s.err = ctx, false, nil
	s.deadline = time.Time{}
	if b.Time > 0 {
		s.deadline = time.Now().Add(b.Time)
	}
	s.maxNodes = 0
	if b.Nodes > 0 {
		s.maxNodes = s.nodes + b.Nodes
	}
	k, h := keyOf(p, s.limit)
	if o, leaf, err := s.leaf(p, k, h); err != nil {
		return Unknown, err
	} else if leaf {
		if s.claim.good(o) {
			return Proven, nil
		}
		return Disproven, nil
	}
	if s.acc != nil {
		s.acc.Refresh(0, p)
	}
	pn, dn := s.mid(p, k, h, 0, true, infinity, infinity)
	switch {
	case s.err != nil:
		return Unknown, s.err
	case pn == 0:
		return Proven, nil
	case dn == 0:
		return Disproven, nil
	}
	return Unknown, nil
}

// leaf returns the outcome, for the claim's side, of a position whose value is known
// without search: the end of the game, a table's value or a ledger's claim (found by p's
// key and hash).
func (s *Prover) leaf(p *engine.Position, k key, h uint64) (tablebase.Outcome, bool, error) {
	if st := s.rules.Status(p); st.Over() {
		return outcomeFor(st.Outcome, s.claim.Side), true, nil
	}
	if s.tables != nil {
		v, ok, err := s.tables.Probe(p, s.limit)
		if err != nil {
			return 0, false, err
		}
		if ok {
			return viewOf(v.Outcome, p, s.claim.Side), true, nil
		}
	}
	if s.leaves != nil {
		o, ok := s.ledgerLeaf(k, h)
		return o, ok, nil
	}
	return 0, false, nil
}

// decided returns a leaf's numbers.
func decided(good bool) (pn, dn uint32) {
	if good {
		return 0, infinity
	}
	return infinity, 0
}

func (s *Prover) frame(d int) *frame {
	for len(s.frames) <= d {
		s.frames = append(s.frames, &frame{turns: make([]engine.Turn, 0, engine.MaxTurnsHint),
			children: make([]child, 0, engine.MaxTurnsHint)})
	}
	return s.frames[d]
}

func (s *Prover) checkBudget() {
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && time.Now().After(s.deadline)) ||
		(s.maxNodes > 0 && s.nodes >= s.maxNodes) {
		s.stopped = true
	}
	if s.snapOn && time.Since(s.lastSnap) >= s.snapEvery && s.err == nil {
		s.err = s.saveSnapshot()
	}
}

// onLine reports whether k is a position of the current line down to frame d, since the
// last capture (no line repeats across one): under the theoretic rules, a repetition.
func (s *Prover) onLine(k key, d int) bool {
	for j := d; j >= 0; j-- {
		f := s.frames[j]
		if f.k == k {
			return true
		}
		if f.viaCapture {
			return false
		}
	}
	return false
}

// addSat adds proof numbers, saturating below infinity unless one of them is infinite.
func addSat(a, b uint32) uint32 {
	if a >= infinity || b >= infinity {
		return infinity
	}
	return min(a+b, infinity-1)
}

// childThreshold is the 1+ε threshold for the best child: enough to pass the second
// best by a quarter, so that the search does not switch back and forth between them.
func childThreshold(th, second uint32) uint32 {
	if second >= infinity {
		return th
	}
	t := max(uint64(second)+1, uint64(second)+uint64(second)/4)
	return uint32(min(uint64(th), t, uint64(infinity-1)))
}

// mid is df-pn's multiple iterative deepening at node p (not a leaf), d plies below the
// root: it searches below p until its proof number reaches thpn or its disproof number
// thdn, and returns them.
func (s *Prover) mid(p *engine.Position, k key, h uint64, d int, viaCapture bool, thpn, thdn uint32) (uint32, uint32) {
	s.nodes++
	if s.nodes&1023 == 0 {
		s.checkBudget()
	}
	if s.stopped || s.err != nil || d >= maxDepth {
		if pn, dn, ok := s.tt.lookupSearched(k, h); ok {
			return pn, dn
		}
		return 1, 1
	}
	if s.acc != nil && d > 0 {
		s.acc.Played(d-1, p) // p's accumulators, from its parent's once a child of p is scored
	}
	start := s.nodes
	f := s.frame(d)
	f.k, f.viaCapture = k, viaCapture
	f.turns = p.DistinctTurns(s.rules, f.turns[:0], &s.seen)
	f.children = f.children[:0]
	or := p.Side == s.claim.Side
	for _, t := range f.turns {
		f.children = append(f.children, child{pos: p.Play(t)})
		c := &f.children[len(f.children)-1] // in place: a child on the stack would escape
		if s.limit == 0 {
			c.pos.Paika, c.pos.Ply = 0, 0
		}
		c.k, c.h = keyOf(&c.pos, s.limit)
		if o, leaf, err := s.leaf(&c.pos, c.k, c.h); err != nil {
			s.err, s.stopped = err, true
			return 1, 1
		} else if leaf {
			c.pn, c.dn = decided(s.claim.good(o))
			c.fixed = true
		} else if s.limit == 0 && t.Captured == 0 && s.onLine(c.k, d) || s.avoid != nil && s.avoid(c.k) {
			c.pn, c.dn = decided(s.claim.good(tablebase.Draw))
			c.fixed = true
		} else if pn, dn, ok := s.tt.lookup(c.k, c.h); ok {
			c.pn, c.dn = pn, dn
		} else {
			m := max(1, uint32(c.pos.CountTurns(s.rules, engine.Paths, nil)))
			c.pn, c.dn = 1, m
			if c.pos.Side != s.claim.Side {
				c.pn, c.dn = m, 1
			}
			if s.acc != nil {
				c.pn, c.dn = s.scaleByEvaluation(d, &c.pos, c.pn, c.dn)
			}
			s.tt.estimate(c.k, c.h, c.pn, c.dn)
		}
		if or && c.pn == 0 || !or && c.dn == 0 {
			break // this child decides the node: the others cannot change its numbers
		}
	}
	var pn, dn uint32
	for {
		var best int
		var second uint32
		pn, dn, best, second = combine(f.children, or)
		if pn >= thpn || dn >= thdn || s.stopped {
			break
		}
		c := &f.children[best]
		var cpn, cdn uint32
		if or {
			cpn = childThreshold(thpn, second)
			cdn = thdn
			if thdn < infinity {
				cdn = thdn - (dn - c.dn)
			}
		} else {
			cdn = childThreshold(thdn, second)
			cpn = thpn
			if thpn < infinity {
				cpn = thpn - (pn - c.pn)
			}
		}
		c.pn, c.dn = s.mid(&c.pos, c.k, c.h, d+1, f.turns[best].Captured != 0, cpn, cdn)
	}
	s.tt.store(k, h, pn, dn, s.nodes-start+1)
	return pn, dn
}

// evalUnit is the evaluation's score (hundredths of a piece) that doubles an initial
// number, maxEvalShift the most doublings. On the ledger's decided jobs (docs/OPENING.md)
// 200 saved fewer nodes, 50 and 25 more on most but left some undecided that 100 decides.
const (
	evalUnit     = 100
	maxEvalShift = 5
)

// scaleByEvaluation returns the initial numbers pn, dn of child, a child of the node d
// plies below the root, scaled by the network's score of child for the claim's side.
func (s *Prover) scaleByEvaluation(d int, child *engine.Position, pn, dn uint32) (uint32, uint32) {
	s.acc.Played(d, child)
	e := s.acc.Evaluate(d+1, child)
	if child.Side != s.claim.Side {
		e = -e
	}
	shift := min(max(e/evalUnit, -maxEvalShift), maxEvalShift)
	if shift > 0 {
		return pn, min(dn<<shift, infinity-1)
	}
	return min(pn<<-shift, infinity-1), dn
}

// combine returns a node's numbers from its children's, the child to search next and
// the second best of the numbers it is chosen by. At a node of the claim's side one proven
// child proves it: its proof number is the children's smallest, its disproof number their
// sum, and the child with the smallest proof number is searched. At the defender's the
// roles of the two numbers swap.
func combine(cs []child, or bool) (pn, dn uint32, best int, second uint32) {
	first, sum := infinity+1, uint32(0)
	second = infinity
	for i := range cs {
		chosenBy, summed := cs[i].pn, cs[i].dn
		if !or {
			chosenBy, summed = summed, chosenBy
		}
		sum = addSat(sum, summed)
		switch {
		case chosenBy < first:
			second, first, best = first, chosenBy, i
		case chosenBy < second:
			second = chosenBy
		}
	}
	first, second = min(first, infinity), min(second, infinity)
	if or {
		return first, sum, best, second
	}
	return sum, first, best, second
}
