// claim.go: claims, their outcomes and the rules they are made under.

package proof

import (
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Kind is what a claim says about its side.
type Kind uint8

// The kinds of claim.
const (
	Wins        Kind = iota // the side forces a win
	DoesNotLose             // the side forces a win or a draw
)

// String returns "wins" or "does-not-lose".
func (k Kind) String() string {
	if k == Wins {
		return "wins"
	}
	return "does-not-lose"
}

// Claim is a one-sided statement about a position under a paika limit.
type Claim struct {
	Side engine.Color
	Kind Kind
}

// String returns e.g. "white-wins" or "black-not-loses" (the --claim spelling).
func (c Claim) String() string {
	s := strings.ToLower(c.Side.String())
	if c.Kind == Wins {
		return s + "-wins"
	}
	return s + "-not-loses"
}

// Opposite returns the claim that holds exactly when c does not: "White wins" against
// "Black does not lose".
func (c Claim) Opposite() Claim {
	if c.Kind == Wins {
		return Claim{c.Side.Other(), DoesNotLose}
	}
	return Claim{c.Side.Other(), Wins}
}

// ParseClaim reads "white-wins", "white-not-loses", "black-wins" or "black-not-loses".
func ParseClaim(s string) (Claim, error) {
	for _, side := range []engine.Color{engine.White, engine.Black} {
		for _, k := range []Kind{Wins, DoesNotLose} {
			if c := (Claim{side, k}); c.String() == s {
				return c, nil
			}
		}
	}
	return Claim{}, fmt.Errorf("claim %q: expected white-wins, white-not-loses, black-wins or black-not-loses", s)
}

// good reports whether an outcome for the claim's side (Win, Draw or Loss) fulfils the claim.
func (c Claim) good(o tablebase.Outcome) bool {
	return o == tablebase.Win || (c.Kind == DoesNotLose && o == tablebase.Draw)
}

// outcomeFor converts a game outcome to the view of side.
func outcomeFor(o engine.Outcome, side engine.Color) tablebase.Outcome {
	switch o {
	case engine.WinFor(side):
		return tablebase.Win
	case engine.WinFor(side.Other()):
		return tablebase.Loss
	}
	return tablebase.Draw
}

// viewOf converts a value for the side to move of p to the view of side.
func viewOf(o tablebase.Outcome, p *engine.Position, side engine.Color) tablebase.Outcome {
	if p.Side == side || o == tablebase.Draw {
		return o
	}
	if o == tablebase.Win {
		return tablebase.Loss
	}
	return tablebase.Win
}

// Rules returns the rules of a proof under paika limit limit (0: theoretic): a side with
// no legal turn loses, chains from the first turn, no ply cap — the rules the tables hold.
func Rules(limit int) engine.Rules { return engine.Rules{PaikaLimit: limit} }

// checkLimit refuses paika limits neither a key nor a table can hold.
func checkLimit(limit int) error {
	if limit < 0 || limit > tablebase.MaxPaikaLimit {
		return fmt.Errorf("proof: paika limit %d: must be 0 (theoretic) to %d", limit, tablebase.MaxPaikaLimit)
	}
	return nil
}

// normalise returns the position a claim is about: counters dropped under the theoretic
// rules, the ply counter always (no rule of a proof reads it).
func normalise(p engine.Position, limit int) engine.Position {
	counter := p.Paika
	if limit == 0 {
		counter = 0
	}
	return engine.NewPosition(p.Pieces[engine.White], p.Pieces[engine.Black], p.Side, counter, 0)
}

// RandomPosition returns a position of n pieces (2 or more), at least one a side, with
// the board and the side to move drawn from rng and both counters 0: the positions of a
// seeded sample.
func RandomPosition(rng interface{ IntN(int) int }, n int) engine.Position {
	white := 1 + rng.IntN(n-1)
	var pieces [2]engine.Bitboard
	for placed := 0; placed < n; {
		pt := engine.Point(rng.IntN(engine.Points))
		if (pieces[0] | pieces[1]).Has(pt) {
			continue
		}
		c := engine.White
		if placed >= white {
			c = engine.Black
		}
		pieces[c] |= engine.Bit(pt)
		placed++
	}
	return engine.NewPosition(pieces[0], pieces[1], engine.Color(rng.IntN(2)), 0, 0)
}
