// movedata.go: the per-move figures a record may carry (what each mover's search
// reported) and the reasons of games ended by the players' scores.

package record

import "fmt"

// The reasons of a game ended by the scores its players reported (adjudication by
// score, the runner's resign and draw settings): the turns played are legal and the rules
// had not ended the game.
const (
	ResignReason = "resign-adjudication" // a side's own scores stayed at or below the resign threshold
	DrawReason   = "draw-adjudication"   // both sides' scores stayed within the draw threshold
)

// IsScoreAdjudication reports whether reason is one of a game ended by its players'
// scores.
func IsScoreAdjudication(reason string) bool { return reason == ResignReason || reason == DrawReason }

// MoveData is what the mover's search reported for one turn of a game: an entry of
// Record.MoveData. A field the mover did not report is absent (a random player's entry is
// {}).
type MoveData struct {
	// Score is the mover's score of the position it moved from, from the mover's view
	// (as engines report it): 100 is one piece; at or beyond ±29000 a forced end
	// 30000-|score| plies away, from ±25000 a proven result (docs/FORMATS.md).
	Score *int   `json:"score,omitempty"`
	Depth int    `json:"depth,omitempty"` // plies of the last completed iteration
	Nodes uint64 `json:"nodes,omitempty"` // positions visited (playouts for mcts)
	MS    int64  `json:"ms,omitempty"`    // milliseconds the search took
}

// WhiteScore returns the entry's score from White's view, the mover being mover; false
// when the entry has none.
func (m MoveData) WhiteScore(whiteMoved bool) (int, bool) {
	if m.Score == nil {
		return 0, false
	}
	if whiteMoved {
		return *m.Score, true
	}
	return -*m.Score, true
}

// checkMoveData checks the per-move array against the turns: one entry a turn.
func (r *Record) checkMoveData() error {
	if r.MoveData != nil && len(r.MoveData) != len(r.Turns) {
		return fmt.Errorf("move_data has %d entries but the game %d turns", len(r.MoveData), len(r.Turns))
	}
	for i, m := range r.MoveData {
		if m.Depth < 0 || m.MS < 0 {
			return fmt.Errorf("move_data[%d]: depth and ms must not be negative", i)
		}
	}
	return nil
}
