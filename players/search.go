// search.go: the alpha-beta searcher behind easy, medium, hard and expert: negamax with
// principal-variation search, capture quiescence, transposition table, killer and history
// ordering, optional late-move reductions and tablebase probes. Copy-make on fixed
// per-ply buffers: nothing is allocated per node.

package players

import (
	"context"
	"time"

	"github.com/fanorona/fanorona/engine"
)

const (
	maxPly   = 128 // search stack height: depth plus quiescence plies
	infinity = MateScore + 1
	pollMask = 4095 // poll the context and the clock every 4096 nodes
)

// searchConfig selects the features of a search, so each can be switched off and measured.
type searchConfig struct {
	maxDepth  int           // iterative deepening stops after this depth
	maxNodes  uint64        // 0 = no limit
	maxTime   time.Duration // 0 = no limit
	hashMB    int           // transposition table size; 0 = none
	quiesce   bool          // extend leaves while the side to move must capture
	qMaxPlies int           // cap on quiescence plies
	killers   bool          // killer and history ordering of paika turns
	lmr       bool          // reduce late paika turns by one ply
}

// searcher owns every buffer a search needs; it is reused from search to search.
type searcher struct {
	cfg       searchConfig
	rules     engine.Rules
	oracle    Oracle
	oracleMax int
	tt        *transTable

	nodes    uint64
	stopped  bool
	done     <-chan struct{}
	deadline time.Time

	turns   [maxPly][]engine.Turn
	order   [maxPly][]int64 // ordering key << 16 | index into turns
	seen    engine.ResultSet
	killers [maxPly][2]uint16
	history [engine.Points][engine.Points]int32
	pos     [maxPly]engine.Position // the child positions, one per ply (copy-make)
	pv      [maxPly][maxPly]engine.Turn
	pvLen   [maxPly]int
}

func newSearcher(cfg searchConfig, oracle Oracle) *searcher {
	s := &searcher{cfg: cfg, oracle: oracle, oracleMax: engine.Points}
	if l, ok := oracle.(PieceLimiter); ok {
		s.oracleMax = l.MaxPieces()
	}
	s.tt = newTransTable(cfg.hashMB)
	for i := range s.turns {
		s.turns[i] = make([]engine.Turn, 0, 64)
		s.order[i] = make([]int64, 0, 64)
	}
	return s
}

// begin resets the per-search state: counters, limits, the table's generation, killers
// and history. A search thus depends only on the position and the limits.
func (s *searcher) begin(ctx context.Context, r engine.Rules, maxNodes uint64, maxTime time.Duration) {
	s.rules = r
	s.nodes = 0
	s.stopped = false
	s.done = ctx.Done()
	s.cfg.maxNodes = maxNodes
	s.deadline = time.Time{}
	if maxTime > 0 {
		s.deadline = time.Now().Add(maxTime)
	}
	if s.tt != nil {
		s.tt.newSearch()
	}
	s.killers = [maxPly][2]uint16{}
	s.history = [engine.Points][engine.Points]int32{}
}

// poll checks the node limit every node and the context and the clock every 4096 nodes.
func (s *searcher) poll() {
	if s.cfg.maxNodes > 0 && s.nodes >= s.cfg.maxNodes {
		s.stopped = true
		return
	}
	if s.nodes&pollMask != 0 {
		return
	}
	select {
	case <-s.done:
		s.stopped = true
		return
	default:
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = true
	}
}

// terminal scores a finished game at p (ply plies from the root) by the rules' own
// verdict: a loss for the side to move (it never wins on its own turn), else a draw.
func (s *searcher) terminal(p *engine.Position, ply int) (int, bool) {
	switch st := s.rules.Status(p); st.Outcome {
	case engine.Ongoing:
		return 0, false
	case engine.Draw:
		return 0, true
	}
	return -(MateScore - ply), true
}

// probe asks the oracle about p, when it may know it.
func (s *searcher) probe(p *engine.Position, ply int) (int, bool) {
	if s.oracle == nil || p.Occupied().Count() > s.oracleMax {
		return 0, false
	}
	v, plies, ok := s.oracle.Probe(p, s.rules)
	if !ok {
		return 0, false
	}
	switch {
	case v > 0:
		return TBWinScore - ply - plies, true
	case v < 0:
		return -(TBWinScore - ply - plies), true
	}
	return 0, true
}

// key is the table key: the Zobrist hash, with the paika counter mixed in when a paika
// limit applies (it changes the value of the position).
func (s *searcher) key(p *engine.Position) uint64 {
	k := p.Hash()
	if s.rules.PaikaLimit > 0 {
		k ^= mix64(uint64(p.Paika) + 0x7061696b61) // "paika"
	}
	return k
}

func killerKey(t engine.Turn) uint16 { return uint16(t.From)<<8 | uint16(t.To) }

// generate fills the ply's turn buffer with p's distinct turns and its order buffer with
// ordering keys: the table's turn first, then captures by the number of pieces taken,
// then killers, then paika turns by history.
func (s *searcher) generate(p *engine.Position, ply int, ttMove int) ([]engine.Turn, []int64) {
	turns := p.DistinctTurns(s.rules, s.turns[ply][:0], &s.seen)
	s.turns[ply] = turns[:0]
	order := s.order[ply][:0]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, t := range turns {
		var key int64
		switch {
		case i == ttMove:
			key = 1 << 40
		case t.Captured != 0:
			key = 1<<32 + int64(t.Captured.Count())<<8 - int64(t.Len)
		case s.cfg.killers && killerKey(t) == k0:
			key = 1<<31 + 2
		case s.cfg.killers && killerKey(t) == k1:
			key = 1<<31 + 1
		case s.cfg.killers:
			key = int64(s.history[t.From][t.To])
		}
		order = append(order, key<<16|int64(i))
	}
	s.order[ply] = order[:0]
	return turns, order
}

// pick moves the best remaining entry of order[i:] to i and returns its turn index.
func pick(order []int64, i int) int {
	best := i
	for j := i + 1; j < len(order); j++ {
		if order[j] > order[best] {
			best = j
		}
	}
	order[i], order[best] = order[best], order[i]
	return int(order[i] & 0xffff)
}

func (s *searcher) updatePV(ply int, t engine.Turn) {
	s.pv[ply][ply] = t
	n := s.pvLen[ply+1]
	copy(s.pv[ply][ply+1:n], s.pv[ply+1][ply+1:n])
	s.pvLen[ply] = n
}

// negamax returns the score of p for the side to move, searching depth plies and then
// the captures; alpha-beta with a null-window search of every turn after the first.
func (s *searcher) negamax(p *engine.Position, depth, ply, alpha, beta int) int {
	s.pvLen[ply] = ply
	s.nodes++
	s.poll()
	if s.stopped {
		return 0
	}
	if v, over := s.terminal(p, ply); over {
		return v
	}
	if ply >= maxPly-1 {
		return Evaluate(p)
	}
	if ply > 0 {
		if v, ok := s.probe(p, ply); ok {
			return v
		}
	}
	if depth <= 0 {
		if s.cfg.quiesce {
			return s.qsearch(p, ply, 0, alpha, beta)
		}
		return Evaluate(p)
	}

	var key uint64
	ttMove := -1
	if s.tt != nil {
		key = s.key(p)
		if e := s.tt.probe(key); e != nil {
			ttMove = int(e.move) - 1
			if ply > 0 && int(e.depth) >= depth {
				v := scoreFromTT(int(e.score), ply)
				switch {
				case e.bound == boundExact,
					e.bound == boundLower && v >= beta,
					e.bound == boundUpper && v <= alpha:
					return v
				}
			}
		}
	}

	turns, order := s.generate(p, ply, ttMove)
	origAlpha := alpha
	best, bestIdx := -infinity, -1
	for i := range order {
		idx := pick(order, i)
		t := turns[idx]
		q := &s.pos[ply+1]
		*q = p.Play(t)
		var v int
		if i == 0 {
			v = -s.negamax(q, depth-1, ply+1, -beta, -alpha)
		} else {
			red := 0
			if s.cfg.lmr && depth >= 3 && i >= 4 && t.Captured == 0 && order[i]>>16 < 1<<31 {
				red = 1
			}
			v = -s.negamax(q, depth-1-red, ply+1, -alpha-1, -alpha)
			if v > alpha && (red > 0 || v < beta) {
				v = -s.negamax(q, depth-1, ply+1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestIdx = v, idx
			if v > alpha {
				alpha = v
				s.updatePV(ply, t)
				if v >= beta {
					if t.Captured == 0 && s.cfg.killers {
						if k := killerKey(t); s.killers[ply][0] != k {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = k
						}
						s.history[t.From][t.To] += int32(depth * depth)
					}
					break
				}
			}
		}
	}
	if s.tt != nil {
		bound := boundExact
		switch {
		case best >= beta:
			bound = boundLower
		case best <= origAlpha:
			bound = boundUpper
			bestIdx = -1
		}
		s.tt.store(key, depth, scoreToTT(best, ply), bound, bestIdx)
	}
	return best
}

// qsearch extends a leaf while the side to move must capture. Captures are compulsory, so
// standing pat is not a legal option in the game; it is used anyway as a bound, because
// searching every forced chain to its end made depth 1 from the start cost 156 M nodes
// (docs/PERFORMANCE.md). A position without a capture is scored statically.
func (s *searcher) qsearch(p *engine.Position, ply, qply, alpha, beta int) int {
	s.pvLen[ply] = ply
	s.nodes++
	s.poll()
	if s.stopped {
		return 0
	}
	if v, over := s.terminal(p, ply); over {
		return v
	}
	if qply > 0 {
		if v, ok := s.probe(p, ply); ok {
			return v
		}
	}
	stand := Evaluate(p)
	if ply >= maxPly-1 || qply >= s.cfg.qMaxPlies || !p.CanCapture() || stand >= beta {
		return stand
	}
	best := stand
	if stand > alpha {
		alpha = stand
	}
	turns, order := s.generate(p, ply, -1)
	for i := range order {
		idx := pick(order, i)
		q := &s.pos[ply+1]
		*q = p.Play(turns[idx])
		v := -s.qsearch(q, ply+1, qply+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.updatePV(ply, turns[idx])
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// iterate runs iterative deepening from the root p up to s.cfg.maxDepth (or until a limit
// stops it) and returns the result of the last completed iteration. p must have a turn.
func (s *searcher) iterate(ctx context.Context, p *engine.Position, r engine.Rules, maxDepth int) Analysis {
	start := time.Now()
	s.begin(ctx, r, s.cfg.maxNodes, s.cfg.maxTime)
	if a, ok := s.oracleRoot(p); ok {
		a.Time = time.Since(start)
		return a
	}
	var a Analysis
	// Before any iteration completes: the turn ordered first (the biggest capture).
	turns, order := s.generate(p, 0, -1)
	a.Turn = turns[pick(order, 0)]
	a.PV = []engine.Turn{a.Turn}
	a.Score = Evaluate(p)
	for d := 1; d <= maxDepth && d < maxPly/2; d++ {
		v := s.negamax(p, d, 0, -infinity, infinity)
		if s.stopped {
			break
		}
		a.Depth, a.Score = d, v
		a.PV = append(a.PV[:0], s.pv[0][:s.pvLen[0]]...)
		a.Turn = a.PV[0]
		if n, ok := MatePlies(v); ok && n <= d {
			break // a forced result inside the horizon: deeper search cannot change it
		}
	}
	a.Nodes = s.nodes
	a.Time = time.Since(start)
	return a
}
