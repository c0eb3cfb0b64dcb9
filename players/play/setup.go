// setup.go: the players of a game as a command names them, made into a Game.

package play

import (
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Human names a side a person plays.
const Human = "human"

// Setup names the players of a game: Human or a player spec a side, and the spec of the
// player that answers a request for a hint; Seed seeds them all. Tables is the folder
// option of the tables they probe (tablebase.OpenFolder: "" the default folder when it
// exists, "none" off).
type Setup struct {
	White, Black, Hint string
	Seed               uint64
	Tables             string
}

// Names are the sides' names, White's first.
func (s Setup) Names() [2]string { return [2]string{s.White, s.Black} }

// Game is a game from p under r with the players of s. A folder of tables that cannot be
// used is a tablebase.OptionError, a side's bad spec a *players.InputError, the hint's a
// *engine.SettingError.
func (s Setup) Game(p engine.Position, r engine.Rules) (Game, error) {
	opts, err := TableOptions(s.Tables, r.PaikaLimit)
	if err != nil {
		return Game{}, err
	}
	g := Game{Rules: r, Pos: p}
	for i, spec := range s.Names() {
		if spec == Human {
			continue
		}
		if g.Sides[i], err = players.NewFromString(spec, s.Seed, opts...); err != nil {
			return Game{}, &players.InputError{Err: err}
		}
	}
	if g.Hint, err = players.NewFromString(s.Hint, s.Seed, opts...); err != nil {
		return Game{}, &engine.SettingError{Name: "hint", Text: fmt.Sprintf("hint: %v", err)}
	}
	return g, nil
}

// TableOptions are the players' options of a tables folder option (tablebase.OpenOption:
// "" the default folder when it exists, "none" off) under the paika limit: the tables'
// oracle when the folder holds any. A folder that cannot be used is a
// tablebase.OptionError.
func TableOptions(option string, paikaLimit int) ([]players.Option, error) {
	ts, err := tablebase.OpenOption(option, tablebase.PlayersUse(paikaLimit))
	if err != nil || ts.Oracle == nil {
		return nil, err
	}
	return []players.Option{players.WithOracle(ts.Oracle)}, nil
}
