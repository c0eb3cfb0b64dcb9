// analyze.go: the analyze command, a hint: best turn, score and principal variation of a
// player (by default the expert) for one position.

package main

import (
	"context"
	"errors"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/spf13/cobra"
)

type analyzeOptions struct {
	req   players.AnalyzeRequest
	fen   string
	json  bool
	tb    string
	rules rulesFlags
	eng   engineFlags
}

func newAnalyzeCmd(s *streams, runF func(*analyzeOptions) error) *cobra.Command {
	var o analyzeOptions
	c := &cobra.Command{
		Use:   "analyze [--fen F] [--player SPEC] [--seed S] [--multipv N] [--json]",
		Short: "Best turn, score and principal variation for a position (a hint)",
		Long:  "Print the best turn of a player (default " + players.DefaultAnalyzer + "; " + strings.Join(players.Names(), ", ") + ") for a position, its score for the side to move (+1.00 = one piece), principal variation, depth, nodes and nodes/s.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runAnalyze(c.Context(), s, &o) })
		},
	}
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	c.Flags().StringVar(&o.req.Spec, "player", players.DefaultAnalyzer, "player spec")
	c.Flags().Uint64Var(&o.req.Seed, "seed", 0, "seed of the player's random choices")
	c.Flags().IntVar(&o.req.MultiPV, "multipv", 1, `the N best turns (expert only), each with its score and variation; --json adds "lines":[{"turn","score","pv"}]`)
	c.Flags().StringVar(&o.tb, "tablebases", "", `tablebase folder for expert's probes ("" = the default folder if it exists, "none" = off; a folder named must exist)`)
	c.Flags().BoolVar(&o.json, "json", false, `print one JSON object: {"fen","player","seed","turn","score","pv","depth","nodes","nodes_per_second"}`)
	o.rules.bind(c)
	o.eng.bind(c)
	return c
}

func runAnalyze(ctx context.Context, s *streams, o *analyzeOptions) error {
	p, r, err := positionUnderRules(o.fen, &o.rules)
	if err != nil {
		return err
	}
	opts, err := tablebasePlayerOptions(o.tb, r.PaikaLimit)
	if err != nil {
		return err
	}
	engines, err := uci.Launch(o.eng.file, o.eng.decl, s.err)
	if err != nil {
		return badInput(err)
	}
	defer engines.Close()
	rep, err := o.req.Run(ctx, o.fen, &p, r, opts...)
	if errors.As(err, new(*players.InputError)) {
		return badInput(err)
	} else if err != nil {
		return err
	}
	return rep.Write(s.out, o.json)
}
