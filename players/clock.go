// clock.go: time limits of the searching players: a time control BASE+INC, the clock a
// player keeps by itself or is given by the game (Clocked), and the share of it a turn
// gets.

package players

import (
	"fmt"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// Clocked is implemented by players that can play under a game clock: before each turn
// the game may tell them the time left on their clock and the increment added after the
// turn. A player given no clock keeps its own from its time control.
type Clocked interface {
	SetClock(remaining, increment time.Duration)
}

// TimeControl is a game clock: Base for the whole game, plus Inc after each turn.
type TimeControl struct {
	Base, Inc time.Duration
}

// IsZero reports whether there is no time control.
func (tc TimeControl) IsZero() bool { return tc.Base <= 0 && tc.Inc <= 0 }

// String writes tc as ParseTimeControl reads it, e.g. "10s+100ms".
func (tc TimeControl) String() string { return tc.Base.String() + "+" + tc.Inc.String() }

// ParseTimeControl reads "BASE+INC" (durations, e.g. "10s+100ms") or "BASE" (no increment).
func ParseTimeControl(s string) (TimeControl, error) {
	base, inc, hasInc := strings.Cut(s, "+")
	var tc TimeControl
	var err error
	if tc.Base, err = time.ParseDuration(base); err != nil || tc.Base <= 0 {
		return TimeControl{}, fmt.Errorf("time control %q: base %q is not a positive duration such as 10s", s, base)
	}
	if hasInc {
		if tc.Inc, err = time.ParseDuration(inc); err != nil || tc.Inc < 0 {
			return TimeControl{}, fmt.Errorf("time control %q: increment %q is not a duration such as 100ms", s, inc)
		}
	}
	return tc, nil
}

// Time management: a turn gets the time left over movesToGo, plus most of the increment,
// never more than a third of what is left, never less than a millisecond.
const (
	movesToGo    = 25
	clockReserve = 20 * time.Millisecond // kept back for the game loop's own overhead
)

// clock is a player's view of its game clock.
type clock struct {
	tc        TimeControl
	remaining time.Duration
	inc       time.Duration
	given     bool // SetClock was called for the coming turn
	lastPly   int  // ply of the last turn played under the own clock, -1 before the first
	started   bool
}

// set takes the game's clock for the next turn.
func (c *clock) set(remaining, increment time.Duration) {
	c.remaining, c.inc, c.given = remaining, increment, true
}

// budget returns the time limit of the turn at p: fixed (0 = none) without a clock, else
// the clock's share, at most fixed when both are set. The own clock restarts at Base
// when p is earlier in a game than the last turn (a new game).
func (c *clock) budget(p *engine.Position, fixed time.Duration) time.Duration {
	if !c.given {
		if c.tc.IsZero() {
			return fixed
		}
		if !c.started || p.Ply <= c.lastPly {
			c.remaining, c.inc, c.started = c.tc.Base, c.tc.Inc, true
		}
	}
	left := c.remaining - clockReserve
	share := left/movesToGo + c.inc*3/4
	share = max(time.Millisecond, min(share, left/3))
	if fixed > 0 {
		share = min(share, fixed)
	}
	return share
}

// spent charges a turn's time to the own clock (a given clock is the game's to keep).
func (c *clock) spent(p *engine.Position, d time.Duration) {
	if c.given {
		c.given = false
		return
	}
	if c.tc.IsZero() {
		return
	}
	c.remaining += c.inc - d
	c.lastPly = p.Ply
}
