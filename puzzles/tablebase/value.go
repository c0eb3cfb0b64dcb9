// value.go: the game-theoretic value of a position and its one-byte encoding.

package tablebase

import "fmt"

// Outcome is the result with best play for the side to move.
type Outcome uint8

// The outcomes, for the side to move.
const (
	Draw Outcome = iota
	Win
	Loss
)

// String returns "win", "draw" or "loss".
func (o Outcome) String() string { return [...]string{"draw", "win", "loss"}[o] }

// Value is a position's value for the side to move: the outcome and, for a win or loss,
// the plies to the end with best play (the winner fastest, the loser slowest). The end is
// the losing side to move with no pieces or no legal turn: a turn that takes the last enemy
// piece wins in 1, a side with no legal turn has lost in 0.
type Value struct {
	Outcome Outcome
	Plies   int
}

// String returns "win in 7", "loss in 0" or "draw".
func (v Value) String() string {
	if v.Outcome == Draw {
		return "draw"
	}
	return fmt.Sprintf("%v in %d", v.Outcome, v.Plies)
}

// Parent returns the value of a position one ply before, seen by its side to move, when
// the best turn leads to v.
func (v Value) Parent() Value {
	switch v.Outcome {
	case Win:
		return Value{Loss, v.Plies + 1}
	case Loss:
		return Value{Win, v.Plies + 1}
	}
	return v
}

// One byte per slot: 0 is a draw (or not yet resolved while building); otherwise the byte
// is plies+1, and the parity of the plies tells the outcome: a win ends on the winner's own
// turn (odd plies), a loss on the loser's (even plies).
const (
	codeDraw = 0
	// maxPlies is the longest distance a byte holds; a build that needs more fails.
	maxPlies  = 254
	codeLoss0 = 1 // loss in 0: no legal turn
	codeWin1  = 2 // win in 1: the turn takes the last enemy piece
)

func decode(b byte) Value {
	if b == codeDraw {
		return Value{}
	}
	d := int(b) - 1
	if d&1 == 1 {
		return Value{Win, d}
	}
	return Value{Loss, d}
}

func encode(v Value) byte {
	if v.Outcome == Draw {
		return codeDraw
	}
	return byte(v.Plies + 1)
}

// codeIsWin and codeIsLoss read the parity without decoding.
func codeIsWin(b byte) bool  { return b != 0 && b&1 == 0 }
func codeIsLoss(b byte) bool { return b&1 == 1 }
