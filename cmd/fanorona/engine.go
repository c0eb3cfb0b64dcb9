// engine.go: the engine command (one of our players on stdin/stdout in the protocol of
// players/uci), and the --engine/--engines flags that declare external engines for
// selfplay, tournament and analyze.

package main

import (
	"context"
	"io"
	"path/filepath"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/spf13/cobra"
)

type engineOptions struct {
	player, tb, notation string
	seed                 uint64
	hash                 int
	rules                rulesFlags
}

func newEngineCmd(s *streams, runF func(*engineOptions) error) *cobra.Command {
	var o engineOptions
	c := &cobra.Command{
		Use:   "engine [--player SPEC] [--hash MB] [--tablebases DIR] [--notation compact|dashed]",
		Short: "Run a player as an engine on stdin/stdout (UCI-like protocol, docs/PROTOCOL.md)",
		Long:  "Speak the protocol of the C++ engine an-do-ni-ai-na/fanorona on stdin and stdout (docs/PROTOCOL.md), the flags giving the options' starting values.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runEngine(c.Context(), s, &o) })
		},
	}
	c.Flags().StringVar(&o.player, "player", "expert", "player spec served (option Player)")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "seed of the player's random choices (option Seed)")
	c.Flags().IntVar(&o.hash, "hash", 0, "transposition table in MB for players that have one (option Hash; 0 = the spec's; at most 16384 and the machine's memory)")
	c.Flags().StringVar(&o.tb, "tablebases", "", `tablebase folder (option Tablebases; "" = the default cache folder when it exists, "none" = off)`)
	c.Flags().StringVar(&o.notation, "notation", "compact", "how turns are written: compact (f4e4We3A) or dashed (f4-e4W-e3A); both are read")
	o.rules.bind(c)
	return c
}

func runEngine(ctx context.Context, s *streams, o *engineOptions) error {
	if _, err := players.ParseSpec(o.player); err != nil {
		return badInput(err)
	}
	r, err := o.rules.rules()
	if err != nil {
		return err
	}
	if err := uci.CheckHash(o.hash, machineMemory()); err != nil {
		return badInputf("--hash %d: %v", o.hash, err)
	}
	n, err := uci.ParseNotation(o.notation)
	if err != nil {
		return badInputf("--notation %v", err)
	}
	// Checked before the session starts, so that a damaged table is refused with exit
	// status 2 rather than in an info string at the first search.
	ts, err := tablebaseSetup(o.tb, playersUse(anyPaikaLimit))
	if err != nil {
		return err
	}
	open := openTablebases
	if ts.Dir != "" {
		checked := oracleOptions(ts.Oracle)
		open = func(dir string) ([]players.Option, error) {
			if dir == ts.Dir {
				return checked, nil
			}
			return openTablebases(dir)
		}
	}
	cfg := uci.ServerConfig{Player: o.player, Seed: o.seed, Rules: r, HashMB: o.hash, MemoryBytes: machineMemory(), Tablebases: ts.Dir,
		Notation: n, OpenTablebases: open}
	return uci.Serve(ctx, s.in, s.out, cfg)
}

// openTablebases is the engine's Tablebases option: the folder is checked as the
// --tablebases flag is (a missing or damaged one is an error).
func openTablebases(dir string) ([]players.Option, error) {
	if dir == "" {
		dir = "none"
	}
	return tablebasePlayerOptions(dir, anyPaikaLimit)
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

// start declares the engines, starts each once (a bad command is bad input) and returns
// them with their records; the caller closes them. Their stderr goes to logDir (a run's
// folder) or, when logDir is "", to stderr. It returns nil when no engine is declared.
func (f *engineFlags) start(logDir string, stderr io.Writer) (*uci.Engines, []record.Engine, error) {
	engines, err := f.declare(logDir, stderr)
	if engines == nil || err != nil {
		return nil, nil, err
	}
	recs, err := startEngines(engines, logDir)
	if err != nil {
		engines.Close()
		return nil, nil, err
	}
	return engines, recs, nil
}

// declare reads the engine declarations (a bad one is bad input) and declares them,
// starting none and touching no file: a run starts them once its own checks pass. It
// returns nil when no engine is declared.
func (f *engineFlags) declare(logDir string, stderr io.Writer) (*uci.Engines, error) {
	engines, err := uci.DeclareAll(f.file, f.decl, logDir, stderr)
	if err != nil {
		return nil, badInput(err)
	}
	return engines, nil
}

// startEngines starts every declared engine once (an engine that fails its handshake is
// bad input) and returns their records.
func startEngines(engines *uci.Engines, logDir string) ([]record.Engine, error) {
	recs, err := engines.Start()
	if err != nil {
		where := ""
		if logDir != "" {
			where = " (its stderr is kept in " + filepath.Join(logDir, "engine-*.log") + " when that folder existed before the run)"
		}
		return nil, badInputf("%v%s", err, where)
	}
	return recs, nil
}
