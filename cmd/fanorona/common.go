// common.go: helpers shared by the subcommands: reading positions and rules from flags,
// writing output files.

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament/report"
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

// tablebaseFolder resolves a --tablebases flag of docs/CLI.md for the players' probes:
// "none" is off (""); "" is the default folder when it exists and off when it does not;
// any other folder must exist. Every table file in the folder used must have a sound
// header (checkedTablebases then checks the blocks of those the players may probe):
// otherwise it is bad input.
func tablebaseFolder(flag string) (string, error) {
	dir, explicit := flag, true
	switch flag {
	case "none":
		return "", nil
	case "":
		dir, explicit = defaultTablebaseDir(), false
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !explicit:
		return "", nil
	case err != nil:
		return "", badInputf("--tablebases %s: %w", dir, err)
	case !st.IsDir():
		return "", badInputf("--tablebases %s: not a folder", dir)
	}
	tables, err := tablebase.Open(dir).Tables()
	if err != nil {
		return "", badInputf("--tablebases %s: %w", dir, err)
	}
	for _, id := range tables { // every file: the theoretic ones and those of each paika limit
		if _, err := tablebase.ReadInfo(dir, id.Class, id.Rule); err != nil {
			return "", badInputf("--tablebases %s: %w", dir, err)
		}
	}
	return dir, nil
}

// tablebasePlayerOptions are the players' options for a --tablebases flag, every table
// they may probe under paika limit limit checked (checkedTablebases).
func tablebasePlayerOptions(flag string, limit int) ([]players.Option, error) {
	dir, err := tablebaseFolder(flag)
	if err != nil || dir == "" {
		return nil, err
	}
	opts, _, err := checkedTablebases(dir, limit)
	return opts, err
}

// positionUnderRules parses --fen and the rule flags together: a paika counter above the
// paika limit names a position the rules cannot reach, and is refused.
func positionUnderRules(fen string, f *rulesFlags) (engine.Position, engine.Rules, error) {
	p, err := parseFENFlag(fen)
	if err != nil {
		return p, engine.Rules{}, err
	}
	r, err := f.rules()
	if err != nil {
		return p, r, err
	}
	if r.PaikaLimit > 0 && p.Paika > r.PaikaLimit {
		return p, r, badInputf("FEN %q: paika counter %d is above the paika limit %d (--paika-limit)", fen, p.Paika, r.PaikaLimit)
	}
	return p, r, nil
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
