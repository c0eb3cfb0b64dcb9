// game.go: a game in progress: its position, the last turn's marks, who plays each side.

package play

import (
	"context"
	"fmt"
	"slices"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// Game is one game in progress. A side whose player is nil is played by a person.
type Game struct {
	Rules engine.Rules
	Pos   engine.Position
	Mark  engine.Bitboard // the last turn's start, landing and captured points
	Sides [2]players.Player
	Hint  players.Player // answers a person's request for a hint
}

// Over returns the game's status and, when it has ended, why in words.
func (g *Game) Over() (engine.Status, string, bool) {
	st := g.Rules.Status(&g.Pos)
	return st, describeStatus(st, g.Pos.Side), st.Over()
}

func describeStatus(st engine.Status, toMove engine.Color) string {
	switch st.Reason {
	case engine.NoPieces:
		return fmt.Sprintf("%s has no pieces left", toMove)
	case engine.NoMoves:
		return fmt.Sprintf("%s has no legal turn", toMove)
	case engine.PaikaLimit:
		return "draw by the paika limit"
	case engine.MaxPlies:
		return "draw by the ply cap"
	}
	return st.Reason.String()
}

// ComputerTurn returns the turn of the player of the side to move; ok is false when a
// person plays that side.
func (g *Game) ComputerTurn(ctx context.Context) (t engine.Turn, ok bool, err error) {
	pl := g.Sides[g.Pos.Side]
	if pl == nil {
		return engine.Turn{}, false, nil
	}
	a, err := players.Analyze(ctx, pl, &g.Pos, g.Rules)
	return a.Turn, true, err
}

// Play plays t and marks its points.
func (g *Game) Play(t engine.Turn) {
	g.Mark = engine.Bit(t.From) | engine.Bit(t.To) | t.Captured
	g.Pos = g.Pos.Play(t)
}

// LegalTurns returns the legal turns in notation, sorted.
func (g *Game) LegalTurns() []string {
	turns := g.Pos.Turns(g.Rules, nil)
	names := make([]string, len(turns))
	for i, t := range turns {
		names[i] = t.String()
	}
	slices.Sort(names)
	return names
}

// HintFor asks the hint player for a turn of the side to move.
func (g *Game) HintFor(ctx context.Context) (players.Analysis, error) {
	return players.Analyze(ctx, g.Hint, &g.Pos, g.Rules)
}

// Enter reads a person's turn: whole in notation, or a first capture step without its
// letter, which starts an Entry that asks for the rest.
func (g *Game) Enter(line string) (engine.Turn, *Entry, error) {
	from, steps, err := engine.ParseNotation(line)
	if err != nil {
		return engine.Turn{}, nil, err
	}
	if len(steps) == 1 && steps[0].Kind == engine.Paika {
		b := engine.NewTurnBuilder(g.Pos, g.Rules)
		if kinds := stepKinds(b, from, steps[0].To); len(kinds) > 0 && kinds[0] != engine.Paika {
			e := &Entry{b: b, from: from, to: steps[0].To, kind: engine.Paika}
			e.advance()
			return engine.Turn{}, e, nil
		}
	}
	t, err := g.Pos.ParseTurn(g.Rules, line)
	return t, nil, err
}
