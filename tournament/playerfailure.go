// playerfailure.go: games lost by a player's failure, and releasing a player after its game.

package tournament

import (
	"errors"
	"io"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// forfeited reports whether err is a player losing the game by failing: an error with a
// Forfeit method (players/uci.ForfeitError) that names a record.ForfeitReasons reason.
func forfeited(err error) (reason, text string, ok bool) {
	var f interface{ Forfeit() (string, string) }
	if err == nil || !errors.As(err, &f) {
		return "", "", false
	}
	reason, text = f.Forfeit()
	return reason, text, record.IsForfeitReason(reason)
}

// closePlayer releases what a player holds after its game (an engine process goes back
// to its pool for the next game).
func closePlayer(p players.Player) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}
