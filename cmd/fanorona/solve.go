// solve.go: the solve command: a position's value and a best line, from the tablebases
// where they reach and by proof search beyond them (puzzles.Solve).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() { registerCommand(func(s *streams) *cobra.Command { return newSolveCmd(s, nil) }) }

type solveOptions struct {
	fen, dir             string
	time                 time.Duration
	maxDepth, paikaLimit int
	json                 bool
}

// solveRecord is the JSON form of a solve.
type solveRecord = puzzles.Record

func newSolveCmd(s *streams, runF func(*solveOptions) error) *cobra.Command {
	var o solveOptions
	c := &cobra.Command{
		Use:   "solve [--fen F] [--paika-limit 50] [--tablebases DIR] [--time T] [--json]",
		Short: "Prove a position's value under the paika limit at the FEN's counter (tablebases, a bounded search, then df-pn); says unknown when the budget ends",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(&o)
			}
			return runSolve(c.Context(), s, &o)
		},
	}
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	tablebasesFlag(c, &o.dir)
	c.Flags().DurationVar(&o.time, "time", 10*time.Second, "search budget")
	c.Flags().IntVar(&o.maxDepth, "max-depth", 0, "deepest search in plies (0 = until the budget ends)")
	paikaLimitFlag(c, &o.paikaLimit, "the rule: values under this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return c
}

func runSolve(ctx context.Context, s *streams, o *solveOptions) error {
	p, err := parseFENFlag(o.fen)
	switch {
	case err != nil:
		return err
	case o.time <= 0:
		return badInputf("--time %v: must be positive", o.time)
	case o.maxDepth < 0:
		return badInputf("--max-depth %d: must be 0 or more", o.maxDepth)
	}
	set, err := solveTablebases(o.dir, o.paikaLimit, &p)
	if err != nil {
		return err
	}
	res, err := puzzles.Solve(ctx, puzzles.Request{Position: p, Tables: set, PaikaLimit: o.paikaLimit,
		Time: o.time, MaxDepth: o.maxDepth, Proof: true, Toolkit: version()})
	if err != nil {
		return solveError(err)
	}
	if !res.Known {
		noTablesNote(s, set, o.dir, o.paikaLimit)
	}
	return printSolve(s, res.Record(&p, o.paikaLimit), o.json, "")
}

// solveError makes a damaged table bad input.
func solveError(err error) error {
	if errors.Is(err, tablebase.ErrDamaged) {
		return badInput(err)
	}
	return err
}

// printSolve prints a solve's record: one JSON object, or its line after prefix.
func printSolve(s *streams, rec puzzles.Record, asJSON bool, prefix string) error {
	if asJSON {
		return json.NewEncoder(s.out).Encode(rec)
	}
	fmt.Fprintf(s.out, "%s%s\n", prefix, rec)
	return nil
}

// noTablesNote says on stderr, after a solve that ended unknown, that no tables of the
// rule were there to answer it and which build would: nothing when there were some.
func noTablesNote(s *streams, set *tablebase.Set, dir string, limit int) {
	where := "the default folder " + defaultTablebaseDir() + " does not exist"
	switch {
	case dir == "none":
		where = "--tablebases none"
	case set != nil:
		if cs, err := set.Classes(tablebase.PaikaRule(limit)); err != nil || len(cs) > 0 {
			return
		}
		where = set.Dir() + " holds no theoretic tables"
		if limit > 0 {
			where = fmt.Sprintf("%s holds no tables of paika limit %d", set.Dir(), limit)
		}
	}
	build := "fanorona tablebase build --max-pieces 5"
	if limit != engine.DefaultRules().PaikaLimit {
		build += fmt.Sprintf(" --paika-limit %d", limit)
	}
	if dir != "" && dir != "none" {
		build += " --tablebases " + dir
	}
	fmt.Fprintf(s.err, "fanorona: no tablebases answered (%s); building those of up to 5 pieces takes about 10 s: %s\n", where, build)
}

// solveTablebases checks the solve flags against p and opens the tablebase folder: ""
// is the default folder when it exists (else none), "none" is none, another missing folder
// is bad input, and so is a damaged table of the rule among those p's pieces may reach.
func solveTablebases(dir string, limit int, p *engine.Position) (*tablebase.Set, error) {
	if err := checkPaikaLimit(limit); err != nil {
		return nil, err
	}
	if limit > 0 && p.Paika > limit {
		return nil, badInputf("--fen: paika counter %d is above --paika-limit %d (the game was drawn when it reached %d)", p.Paika, limit, limit)
	}
	d, err := tablebasesFolder(dir, tablebase.Optional)
	if err != nil || d == "" {
		return nil, err
	}
	set := tablebase.Open(d)
	if _, err := set.CheckReach(p.Occupied().Count(), tablebase.PaikaRule(limit)); err != nil {
		return nil, badInputf("--tablebases %s: %w", d, err)
	}
	return set, nil
}
