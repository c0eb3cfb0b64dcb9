// diagram.go: the board drawn as text with its lines and coordinates.

package engine

import (
	"fmt"
	"strings"
)

// Diagram draws p for a terminal: W and B pieces, '.' empty points, the orthogonal and
// diagonal lines, coordinates, and a status line. Points in mark are shown in lower case
// ('w', 'b', or '*' when empty), e.g. to highlight the last turn.
func Diagram(p *Position, mark Bitboard) string {
	var sb strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%d  ", r+1)
		for c := 0; c < Cols; c++ {
			pt := PointAt(c, r)
			ch := byte('.')
			switch {
			case p.Pieces[White].Has(pt):
				ch = 'W'
			case p.Pieces[Black].Has(pt):
				ch = 'B'
			}
			if mark.Has(pt) {
				if ch == '.' {
					ch = '*'
				} else {
					ch += 'a' - 'A'
				}
			}
			sb.WriteByte(ch)
			if c < Cols-1 {
				sb.WriteString("---")
			}
		}
		sb.WriteByte('\n')
		if r == 0 {
			break
		}
		sb.WriteString("   ")
		for c := 0; c < Cols; c++ {
			sb.WriteByte('|')
			if c == Cols-1 {
				break
			}
			// Between rows r-1 and r, the diagonal leaves the strong point of the pair.
			if (c+r-1)%2 == 0 {
				sb.WriteString(" / ")
			} else {
				sb.WriteString(" \\ ")
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   a   b   c   d   e   f   g   h   i\n")
	fmt.Fprintf(&sb, "   %s to move · White %d, Black %d · paika %d · ply %d\n",
		p.Side, p.Pieces[White].Count(), p.Pieces[Black].Count(), p.Paika, p.Ply)
	return sb.String()
}
