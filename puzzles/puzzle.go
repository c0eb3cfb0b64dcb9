// puzzle.go: a puzzle of the collection as JSON, and a solve of it checked against the
// collection's value.

package puzzles

import (
	"fmt"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Entry is a puzzle as JSON.
type Entry struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"`
	FEN         string `json:"fen"`
	Description string `json:"description"`
	Value       string `json:"value"`
	Plies       *int   `json:"plies"` // null for a draw
	Turn        string `json:"turn,omitempty"`
}

// Entry returns the puzzle as JSON.
func (p Puzzle) Entry() Entry {
	var plies *int
	if p.Value.Outcome != tablebase.Draw {
		plies = &p.Value.Plies
	}
	return Entry{p.Name, p.Kind, p.FEN, p.Description, p.Value.Outcome.String(), plies, p.Turn}
}

// Check returns an error when res, a solve of the puzzle, proves another value than the
// collection's (or another distance, when exact); an unknown value is no error.
func (p Puzzle) Check(res Result) error {
	if res.Known && (res.Value.Outcome != p.Value.Outcome || res.Exact && res.Value.Plies != p.Value.Plies) {
		return fmt.Errorf("%s: solved as %v, the collection says %v", p.Name, res.Value, p.Value)
	}
	return nil
}
