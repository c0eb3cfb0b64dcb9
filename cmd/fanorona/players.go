// players.go: the commands of the players, each thin over its package: analyze (a hint:
// best turn, score and principal variation of a player, by default the expert), play (a
// game in the terminal: people against any level, or two people on one machine), serve
// (the analysis board in the browser, package tournament/analysis) and engine (one of our
// players on stdin/stdout in the protocol of players/uci); and the --engine/--engines
// flags that declare external engines for selfplay, tournament and analyze.

package main

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/play"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament/analysis"
	"github.com/spf13/cobra"
)

type analyzeOptions struct {
	req  players.AnalyzeRequest
	json bool
	tb   string
	positionFlags
	eng engineFlags
}

func newAnalyzeCmd(s *streams, runF func(*analyzeOptions) error) *cobra.Command {
	var o analyzeOptions
	c := &cobra.Command{
		Use:  "analyze [--fen F] [--player SPEC] [--seed S] [--multipv N] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runAnalyze),
	}
	o.positionFlags.bind(c, "position")
	c.Flags().StringVar(&o.req.Spec, "player", players.DefaultAnalyzer, "player spec")
	c.Flags().Uint64Var(&o.req.Seed, "seed", 0, "seed of the player's random choices")
	c.Flags().IntVar(&o.req.MultiPV, "multipv", 1, `the N best turns (expert only), each with its score and variation; --json adds "lines":[{"turn","score","pv"}]`)
	c.Flags().StringVar(&o.tb, "tablebases", "", `tablebase folder for expert's probes ("" = the default folder if it exists, "none" = off; a folder named must exist)`)
	c.Flags().BoolVar(&o.json, "json", false, `print one JSON object: {"fen","player","seed","turn","score","pv","depth","nodes","nodes_per_second"}`)
	o.eng.bind(c)
	return c
}

func runAnalyze(ctx context.Context, s *streams, o *analyzeOptions) error {
	p, r, err := o.position()
	if err != nil {
		return err
	}
	opts, err := play.TableOptions(o.tb, r.PaikaLimit)
	if err != nil {
		return err
	}
	engines, err := uci.Launch(o.eng.file, o.eng.decl, s.err)
	if err != nil {
		return err
	}
	defer engines.Close()
	rep, err := o.req.Run(ctx, o.fen, &p, r, opts...)
	if err != nil {
		return err
	}
	return rep.Write(s.out, o.json)
}

type playOptions struct {
	setup play.Setup
	positionFlags
}

func newPlayCmd(s *streams, runF func(*playOptions) error) *cobra.Command {
	var o playOptions
	c := &cobra.Command{
		Use:  "play [--white SPEC|human] [--black SPEC|human] [--fen F] [--seed S]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runPlay),
	}
	c.Flags().StringVar(&o.setup.White, "white", play.Human, "White: human or a player spec")
	c.Flags().StringVar(&o.setup.Black, "black", "medium", "Black: human or a player spec")
	o.positionFlags.bind(c, "starting position")
	c.Flags().Uint64Var(&o.setup.Seed, "seed", 0, "seed of the computer players' random choices")
	c.Flags().StringVar(&o.setup.Hint, "hint", players.DefaultAnalyzer, "player spec that answers hint")
	c.Flags().StringVar(&o.setup.Tables, "tablebases", "", `tablebase folder for expert's probes ("" = the default folder if it exists, "none" = off; a folder named must exist)`)
	return c
}

func runPlay(ctx context.Context, s *streams, o *playOptions) error {
	p, r, err := o.position()
	if err != nil {
		return err
	}
	g, err := o.setup.Game(p, r)
	if err != nil {
		return badInput(err)
	}
	return play.NewSession(g, o.setup.Names(), s.in, s.out).Run(ctx)
}

// defaultServeAddr is where serve listens without --addr.
const defaultServeAddr = "127.0.0.1:8054"

type serveOptions struct {
	req   analysis.Request
	open  bool
	rules rulesFlags
}

func newServeCmd(s *streams, runF func(*serveOptions) error) *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:  "serve [--addr 127.0.0.1:PORT] [--tablebases DIR] [--open]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runServe),
	}
	c.Flags().StringVar(&o.req.Addr, "addr", defaultServeAddr, "host:port to listen on (port 0 picks a free one); loopback unless --allow-remote")
	c.Flags().StringVar(&o.req.Tables, "tablebases", "", `tablebase folder ("" = the default cache folder when it exists, "none" = off)`)
	c.Flags().BoolVar(&o.open, "open", false, "open the page in the desktop's browser")
	c.Flags().BoolVar(&o.req.AllowRemote, "allow-remote", false, "listen on and answer any address, not only loopback (the API has no authentication)")
	c.Flags().IntVar(&o.req.MaxSearches, "max-searches", 0, "analyses and proofs running at once over all clients (0 = one a core)")
	c.Flags().DurationVar(&o.req.MaxTime, "max-time", analysis.DefaultMaxTime, "longest time budget a page may give one analysis or proof")
	o.rules.bind(c)
	return c
}

func runServe(ctx context.Context, s *streams, o *serveOptions) error {
	var err error
	if o.req.Rules, err = o.rules.rules(); err != nil {
		return err
	}
	if err := o.req.Check(); err != nil {
		return badInput(err)
	}
	o.req.Toolkit = version()
	return o.req.Serve(ctx, func(url string) {
		fmt.Fprintf(s.err, "fanorona: the analysis board is at %s (Ctrl-C stops it)\n", url)
		if o.open {
			if err := analysis.OpenBrowser(url); err != nil {
				fmt.Fprintf(s.err, "fanorona: --open: %v\n", err)
			}
		}
	})
}

type engineOptions struct {
	req   uci.ServeRequest
	rules rulesFlags
}

func newEngineCmd(s *streams, runF func(*engineOptions) error) *cobra.Command {
	var o engineOptions
	c := &cobra.Command{
		Use:  "engine [--player SPEC] [--hash MB] [--tablebases DIR] [--notation compact|dashed]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runEngine),
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
