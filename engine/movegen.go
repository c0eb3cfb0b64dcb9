// movegen.go: legal complete turns. Captures are found with bitboard shifts, then each
// capturing piece's chains are walked depth-first; paika steps come from shifts alone.

package engine

import "math/bits"

// MaxTurnsHint is a buffer size that holds every turn of ordinary positions; buffers grow
// by append when a position has more.
const MaxTurnsHint = 256

// approachers returns the pieces of own that can capture by approach in direction d:
// the next point along d is empty and the one after it holds an enemy.
func approachers(own, enemy, empty Bitboard, d Direction) Bitboard {
	back := d.Opposite()
	return own & shift(empty&shift(enemy, back), back)
}

// withdrawers returns the pieces of own that can capture by withdrawal stepping in
// direction d: the next point along d is empty and the point behind holds an enemy.
func withdrawers(own, enemy, empty Bitboard, d Direction) Bitboard {
	return own & shift(empty, d.Opposite()) & shift(enemy, d)
}

// Capturers returns the pieces of the side to move that can capture.
func (p *Position) Capturers() Bitboard {
	own, enemy, empty := p.Own(), p.Enemy(), p.Empty()
	var c Bitboard
	for d := Direction(0); d < NumDirections; d++ {
		c |= approachers(own, enemy, empty, d) | withdrawers(own, enemy, empty, d)
	}
	return c
}

// FirstVictims returns the pieces of enemy that own, were it to move, could capture first:
// the piece just beyond the landing point of an approach and the piece just behind the
// start of a withdrawal (the rest of each line goes with it). It is empty exactly when own
// has no capture.
func FirstVictims(own, enemy Bitboard) Bitboard {
	empty := AllPoints &^ (own | enemy)
	var v Bitboard
	for d := Direction(0); d < NumDirections; d++ {
		back := d.Opposite()
		movers := own & shift(empty, back) // own pieces whose step along d lands on an empty point
		v |= enemy&shift(shift(movers, d), d) | enemy&shift(movers, back)
	}
	return v
}

// CanCapture reports whether the side to move has a capture (and so must capture).
func (p *Position) CanCapture() bool { return p.Capturers() != 0 }

// CaptureLanes holds, for one set of pieces that may be captured (the victims), the points
// from which a step in each direction captures one of them, by approach or by withdrawal,
// when the step's end is empty. Positions in which the victims stay put (the predecessors
// of a position by un-moves of the other side) test their captures with it at a fraction
// of the cost of Capturers.
type CaptureLanes [NumDirections]Bitboard

// NewCaptureLanes returns the lanes of victims. The shifts are written out with the
// constants of shiftBy, so that none is looked up or branched on.
func NewCaptureLanes(victims Bitboard) CaptureLanes {
	v := victims
	return CaptureLanes{
		North:     laneUp(v, North, Cols),
		NorthEast: laneUp(v, NorthEast, Cols+1),
		East:      laneUp(v, East, 1),
		SouthEast: laneDown(v, SouthEast, Cols-1),
		South:     laneDown(v, South, Cols),
		SouthWest: laneDown(v, SouthWest, Cols+1),
		West:      laneDown(v, West, 1),
		NorthWest: laneUp(v, NorthWest, Cols-1),
	}
}

// laneUp returns the points from which a step along d, which raises a point's index by
// s, captures one of the victims: it approaches a victim at p+2d or withdraws from one at
// p−d. Only points with a step along d are kept, so that Capturers can shift the empty
// points without masks. laneDown is the same for a step that lowers the index by s.
func laneUp(victims Bitboard, d Direction, s uint) Bitboard {
	back := shiftMask[d.Opposite()]
	return ((victims&back>>s)&back>>s | (victims&shiftMask[d])<<s) & shiftMask[d]
}

func laneDown(victims Bitboard, d Direction, s uint) Bitboard {
	back := shiftMask[d.Opposite()]
	return ((victims&back<<s)&back<<s | (victims&shiftMask[d])>>s) & shiftMask[d]
}

// Capturers returns the pieces of movers, to move against the victims of l with empty
// the empty points, that can capture: Position.Capturers of that position. (The shifts
// of approachers and withdrawers distribute over the intersection, so the two kinds
// share the shift of empty.) Bit p of empty>>s is the point p+s: the end of the step
// along the direction d with shiftBy[d] = s, for the points of l[d].
func (l *CaptureLanes) Capturers(movers, empty Bitboard) Bitboard {
	from := empty>>Cols&l[North] | empty>>(Cols+1)&l[NorthEast] | empty>>1&l[East] |
		empty<<(Cols-1)&l[SouthEast] | empty<<Cols&l[South] | empty<<(Cols+1)&l[SouthWest] |
		empty<<1&l[West] | empty>>(Cols-1)&l[NorthWest]
	return from & movers
}

// CanCapture reports whether Capturers is not empty.
func (l *CaptureLanes) CanCapture(movers, empty Bitboard) bool {
	return l.Capturers(movers, empty) != 0
}

// HasTurn reports whether the side to move has any legal turn.
func (p *Position) HasTurn() bool {
	if p.Own() == 0 {
		return false
	}
	own, empty := p.Own(), p.Empty()
	for d := Direction(0); d < NumDirections; d++ {
		if own&shift(empty, d.Opposite()) != 0 {
			return true
		}
	}
	// No empty neighbour at all means no capture either: every capture steps to an empty point.
	return false
}

// Turns appends every legal complete turn of the side to move to buf and returns it:
// every capture path (each route and each stopping point) when a capture exists,
// otherwise every paika step. Order is deterministic but unspecified.
func (p *Position) Turns(r Rules, buf []Turn) []Turn {
	g := chainWalker{buf: buf, collect: true}
	return p.generate(r, &g)
}

// DistinctTurns appends one turn for each distinct resulting board (the first path found
// of each), using seen as scratch space; a zero ResultSet is ready to use.
func (p *Position) DistinctTurns(r Rules, buf []Turn, seen *ResultSet) []Turn {
	seen.reset()
	g := chainWalker{buf: buf, collect: true, seen: seen}
	return p.generate(r, &g)
}

// CountTurns returns len(Turns) (paths) or len(DistinctTurns) (distinct) without building
// the turns; seen is scratch space, needed for Distinct only.
func (p *Position) CountTurns(r Rules, conv PerftConvention, seen *ResultSet) int {
	g := chainWalker{}
	if conv == Distinct {
		seen.reset()
		g.seen = seen
	}
	p.generate(r, &g)
	return g.count
}

// CaptureResults appends to buf the boards that the distinct capture turns of capturers
// (some or all of p.Capturers(), which the caller has found already) lead to, in
// DistinctTurns' order: each turn has its From, To and Captured but no steps (Len 0), for
// callers that need where turns lead, not how they are written.
func (p *Position) CaptureResults(r Rules, capturers Bitboard, buf []Turn, seen *ResultSet) []Turn {
	seen.reset()
	g := chainWalker{buf: buf, bare: true, seen: seen}
	return p.captures(r, capturers, &g)
}

func (p *Position) generate(r Rules, g *chainWalker) []Turn {
	if capturers := p.Capturers(); capturers != 0 {
		return p.captures(r, capturers, g)
	}
	own, empty := p.Own(), p.Empty()
	for d := Direction(0); d < NumDirections; d++ {
		movers := own & shift(empty, d.Opposite())
		if !g.collect {
			g.count += movers.Count()
			continue
		}
		for b := movers; b != 0; b &= b - 1 {
			from := b.First()
			t := Turn{From: from, To: neighbour[from][d]}
			t.push(d, Paika)
			g.buf = append(g.buf, t)
		}
	}
	return g.buf
}

// captures walks the capture chains of each of capturers.
func (p *Position) captures(r Rules, capturers Bitboard, g *chainWalker) []Turn {
	own := p.Own()
	g.enemy = p.Enemy()
	g.noChain = r.FirstTurnNoChain && p.Ply < 2
	for b := capturers; b != 0; b &= b - 1 {
		from := b.First()
		g.others = own &^ Bit(from)
		g.turn = Turn{From: from}
		g.walk(from, NumDirections, Bit(from), 0)
	}
	return g.buf
}

// chainWalker enumerates the capture chains of one piece at a time.
type chainWalker struct {
	buf     []Turn
	count   int
	others  Bitboard // own pieces other than the moving one
	enemy   Bitboard // enemy pieces at the start of the turn
	turn    Turn     // the steps so far (From set)
	seen    *ResultSet
	collect bool // build turns into buf, or only count them
	bare    bool // build turns into buf without their steps
	noChain bool
}

// walk tries every capture step from cur: not in direction last, not onto a visited point.
func (g *chainWalker) walk(cur Point, last Direction, visited, captured Bitboard) {
	enemy := g.enemy &^ captured
	free := AllPoints &^ (g.others | enemy | visited)
	if free&neighbourMask[cur] == 0 || enemy&captureReach[cur] == 0 {
		return
	}
	// Only the directions with an enemy piece to take are tried, in increasing order.
	var dirs uint8
	for v := enemy & captureReach[cur]; v != 0; v &= v - 1 {
		dirs |= captureDirs[cur][v.First()]
	}
	if last < NumDirections {
		dirs &^= 1 << last
	}
	for ; dirs != 0; dirs &= dirs - 1 {
		d := Direction(bits.TrailingZeros8(dirs))
		if stepBit[cur][d]&free == 0 {
			continue
		}
		q := neighbour[cur][d]
		if a := jumpBit[cur][d]; a&enemy != 0 {
			g.emit(q, d, Approach, visited, captured|lineOf(enemy, a.First(), d))
		}
		if w := backBit[cur][d]; w&enemy != 0 {
			g.emit(q, d, Withdrawal, visited, captured|lineOf(enemy, w.First(), d.Opposite()))
		}
	}
}

func (g *chainWalker) emit(q Point, d Direction, k CaptureKind, visited, captured Bitboard) {
	// A chain's first capture leads to a board no other capture leads to, so only longer
	// chains are looked up in seen: two first captures of a piece to one point take the
	// two runs of one line; a longer chain ending there takes its first run off the line
	// from From to that point, or, stepping first straight away from it, a run beyond its
	// first landing point (which was empty) or one that leaves the end point occupied.
	if g.seen == nil || visited == Bit(g.turn.From) || g.seen.add(g.turn.From, q, captured) {
		g.count++
		if g.bare {
			g.appendBare(q, captured)
		}
		if g.collect {
			t := g.turn
			t.push(d, k)
			t.To = q
			t.Captured = captured
			g.buf = append(g.buf, t)
		}
	}
	if g.noChain {
		return
	}
	if g.collect {
		saved := g.turn
		g.turn.push(d, k)
		g.walk(q, d, visited|Bit(q), captured)
		g.turn = saved
		return
	}
	g.walk(q, d, visited|Bit(q), captured)
}

// appendBare appends the turn of the moving piece to q capturing captured, without its
// steps. It is written in place: a Turn built aside and copied in is read back in two
// halves from stores of two other halves, which the processor cannot forward.
func (g *chainWalker) appendBare(q Point, captured Bitboard) {
	n := len(g.buf)
	if n == cap(g.buf) {
		g.buf = append(g.buf, Turn{})
	}
	g.buf = g.buf[:n+1]
	t := &g.buf[n]
	*t = Turn{}
	t.Captured, t.From, t.To = captured, g.turn.From, q
}

// ResultSet remembers the boards (moved piece, landing point, captured set) seen while
// generating one position's turns, so that each resulting board is produced once. Its zero
// value is ready; it is reused from call to call without allocating.
type ResultSet struct {
	keys  [resultSlots]uint64
	stamp [resultSlots]uint32
	now   uint32
	n     int
	extra []uint64 // overflow for pathological positions with very many results
}

const (
	resultBits  = 10
	resultSlots = 1 << resultBits
	resultLimit = resultSlots * 3 / 4
)

func (s *ResultSet) reset() {
	s.now++
	if s.now == 0 { // wrapped: clear the stamps once
		s.stamp = [resultSlots]uint32{}
		s.now = 1
	}
	s.n = 0
	s.extra = s.extra[:0]
}

// add inserts the result and reports whether it is new.
func (s *ResultSet) add(from, to Point, captured Bitboard) bool {
	key := uint64(captured) | uint64(to)<<Points | uint64(from)<<(Points+6)
	if s.n >= resultLimit {
		for _, k := range s.extra {
			if k == key {
				return false
			}
		}
		// Still look in the table: the key may have gone in before it filled.
	}
	i := (key * 0x9e3779b97f4a7c15) >> (64 - resultBits)
	for {
		if s.stamp[i] != s.now {
			if s.n >= resultLimit {
				s.extra = append(s.extra, key)
				return true
			}
			s.stamp[i] = s.now
			s.keys[i] = key
			s.n++
			return true
		}
		if s.keys[i] == key {
			return false
		}
		i = (i + 1) & (resultSlots - 1)
	}
}
