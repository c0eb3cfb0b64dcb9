// engine.go: the engine command (one of our players on stdin/stdout in the protocol of
// players/uci), and the --engine/--engines flags that declare external engines for
// selfplay, tournament and analyze.

package main

import (
	"context"

	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

type engineOptions struct {
	req   uci.ServeRequest
	rules rulesFlags
}

func newEngineCmd(s *streams, runF func(*engineOptions) error) *cobra.Command {
	var o engineOptions
	c := &cobra.Command{
		Use:   "engine [--player SPEC] [--hash MB] [--tablebases DIR] [--notation compact|dashed]",
		Short: "Run a player as an engine on stdin/stdout (UCI-like protocol, docs/PROTOCOL.md)",
		Long:  "Speak the protocol of the C++ engine an-do-ni-ai-na/fanorona on stdin and stdout (docs/PROTOCOL.md), the flags giving the options' starting values.",
		Args:  cobra.NoArgs,
		RunE:  runs(s, runF, &o, nil, runEngine),
	}
	c.Flags().StringVar(&o.req.Player, "player", "expert", "player spec served (option Player)")
	c.Flags().Uint64Var(&o.req.Seed, "seed", 0, "seed of the player's random choices (option Seed)")
	c.Flags().IntVar(&o.req.HashMB, "hash", 0, "transposition table in MB for players that have one (option Hash; 0 = the spec's; at most 16384 and the machine's memory)")
	c.Flags().StringVar(&o.req.Tables, "tablebases", "", `tablebase folder (option Tablebases; "" = the default cache folder when it exists, "none" = off)`)
	c.Flags().StringVar(&o.req.NotationName, "notation", "compact", "how turns are written: compact (f4e4We3A) or dashed (f4-e4W-e3A); both are read")
	o.rules.bind(c)
	return c
}

func runEngine(ctx context.Context, s *streams, o *engineOptions) error {
	var err error
	if o.req.Rules, err = o.rules.rules(); err != nil {
		return err
	}
	o.req.MemoryBytes = tablebase.MachineMemory()
	if err := o.req.Prepare(); err != nil {
		return badInput(err)
	}
	return uci.Serve(ctx, s.in, s.out, o.req.ServerConfig)
}

// engineFlags declare external engines: --engine (repeatable) and --engines FILE.
type engineFlags struct {
	decl []string
	file string
}

func (f *engineFlags) bind(c *cobra.Command) {
	c.Flags().StringArrayVar(&f.decl, "engine", nil, "declare an external engine: name=N,cmd=PROGRAM ARGS[,dir=D][,option.K=V][,margin=500ms][,timeout=60s]; then name it in player specs as N or N:movetime=200 (also depth=, nodes=, tc=10+0.1)")
	c.Flags().StringVar(&f.file, "engines", "", "JSON file declaring external engines (docs/PROTOCOL.md)")
}
