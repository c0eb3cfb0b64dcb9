// positions.go: the positions command, which draws positions where one side is ahead from
// recorded games (a positions file for tournament --openings file:PATH), thin over
// package tournament.

package main

import (
	"fmt"

	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

type positionsOptions struct {
	tournament.ExtractOptions
	out   newFile
	files []string // the games.jsonl files or run folders
}

func newPositionsCmd(s *streams, runF func(*positionsOptions) error) *cobra.Command {
	var o positionsOptions
	c := &cobra.Command{
		Use:   "positions FILE... [--pieces 8-16] [--lead 2] [--count 200] [--seed S] [--strong-side white] [--keep-counter] [--quiet-positions] [-o FILE]",
		Short: "Draw positions where one side is ahead from recorded games (openings for conversion matches)",
		Long:  "Draw positions where one side is ahead from recorded games (games.jsonl files or run folders) into a positions file for tournament --openings file:PATH (docs/FORMATS.md, \"Positions files\").",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.files = args
			return seam(runF, &o, func() error { return runPositions(s, &o) })
		},
	}
	c.Flags().StringVar(&o.Pieces, "pieces", "8-16", "total pieces on the board, MIN-MAX (both included)")
	c.Flags().IntVar(&o.Lead, "lead", 2, "at least this many more pieces for one side")
	c.Flags().IntVar(&o.Count, "count", 200, "positions to draw")
	c.Flags().Uint64Var(&o.Seed, "seed", 1, "seed of the draws (a game's ply, then the sample)")
	c.Flags().StringVar((*string)(&o.Strong), "strong-side", string(tournament.StrongWhite), "colour given to the side ahead: white, black (by the colour flip) or any (as played)")
	c.Flags().BoolVar(&o.KeepCounter, "keep-counter", false, "keep the paika counter of the game (default: set to 0)")
	c.Flags().BoolVar(&o.Quiet, "quiet-positions", false, "only positions where the side to move has no capture (the lead does not change at once)")
	c.Flags().StringVarP((*string)(&o.out), "output", "o", "", "write the positions into this new file instead of stdout")
	return c
}

func runPositions(s *streams, o *positionsOptions) error {
	if err := o.Check(); err != nil {
		return badInput(err)
	}
	if err := tournament.CheckNew(string(o.out)); err != nil {
		return err
	}
	o.Bad = warnSkipped(s)
	o.Progress = func(games int) {
		if games%20000 == 0 {
			fmt.Fprintf(s.err, "fanorona: positions: %d games read\n", games)
		}
	}
	res, err := tournament.ExtractPositions(o.files, o.ExtractOptions)
	if err != nil {
		return badInput(err)
	}
	warnDuplicates(s, res.Duplicates)
	fmt.Fprintf(s.err, "fanorona: positions: %d games read, %d with a qualifying position, %d distinct positions, %d drawn\n",
		res.Games, res.Qualifying, res.Distinct, len(res.Positions))
	return o.out.write(s, res.WriteText)
}
