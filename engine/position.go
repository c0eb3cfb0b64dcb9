// position.go: colours, positions, Zobrist hashing, playing a turn, symmetries.

package engine

import (
	"math/bits"
	"sync"
)

// Color is a side: White (moves first) or Black.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Position is everything that decides the legal turns and the game's end: the pieces, the
// side to move, the count of consecutive paika plies (for the paika limit) and the plies
// played. It is a small value: copy it to keep it (copy-make).
type Position struct {
	Pieces [2]Bitboard // indexed by Color
	Side   Color       // side to move
	Paika  int         // consecutive paika (non-capturing) plies so far, both sides together
	Ply    int         // plies played so far
	hash   uint64
}

// StartFEN is the start position: White (rows 1 and 2) moves first, only e3 empty.
const StartFEN = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0"

// Start returns the start position.
func Start() Position { return startPosition() }

// startPosition parses StartFEN once, after init has filled the tables (a package-level
// variable would be initialised before them).
var startPosition = sync.OnceValue(func() Position { return MustParseFEN(StartFEN) })

// NewPosition builds a position from the two piece sets; the hash is computed.
func NewPosition(white, black Bitboard, side Color, paika, ply int) Position {
	p := Position{Pieces: [2]Bitboard{white & AllPoints, black & AllPoints}, Side: side, Paika: paika, Ply: ply}
	p.hash = p.computeHash()
	return p
}

// Own returns the pieces of the side to move.
func (p *Position) Own() Bitboard { return p.Pieces[p.Side] }

// Enemy returns the pieces of the side not to move.
func (p *Position) Enemy() Bitboard { return p.Pieces[p.Side^1] }

// Occupied returns every point holding a piece.
func (p *Position) Occupied() Bitboard { return p.Pieces[0] | p.Pieces[1] }

// Empty returns every empty point.
func (p *Position) Empty() Bitboard { return AllPoints &^ (p.Pieces[0] | p.Pieces[1]) }

// Hash returns the Zobrist hash of the pieces and the side to move (not of the paika and
// ply counters, so positions that differ only in those share a hash).
func (p *Position) Hash() uint64 { return p.hash }

// SameBoard reports whether p and q have the same pieces and side to move.
func (p *Position) SameBoard(q *Position) bool {
	return p.Pieces == q.Pieces && p.Side == q.Side
}

// Zobrist keys come from a fixed seed (splitmix64), so hashes are the same on every run.
var (
	zobristPiece [2][Points]uint64
	zobristSide  uint64
)

func init() {
	state := uint64(0x46414e4f524f4e41) // "FANORONA"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := 0; c < 2; c++ {
		for p := 0; p < Points; p++ {
			zobristPiece[c][p] = next()
		}
	}
	zobristSide = next()
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			h ^= zobristPiece[c][bits.TrailingZeros64(uint64(b))]
		}
	}
	if p.Side == Black {
		h ^= zobristSide
	}
	return h
}

// Play returns the position after turn t, which must be legal in p.
func (p *Position) Play(t Turn) Position {
	q := *p
	us, them := p.Side, p.Side^1
	q.Pieces[us] ^= Bit(t.From) | Bit(t.To)
	q.Pieces[them] ^= t.Captured
	h := p.hash ^ zobristPiece[us][t.From] ^ zobristPiece[us][t.To] ^ zobristSide
	for b := t.Captured; b != 0; b &= b - 1 {
		h ^= zobristPiece[them][bits.TrailingZeros64(uint64(b))]
	}
	q.hash = h
	if t.Captured == 0 {
		q.Paika++
	} else {
		q.Paika = 0
	}
	q.Ply++
	q.Side = them
	return q
}

// PassTurn returns p with the other side to move, counted as a paika ply (Paika and Ply
// advance). Passing is not a turn of the game: a search uses it to ask whether a position
// stays good even if the opponent moved twice (null-move pruning).
func (p *Position) PassTurn() Position {
	q := *p
	q.hash ^= zobristSide
	q.Side ^= 1
	q.Paika++
	q.Ply++
	return q
}

// Symmetry is one of the board's four line-preserving maps.
type Symmetry uint8

// The symmetries of RULES.md.
const (
	Identity  Symmetry = iota
	MirrorLR           // a↔i
	MirrorTB           // 1↔5
	Rotate180          // both mirrors
	NumSymmetries
)

// Transform returns b under symmetry s.
func (b Bitboard) Transform(s Symmetry) Bitboard {
	switch s {
	case MirrorLR:
		return mirrorTB(rotate180(b))
	case MirrorTB:
		return mirrorTB(b)
	case Rotate180:
		return rotate180(b)
	}
	return b
}

func rotate180(b Bitboard) Bitboard { return Bitboard(bits.Reverse64(uint64(b)) >> (64 - Points)) }

func mirrorTB(b Bitboard) Bitboard {
	const row = 1<<Cols - 1
	return b&row<<36 | b>>9&row<<27 | b&(row<<18) | b>>27&row<<9 | b>>36&row
}

// TransformPoint returns point p under symmetry s.
func TransformPoint(p Point, s Symmetry) Point { return Bit(p).Transform(s).First() }

// Transform returns the position under board symmetry s (counters kept).
func (p *Position) Transform(s Symmetry) Position {
	return NewPosition(p.Pieces[White].Transform(s), p.Pieces[Black].Transform(s), p.Side, p.Paika, p.Ply)
}

// SwapColors returns the equivalent position with every piece's colour and the side to
// move swapped (counters kept).
func (p *Position) SwapColors() Position {
	return NewPosition(p.Pieces[Black], p.Pieces[White], p.Side^1, p.Paika, p.Ply)
}
