// common.go: helpers shared by the subcommands: reading positions and rules from flags,
// the tablebase flags, writing output files.

package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

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

// positionFlags are --fen (default: the start position) and the rule flags: a command's
// position under its rules.
type positionFlags struct {
	fen   string
	rules rulesFlags
}

func (f *positionFlags) bind(c *cobra.Command, usage string) {
	c.Flags().StringVar(&f.fen, "fen", engine.StartFEN, usage)
	f.rules.bind(c)
}

// position parses --fen under the rule flags (errors are bad input): a paika counter
// above the paika limit names a position the rules cannot reach, and is refused.
func (f *positionFlags) position() (engine.Position, engine.Rules, error) {
	p, err := engine.ParseFEN(f.fen)
	if err != nil {
		return p, engine.Rules{}, badInput(err)
	}
	r, err := f.rules.rules()
	if err != nil {
		return p, r, err
	}
	if r.PaikaLimit > 0 && p.Paika > r.PaikaLimit {
		return p, r, badInputf("FEN %q: paika counter %d is above the paika limit %d (--paika-limit)", f.fen, p.Paika, r.PaikaLimit)
	}
	return p, r, nil
}

// checkNew checks, before any work, that the output path of flag ("" = none) names a new
// file in a folder that takes one: why says that the command never writes over a file.
func checkNew(flag, path, why string) error {
	if path == "" {
		return nil
	}
	if err := report.CheckOutput(path, false); errors.Is(err, fs.ErrExist) {
		return badInputf("%s %s exists: choose a new file (%s)", flag, path, why)
	} else if err != nil {
		return badInputf("%s %v", flag, err)
	}
	return nil
}

// writeOutputFile writes a command's output file (report.WriteFile: never half a file,
// an existing one only with force, which is then bad input) and says so on stderr.
func writeOutputFile(s *streams, path string, data []byte, force bool) error {
	if err := report.WriteFile(path, data, force); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return badInput(err)
		}
		return err
	}
	fmt.Fprintf(s.err, "fanorona: wrote %s\n", path)
	return nil
}

// tablebasesFlag binds --tablebases DIR (and the deprecated, hidden --dir) to dir.
func tablebasesFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "tablebases", "", `tablebase folder ("" = the default cache folder, honouring FANORONA_TABLEBASES)`)
	c.Flags().StringVar(dir, "dir", "", "deprecated: --tablebases")
	_ = c.Flags().MarkHidden("dir")
}

// paikaLimitFlag binds --paika-limit with the default rules' limit.
func paikaLimitFlag(c *cobra.Command, limit *int, usage string) {
	c.Flags().IntVar(limit, "paika-limit", engine.DefaultRules().PaikaLimit, usage)
}
