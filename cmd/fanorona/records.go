// records.go: the export and positions commands, which turn recorded games into files:
// PGN-style text (package tournament/pgn) and positions where one side is ahead, a
// positions file for tournament --openings file:PATH (package tournament).

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	files  []string
	output newFile
}

func newExportCmd(s *streams, runF func(*exportOptions) error) *cobra.Command {
	var o exportOptions
	c := &cobra.Command{
		Use:  "export FILE... [-o FILE]",
		Args: cobra.MinimumNArgs(1),
		RunE: runs(s, runF, &o, &o.files, runExport),
	}
	c.Flags().StringVarP((*string)(&o.output), "output", "o", "", "write the games into this new file instead of stdout")
	return c
}

func runExport(_ context.Context, s *streams, o *exportOptions) error {
	if err := tournament.CheckNew(string(o.output)); err != nil {
		return err
	}
	ex, err := pgn.CheckExport(o.files, warnSkipped(s))
	if err != nil {
		return badInput(err)
	}
	warnDuplicates(s, ex.Duplicates)
	if err := o.output.write(s, ex.Write); err != nil {
		return err
	}
	fmt.Fprintf(s.err, "fanorona: export: %d games\n", ex.Games)
	return nil
}

// newFile is an -o value of export and positions: "" for stdout, else a new file
// (tournament.CheckNew, before any work, and CreateNew).
type newFile string

func (p newFile) write(s *streams, write func(io.Writer) error) error {
	if p == "" {
		return write(s.out)
	}
	err := tournament.CreateNew(string(p), write)
	if err == nil {
		wrote(s)(string(p))
	}
	return err
}

// warnSkipped warns of each record line skipped as unreadable.
func warnSkipped(s *streams) func(*record.LineError) {
	return func(e *record.LineError) { fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", e) }
}

type positionsOptions struct {
	tournament.ExtractOptions
	out   newFile
	files []string // the games.jsonl files or run folders
}

func newPositionsCmd(s *streams, runF func(*positionsOptions) error) *cobra.Command {
	var o positionsOptions
	c := &cobra.Command{
		Use:  "positions FILE... [--pieces 8-16] [--lead 2] [--count 200] [--seed S] [--strong-side white] [--keep-counter] [--quiet-positions] [-o FILE]",
		Args: cobra.MinimumNArgs(1),
		RunE: runs(s, runF, &o, &o.files, runPositions),
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

func runPositions(_ context.Context, s *streams, o *positionsOptions) error {
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
