// tt.go: the transposition table, preallocated once per player and reused from search to
// search; a generation stamp makes each search start from an empty table without
// clearing it.

package players

// Bounds of a stored score.
const (
	boundExact uint8 = iota + 1
	boundLower       // the score is at least this (a beta cut-off)
	boundUpper       // the score is at most this (every turn failed low)
)

type ttEntry struct {
	key   uint64
	score int16
	move  uint16 // 1 + index of the best turn in the node's DistinctTurns list; 0 = none
	depth int8
	bound uint8
	gen   uint8
}

type transTable struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

// newTransTable returns a table of the largest power-of-two number of 16-byte entries
// fitting in mb megabytes (nil for mb ≤ 0).
func newTransTable(mb int) *transTable {
	if mb <= 0 {
		return nil
	}
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &transTable{entries: make([]ttEntry, n), mask: n - 1}
}

// newSearch starts a new generation: every entry stored before is ignored.
func (t *transTable) newSearch() {
	t.gen++
	if t.gen == 0 { // wrapped: entries of generation 1 might be 256 searches old
		clear(t.entries)
		t.gen = 1
	}
}

func (t *transTable) probe(key uint64) *ttEntry {
	e := &t.entries[key&t.mask]
	if e.key == key && e.gen == t.gen && e.bound != 0 {
		return e
	}
	return nil
}

func (t *transTable) store(key uint64, depth int, score int, bound uint8, move int) {
	e := &t.entries[key&t.mask]
	if e.gen == t.gen && e.key != key && int(e.depth) > depth && bound != boundExact {
		return // keep the deeper entry of another position from this search
	}
	if e.gen == t.gen && e.key == key && move < 0 {
		move = int(e.move) - 1 // keep the known best turn
	}
	*e = ttEntry{key: key, score: int16(score), move: uint16(move + 1), depth: int8(depth), bound: bound, gen: t.gen}
}

// scoreToTT and scoreFromTT store mate scores relative to the node, not to the root.
func scoreToTT(v, ply int) int {
	switch {
	case v >= WinBound:
		return v + ply
	case v <= -WinBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v >= WinBound:
		return v - ply
	case v <= -WinBound:
		return v + ply
	}
	return v
}
