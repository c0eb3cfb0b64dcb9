// forfeit.go: games lost by a player's failure (an external engine that crashed, answered
// an illegal turn, overran its time or went silent), and the external engines a run
// records.

package record

import "slices"

// The reasons of a game lost by a player's failure (the record's reason).
const (
	ForfeitIllegalMove = "illegal-move" // a bestmove that is not a legal turn, or not a turn at all
	ForfeitTime        = "time-forfeit" // answered after its time (or clock) plus the margin
	ForfeitCrash       = "crash"        // the process ended, or could not be started
	ForfeitNoAnswer    = "no-answer"    // no bestmove at all, even after stop
)

// ForfeitReasons are the record reasons of a game lost by a player's failure.
var ForfeitReasons = []string{ForfeitIllegalMove, ForfeitTime, ForfeitCrash, ForfeitNoAnswer}

// IsForfeitReason reports whether reason is one of ForfeitReasons.
func IsForfeitReason(reason string) bool { return slices.Contains(ForfeitReasons, reason) }

// Engine is an external engine as run.json records it.
type Engine struct {
	Name    string            `json:"name"`
	Command []string          `json:"command"`
	Dir     string            `json:"dir,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	ID      string            `json:"id_name"` // what the engine answered to "uci"
}
