// play.go: the play command, a game in the terminal: people against any level, or two
// people on one machine, a turn typed whole or step by step.

package main

import (
	"context"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/play"
	"github.com/spf13/cobra"
)

type playOptions struct {
	setup play.Setup
	fen   string
	rules rulesFlags
}

func newPlayCmd(s *streams, runF func(*playOptions) error) *cobra.Command {
	var o playOptions
	c := &cobra.Command{
		Use:   "play [--white SPEC|human] [--black SPEC|human] [--fen F] [--seed S]",
		Short: "Play a game in the terminal against any level, or two people on one machine",
		Long:  "Play a game in the terminal, each side \"human\" or a player spec (" + strings.Join(players.Names(), ", ") + "), a turn typed whole (f4-e4W-e3A) or step by step; type help at the prompt for the commands.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runPlay(c.Context(), s, &o) })
		},
	}
	c.Flags().StringVar(&o.setup.White, "white", play.Human, "White: human or a player spec")
	c.Flags().StringVar(&o.setup.Black, "black", "medium", "Black: human or a player spec")
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "starting position")
	c.Flags().Uint64Var(&o.setup.Seed, "seed", 0, "seed of the computer players' random choices")
	c.Flags().StringVar(&o.setup.Hint, "hint", players.DefaultAnalyzer, "player spec that answers hint")
	c.Flags().StringVar(&o.setup.Tables, "tablebases", "", `tablebase folder for expert's probes ("" = the default folder if it exists, "none" = off; a folder named must exist)`)
	o.rules.bind(c)
	return c
}

func runPlay(ctx context.Context, s *streams, o *playOptions) error {
	p, r, err := positionUnderRules(o.fen, &o.rules)
	if err != nil {
		return err
	}
	g, err := o.setup.Game(p, r)
	if err != nil {
		return badInput(err)
	}
	return play.NewSession(g, o.setup.Names(), s.in, s.out).Run(ctx)
}
