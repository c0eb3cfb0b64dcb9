// perft.go: counting the leaves of the tree of complete turns, in both conventions.

package engine

// PerftConvention selects how perft counts turns.
type PerftConvention uint8

// The conventions of RULES.md.
const (
	// Distinct counts turns that produce the same board once per node (the default).
	Distinct PerftConvention = iota
	// Paths counts every distinct step sequence.
	Paths
)

// String returns "distinct" or "paths".
func (c PerftConvention) String() string {
	if c == Paths {
		return "paths"
	}
	return "distinct"
}

// maxPerftDepth bounds the depth of the preallocated buffers.
const maxPerftDepth = 64

// perfter owns one turn buffer per depth, so counting allocates nothing per node.
type perfter struct {
	rules Rules
	conv  PerftConvention
	bufs  [maxPerftDepth][]Turn
	stack [maxPerftDepth]Position // the child being searched at each depth
	seen  ResultSet
}

func newPerfter(r Rules, conv PerftConvention, depth int) *perfter {
	pf := &perfter{rules: r, conv: conv}
	for i := 0; i <= depth && i < maxPerftDepth; i++ {
		pf.bufs[i] = make([]Turn, 0, MaxTurnsHint)
	}
	return pf
}

// Perft counts the leaves of the tree of complete turns depth plies deep from p. A side
// with no pieces, or no turn, ends its branch. Rule options apply only through
// FirstTurnNoChain; the paika limit and ply cap do not cut the tree.

func Perft(p *Position, r Rules, depth int, conv PerftConvention) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth >= maxPerftDepth {
		panic("engine: perft depth too large")
	}
	return newPerfter(r, conv, depth).count(p, depth)
}

func (pf *perfter) turns(p *Position, depth int) []Turn {
	var ts []Turn
	if pf.conv == Distinct {
		ts = p.DistinctTurns(pf.rules, pf.bufs[depth][:0], &pf.seen)
	} else {
		ts = p.Turns(pf.rules, pf.bufs[depth][:0])
	}
	pf.bufs[depth] = ts[:0] // keep a grown buffer
	return ts
}

func (pf *perfter) count(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountTurns(pf.rules, pf.conv, &pf.seen))
	}
	var n uint64
	child := &pf.stack[depth]
	for _, t := range pf.turns(p, depth) {
		*child = p.Play(t)
		n += pf.count(child, depth-1)
	}
	return n
}

// DivideEntry is one root turn and the leaves below it.
type DivideEntry struct {
	Turn  Turn
	Nodes uint64
}

// PerftDivide returns the perft count below each root turn (depth ≥ 1).
func PerftDivide(p *Position, r Rules, depth int, conv PerftConvention) []DivideEntry {
	if depth < 1 {
		return nil
	}
	pf := newPerfter(r, conv, depth)
	root := append([]Turn(nil), pf.turns(p, depth)...)
	out := make([]DivideEntry, 0, len(root))
	for _, t := range root {
		q := p.Play(t)
		var n uint64 = 1
		if depth > 1 {
			n = pf.count(&q, depth-1)
		}
		out = append(out, DivideEntry{t, n})
	}
	return out
}
