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

// Rule-aware tables (a paika limit L > 0) store, per position at paika counter 0, the
// plies to the turn that decides the game under the rule: for a win the winner's fastest
// way to a winning capture (or to a side without pieces or without a turn), for a loss the
// loser's slowest. Both are at most L, so the parity trick of the theoretic bytes cannot
// be used (a capture decides in 1 ply whether it wins or loses): a win in d is 2d, a loss
// in d is 2d+1, a draw 0. Wins stay even and losses odd, so codeIsWin and codeIsLoss
// serve both encodings; one byte holds limits up to MaxPaikaLimit.
const MaxPaikaLimit = 127

func decodeRule(b byte) Value {
	switch {
	case b == codeDraw:
		return Value{}
	case b&1 == 0:
		return Value{Win, int(b >> 1)}
	}
	return Value{Loss, int(b >> 1)}
}

func encodeRule(v Value) byte {
	switch v.Outcome {
	case Win:
		return byte(2 * v.Plies)
	case Loss:
		return byte(2*v.Plies + 1)
	}
	return codeDraw
}

// AtCounter returns the value, under paika limit limit, of a position whose rule-aware
// table entry (its value at counter 0) is v, when counter consecutive paika plies have
// already been played: a win or loss decided within the plies left, else a draw. A side
// with no legal turn has lost whatever the counter (the game's status puts that before
// the limit).
func (v Value) AtCounter(limit, counter int) Value {
	if v.Outcome == Loss && v.Plies == 0 {
		return v
	}
	if v.Outcome == Draw || v.Plies > limit-counter {
		return Value{}
	}
	return v
}

// RuleParent returns the value, under a paika limit, of a position one turn before a
// position of value v (seen by its own side to move, at its own counter): a capture
// decides in 1 ply (its child starts at counter 0), a paika step adds one ply to the
// child's distance. limit and counter are the parent's; the result is a draw when the
// distance does not fit in the plies left.
func (v Value) RuleParent(capture bool, limit, counter int) Value {
	var p Value
	switch v.Outcome {
	case Draw:
		return Value{}
	case Win:
		p = Value{Loss, v.Plies + 1}
	case Loss:
		p = Value{Win, v.Plies + 1}
	}
	if capture {
		p.Plies = 1
	}
	return p.AtCounter(limit, counter)
}

// Kind names a position's value under a paika limit against its theoretic value, as
// Syzygy's five values do: "win", "cursed-win" (a theoretic win the limit draws), "draw",
// "blessed-loss" (a theoretic loss the limit draws) and "loss".
func Kind(theoretic, rule Value) string {
	switch {
	case rule.Outcome == Win:
		return "win"
	case rule.Outcome == Loss:
		return "loss"
	case theoretic.Outcome == Win:
		return "cursed-win"
	case theoretic.Outcome == Loss:
		return "blessed-loss"
	}
	return "draw"
}
