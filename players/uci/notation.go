// notation.go: the two ways a turn is written on the wire, and the scores of info lines.

package uci

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// Notation is how the server writes turns: Compact ("f4e4We3A", the C++ engine's form,
// the default) or Dashed (our canonical "f4-e4W-e3A"). Both are always read.
type Notation int

// The notations.
const (
	Compact Notation = iota
	Dashed
)

// ParseNotation reads a notation's name: "compact" or "dashed".
func ParseNotation(name string) (Notation, error) {
	switch name {
	case "compact":
		return Compact, nil
	case "dashed":
		return Dashed, nil
	}
	return Compact, fmt.Errorf("%q: expected compact or dashed", name)
}

// NullMove is written for "no turn": the game is over in the position searched.
const NullMove = "0000"

// FormatTurn writes t in notation n.
func FormatTurn(t engine.Turn, n Notation) string {
	if t.Len == 0 {
		return NullMove
	}
	s := t.String()
	if n == Compact {
		s = strings.ReplaceAll(s, "-", "")
	}
	return s
}

// formatScore writes a score of ours as an info field: "cp N" (100 = one piece), or "mate
// N" with N the plies to the end when a search proved it (negative when losing). A
// tablebase win or loss (players.TBWinScore − plies) is "mate N" too under the theoretic
// rules (paikaLimit 0), whose tables count plies to the end; under a paika limit they count
// to the deciding capture, not the end, and the score stays "cp".
func formatScore(score, paikaLimit int) string {
	n, ok := players.MatePlies(score)
	if !ok && paikaLimit == 0 && (players.IsWin(score) || players.IsLoss(score)) {
		n, ok = players.TBWinScore-max(score, -score), true
	}
	if ok {
		if score < 0 {
			n = -n
		}
		return "mate " + strconv.Itoa(n)
	}
	return "cp " + strconv.Itoa(score)
}
