// board.go: points, bitboards, directions and the precomputed line tables.

package engine

import "math/bits"

// Board geometry.
const (
	Cols   = 9
	Rows   = 5
	Points = Cols * Rows
)

// Point is a board point, 0..44: index = row*9 + col, with col 0..8 for a..i and row 0..4
// for ranks 1..5. So a1 = 0, i1 = 8, e3 = 22, i5 = 44.
type Point int8

// NoPoint marks "off the board".
const NoPoint Point = -1

// Col returns the column index 0..8 (a..i).
func (p Point) Col() int { return int(p) % Cols }

// Row returns the row index 0..4 (ranks 1..5).
func (p Point) Row() int { return int(p) / Cols }

// IsStrong reports whether diagonal lines pass through p (col+row even).
func (p Point) IsStrong() bool { return (p.Col()+p.Row())%2 == 0 }

// String returns the point's name such as "e3".
func (p Point) String() string {
	if p < 0 || p >= Points {
		return "-"
	}
	return pointNames[p]
}

var pointNames = func() (names [Points]string) {
	for p := Point(0); p < Points; p++ {
		names[p] = string([]byte{byte('a' + p.Col()), byte('1' + p.Row())})
	}
	return names
}()

// PointAt returns the point at column col (0..8) and row row (0..4).
func PointAt(col, row int) Point { return Point(row*Cols + col) }

// ParsePoint parses a point name such as "e3".
func ParsePoint(s string) (Point, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '5' {
		return NoPoint, false
	}
	return PointAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of points. Bit i is Point i; bits 45..63 are always zero:
//
//	row 5 (r=4):  36 37 38 39 40 41 42 43 44
//	row 4 (r=3):  27 28 29 30 31 32 33 34 35
//	row 3 (r=2):  18 19 20 21 22 23 24 25 26
//	row 2 (r=1):   9 10 11 12 13 14 15 16 17
//	row 1 (r=0):   0  1  2  3  4  5  6  7  8
//	               a  b  c  d  e  f  g  h  i
type Bitboard uint64

// AllPoints is the set of all 45 points.
const AllPoints Bitboard = 1<<Points - 1

// Has reports whether p is in b.
func (b Bitboard) Has(p Point) bool { return b&(1<<(uint(p)&63)) != 0 }

// Count returns the number of points in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest point of a non-empty b.
func (b Bitboard) First() Point { return Point(bits.TrailingZeros64(uint64(b))) }

// Bit returns the one-point set {p}.
func Bit(p Point) Bitboard { return 1 << (uint(p) & 63) }

// Direction is one of the 8 line directions; d and d^4 are opposite.
type Direction uint8

// The directions, clockwise from north (towards row 5).
const (
	North Direction = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
	NumDirections
)

// Opposite returns the reverse direction.
func (d Direction) Opposite() Direction { return (d + 4) & 7 }

// IsDiagonal reports whether d is a diagonal direction.
func (d Direction) IsDiagonal() bool { return d&1 == 1 }

var dirDelta = [NumDirections][2]int{ // (dcol, drow)
	{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
}

// Precomputed tables, filled by init from the geometry above.
var (
	// neighbour[p][d] is the adjacent point along a drawn line, or NoPoint.
	neighbour [Points][NumDirections]Point
	// neighbourMask[p] is the set of points adjacent to p along lines.
	neighbourMask [Points]Bitboard
	// stepBit[p][d] is {neighbour[p][d]} (0 if none); jumpBit[p][d] the point two steps
	// away, where an approach from p in direction d captures; backBit[p][d] is the point
	// behind p, where a withdrawal in direction d captures.
	stepBit, jumpBit, backBit [Points][NumDirections]Bitboard
	// rayFrom[p][d] is p and every point beyond it in direction d.
	rayFrom [Points][NumDirections]Bitboard
	// captureReach[p] is every point whose enemy piece some capture step from p could
	// take first: the neighbours (withdrawal) and the points two steps away (approach).
	captureReach [Points]Bitboard
	// captureDirs[p][q] has bit d set when a step from p in direction d takes first an
	// enemy piece at q (by approach or by withdrawal), for q in captureReach[p].
	captureDirs [Points][Points]uint8
	// strongMask is the set of strong points (col+row even).
	strongMask Bitboard
	// shiftMask[d] keeps the source points whose step in direction d stays on the board and
	// on a drawn line.
	shiftMask [NumDirections]Bitboard
	shiftBy   = [NumDirections]int{9, 10, 1, -8, -9, -10, -1, 8}
)

func init() {
	for p := Point(0); p < Points; p++ {
		if p.IsStrong() {
			strongMask |= Bit(p)
		}
	}
	for p := Point(0); p < Points; p++ {
		for d := Direction(0); d < NumDirections; d++ {
			neighbour[p][d] = NoPoint
			if d.IsDiagonal() && !p.IsStrong() {
				continue
			}
			rayFrom[p][d] = Bit(p)
			c, r := p.Col()+dirDelta[d][0], p.Row()+dirDelta[d][1]
			for ; c >= 0 && c < Cols && r >= 0 && r < Rows; c, r = c+dirDelta[d][0], r+dirDelta[d][1] {
				rayFrom[p][d] |= Bit(PointAt(c, r))
			}
			if q := PointAt(p.Col()+dirDelta[d][0], p.Row()+dirDelta[d][1]); rayFrom[p][d] != Bit(p) {
				neighbour[p][d] = q
				neighbourMask[p] |= Bit(q)
				shiftMask[d] |= Bit(p)
			}
		}
	}
	for p := Point(0); p < Points; p++ {
		for d := Direction(0); d < NumDirections; d++ {
			if q := neighbour[p][d]; q != NoPoint {
				stepBit[p][d] = Bit(q)
				if j := neighbour[q][d]; j != NoPoint {
					jumpBit[p][d] = Bit(j)
				}
			}
			if b := neighbour[p][d.Opposite()]; b != NoPoint {
				backBit[p][d] = Bit(b)
			}
			captureReach[p] |= stepBit[p][d] | jumpBit[p][d]
			if stepBit[p][d] != 0 {
				for _, q := range []Bitboard{jumpBit[p][d], backBit[p][d]} {
					if q != 0 {
						captureDirs[p][q.First()] |= 1 << d
					}
				}
			}
		}
	}
}

// Neighbour returns the point next to p in direction d along a drawn line, or NoPoint.
func Neighbour(p Point, d Direction) Point { return neighbour[p][d] }

// Neighbours returns the set of points joined to p by a line.
func Neighbours(p Point) Bitboard { return neighbourMask[p] }

// Strong returns the set of strong points.
func Strong() Bitboard { return strongMask }

// shift moves every point of b one step in direction d, dropping points whose step would
// leave the board or follow no drawn line.
func shift(b Bitboard, d Direction) Bitboard {
	b &= shiftMask[d]
	if s := shiftBy[d]; s > 0 {
		return b << uint(s)
	} else {
		return b >> uint(-s)
	}
}

// DirectionBetween returns the direction of the line step from p to q, if they are adjacent.
func DirectionBetween(p, q Point) (Direction, bool) {
	for d := Direction(0); d < NumDirections; d++ {
		if neighbour[p][d] == q && q != NoPoint {
			return d, true
		}
	}
	return 0, false
}

// lineOf returns the unbroken run of points of set starting at start (which must be in
// set) and continuing in direction d.
func lineOf(set Bitboard, start Point, d Direction) Bitboard {
	ray := rayFrom[start][d]
	gaps := ray &^ set
	if gaps == 0 {
		return ray
	}
	// The nearest gap is the lowest bit for directions that raise the index, else the highest.
	var nearest Point
	if shiftBy[d] > 0 {
		nearest = Point(bits.TrailingZeros64(uint64(gaps)))
	} else {
		nearest = Point(63 - bits.LeadingZeros64(uint64(gaps)))
	}
	return ray &^ rayFrom[nearest][d]
}
