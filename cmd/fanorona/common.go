// common.go: helpers shared by the subcommands: reading positions and rules from flags.

package main

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/spf13/cobra"
)

// parseFENFlag parses the --fen flag (default: the start position); errors are bad input.
func parseFENFlag(fen string) (engine.Position, error) {
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return engine.Position{}, badInput(err)
	}
	return p, nil
}

// rulesFlags binds the engine's rule options to a command's flags.
type rulesFlags struct {
	paikaLimit       int
	noMovesDraw      bool
	firstTurnNoChain bool
}

func (f *rulesFlags) bind(c *cobra.Command) {
	d := engine.DefaultRules()
	c.Flags().IntVar(&f.paikaLimit, "paika-limit", d.PaikaLimit, "consecutive paika plies that draw (0 = off)")
	c.Flags().BoolVar(&f.noMovesDraw, "no-moves-draw", false, "a side with no legal turn draws instead of losing")
	c.Flags().BoolVar(&f.firstTurnNoChain, "first-turn-no-chain", false, "each side's first turn may capture one step only")
}

func (f *rulesFlags) rules() (engine.Rules, error) {
	if f.paikaLimit < 0 {
		return engine.Rules{}, badInputf("--paika-limit %d: must be 0 (off) or more", f.paikaLimit)
	}
	return engine.Rules{PaikaLimit: f.paikaLimit, NoMovesDraw: f.noMovesDraw, FirstTurnNoChain: f.firstTurnNoChain}, nil
}
