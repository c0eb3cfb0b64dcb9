// puzzles_cmd.go: the puzzles command: list, show and solve the curated collection.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newPuzzlesCmd) }

func newPuzzlesCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "puzzles",
		Short: "The curated endgame puzzles: telo noho dimy, longest wins, lone quiet or withdrawal wins",
	}
	var asJSON bool
	list := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the puzzles with their proven values",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return listPuzzles(s, asJSON) },
	}
	list.Flags().BoolVar(&asJSON, "json", false, "one JSON object a puzzle")
	var pic pictureFlags
	show := &cobra.Command{
		Use:   "show NAME [-o FILE.svg|FILE.png [--force]]",
		Short: "Draw a puzzle's board and say what it asks, or draw it with its first turn into an SVG or PNG file",
		Example: `  fanorona puzzles show longest-3v2
  fanorona puzzles show telo-noho-dimy-one-of-22 -o one-of-22.png`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return showPuzzle(s, args[0], &pic) },
	}
	pic.bind(show, "the puzzle with its first turn")
	var o solveOptions
	solve := &cobra.Command{
		Use:   "solve NAME [--tablebases DIR] [--time T] [--json]",
		Short: "Solve a puzzle and check the answer against the collection",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runPuzzleSolve(c.Context(), s, args[0], &o)
		},
	}
	tablebasesFlag(solve, &o.dir)
	solve.Flags().DurationVar(&o.time, "time", 10*time.Second, "search budget")
	solve.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	c.AddCommand(list, show, solve)
	return c
}

func listPuzzles(s *streams, asJSON bool) error {
	enc := json.NewEncoder(s.out)
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	for _, p := range puzzles.Collection() {
		if asJSON {
			if err := enc.Encode(p.Entry()); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", p.Name, p.Kind, p.Value, p.Description)
	}
	return tw.Flush()
}

func showPuzzle(s *streams, name string, pic *pictureFlags) error {
	p, err := puzzleNamed(name)
	if err != nil {
		return err
	}
	pos := engine.MustParseFEN(p.FEN)
	if pic.output == "" {
		fmt.Fprintf(s.out, "%s (%s)\n%s\n\n%s\nFEN: %s\n%s to move: %v\n", p.Name, p.Kind, p.Description, engine.Diagram(&pos, 0), p.FEN, pos.Side, p.Value)
		return nil
	}
	if err := pic.check(); err != nil {
		return err
	}
	t, err := parseTurnFlag(&pos, p.Rules(), p.Turn)
	if err != nil {
		return err // the collection's tests keep every turn legal
	}
	return pic.write(s, pos, t)
}

func puzzleNamed(name string) (puzzles.Puzzle, error) {
	p, ok := puzzles.ByName(name)
	if !ok {
		return p, badInputf("no puzzle named %q (see: fanorona puzzles list)", name)
	}
	return p, nil
}

func runPuzzleSolve(ctx context.Context, s *streams, name string, o *solveOptions) error {
	pz, err := puzzleNamed(name)
	if err != nil {
		return err
	}
	if o.time <= 0 {
		return badInputf("--time %v: must be positive", o.time)
	}
	pos := engine.MustParseFEN(pz.FEN)
	// A puzzle is solved under the rule it states (its Rule); the collection records its
	// value under the default rules beside it.
	limit := pz.Rules().PaikaLimit
	set, err := solveTablebases(o.dir, limit, &pos)
	if err != nil {
		return err
	}
	res, err := puzzles.Solve(ctx, puzzles.Request{Position: pos, Tables: set, PaikaLimit: limit, Time: o.time})
	if err != nil {
		return solveError(err)
	}
	if err := printSolve(s, res.Record(&pos, limit), o.json, pz.Name+": "); err != nil {
		return err
	}
	if !res.Known {
		// Not a failure (exit 0): the output says "unknown within budget".
		fmt.Fprintf(s.err, "%s: unknown within budget (the collection says %v)\n", pz.Name, pz.Value)
		noTablesNote(s, set, o.dir, limit)
	}
	return pz.Check(res)
}
