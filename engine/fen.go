// fen.go: the position format of RULES.md: "<rows> <side> [<paika> [<ply>]]".

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxPiecesPerSide is the number of pieces each side starts with.
const MaxPiecesPerSide = 22

// ParseFEN parses a position. Rows run from row 5 to row 1, separated by '/'; in a row,
// 'W' (or 'P') is White, 'B' (or 'p') is Black and a digit 1-9 that many empty points; the
// two letter styles may not be mixed. Errors say what is wrong and where.
func ParseFEN(s string) (Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 4 {
		return Position{}, fmt.Errorf("FEN %q: has %d fields, expected 2 to 4 (rows side [paika [ply]])", s, len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != Rows {
		return Position{}, fmt.Errorf("FEN %q: has %d rows, expected %d separated by '/' (row 5 first)", s, len(rows), Rows)
	}
	var pieces [2]Bitboard
	style := byte(0) // 'W' for W/B, 'P' for P/p
	for i, row := range rows {
		rank := Rows - i // 5 .. 1
		col := 0
		for j, ch := range []rune(row) { // runes, so that an error shows '●', not a byte of it
			where := func() string {
				return fmt.Sprintf("FEN %q: row %d, character %d (column %c)", s, rank, j+1, 'a'+min(col, Cols-1))
			}
			if col >= Cols {
				return Position{}, fmt.Errorf("%s: row has more than %d columns", where(), Cols)
			}
			var color Color
			var st byte
			switch ch {
			case 'W':
				color, st = White, 'W'
			case 'B':
				color, st = Black, 'W'
			case 'P':
				color, st = White, 'P'
			case 'p':
				color, st = Black, 'P'
			case '1', '2', '3', '4', '5', '6', '7', '8', '9':
				n := int(ch - '0')
				if col+n > Cols {
					return Position{}, fmt.Errorf("%s: %d empty points overrun the row (%d columns)", where(), n, Cols)
				}
				col += n
				continue
			default:
				return Position{}, fmt.Errorf("%s: unexpected %q (want W, B, P, p or a digit 1-9)", where(), ch)
			}
			if style != 0 && style != st {
				return Position{}, fmt.Errorf("%s: %q mixes the P/p style with the W/B style", where(), ch)
			}
			style = st
			pieces[color] |= Bit(PointAt(col, rank-1))
			col++
		}
		if col != Cols {
			return Position{}, fmt.Errorf("FEN %q: row %d has %d columns, expected %d", s, rank, col, Cols)
		}
	}
	for c := White; c <= Black; c++ {
		if n := pieces[c].Count(); n > MaxPiecesPerSide {
			return Position{}, fmt.Errorf("FEN %q: %d %s pieces, at most %d", s, n, c, MaxPiecesPerSide)
		}
	}
	var side Color
	switch fields[1] {
	case "w":
		side = White
	case "b":
		side = Black
	default:
		return Position{}, fmt.Errorf("FEN %q: side field %q, expected w or b", s, fields[1])
	}
	counter := func(k int, name string) (int, error) {
		if len(fields) <= k {
			return 0, nil
		}
		v, err := strconv.Atoi(fields[k])
		if err != nil || v < 0 || strings.HasPrefix(fields[k], "+") {
			return 0, fmt.Errorf("FEN %q: %s field %q, expected a whole number ≥ 0", s, name, fields[k])
		}
		return v, nil
	}
	paika, err := counter(2, "paika")
	if err != nil {
		return Position{}, err
	}
	ply, err := counter(3, "ply")
	if err != nil {
		return Position{}, err
	}
	return NewPosition(pieces[White], pieces[Black], side, paika, ply), nil
}

// MustParseFEN parses a FEN known to be valid (tests, constants); it panics otherwise.
func MustParseFEN(s string) Position {
	p, err := ParseFEN(s)
	if err != nil {
		panic("engine: " + err.Error())
	}
	return p
}

// BoardFEN returns the rows field alone, in the W/B style.
func (p *Position) BoardFEN() string {
	var sb strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		empty := 0
		for c := 0; c < Cols; c++ {
			pt := PointAt(c, r)
			var ch byte
			switch {
			case p.Pieces[White].Has(pt):
				ch = 'W'
			case p.Pieces[Black].Has(pt):
				ch = 'B'
			default:
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(ch)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// FEN returns the canonical FEN with all four fields.
func (p *Position) FEN() string {
	side := "w"
	if p.Side == Black {
		side = "b"
	}
	return fmt.Sprintf("%s %s %d %d", p.BoardFEN(), side, p.Paika, p.Ply)
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
