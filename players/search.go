// search.go: the alpha-beta searcher behind easy, medium, hard and expert: negamax with
// principal-variation search, capture quiescence, transposition table, killer, history
// and countermove ordering, reductions and pruning of paika turns, aspiration windows and
// tablebase probes. Copy-make on fixed per-ply buffers: nothing is allocated per node.

package players

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

const (
	maxPly   = 128 // search stack height: depth plus quiescence plies
	infinity = MateScore + 1
	pollMask = 1023 // poll the context, the clock and the halt flag every 1024 nodes
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

	// The expert's features (the levels search without them).
	evalWeights *[NumFeatures]int // the hand evaluation with these weights (EvaluateWeights); nil: Evaluate
	net         *nnue.Net         // the network's evaluation (it takes precedence over evalWeights); nil: none
	progress    bool              // pull static scores toward the draw as the paika counter nears the limit
	ordering    bool              // countermove ordering, history with a malus for paika turns that failed
	lmr         bool              // reductions growing with depth and move number, at paika nodes only
	prune       bool              // reverse futility, futility and late-move pruning at paika nodes, depth ≤ 3
	aspiration  bool              // aspiration windows at the root from depth 4
}

// searcher owns every buffer a search needs; it is reused from search to search.
type searcher struct {
	cfg       searchConfig
	rules     engine.Rules
	oracle    Oracle
	oracleMax int
	// oracleCheap: positions of more pieces cost the oracle a disk read (CostLimiter).
	oracleCheap int
	tt          *transTable
	acc         *nnue.Stack // the network's accumulators, one pair a ply (net only)

	nodes    uint64
	stopped  bool
	done     <-chan struct{}
	deadline time.Time
	halt     *atomic.Bool // set by the main thread of a parallel search to stop its helpers

	turns    [maxPly][]engine.Turn
	order    [maxPly][]int64 // ordering key << 16 | index into turns
	seen     engine.ResultSet
	killers  [maxPly][2]uint16
	history  [engine.Points][engine.Points]int32
	counter  [engine.Points][engine.Points]uint16 // the paika turn that refuted a turn from–to
	played   [maxPly]engine.Turn                  // the turn played from each ply
	pos      [maxPly]engine.Position              // the child positions, one per ply (copy-make)
	pv       [maxPly][maxPly]engine.Turn
	pvLen    [maxPly]int
	rootBias []int // per root turn index: a score added at the root (vary); nil = none
}

// lmrTable[d][i] is the reduction of the i-th paika turn at depth d (lmr).
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.0)
		}
	}
}

// newSearcher returns a searcher with cfg and oracle: one a closed player gave back when
// there is one (reuse.go; cleared, its buffers kept), else a new one.
func newSearcher(cfg searchConfig, oracle Oracle) *searcher {
	s := reusedSearcher()
	if s == nil {
		s = new(searcher)
		for i := range s.turns {
			s.turns[i] = make([]engine.Turn, 0, 64)
			s.order[i] = make([]int64, 0, 64)
		}
	}
	s.cfg, s.oracle, s.oracleMax = cfg, oracle, OracleReach(oracle)
	s.oracleCheap = s.oracleMax
	if l, ok := oracle.(CostLimiter); ok {
		s.oracleCheap = l.CheapPieces()
	}
	s.tt = newTransTable(cfg.hashMB)
	if cfg.net != nil {
		s.acc = cfg.net.NewStack(maxPly)
	}
	return s
}

// begin resets the per-search state: counters, limits, killers and history (the table's
// generation is the caller's: the threads of a parallel search share one). A search thus
// depends only on the position and the limits.
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
	s.killers = [maxPly][2]uint16{}
	s.history = [engine.Points][engine.Points]int32{}
	s.counter = [engine.Points][engine.Points]uint16{}
}

// poll checks the node limit every node and the context, the clock and the halt flag
// every 1024 nodes (a few milliseconds at worst on a loaded machine).
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
	if s.halt != nil && s.halt.Load() {
		s.stopped = true
	}
}

// terminal scores a finished game at p (ply plies from the root) by the rules' own
// verdict: a loss for the side to move (it never wins on its own turn), else a draw. The
// paika limit is such a draw, scored 0 inside the tree like any other.
func (s *searcher) terminal(p *engine.Position, ply int) (int, bool) {
	switch st := s.rules.Status(p); st.Outcome {
	case engine.Ongoing:
		return 0, false
	case engine.Draw:
		return 0, true
	}
	return -(MateScore - ply), true
}

// costlyProbeDepth is the depth left from which a node probes positions the oracle may
// read from disk (CostLimiter): a read costs about two hundred nodes, so the last ply and
// quiescence search on instead.
const costlyProbeDepth = 2

// probe asks the oracle about p, when it may know it and, for a costly probe, depth is
// left to search.
func (s *searcher) probe(p *engine.Position, ply, depth int) (int, bool) {
	n := p.Occupied().Count()
	if s.oracle == nil || n > s.oracleMax || n > s.oracleCheap && depth < costlyProbeDepth {
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

// evaluate is the static score of p, the position at ply, for the side to move under the
// search's features.
func (s *searcher) evaluate(p *engine.Position, ply int) int {
	var v int
	if s.acc != nil {
		v = s.netScore(p, ply)
	} else if w := s.cfg.evalWeights; w != nil {
		v = EvaluateWeights(p, w)
	} else {
		v = Evaluate(p)
	}
	return s.progressed(p, v)
}

// evaluateQuiet is evaluate, also reporting whether p is quiet (no capture for the side to
// move): the learned evaluation finds that out on its way, which saves quiescence a
// second pass over the board.
func (s *searcher) evaluateQuiet(p *engine.Position, ply int) (int, bool) {
	if s.acc != nil && !p.CanCapture() {
		return s.progressed(p, s.netScore(p, ply)), true
	}
	// A capture node's score is only quiescence's stand-pat bound: the net, trained on
	// quiet positions, is not asked there; the hand evaluation bounds it at a tenth of the cost.
	if w := s.cfg.evalWeights; w != nil {
		v, quiet := evaluateWeightsQuiet(p, w)
		return s.progressed(p, v), quiet
	}
	return s.progressed(p, Evaluate(p)), !p.CanCapture()
}

// netScore is the network's score of p, the position at ply, kept inside ±(WinBound − 1)
// so that no net makes a static score pass for a proven result.
func (s *searcher) netScore(p *engine.Position, ply int) int {
	return min(max(s.acc.Evaluate(ply, p), -(WinBound-1)), WinBound-1)
}

// play makes the child of p at ply by t in the ply's buffer, with its accumulators.
func (s *searcher) play(p *engine.Position, ply int, t engine.Turn) *engine.Position {
	q := &s.pos[ply+1]
	*q = p.Play(t)
	if s.acc != nil {
		s.acc.Played(ply, q)
	}
	return q
}

// progressed is the static score v of p under the progress switch.
func (s *searcher) progressed(p *engine.Position, v int) int {
	if s.cfg.progress {
		return ProgressScale(v, p.Paika, s.rules.PaikaLimit)
	}
	return v
}

// ProgressStart is the paika count from which ProgressScale pulls scores toward the draw,
// as a fraction of the limit: a fifth (10 plies of 50).
const ProgressStart = 5

// ProgressScale returns the static score v of a position whose paika counter is paika,
// under a paika limit (0 = none): unchanged up to limit/ProgressStart plies, then pulled
// linearly toward 0, the draw the limit will bring, reaching 0 at the limit:
// v·(limit − paika)/(limit − limit/ProgressStart). A side ahead thus gains by capturing
// (the counter restarts at 0) rather than by waiting, and the gain grows as the limit
// nears; a side behind gains by waiting.
func ProgressScale(v, paika, limit int) int {
	start := limit / ProgressStart
	if limit <= 0 || paika <= start {
		return v
	}
	if paika >= limit {
		return 0
	}
	return v * (limit - paika) / (limit - start)
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

// Ordering keys (before the index is packed in): the table's turn, captures, killers and
// the countermove above every history score.
const (
	keyTT      = 1 << 40
	keyCapture = 1 << 32
	keyKiller  = 1 << 31
)

// generate fills the ply's turn buffer with p's distinct turns and its order buffer with
// ordering keys: the table's turn first, then captures by the number of pieces taken,
// then killers (and the countermove, with ordering), then paika turns by history.
func (s *searcher) generate(p *engine.Position, ply int, ttMove int) ([]engine.Turn, []int64) {
	turns := p.DistinctTurns(s.rules, s.turns[ply][:0], &s.seen)
	s.turns[ply] = turns[:0]
	order := s.order[ply][:0]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	var cm uint16
	if s.cfg.ordering && ply > 0 {
		prev := s.played[ply-1]
		cm = s.counter[prev.From][prev.To]
	}
	for i, t := range turns {
		var key int64
		switch {
		case i == ttMove:
			key = keyTT
		case t.Captured != 0:
			key = keyCapture + int64(t.Captured.Count())<<8 - int64(t.Len)
		case s.cfg.killers && killerKey(t) == k0:
			key = keyKiller + 3
		case s.cfg.killers && killerKey(t) == k1:
			key = keyKiller + 2
		case cm != 0 && killerKey(t) == cm:
			key = keyKiller + 1
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

// historyMax bounds the history scores of the ordering feature (gravity keeps them in
// ±historyMax).
const historyMax = 1 << 14

func (s *searcher) addHistory(t engine.Turn, bonus int32) {
	h := &s.history[t.From][t.To]
	if !s.cfg.ordering {
		*h += bonus
		return
	}
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}

// cutoff records a paika turn t that refuted the node at ply searched depth plies:
// killers, history (less for the paika turns tried before it, with ordering) and the
// countermove of the turn that led here.
func (s *searcher) cutoff(t engine.Turn, ply, depth int, tried []int64, turns []engine.Turn) {
	if k := killerKey(t); s.killers[ply][0] != k {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = k
	}
	bonus := int32(depth * depth)
	if s.cfg.ordering {
		bonus = int32(min(depth*depth, 400))
		for _, o := range tried {
			s.addHistory(turns[o&0xffff], -bonus)
		}
		if ply > 0 {
			prev := s.played[ply-1]
			s.counter[prev.From][prev.To] = killerKey(t)
		}
	}
	s.addHistory(t, bonus)
}

// reduction returns the plies by which the i-th turn tried (ordering key key) of a node
// searched depth plies is reduced (lmr): paika turns from the fourth on, not the table's
// turn nor a killer or countermove, at quiet nodes from depth 3, by lmrTable less one at
// PV nodes, leaving at least one ply.
func (s *searcher) reduction(i int, key int64, depth int, quietNode, pvNode bool) int {
	if s.cfg.lmr && quietNode && depth >= 3 && i >= 3 && key < keyKiller {
		red := int(lmrTable[min(depth, 63)][min(i, 63)])
		if pvNode {
			red--
		}
		return max(0, min(red, depth-2))
	}
	return 0
}

// Pruning margins of paika nodes (prune), in hundredths of a piece.
const (
	reverseFutilityMargin = 90 // per ply: a score this far above beta is not searched
	futilityMargin        = 70 // per ply: paika turns from this far below alpha are skipped
)

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
		return s.evaluate(p, ply)
	}
	if ply > 0 {
		if v, ok := s.probe(p, ply, depth); ok {
			return v
		}
	}
	if depth <= 0 {
		if s.cfg.quiesce {
			return s.qsearch(p, ply, 0, alpha, beta)
		}
		return s.evaluate(p, ply)
	}

	var key uint64
	ttMove := -1
	if s.tt != nil {
		key = s.key(p)
		if e, ok := s.tt.probe(key); ok {
			ttMove = int(e.move) - 1
			if ply > 0 && int(e.depth) >= depth {
				if v := scoreFromTT(int(e.score), ply); e.decides(v, alpha, beta) {
					return v
				}
			}
		}
	}

	// Pruning applies at paika nodes only: a capture is compulsory, and a chain of them is
	// where the tactics are, so capture nodes are searched in full.
	pvNode := beta-alpha > 1
	quietNode := !p.CanCapture()
	canPrune := s.cfg.prune && quietNode && !pvNode && ply > 0 && depth <= 3 &&
		alpha > -WinBound && beta < WinBound
	static := 0
	if canPrune {
		static = s.evaluate(p, ply)
		if static-reverseFutilityMargin*depth >= beta {
			return static
		}
	}

	turns, order := s.generate(p, ply, ttMove)
	origAlpha := alpha
	best, bestIdx := -infinity, -1
	for i := range order {
		idx := pick(order, i)
		t := turns[idx]
		prunable := canPrune && i > 0 && best > -WinBound
		if prunable && i >= 3+2*depth*depth {
			break // the remaining paika turns come later in the order: all pruned
		}
		q := s.play(p, ply, t)
		// Futility skips a paika turn that cannot lift the static score to alpha, unless
		// it leaves the opponent a capture: the capture is compulsory, so such a turn
		// forces the reply (a lure, the game's commonest combination) and its worth is
		// not the static score's. Skipping those too made a win in 7 appear or vanish
		// at depth 7 as the paika counter moved the scaled static score.
		if prunable && static+futilityMargin*depth <= alpha && !q.CanCapture() {
			continue
		}
		s.played[ply] = t
		var v int
		if i == 0 {
			v = -s.negamax(q, depth-1, ply+1, -beta, -alpha)
		} else {
			red := s.reduction(i, order[i]>>16, depth, quietNode, pvNode)
			v = -s.negamax(q, depth-1-red, ply+1, -alpha-1, -alpha)
			if v > alpha && (red > 0 || v < beta) {
				v = -s.negamax(q, depth-1, ply+1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if ply == 0 && s.rootBias != nil {
			v += s.rootBias[idx]
		}
		if v > best {
			best, bestIdx = v, idx
			if v > alpha {
				alpha = v
				s.updatePV(ply, t)
				if v >= beta {
					if t.Captured == 0 && s.cfg.killers {
						s.cutoff(t, ply, depth, order[:i], turns)
					}
					break
				}
			}
		}
	}
	if s.tt != nil {
		bound := boundOf(best, origAlpha, beta)
		if bound == boundUpper {
			bestIdx = -1 // every turn failed low: none is known best
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
		if v, ok := s.probe(p, ply, 0); ok {
			return v
		}
	}
	stand, quiet := s.evaluateQuiet(p, ply)
	if ply >= maxPly-1 || qply >= s.cfg.qMaxPlies || quiet || stand >= beta {
		return stand
	}
	best := stand
	alpha = max(alpha, stand)
	turns, order := s.generate(p, ply, -1)
	for i := range order {
		idx := pick(order, i)
		q := s.play(p, ply, turns[idx])
		s.played[ply] = turns[idx]
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

// aspirationWindow is the first half-width of the root window around the last score.
const aspirationWindow = 35

// aspirationBounds is the root window around prev whose sides are lo below and hi above;
// a side widened to infinity is open in full. (prev−infinity is not −infinity: a window
// clamped there failed forever on a mate score beyond it, searching the root again and
// again.)
func aspirationBounds(prev, lo, hi int) (alpha, beta int) {
	alpha, beta = -infinity, infinity
	if lo < infinity {
		alpha = max(prev-lo, -infinity)
	}
	if hi < infinity {
		beta = min(prev+hi, infinity)
	}
	return alpha, beta
}

// rootSearch searches the root to depth d: with aspiration, first in a window around the
// previous iteration's score, widened fourfold on each side that fails.
func (s *searcher) rootSearch(p *engine.Position, d, prev int) int {
	if !s.cfg.aspiration || d < 4 || prev <= -WinBound || prev >= WinBound {
		return s.negamax(p, d, 0, -infinity, infinity)
	}
	lo, hi := aspirationWindow, aspirationWindow
	for {
		alpha, beta := aspirationBounds(prev, lo, hi)
		v := s.negamax(p, d, 0, alpha, beta)
		switch {
		case s.stopped:
			return v
		case v <= alpha && alpha > -infinity:
			lo *= 4
			if lo > 4*PieceValue {
				lo = infinity
			}
		case v >= beta && beta < infinity:
			hi *= 4
			if hi > 4*PieceValue {
				hi = infinity
			}
		default:
			return v
		}
	}
}

// deepen is iterative deepening from depth first to maxDepth, after begin (first > 1:
// the helpers of a parallel search).
func (s *searcher) deepen(p *engine.Position, first, maxDepth int) Analysis {
	var a Analysis
	// Before any iteration completes: the turn ordered first (the biggest capture).
	turns, order := s.generate(p, 0, -1)
	a.Turn = turns[pick(order, 0)]
	a.PV = []engine.Turn{a.Turn}
	if s.acc != nil {
		s.acc.Refresh(0, p)
	}
	a.Score = s.evaluate(p, 0)
	for d := first; d <= maxDepth && d < maxPly/2; d++ {
		v := s.rootSearch(p, d, a.Score)
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
	return a
}
