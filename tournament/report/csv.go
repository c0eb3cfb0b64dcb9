// csv.go: a summary's tables as one CSV file, a line a cell, numbers and interval ends in
// columns of their own.

package report

import (
	"encoding/csv"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/tournament/summary"
)

// CSVHeader is the header line of WriteCSV's file.
var CSVHeader = []string{"table", "row", "key", "column", "text", "value", "low", "high"}

// WriteCSV writes the tables of s (Tables, the text form's) as CSV in long form, one line a
// cell: the table's ID, the row's number in it (from 1), the row's key (its leading
// columns that name it, joined by " / ": a player, "A / B", a matchup and first turn),
// the column's name, the cell as the text form prints it, and its number (value) or
// estimate and interval (value, low, high): "0.500 [0.191, 0.809]" gives 0.500, 0.191,
// 0.809; "+inf" and "-inf" are kept; a cell without a number ("-", a name) leaves them
// empty. A win/draw/loss cell ("+4 =0 -4") is three lines, its column's name followed by
// " wins", " draws" and " losses"; an SPRT cell ("LLR 3.07 (-2.94, 2.94) H1") has the
// LLR as value and the bounds as low and high. Titles, notes and methods are the text
// form's only.
func WriteCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, t := range Tables(s) {
		keys := keyColumns(t)
		for i, r := range t.Rows {
			row := strconv.Itoa(i + 1)
			key := strings.Join(r[:min(keys, len(r))], " / ")
			for j, cell := range r {
				if j >= len(t.Columns) {
					break
				}
				for _, c := range csvCells(t.Columns[j], cell) {
					if err := cw.Write(append([]string{t.ID, row, key}, c...)); err != nil {
						return err
					}
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// keyColumns returns how many leading columns of t name a row: those before the first
// numeric one, at least one.
func keyColumns(t Table) int {
	num := t.Numeric()
	for j, n := range num {
		if n && j > 0 {
			return j
		}
	}
	return 1
}

var (
	estimateCell = regexp.MustCompile(`^([-+]?(?:inf|[0-9.]+)) \[([-+]?(?:inf|[0-9.]+)), ([-+]?(?:inf|[0-9.]+))\]`)
	numberCell   = regexp.MustCompile(`^[-+]?(?:inf|[0-9]+(?:\.[0-9]+)?)$`)
	wdlCell      = regexp.MustCompile(`^\+([0-9]+) =([0-9]+) -([0-9]+)$`)
	sprtCell     = regexp.MustCompile(`^LLR ([-+]?(?:inf|[0-9.]+)) \(([-+]?(?:inf|[0-9.]+)), ([-+]?(?:inf|[0-9.]+))\)`)
)

// csvCells returns the lines (column, text, value, low, high) of one cell.
func csvCells(column, cell string) [][]string {
	if m := wdlCell.FindStringSubmatch(cell); m != nil {
		return [][]string{
			{column + " wins", m[1], m[1], "", ""},
			{column + " draws", m[2], m[2], "", ""},
			{column + " losses", m[3], m[3], "", ""},
		}
	}
	if m := sprtCell.FindStringSubmatch(cell); m != nil {
		return [][]string{{column, cell, m[1], m[2], m[3]}}
	}
	if m := estimateCell.FindStringSubmatch(cell); m != nil {
		return [][]string{{column, cell, m[1], m[2], m[3]}}
	}
	if numberCell.MatchString(cell) {
		return [][]string{{column, cell, cell, "", ""}}
	}
	return [][]string{{column, cell, "", "", ""}}
}
