// puzzles_cmd.go: the puzzles command: list, show and solve the curated collection.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/tablebase"
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
		RunE: func(c *cobra.Command, _ []string) error {
			enc := json.NewEncoder(s.out)
			tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
			for _, p := range puzzles.Collection() {
				if asJSON {
					if err := enc.Encode(puzzleJSON(p)); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", p.Name, p.Kind, p.Value, p.Description)
			}
			return tw.Flush()
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "one JSON object a puzzle")
	var pic pictureFlags
	show := &cobra.Command{
		Use:   "show NAME [-o FILE.svg|FILE.png [--force]]",
		Short: "Draw a puzzle's board and say what it asks, or draw it with its first turn into an SVG or PNG file",
		Example: `  fanorona puzzles show longest-3v2
  fanorona puzzles show telo-noho-dimy-one-of-22 -o one-of-22.png`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			p, err := puzzleNamed(args[0])
			if err != nil {
				return err
			}
			pos := engine.MustParseFEN(p.FEN)
			if pic.output != "" {
				if err := pic.check(); err != nil {
					return err
				}
				t, err := parseTurnFlag(&pos, p.Rules(), p.Turn)
				if err != nil {
					return err // the collection's tests keep every turn legal
				}
				return pic.write(s, pos, t)
			}
			fmt.Fprintf(s.out, "%s (%s)\n%s\n\n%s\nFEN: %s\n%s to move: %v\n", p.Name, p.Kind, p.Description, engine.Diagram(&pos, 0), p.FEN, pos.Side, p.Value)
			return nil
		},
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

func puzzleNamed(name string) (puzzles.Puzzle, error) {
	p, ok := puzzles.ByName(name)
	if !ok {
		return p, badInputf("no puzzle named %q (see: fanorona puzzles list)", name)
	}
	return p, nil
}

func puzzleJSON(p puzzles.Puzzle) any {
	var plies *int
	if p.Value.Outcome != tablebase.Draw {
		plies = &p.Value.Plies
	}
	return struct {
		Name        string `json:"name"`
		Kind        string `json:"kind"`
		FEN         string `json:"fen"`
		Description string `json:"description"`
		Value       string `json:"value"`
		Plies       *int   `json:"plies"`
		Turn        string `json:"turn,omitempty"`
	}{p.Name, p.Kind, p.FEN, p.Description, p.Value.Outcome.String(), plies, p.Turn}
}

func runPuzzleSolve(ctx context.Context, s *streams, name string, o *solveOptions) error {
	pz, err := puzzleNamed(name)
	if err != nil {
		return err
	}
	if o.time <= 0 {
		return badInputf("--time must be positive")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	pos := engine.MustParseFEN(pz.FEN)
	// A puzzle is solved under the rule it states (its Rule); the collection records its
	// value under the default rules beside it.
	set, err := solveTablebases(o.dir, pz.Rules().PaikaLimit, &pos)
	if err != nil {
		return err
	}
	res, err := puzzles.Solve(ctx, pos, set, puzzles.Limits{Time: o.time, PaikaLimit: pz.Rules().PaikaLimit})
	if err != nil {
		if errors.Is(err, tablebase.ErrDamaged) {
			return badInput(err)
		}
		return err
	}
	rec := solveRecordOf(&pos, res, pz.Rules().PaikaLimit)
	if o.json {
		if err := json.NewEncoder(s.out).Encode(rec); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(s.out, "%s: %s\n", pz.Name, describeResult(rec))
	}
	switch {
	case !res.Known:
		// Not a failure (exit 0): the output says "unknown within budget".
		fmt.Fprintf(s.err, "%s: unknown within budget (the collection says %v)\n", pz.Name, pz.Value)
		noTablesNote(s, set, o.dir, pz.Rules().PaikaLimit)
	case res.Value.Outcome != pz.Value.Outcome || res.Exact && res.Value.Plies != pz.Value.Plies:
		return fmt.Errorf("%s: solved as %v, the collection says %v", pz.Name, res.Value, pz.Value)
	}
	return nil
}
