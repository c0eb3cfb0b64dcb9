// reach.go: "does not lose" proven as the greatest closed set over the positions reachable
// from a root under the theoretic rules. The graph is explored breadth first, ending at
// the game's ends and the tables' positions; a retrograde pass then marks the positions
// the other side forces a win from, an unexplored position counted as such. What is left
// holds the claim (its side has a turn that stays there, every turn of the other side
// does), and the set is exactly the reachable draws-or-better once the graph is whole:
// where the walk of closure.go guesses turns and takes them back, this decides at once,
// at the cost of a graph of every reachable position. The set written is the one of the
// graph cut to as few positions as still hold the root, those nearest the root or on the
// squares the claim side holds best kept, so that it stays small. The graph is kept
// between the calls about one root, so that a value's two claims and rounds share its
// exploration.

package proof

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// reachPositions bounds a graph's positions (about 25 bytes each, 60 while swept, and 8
// an edge): a larger reachable set is left in part unexplored, its positions counted as
// lost.
const reachPositions = 8 << 20

// Leaf states of a reach position; an explored position that is neither is inner.
const (
	reachInner uint8 = iota
	reachWhiteLoses
	reachBlackLoses
	reachDraw // an end or a table's draw: neither side loses
)

// reach is the explored graph about one root.
type reach struct {
	rules  engine.Rules
	tables Tables
	root   key
	index  reachSlots
	keys   []key // the board of each position as first reached (one of its images)
	leaf   []uint8
	side   []engine.Color // each position's side to move, read by the sweep at random
	// succ[start[i]:start[i+1]] are the successors of position i, for the expanded
	// positions i < len(start)-1; positions from there on are the frontier.
	start    []int32
	succ     []int32
	expanded int32 // positions expanded (the rest of keys: leaves and the frontier)
	// swept is the positions expanded at the last sweep for each side's claim that left
	// its root lost: the next sweep waits until the graph is whole or half as large again,
	// as a sweep of a large graph takes about as long as its exploration.
	swept [2]int32
	// held is, for each side's claim, the sweep's marks once one left its root not lost:
	// the set is written from them, as exploring on would not change that the root holds.
	held [2][]bool
	// won is, for each side, the other side's sweep with its ranks once the graph is
	// whole, kept while the win's proof is written over rounds.
	won [2]struct {
		lost []bool
		rank []int32
	}
	// pred is the predecessors of the graph explored to expanded positions.
	pred struct {
		pred, pstart []int32
		expanded     int32
	}
	// writing is, for each claim, the set's records written so far, when the writing
	// stopped at its deadline.
	writing map[Claim]*writing
	seen    engine.ResultSet
	turns   []engine.Turn   // explore's, reused
	added   engine.Position // add's, reused
	err     error
}

// writing is a set's writing, stopped: its records, the positions it holds and those
// still to write.
type writing struct {
	records []Record
	in      reachIndex
	stack   []engine.Position
	held    map[engine.Bitboard]int32 // the set's positions by the claim side's pieces
}

func newReach(p engine.Position, tables Tables) *reach {
	r := &reach{rules: Rules(0), tables: tables, start: []int32{0}, writing: map[Claim]*writing{}}
	root := normalise(p, 0)
	r.root = canonical(&root)
	r.add(root.Pieces[engine.White], root.Pieces[engine.Black], root.Side)
	return r
}

// keyPosition returns the position of key k (counters 0).
func keyPosition(k key) engine.Position {
	return engine.NewPosition(k.pieces(engine.White), k.pieces(engine.Black), k.side(), 0, 0)
}

// canonical returns the least key of q's images under the board's symmetries (counters
// 0): the rules and the tables treat the images alike, so the graph holds one of them,
// a quarter of the positions.
func canonical(q *engine.Position) key {
	return canonicalBoard(q.Pieces[engine.White], q.Pieces[engine.Black], q.Side)
}

// canonicalBoard is canonical of the board white, black with side to move.
func canonicalBoard(white, black engine.Bitboard, side engine.Color) key {
	k := keyOfBoard(white, black, side)
	for s := engine.MirrorLR; s < engine.NumSymmetries; s++ {
		c := keyOfBoard(white.Transform(s), black.Transform(s), side)
		if c.lo < k.lo || c.lo == k.lo && c.hi < k.hi {
			k = c
		}
	}
	return k
}

// add returns the index of the board white, black with side to move (or of an image) in
// the graph, adding it (with its leaf state) when new.
func (r *reach) add(white, black engine.Bitboard, side engine.Color) int32 {
	i, added := r.index.add(white, black, side, int32(len(r.keys)))
	if !added {
		return i
	}
	r.keys = append(r.keys, keyOfBoard(white, black, side))
	r.side = append(r.side, side)
	// In the graph's own space: the tables' probe, an interface's, would move a local
	// position to the heap each time.
	r.added = engine.NewPosition(white, black, side, 0, 0)
	r.leaf = append(r.leaf, r.leafOf(&r.added))
	return i
}

// indexOf returns the index of q (or of an image) in the graph.
func (r *reach) indexOf(q *engine.Position) (int32, bool) {
	return r.index.get(q.Pieces[engine.White], q.Pieces[engine.Black], q.Side)
}

// leafOf returns q's leaf state: its end, or its table's value.
func (r *reach) leafOf(q *engine.Position) uint8 {
	var o tablebase.Outcome
	if st := r.rules.Status(q); st.Over() {
		o = outcomeFor(st.Outcome, engine.White)
	} else {
		if r.tables == nil {
			return reachInner
		}
		v, found, err := r.tables.Probe(q, 0)
		if err != nil && r.err == nil {
			r.err = err
		}
		if err != nil || !found {
			return reachInner
		}
		o = viewOf(v.Outcome, q, engine.White)
	}
	switch o {
	case tablebase.Win:
		return reachBlackLoses
	case tablebase.Loss:
		return reachWhiteLoses
	}
	return reachDraw
}

// explore expands positions breadth first until the graph is whole, or stop says so
// (asked every 256 positions with the count so far), or it holds reachPositions; it
// returns the positions expanded.
func (r *reach) explore(stop func(expanded uint64) bool) uint64 {
	var n uint64
	for int(r.expanded) < len(r.keys) && r.err == nil {
		i := r.expanded
		if r.leaf[i] == reachInner {
			if len(r.keys) >= reachPositions {
				break
			}
			if n++; n&255 == 0 && stop(n) {
				break
			}
			p := keyPosition(r.keys[i])
			r.turns = p.DistinctTurns(r.rules, r.turns[:0], &r.seen)
			for _, t := range r.turns {
				q := p.Play(t) // its counters and hash play no part here
				r.succ = append(r.succ, r.add(q.Pieces[engine.White], q.Pieces[engine.Black], q.Side))
			}
		}
		r.start = append(r.start, int32(len(r.succ)))
		r.expanded++
	}
	return n
}

// whole reports whether every reachable position is explored.
func (r *reach) whole() bool { return int(r.expanded) == len(r.keys) }

// lost returns, for each position, whether the Opposite of claim c ("side does not
// lose") is forced there: the least set holding the leaves lost for side and the
// frontier, an other side's position with a turn into it and a side's position with all
// turns into it.
func (r *reach) lost(side engine.Color) []bool {
	return r.sweep(side, false).lost()
}

// lostNear is lost, the graph cut so that the set written from it stays small: to the
// fewest positions, cut in one order, that leave the root not lost, the exploration's
// order (nearest the root kept) or heldOrder (the squares the side holds best kept),
// whichever leaves fewer not lost. Where the root is lost, it is lost.
func (r *reach) lostNear(side engine.Color) []bool {
	w := r.sweep(side, false)
	if w.left[0] < 0 {
		return w.lost()
	}
	whole := w.lost()
	order := r.heldOrder(side, whole)
	left := slices.Clone(w.left)
	near, held, _ := w.cut(nil)
	w.left = left
	if lost, h, _ := w.cut(order); h < held {
		return lost
	}
	return near
}

// lostRanked is lost, with each lost position's rank when asked: the order in which the
// sweep found it, lower along every turn a win takes (a winning turn leads to a position
// found before, and a losing side's position is found after all its turns' positions).
func (r *reach) lostRanked(side engine.Color, ranked bool) ([]bool, []int32) {
	w := r.sweep(side, ranked)
	return w.lost(), w.rank
}

// sweep returns the sweep of side's claim, done.
func (r *reach) sweep(side engine.Color, ranked bool) *sweeper {
	n := len(r.keys)
	w := &sweeper{expanded: r.expanded, left: make([]int32, n), queue: make([]int32, 0, 1024)}
	if ranked {
		w.rank = make([]int32, n)
	}
	losing := reachWhiteLoses
	if side == engine.Black {
		losing = reachBlackLoses
	}
	w.pred, w.pstart = r.predecessors()
	for i := 0; i < n; i++ {
		switch {
		case r.leaf[i] == losing || (i >= int(r.expanded) && r.leaf[i] == reachInner):
			w.mark(int32(i))
		case i < int(r.expanded) && r.leaf[i] == reachInner:
			w.left[i] = 1 // the other side's: its first turn into a lost position loses it
			if r.side[i] == side {
				w.left[i] = r.start[i+1] - r.start[i]
			}
		}
	}
	w.propagate()
	return w
}

// predecessors returns the positions with a turn into each position j,
// pred[pstart[j]:pstart[j+1]]: the successors' lists reversed, kept for the sweeps of
// the graph as it is (the two claims', a win's).
func (r *reach) predecessors() (pred, pstart []int32) {
	if r.pred.expanded == r.expanded && r.pred.pstart != nil {
		return r.pred.pred, r.pred.pstart
	}
	r.pred.pred, r.pred.pstart = nil, nil // for the collector, before the next
	n := len(r.keys)
	pstart = make([]int32, n+1)
	for _, j := range r.succ {
		pstart[j+1]++
	}
	for i := 0; i < n; i++ {
		pstart[i+1] += pstart[i]
	}
	pred = make([]int32, len(r.succ))
	fill := append([]int32(nil), pstart[:n]...)
	for i := int32(0); i < r.expanded; i++ {
		for _, j := range r.succ[r.start[i]:r.start[i+1]] {
			pred[fill[j]] = i
			fill[j]++
		}
	}
	r.pred.pred, r.pred.pstart, r.pred.expanded = pred, pstart, r.expanded
	return pred, pstart
}

// sweeper is a sweep's state: for each position, -1 once lost, else the turns that must
// lead to lost positions before it is (all of the side's, one of the other side's; 0
// for a leaf not lost), kept up to date as more are marked; one array, read at random, so
// that a predecessor costs one cache line.
type sweeper struct {
	expanded     int32 // the graph's
	left         []int32
	rank         []int32 // nil: not ranked
	found        int32
	pred, pstart []int32 // the predecessors of j: pred[pstart[j]:pstart[j+1]]
	queue        []int32
	marked       []int32 // what the cut of one position marked, when logging
	logging      bool
}

// lost returns the positions marked lost.
func (w *sweeper) lost() []bool {
	lost := make([]bool, len(w.left))
	for i, l := range w.left {
		lost[i] = l < 0
	}
	return lost
}

// mark marks i lost, its predecessors to see to.
func (w *sweeper) mark(i int32) {
	w.left[i] = -1
	if w.rank != nil {
		w.rank[i] = w.found
	}
	w.found++
	if w.logging {
		w.marked = append(w.marked, i)
	}
	w.queue = append(w.queue, i)
}

// propagate marks lost what the positions marked force: the other side's positions with
// a turn into one, the side's with every turn.
func (w *sweeper) propagate() {
	for len(w.queue) > 0 {
		j := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		for _, i := range w.pred[w.pstart[j]:w.pstart[j+1]] {
			switch l := w.left[i]; {
			case l < 0:
			case l > 1:
				w.left[i] = l - 1
			default:
				w.mark(i)
			}
		}
	}
}

// cut counts the explored inner positions but the root as unexplored (lost) one at a
// time, the last of order first (nil: the exploration's order), until the root falls, and
// keeps the cut before that one; it returns the positions lost, how many are left not
// lost and how many of order it kept. Each position is marked once over all the cuts: a
// sweep's work.
func (w *sweeper) cut(order []int32) (lost []bool, held, kept int) {
	w.logging = true
	defer func() { w.logging = false }()
	x := int(w.expanded) - 1
	for ; x >= 0; x-- {
		i := int32(x)
		if order != nil {
			i = order[x]
		}
		if i == 0 || w.left[i] <= 0 {
			continue // the root, lost already, or a leaf not lost
		}
		w.marked = w.marked[:0]
		w.mark(i)
		w.propagate()
		if w.left[0] < 0 {
			break
		}
	}
	lost = w.lost()
	if x >= 0 {
		for _, j := range w.marked {
			lost[j] = false
		}
	}
	for _, l := range lost {
		if !l {
			held++
		}
	}
	return lost, held, x + 1
}

// heldOrder returns the explored positions ordered by the share of the other side's
// positions not lost among those with the side's pieces where they are (up to the
// symmetries), the highest first, and in the exploration's order among equals: the
// squares the side holds best first.
func (r *reach) heldOrder(side engine.Color, lost []bool) []int32 {
	n := int(r.expanded)
	// A code for the side's pieces up to the symmetries: their count and their orbit.
	var good, all [reachSide + 1][]int32
	code := make([]int32, n)
	for i := 0; i < n; i++ {
		b := r.keys[i].pieces(side)
		k := b.Count()
		if k > reachSide {
			code[i] = -1
			continue
		}
		orbit, orbits := tablebase.Orbit(b)
		rk := int32(orbit)
		code[i] = int32(k)<<20 | rk
		if r.side[i] != side {
			if all[k] == nil {
				all[k] = make([]int32, orbits)
				good[k] = make([]int32, len(all[k]))
			}
			all[k][rk]++
			if !lost[i] {
				good[k][rk]++
			}
		}
	}
	// The codes by share, then each position's place by its code's (a counting sort).
	type share struct {
		code      int32
		good, all int32
	}
	var shares []share
	for k := range all {
		for rk, a := range all[k] {
			if a > 0 {
				shares = append(shares, share{int32(k)<<20 | int32(rk), good[k][rk], a})
			}
		}
	}
	slices.SortFunc(shares, func(x, y share) int {
		if d := int64(y.good)*int64(x.all) - int64(x.good)*int64(y.all); d != 0 {
			return int(min(max(d, -1), 1))
		}
		return int(x.code - y.code)
	})
	for b, sh := range shares {
		all[sh.code>>20][sh.code&(1<<20-1)] = int32(b) + 1 // the counts read, their place
	}
	last := int32(len(shares)) // the pieces never seen where the other side moves
	count := make([]int32, last+2)
	for i, c := range code {
		b := last
		if c >= 0 && all[c>>20] != nil && all[c>>20][c&(1<<20-1)] > 0 {
			b = all[c>>20][c&(1<<20-1)] - 1
		}
		code[i] = b
		count[b+1]++
	}
	for b := 1; b < len(count); b++ {
		count[b] += count[b-1]
	}
	order := make([]int32, n)
	for i, b := range code {
		order[count[b]] = int32(i)
		count[b]++
	}
	return order
}

// section returns the closed set proving c about root when its image is not lost: from
// root, the claim side's first turn not lost (one into a position already in the set
// preferred, to keep the set small) and every turn of the other side. The set holds the
// positions themselves, not their images, as the checker walks them.
// Past deadline (zero: none), with the check of the records written still to come, it
// stops (ok false), to go on from there when asked again.
//
// With rank (a "wins" claim, lost and rank the sweep's of the other side's claim), the
// set is the win's proof: the claim side's turn into a position lost of a lower rank, so
// that no line returns.
func (r *reach) section(root engine.Position, c Claim, lost []bool, rank []int32, tables Tables, toolkit string, deadline time.Time) (Section, bool, error) {
	if lost[0] == (rank == nil) {
		return Section{}, false, nil
	}
	w := r.writing[c]
	if w == nil {
		rk, _ := keyOf(&root, 0)
		w = &writing{stack: []engine.Position{root}, held: map[engine.Bitboard]int32{}}
		w.in.add(rk, 0)
		r.writing[c] = w
	}
	records, in, stack := w.records, &w.in, w.stack
	defer func() { w.records, w.stack = records, stack }()
	var qs []engine.Position
	for len(stack) > 0 {
		if len(records)&1023 == 0 && !deadline.IsZero() && time.Now().Add(time.Duration(len(records))*recordCheck).After(deadline) {
			return Section{}, false, nil
		}
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, _ := r.indexOf(&p)
		if r.leaf[i] != reachInner {
			rec := Record{Type: RecordEnd, FEN: p.FEN()}
			if st := r.rules.Status(&p); !st.Over() {
				leaf := p // the probe's own: p stays on the stack
				v, _, err := tables.Probe(&leaf, 0)
				if err != nil {
					return Section{}, false, err
				}
				cl, _ := tablebase.ClassOf(&leaf)
				rec = Record{Type: RecordTable, FEN: rec.FEN, Value: v.Outcome.String(),
					File: baseName(tables.File(tablebase.TableID{Class: cl, Rule: tablebase.PaikaRule(0)}))}
			}
			records = append(records, rec)
			continue
		}
		r.turns = p.DistinctTurns(r.rules, r.turns[:0], &r.seen)
		turns := r.turns
		qs = qs[:0]
		for _, t := range turns {
			qs = append(qs, normalise(p.Play(t), 0))
		}
		if p.Side != c.Side {
			records = append(records, Record{Type: RecordDefend, FEN: p.FEN()})
			for x := range qs {
				if k, _ := keyOf(&qs[x], 0); in.put(k) {
					w.held[qs[x].Pieces[c.Side]]++
					stack = append(stack, qs[x])
				}
			}
			continue
		}
		// A turn into the set, else one that ends the line (a table's position or the
		// game's end), else the one whose pieces of the claim side the set holds most
		// often: the other side's turns then meet positions held (a weaker side's set
		// shrinks from millions of positions to tens of thousands).
		pick, best, inPick := -1, -1, false
		for x := range qs {
			k, _ := keyOf(&qs[x], 0)
			j, ok := r.indexOf(&qs[x])
			if !ok || lost[j] == (rank == nil) || rank != nil && rank[j] >= rank[i] {
				continue
			}
			rank := int(w.held[qs[x].Pieces[c.Side]])
			switch {
			case in.has(k):
				rank = 2 << 30
			case r.leaf[j] != reachInner:
				rank = 1 << 30
			}
			if rank > best {
				pick, best, inPick = x, rank, rank == 2<<30
			}
		}
		if pick < 0 {
			return Section{}, false, fmt.Errorf("proof: %s: no turn of the closed set (the graph and the rules disagree)", p.FEN())
		}
		records = append(records, Record{Type: RecordProve, FEN: p.FEN(), Turn: turns[pick].String()})
		if !inPick {
			k, _ := keyOf(&qs[pick], 0)
			in.put(k)
			w.held[qs[pick].Pieces[c.Side]]++
			stack = append(stack, qs[pick])
		}
	}
	delete(r.writing, c)
	sums, err := tableSums(tables, 0, records)
	if err != nil {
		return Section{}, false, err
	}
	h := Header{Format: FormatName, Version: FormatVersion, Rules: r.rules.String(), PaikaLimit: 0,
		Toolkit: toolkit, Tables: sums, Claim: c.String(), Root: root.FEN()}
	return Section{Header: h, Records: records}, true, nil
}

// recordCheck is about the time a record of a set takes to check and encode, once
// written; sweepEdge the time the sweep takes an edge of the graph.
const (
	recordCheck = 10 * time.Microsecond
	sweepEdge   = 60 * time.Nanosecond
)

// reachClosedSet looks for the closed set proving c, a "does not lose" claim, about p
// within b, exploring on from the graph kept about p (s.reach), and returns its section
// (ok false: the root is lost in the graph explored so far) and the positions expanded.
func (s *Prover) reachClosedSet(ctx context.Context, p engine.Position, c Claim, b Budget, toolkit string) (sec Section, ok bool, nodes uint64, err error) {
	root := normalise(p, 0)
	if s.reach == nil || s.reach.root != canonical(&root) || s.reach.tables != s.tables {
		s.reach = newReach(root, s.tables)
	}
	r := s.reach
	var deadline time.Time
	if b.Time > 0 {
		deadline = time.Now().Add(b.Time)
	}
	if r.held[c.Side] == nil {
		// The exploration leaves an eighth of the time, and at least the sweep's, to the
		// sweep, the set's records and their check (which give up when they would take
		// longer).
		var explored time.Time
		if b.Time > 0 {
			explored = deadline.Add(-b.Time / 8)
		}
		nodes = r.explore(func(n uint64) bool {
			sweep := time.Duration(len(r.succ)) * sweepEdge
			return ctx.Err() != nil || (!explored.IsZero() && time.Now().Add(sweep).After(explored)) || (b.Nodes > 0 && n >= b.Nodes)
		})
		if r.err != nil {
			return Section{}, false, nodes, r.err
		}
		if !r.whole() && 2*r.expanded < 3*r.swept[c.Side] {
			return Section{}, false, nodes, nil
		}
		lost := r.lostNear(c.Side)
		if lost[0] {
			r.swept[c.Side] = r.expanded
			return Section{}, false, nodes, nil
		}
		r.held[c.Side] = lost
	}
	sec, ok, err = r.section(root, c, r.held[c.Side], nil, s.tables, toolkit, deadline)
	return sec, ok, nodes, err
}

// wholeGraph returns the graph kept (s.reach) when it is about p, under the theoretic
// rules, over the prover's tables, and whole; else nil.
func (s *Prover) wholeGraph(p *engine.Position) *reach {
	if s.reach == nil || !s.reachDecides(p) || s.reach.tables != s.tables || !s.reach.whole() {
		return nil
	}
	if root := normalise(*p, 0); s.reach.root != canonical(&root) {
		return nil
	}
	return s.reach
}

// reachWin looks for the proof of c, a "wins" claim, about p in the graph kept about p
// once it is whole (s.reach after reachClosedSet): the other side's "does not lose" lost
// at the root, the sweep's order gives the proof (section), written until deadline.
func (s *Prover) reachWin(p engine.Position, c Claim, deadline time.Time, toolkit string) (Section, bool, error) {
	r := s.wholeGraph(&p)
	if r == nil || r.held[c.Side.Other()] != nil {
		return Section{}, false, nil // no graph, or the other side does not lose
	}
	root := normalise(p, 0)
	if r.won[c.Side].lost == nil {
		r.won[c.Side].lost, r.won[c.Side].rank = r.lostRanked(c.Side.Other(), true)
	}
	return r.section(root, c, r.won[c.Side].lost, r.won[c.Side].rank, s.tables, toolkit, deadline)
}
