// flip.go: the colour flip, which turns a position into the equivalent one seen from the
// other side: what Black has, White has.

package engine

// ColourFlip returns the position with the board turned 180° (point (row, col) goes to
// (4-row, 8-col)), every piece's colour swapped and the other side to move; the paika and
// ply counters are kept. The rotation maps lines onto lines (a point's diagonals depend
// on row+col being even, and 4+8 is even), and the rules treat both colours alike
// (RULES.md), so the flipped position has the same game tree with the colours exchanged:
// a win for the side to move stays a win for the side to move. Applied twice it gives the
// position back. Tournaments use it to put the side that is ahead on White.
func (p *Position) ColourFlip() Position {
	return NewPosition(rotate180(p.Pieces[Black]), rotate180(p.Pieces[White]), p.Side.Other(), p.Paika, p.Ply)
}
