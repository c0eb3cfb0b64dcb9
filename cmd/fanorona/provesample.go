// provesample.go: the prove-sample command: df-pn against the full tables on a seeded
// sample of positions, the search given only the smaller tables (proof.RunSample).

package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/spf13/cobra"
)

type proveSampleOptions struct{ req proof.SampleRequest }

func newProveSampleCmd(s *streams, runF func(*proveSampleOptions) error) *cobra.Command {
	var o proveSampleOptions
	r := &o.req
	c := &cobra.Command{
		Use:   "prove-sample --tablebases DIR (--reference DIR [--pieces 6,7] [--count N] [--seed S] | --positions FILE [--reference DIR])",
		Short: "Prove the values of a seeded sample of positions, or of a positions file, with the smaller tables and compare them to the full tables (JSON Lines)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			r.Given, r.Toolkit = c.Flags().Changed, version()
			return seam(runF, &o, func() error { return runProveSample(c, s, r) })
		},
	}
	f := c.Flags()
	tablebasesFlag(c, &r.Tablebases)
	f.StringVar(&r.Reference, "reference", "", "folder of the full tables the values are compared to (required without --positions)")
	f.StringVar(&r.File, "positions", "", "prove every position of this positions file (docs/FORMATS.md) instead of a random sample")
	f.StringVar(&r.PiecesList, "pieces", "6,7", "pieces on the board, taken in turn")
	f.IntVar(&r.Count, "count", 100, "positions")
	f.Uint64Var(&r.Seed, "seed", 1, "seed of the sample")
	paikaLimitFlag(c, &r.PaikaLimit, "the rule (0 = theoretic)")
	f.Uint64Var(&r.Budget.Nodes, "nodes", 0, "node budget of each position (0 = none); given without --time, no time budget")
	f.DurationVar(&r.Budget.Time, "time", time.Minute, "budget of each position")
	f.DurationVar(&r.Total, "total", 0, "stop starting positions after this wall time (0 = none)")
	f.StringVar(&r.Certificates, "certificates", "", "folder to write each decided position's certificate into (must not exist)")
	f.BoolVar(&r.Quiet, "quiet", false, "only positions whose side to move cannot capture")
	f.IntVar(&r.TTEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries")
	return c
}

func runProveSample(c *cobra.Command, s *streams, r *proof.SampleRequest) error {
	enc := json.NewEncoder(s.out)
	sum, err := proof.RunSample(c.Context(), *r, func(rec proof.SampleRecord, of int) error {
		if err := enc.Encode(rec); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "fanorona: %d/%d %s\n", rec.Index+1, of, rec)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(s.err, "fanorona: %s\n", sum)
	return nil
}
