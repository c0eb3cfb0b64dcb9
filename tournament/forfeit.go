// forfeit.go: games lost by a player's failure (an external engine that crashed, answered
// an illegal turn, overran its time or went silent), and the external engines of a run.

package tournament

import (
	"errors"
	"io"
	"slices"

	"github.com/fanorona/fanorona/players"
)

// ForfeitReasons are the record reasons of a game lost by a player's failure.
var ForfeitReasons = []string{"illegal-move", "time-forfeit", "crash", "no-answer"}

// IsForfeitReason reports whether reason is one of ForfeitReasons.
func IsForfeitReason(reason string) bool { return slices.Contains(ForfeitReasons, reason) }

// forfeited reports whether err is a player losing the game by failing: an error with a
// Forfeit method (players/uci.ForfeitError) that names a ForfeitReasons reason.
func forfeited(err error) (reason, text string, ok bool) {
	var f interface{ Forfeit() (string, string) }
	if err == nil || !errors.As(err, &f) {
		return "", "", false
	}
	reason, text = f.Forfeit()
	return reason, text, IsForfeitReason(reason)
}

// closePlayer releases what a player holds after its game (an engine process goes back
// to its pool for the next game).
func closePlayer(p players.Player) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}

// EngineRecord is an external engine as run.json records it.
type EngineRecord struct {
	Name    string            `json:"name"`
	Command []string          `json:"command"`
	Dir     string            `json:"dir,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	ID      string            `json:"id_name"` // what the engine answered to "uci"
}
