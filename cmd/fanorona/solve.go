// solve.go: the solve command: a position's value and a best line, from the tablebases
// where they reach and by proof search beyond them (puzzles.Run).

package main

import (
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

// solveRecord is the JSON form of a solve.
type solveRecord = puzzles.Record

func newSolveCmd(s *streams, runF func(*solveOptions) error) *cobra.Command {
	o := solveOptions{q: puzzles.Query{Proof: true}}
	c := &cobra.Command{
		Use:   "solve [--fen F] [--paika-limit 50] [--tablebases DIR] [--time T] [--json]",
		Short: "Prove a position's value under the paika limit at the FEN's counter (tablebases, a bounded search, then df-pn); says unknown when the budget ends",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.q.Toolkit = version()
			return seam(runF, &o, func() error {
				a, err := puzzles.Run(c.Context(), o.q)
				if err != nil {
					return err
				}
				tell(s, a.NoTables)
				return a.Write(s.out, o.json)
			})
		},
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
