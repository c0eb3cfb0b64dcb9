// rules.go: the rule options and the game's status (who won, or why it is drawn).

package engine

import "fmt"

// Rules holds the options of RULES.md. The zero value is not the default: use DefaultRules.
type Rules struct {
	// PaikaLimit: this many consecutive paika plies (both sides together) draw; 0 disables.
	PaikaLimit int
	// NoMovesDraw: a side to move with no legal turn draws instead of losing.
	NoMovesDraw bool
	// FirstTurnNoChain: the first turn of each side (plies 0 and 1) may capture one step only.
	FirstTurnNoChain bool
	// MaxPlies: a hard cap on the game's length (a draw with reason max-plies); 0 disables.
	MaxPlies int
}

// DefaultRules returns the rules of RULES.md: paika limit 50, no legal turn loses, chains
// allowed from the first turn, no ply cap.
func DefaultRules() Rules { return Rules{PaikaLimit: 50} }

// TheoreticRules are the rules game-theoretic values use: no paika limit, no ply cap.
func TheoreticRules() Rules { return Rules{} }

// String describes the rules compactly, e.g. "paika=50,nomoves=loss,firstchain=yes,maxplies=0".
func (r Rules) String() string {
	nm := "loss"
	if r.NoMovesDraw {
		nm = "draw"
	}
	fc := "yes"
	if r.FirstTurnNoChain {
		fc = "no"
	}
	return fmt.Sprintf("paika=%d,nomoves=%s,firstchain=%s,maxplies=%d", r.PaikaLimit, nm, fc, r.MaxPlies)
}

// Outcome is the state of a game.
type Outcome uint8

// Outcomes.
const (
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the result notation: "*", "1-0", "0-1", "1/2-1/2".
func (o Outcome) String() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[o]
}

// WinFor returns the outcome in which c wins.
func WinFor(c Color) Outcome {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

// Reasons.
const (
	NotOver    Reason = iota
	NoPieces          // the side to move has no pieces left
	NoMoves           // the side to move has no legal turn
	PaikaLimit        // the paika limit was reached
	MaxPlies          // the ply cap was reached
)

// String returns the reason's name as used in records: "no-pieces", "no-moves",
// "paika-limit", "max-plies" (and "" while the game goes on).
func (r Reason) String() string {
	return [...]string{"", "no-pieces", "no-moves", "paika-limit", "max-plies"}[r]
}

// ParseReason is the inverse of Reason.String.
func ParseReason(s string) (Reason, bool) {
	for r := NoPieces; r <= MaxPlies; r++ {
		if r.String() == s {
			return r, true
		}
	}
	return NotOver, false
}

// Status is a game's state: Ongoing, or the result with its reason.
type Status struct {
	Outcome Outcome
	Reason  Reason
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Outcome != Ongoing }

// GameOverError says that a turn was asked of a game that had already ended: the one
// "game over" check of every reader of turns (records, openings, analyses, tuning data).
type GameOverError struct{ Status Status }

func (e *GameOverError) Error() string {
	return fmt.Sprintf("the game is already over (%s, %s)", e.Status.Outcome, e.Status.Reason)
}

// Ongoing returns nil while the game at p goes on under r, else a *GameOverError.
func (r Rules) Ongoing(p *Position) error {
	if st := r.Status(p); st.Over() {
		return &GameOverError{st}
	}
	return nil
}

// Status returns the state of the game at p. Checks run in this order: the side to move
// has no pieces (loss), has no legal turn (loss, or draw with NoMovesDraw), the paika limit
// (draw), the ply cap (draw). A decisive result on the board thus wins over a limit reached
// on the same ply.
func (r Rules) Status(p *Position) Status {
	us := p.Side
	switch {
	case p.Pieces[us] == 0:
		return Status{WinFor(us.Other()), NoPieces}
	case !p.HasTurn():
		if r.NoMovesDraw {
			return Status{Draw, NoMoves}
		}
		return Status{WinFor(us.Other()), NoMoves}
	case r.PaikaLimit > 0 && p.Paika >= r.PaikaLimit:
		return Status{Draw, PaikaLimit}
	case r.MaxPlies > 0 && p.Ply >= r.MaxPlies:
		return Status{Draw, MaxPlies}
	}
	return Status{}
}
