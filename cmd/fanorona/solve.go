// solve.go: the solve and puzzles commands, thin over package puzzles: a position's value
// and a best line, from the tablebases where they reach and by proof search beyond them
// (puzzles.Run); list, show and solve the curated collection.

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/spf13/cobra"
)

type solveOptions struct {
	q    puzzles.Query
	json bool
}

func newSolveCmd(s *streams, runF func(*solveOptions) error) *cobra.Command {
	o := solveOptions{q: puzzles.Query{Proof: true, Toolkit: version()}}
	c := &cobra.Command{
		Use:  "solve [--fen F] [--paika-limit 50] [--tablebases DIR] [--time T] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, func(ctx context.Context, s *streams, o *solveOptions) error {
			a, err := puzzles.Run(ctx, o.q)
			if err != nil {
				return err
			}
			tell(s, a.NoTables)
			return a.Write(s.out, o.json)
		}),
	}
	c.Flags().StringVar(&o.q.FEN, "fen", engine.StartFEN, "position")
	tablebasesFlag(c, &o.q.Tablebases)
	c.Flags().DurationVar(&o.q.Time, "time", 10*time.Second, "search budget")
	c.Flags().IntVar(&o.q.MaxDepth, "max-depth", 0, "deepest search in plies (0 = until the budget ends)")
	paikaLimitFlag(c, &o.q.PaikaLimit, "the rule: values under this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return c
}

// tell says a note on stderr, if any.
func tell(s *streams, note string) {
	if note != "" {
		fmt.Fprintf(s.err, "fanorona: %s\n", note)
	}
}

type puzzlesOptions struct {
	args []string // the puzzle's name, but for list
	dir  string
	json bool
	time time.Duration
	pic  pictureFlags
}

func newPuzzlesCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use: "puzzles",
	}
	c.AddCommand(newPuzzlesListCmd(s, nil), newPuzzlesShowCmd(s, nil), newPuzzlesSolveCmd(s, nil))
	return c
}

func newPuzzlesListCmd(s *streams, runF func(*puzzlesOptions) error) *cobra.Command {
	var o puzzlesOptions
	list := &cobra.Command{
		Use:  "list [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, func(_ context.Context, s *streams, o *puzzlesOptions) error { return puzzles.WriteList(s.out, o.json) }),
	}
	list.Flags().BoolVar(&o.json, "json", false, "one JSON object a puzzle")
	return list
}

func newPuzzlesShowCmd(s *streams, runF func(*puzzlesOptions) error) *cobra.Command {
	var o puzzlesOptions
	show := &cobra.Command{
		Use:  "show NAME [-o FILE.svg|FILE.png [--force]]",
		Args: cobra.ExactArgs(1),
		RunE: runs(s, runF, &o, &o.args, showPuzzle),
	}
	o.pic.bind(show, "the puzzle with its first turn")
	return show
}

func showPuzzle(_ context.Context, s *streams, o *puzzlesOptions) error {
	p, err := puzzles.Named(o.args[0])
	switch {
	case err != nil:
		return err
	case o.pic.output == "":
		return p.WriteText(s.out)
	}
	if err := o.pic.check(); err != nil {
		return err
	}
	pos, t := p.Start()
	return o.pic.write(s, pos, &t)
}

func newPuzzlesSolveCmd(s *streams, runF func(*puzzlesOptions) error) *cobra.Command {
	var o puzzlesOptions
	solve := &cobra.Command{
		Use:  "solve NAME [--tablebases DIR] [--time T] [--json]",
		Args: cobra.ExactArgs(1),
		RunE: runs(s, runF, &o, &o.args, solvePuzzle),
	}
	tablebasesFlag(solve, &o.dir)
	solve.Flags().DurationVar(&o.time, "time", 10*time.Second, "search budget")
	solve.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return solve
}

func solvePuzzle(ctx context.Context, s *streams, o *puzzlesOptions) error {
	a, err := puzzles.SolveNamed(ctx, o.args[0], o.dir, o.time)
	if err != nil {
		return err
	}
	if err := a.Write(s.out, o.json); err != nil {
		return err
	}
	if !a.Result.Known { // not a failure (exit 0): the output says "unknown within budget"
		fmt.Fprintf(s.err, "%s: unknown within budget (the collection says %v)\n", a.Puzzle.Name, a.Puzzle.Value)
		tell(s, a.NoTables)
	}
	return a.Puzzle.Check(a.Result)
}
