// solve.go: the bounded search: tablebase values where they reach, an iterative-deepening
// proof search beyond them.

package puzzles

import (
	"context"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Limits bound a search; zero fields mean no bound (the context still applies).
type Limits struct {
	Time     time.Duration
	MaxDepth int // plies of search beyond which positions are unknown
	Nodes    uint64
	// PaikaLimit is the rule the value holds under: 0 for the theoretic value (no limit,
	// the position's counters ignored, plies to the end of the game), L for the value under
	// paika limit L at the position's paika counter (plies to the capture that decides it,
	// from the rule-aware tablebases; the proof search carries the counter).
	PaikaLimit int
}

// Result is the answer of Search and Solve.
type Result struct {
	// Known says the value is proven; otherwise the budget ended first and Value is zero.
	Known bool
	Value tablebase.Value
	// Exact says Value.Plies is the distance with best play: from the tablebases, or from a
	// search that decided every turn exactly. Otherwise a value proven by search gives the
	// length of the proof found, which bounds the winner's distance from above.
	Exact  bool
	Source string        // "tablebase", "search", "proof" or "" when unknown
	Line   []engine.Turn // a best line (to the end of the game when decided)
	Depth  int           // deepest completed search iteration
	Nodes  uint64
}

// Search returns the value of p for its side to move and a best line, under the rule of
// lim.PaikaLimit (0: the theoretic value; the counters of p are then ignored): from the
// tablebases, else by the bounded search.
func Search(ctx context.Context, p engine.Position, tb *tablebase.Set, lim Limits) (Result, error) {
	if p.Own() != 0 && p.Enemy() == 0 {
		return Result{}, fmt.Errorf("puzzles: %s: the side not to move has no pieces; the game ended before this position", p.BoardFEN())
	}
	counter := 0
	if lim.PaikaLimit > 0 {
		if p.Paika > lim.PaikaLimit {
			return Result{}, fmt.Errorf("puzzles: %s: paika counter %d is above the limit %d", p.FEN(), p.Paika, lim.PaikaLimit)
		}
		counter = p.Paika
	}
	p = engine.NewPosition(p.Pieces[engine.White], p.Pieces[engine.Black], p.Side, counter, 0)
	s := &solver{ctx: ctx, tb: tb, lim: lim, limit: lim.PaikaLimit, rule: tablebase.PaikaRule(lim.PaikaLimit), tt: map[uint64]ttEntry{}, avail: map[tablebase.Class]bool{}}
	if lim.Time > 0 {
		s.deadline = time.Now().Add(lim.Time)
	}
	if v, ok, err := s.probe(&p); err != nil {
		return Result{}, err
	} else if ok {
		n := lineLength(v)
		if s.limit > 0 && v.Outcome != tablebase.Draw {
			n = maxLine // the distance is to the deciding capture: show the game to its end
		}
		line, _, err := tb.BestLine(p, s.rule, n)
		if err != nil {
			return Result{}, err
		}
		return Result{Known: true, Value: v, Exact: true, Source: "tablebase", Line: line}, nil
	}
	var res Result
	for depth := 1; lim.MaxDepth == 0 || depth <= lim.MaxDepth; depth++ {
		r := s.search(&p, depth)
		if s.err != nil {
			return Result{}, s.err
		}
		if s.stopped {
			break
		}
		res.Depth = depth
		if r.known() {
			res.Known, res.Value, res.Exact, res.Source = true, r.value(), r.exact, "search"
			break
		}
		if !s.sawUnknownLeaf {
			break // nothing left undecided below: more depth cannot help
		}
		s.sawUnknownLeaf = false
	}
	res.Nodes = s.nodes
	if res.Known {
		line, err := s.line(p)
		if err != nil {
			return Result{}, err
		}
		res.Line = line
	}
	return res, nil
}

// drawLine is how many plies of a drawn line are shown: a draw goes on for ever.
const drawLine = 12

// maxLine bounds every line shown.
const maxLine = 400

// lineLength returns how long a best line from a position of value v is shown: to the end
// of the game when decided.
func lineLength(v tablebase.Value) int {
	if v.Outcome == tablebase.Draw {
		return drawLine
	}
	return v.Plies
}

// outcome of a searched node: kind and plies of the proof.
type node struct {
	kind  uint8 // unknown, win, loss, draw
	plies int
	exact bool // plies is the distance with best play: every child was decided exactly
}

const (
	kUnknown uint8 = iota
	kWin
	kLoss
	kDraw
)

func (n node) known() bool { return n.kind != kUnknown }

func (n node) value() tablebase.Value {
	switch n.kind {
	case kWin:
		return tablebase.Value{Outcome: tablebase.Win, Plies: n.plies}
	case kLoss:
		return tablebase.Value{Outcome: tablebase.Loss, Plies: n.plies}
	}
	return tablebase.Value{}
}

func fromValue(v tablebase.Value) node {
	switch v.Outcome {
	case tablebase.Win:
		return node{kWin, v.Plies, true}
	case tablebase.Loss:
		return node{kLoss, v.Plies, true}
	}
	return node{kDraw, 0, true}
}

// ttEntry remembers a proven node, or the depth at which a node stayed unknown.
type ttEntry struct {
	n     node
	depth int
}

const maxTTEntries = 1 << 22

type solver struct {
	ctx      context.Context
	tb       *tablebase.Set
	lim      Limits
	limit    int            // the paika limit of the values (0: theoretic)
	rule     tablebase.Rule // the tables' rule: that limit
	deadline time.Time
	tt       map[uint64]ttEntry
	avail    map[tablebase.Class]bool
	nodes    uint64
	stopped  bool
	err      error
	// sawUnknownLeaf: the last iteration stopped at its depth somewhere, so a deeper one
	// may decide more.
	sawUnknownLeaf bool
	seen           engine.ResultSet
	// bufs and pos hold, per remaining depth, the turn list and the child being searched,
	// so the search allocates nothing per node (they grow once, to the deepest iteration).
	bufs [][]engine.Turn
	pos  []engine.Position
}

// frame returns the turn buffer and child slot for a node searched depth plies deep.
func (s *solver) frame(depth int) ([]engine.Turn, *engine.Position) {
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, make([]engine.Turn, 0, engine.MaxTurnsHint))
		s.pos = append(s.pos, engine.Position{})
	}
	return s.bufs[depth][:0], &s.pos[depth]
}

// probe returns the tablebase value of p when its class is built.
func (s *solver) probe(p *engine.Position) (tablebase.Value, bool, error) {
	if p.Own() == 0 {
		return tablebase.Value{Outcome: tablebase.Loss}, true, nil
	}
	c, ok := tablebase.ClassOf(p)
	if !ok || s.tb == nil {
		return tablebase.Value{}, false, nil
	}
	has, seen := s.avail[c]
	if !seen {
		has = s.tb.Has(c, s.rule)
		s.avail[c] = has
	}
	if !has {
		return tablebase.Value{}, false, nil
	}
	v, err := s.tb.Probe(p, s.rule)
	if err != nil {
		return tablebase.Value{}, false, err
	}
	return v, true, nil
}

func (s *solver) checkBudget() {
	if s.nodes&1023 != 0 {
		return
	}
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && time.Now().After(s.deadline)) ||
		(s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes) {
		s.stopped = true
	}
}

// search proves what it can of p within depth plies. Soundness rests on two rules: a win
// needs one child proven lost, a loss or draw needs every child proven.
func (s *solver) search(p *engine.Position, depth int) node {
	s.nodes++
	s.checkBudget()
	if s.stopped || s.err != nil {
		return node{}
	}
	if v, ok, err := s.probe(p); err != nil {
		s.err = err
		return node{}
	} else if ok {
		return fromValue(v)
	}
	key := s.key(p)
	if e, ok := s.tt[key]; ok && (e.n.known() || e.depth >= depth) {
		if !e.n.known() {
			s.sawUnknownLeaf = true
		}
		return e.n
	}
	buf, q := s.frame(depth)
	turns := p.DistinctTurns(engine.TheoreticRules(), buf, &s.seen)
	s.bufs[depth] = turns[:0] // keep a grown buffer
	if len(turns) == 0 {
		return node{kLoss, 0, true}
	}
	if s.limit > 0 && p.Paika >= s.limit {
		return node{kDraw, 0, true} // the paika limit is reached
	}
	if depth == 0 {
		s.sawUnknownLeaf = true
		return node{}
	}
	fastestWin, slowestLoss := -1, 0
	allKnown, anyDraw, allExact := true, false, true
	for i, t := range turns {
		*q = p.Play(t)
		c := s.search(q, depth-1)
		allExact = allExact && c.exact
		plies := c.plies + 1
		if s.limit > 0 && t.Captured != 0 {
			plies = 1 // under the rule a capture decides: the value after it holds at counter 0
		}
		switch c.kind {
		case kLoss:
			if fastestWin < 0 || plies < fastestWin {
				fastestWin = plies
			}
		case kWin:
			slowestLoss = max(slowestLoss, plies)
		case kDraw:
			anyDraw = true
		default:
			allKnown = false
		}
		// A proof is enough (iterative deepening keeps proofs short); one ply above the
		// leaves the other turns are cheap, so the distance can still be made exact.
		if fastestWin >= 0 && depth > 1 {
			allExact = allExact && i == len(turns)-1
			break
		}
		if s.stopped || s.err != nil {
			return node{}
		}
	}
	var n node
	switch {
	case fastestWin >= 0:
		n = node{kWin, fastestWin, allKnown && allExact}
	case allKnown && anyDraw:
		n = node{kDraw, 0, allExact}
	case allKnown:
		n = node{kLoss, slowestLoss, allExact}
	}
	if len(s.tt) >= maxTTEntries {
		clear(s.tt)
	}
	s.tt[key] = ttEntry{n, depth}
	return n
}

// line follows proven values from p: the fastest win, the slowest loss or a drawing turn,
// switching to the tablebases when they reach.
func (s *solver) line(p engine.Position) ([]engine.Turn, error) {
	var line []engine.Turn
	e0 := s.tt[s.key(&p)].n
	for len(line) < maxLine && !(e0.kind == kDraw && len(line) >= drawLine) {
		if v, ok, err := s.probe(&p); err != nil {
			return nil, err
		} else if ok {
			rest, _, err := s.tb.BestLine(p, s.rule, min(lineLength(v), maxLine-len(line)))
			return append(line, rest...), err
		}
		e, ok := s.tt[s.key(&p)]
		if !ok || !e.n.known() {
			return line, nil
		}
		var best engine.Turn
		found := false
		for _, t := range p.DistinctTurns(engine.TheoreticRules(), nil, &s.seen) {
			q := p.Play(t)
			c, ok := s.known(&q)
			parent := c.value().Parent()
			if s.limit > 0 {
				parent = c.value().RuleParent(t.Captured != 0, s.limit, p.Paika)
			}
			if ok && parent == e.n.value() && (e.n.kind != kDraw || c.kind == kDraw) {
				best, found = t, true
				break
			}
		}
		if !found {
			return line, nil
		}
		line = append(line, best)
		p = p.Play(best)
	}
	return line, nil
}

// known returns the proven value of p, from the tablebases or the table of the search.
func (s *solver) known(p *engine.Position) (node, bool) {
	if v, ok, err := s.probe(p); err == nil && ok {
		return fromValue(v), true
	}
	if p.Own() != 0 && !p.HasTurn() {
		return node{kLoss, 0, true}, true
	}
	if s.limit > 0 && p.Own() != 0 && p.Paika >= s.limit {
		return node{kDraw, 0, true}, true
	}
	e, ok := s.tt[s.key(p)]
	return e.n, ok && e.n.known()
}

// key is the search table's key: the position's hash, and under a paika limit its
// counter (which changes the value).
func (s *solver) key(p *engine.Position) uint64 {
	k := p.Hash()
	if s.limit > 0 {
		k ^= uint64(p.Paika+1) * 0x9e3779b97f4a7c15
	}
	return k
}
