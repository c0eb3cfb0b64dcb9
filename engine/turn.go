// turn.go: the Turn value (a start point plus its steps) and its canonical notation.

package engine

import "strings"

// CaptureKind says how a step captures.
type CaptureKind uint8

// The kinds of step.
const (
	Paika      CaptureKind = iota // no capture
	Approach                      // removes the line beyond the landing point
	Withdrawal                    // removes the line behind the starting point
)

// Letter returns the notation suffix: "", "A" or "W".
func (k CaptureKind) Letter() string {
	switch k {
	case Approach:
		return "A"
	case Withdrawal:
		return "W"
	}
	return ""
}

// String names the kind.
func (k CaptureKind) String() string {
	switch k {
	case Approach:
		return "approach"
	case Withdrawal:
		return "withdrawal"
	}
	return "paika"
}

// MaxSteps bounds a chain: every step removes at least one of at most 22 enemy pieces.
const MaxSteps = 24

// Turn is one complete turn: the piece on From moves along Len steps to To, removing the
// enemy pieces in Captured. A paika has Len 1 and Captured 0. Steps are packed a nibble
// each: bits 0-2 the direction, bit 3 set for a withdrawal. Turns are small values; two
// turns are the same step sequence exactly when they are ==.
type Turn struct {
	Captured Bitboard
	steps    [MaxSteps / 2]uint8
	From, To Point
	Len      uint8
}

// IsCapture reports whether the turn captures.
func (t Turn) IsCapture() bool { return t.Captured != 0 }

// Step returns step i's direction and capture kind.
func (t Turn) Step(i int) (Direction, CaptureKind) {
	n := t.steps[i/2] >> (4 * uint(i&1)) & 0xf
	d := Direction(n & 7)
	switch {
	case t.Captured == 0:
		return d, Paika
	case n&8 != 0:
		return d, Withdrawal
	}
	return d, Approach
}

// push appends a step (internal: the generator builds turns in place).
func (t *Turn) push(d Direction, k CaptureKind) {
	n := uint8(d)
	if k == Withdrawal {
		n |= 8
	}
	i := t.Len
	t.steps[i/2] = t.steps[i/2]&^(0xf<<(4*(i&1))) | n<<(4*(i&1))
	t.Len++
}

// String returns the canonical notation: "e2-e3", "d3-e3A", "f4-e4W-e3A".
func (t Turn) String() string {
	if t.Len == 0 {
		return "(none)"
	}
	var sb strings.Builder
	sb.Grow(2 + 4*int(t.Len)) // "e2" then "-e3A" per step: one allocation
	sb.WriteString(t.From.String())
	p := t.From
	for i := 0; i < int(t.Len); i++ {
		d, k := t.Step(i)
		p = neighbour[p][d]
		sb.WriteByte('-')
		sb.WriteString(p.String())
		sb.WriteString(k.Letter())
	}
	return sb.String()
}

// SameResult reports whether t and u leave the same board (same piece moved to the same
// point, same pieces captured), which is what the distinct perft convention merges.
func (t Turn) SameResult(u Turn) bool {
	return t.From == u.From && t.To == u.To && t.Captured == u.Captured
}

// CaptureOrder returns the points t captures in p, in the order they are taken: step by
// step, nearest first along each line.
func (p *Position) CaptureOrder(t Turn) []Point {
	var out []Point
	enemy := p.Enemy()
	cur := t.From
	for i := 0; i < int(t.Len); i++ {
		d, k := t.Step(i)
		next := neighbour[cur][d]
		var start Point
		var dir Direction
		switch k {
		case Approach:
			start, dir = neighbour[next][d], d
		case Withdrawal:
			start, dir = neighbour[cur][d.Opposite()], d.Opposite()
		default:
			cur = next
			continue
		}
		for q := start; q != NoPoint && enemy.Has(q); q = neighbour[q][dir] {
			out = append(out, q)
			enemy &^= Bit(q)
		}
		cur = next
	}
	return out
}
