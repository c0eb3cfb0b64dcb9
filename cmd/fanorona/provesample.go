// provesample.go: the prove-sample command: df-pn against the full tables on a seeded
// sample of positions, the search given only the smaller tables (proof.Sample).

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(func(s *streams) *cobra.Command { return newProveSampleCmd(s, nil) })
	commandExamples["fanorona prove-sample"] = `  # the tables of at most 4 pieces (tablebase build --max-pieces 4 --tablebases tb4) prove the values
  # of 100 positions of 5 pieces, each compared with the full tables of the default folder
  fanorona prove-sample --tablebases tb4 --reference ~/.cache/fanorona/tablebases --pieces 5 --count 100 --seed 1 --certificates certs
  fanorona prove-sample --tablebases ~/.cache/fanorona/tablebases --positions quiet-9-12.txt --nodes 50000000 > sample.jsonl`
}

type proveSampleOptions struct {
	dir, reference, pieces, certs, positions string
	count, paikaLimit, ttEntries             int
	seed, nodes                              uint64
	time, total                              time.Duration
	quiet                                    bool
	changed                                  func(flag string) bool // whether a flag was given
}

func newProveSampleCmd(s *streams, runF func(*proveSampleOptions) error) *cobra.Command {
	var o proveSampleOptions
	c := &cobra.Command{
		Use:   "prove-sample --tablebases DIR (--reference DIR [--pieces 6,7] [--count N] [--seed S] | --positions FILE [--reference DIR])",
		Short: "Prove the values of a seeded sample of positions, or of a positions file, with the smaller tables and compare them to the full tables (JSON Lines)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.changed = c.Flags().Changed
			if o.nodes > 0 && !o.changed("time") {
				o.time = 0 // a node budget alone: the result does not depend on the machine's load
			}
			if runF != nil {
				return runF(&o)
			}
			return runProveSample(c.Context(), s, &o)
		},
	}
	f := c.Flags()
	tablebasesFlag(c, &o.dir)
	f.StringVar(&o.reference, "reference", "", "folder of the full tables the values are compared to (required without --positions)")
	f.StringVar(&o.positions, "positions", "", "prove every position of this positions file (docs/FORMATS.md) instead of a random sample")
	f.StringVar(&o.pieces, "pieces", "6,7", "pieces on the board, taken in turn")
	f.IntVar(&o.count, "count", 100, "positions")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	paikaLimitFlag(c, &o.paikaLimit, "the rule (0 = theoretic)")
	f.Uint64Var(&o.nodes, "nodes", 0, "node budget of each position (0 = none); given without --time, no time budget")
	f.DurationVar(&o.time, "time", time.Minute, "budget of each position")
	f.DurationVar(&o.total, "total", 0, "stop starting positions after this wall time (0 = none)")
	f.StringVar(&o.certs, "certificates", "", "folder to write each decided position's certificate into (must not exist)")
	f.BoolVar(&o.quiet, "quiet", false, "only positions whose side to move cannot capture")
	f.IntVar(&o.ttEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries")
	return c
}

// sampleOf checks the flags and returns the sample they ask for; a positions file is
// read and checked whole, so that a bad line writes nothing.
func sampleOf(o *proveSampleOptions) (*proof.Sample, error) {
	if o.time < 0 || (o.time == 0 && o.nodes == 0) {
		return nil, badInputf("--time %v: must be positive (or --nodes given)", o.time)
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return nil, err
	}
	if err := checkTTEntries(o.ttEntries, 1); err != nil {
		return nil, err
	}
	sm := &proof.Sample{File: o.positions, Seed: o.seed, Count: o.count, Quiet: o.quiet, PaikaLimit: o.paikaLimit,
		TTEntries: o.ttEntries, Budget: proof.Budget{Nodes: o.nodes, Time: o.time}, Total: o.total,
		Certificates: o.certs, Toolkit: version(), Tables: o.tables}
	if o.reference != "" {
		ref, err := tablebasesFolder(o.reference, tablebase.Required)
		if err != nil {
			return nil, err
		}
		sm.Reference = tablebase.Open(ref)
	}
	if o.positions != "" {
		return sm, o.readPositions(sm)
	}
	for _, f := range strings.Split(o.pieces, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 || n > 2*engine.MaxPiecesPerSide {
			return nil, badInputf("--pieces %q: expected counts of 3 to 44 pieces separated by commas", o.pieces)
		}
		sm.Pieces = append(sm.Pieces, n)
	}
	switch {
	case sm.Reference == nil:
		return nil, badInputf("--reference: required without --positions (the sample's classes are those it holds)")
	case o.count < 1:
		return nil, badInputf("--count %d: must be 1 or more", o.count)
	}
	return sm, nil
}

// readPositions reads --positions into sm, each position checked against the rule.
func (o *proveSampleOptions) readPositions(sm *proof.Sample) error {
	for _, f := range []string{"pieces", "count", "seed", "quiet"} {
		if o.changed != nil && o.changed(f) {
			return badInputf("--%s: not with --positions (the file gives the positions)", f)
		}
	}
	fps, _, err := tournament.ReadPositionsFile(o.positions)
	if err != nil {
		return badInput(err)
	}
	for _, fp := range fps {
		p := fp.Position
		switch {
		case p.Own() != 0 && p.Enemy() == 0:
			return badInputf("%s:%d: %s: the side not to move has no pieces; the game ended before this position", o.positions, fp.Line, p.FEN())
		case o.paikaLimit > 0 && p.Paika > o.paikaLimit:
			return badInputf("%s:%d: %s: paika counter %d is above --paika-limit %d", o.positions, fp.Line, p.FEN(), p.Paika, o.paikaLimit)
		}
		sm.Positions = append(sm.Positions, proof.SamplePosition{Position: p, Line: fp.Line})
	}
	return nil
}

// tables opens the search's tables for the sample's first position; the sample's others
// may have more pieces, so every table the rule has is checked too.
func (o *proveSampleOptions) tables(first *engine.Position) (proof.Tables, error) {
	set, err := solveTablebases(o.dir, o.paikaLimit, first)
	if err != nil || set == nil {
		return nil, err
	}
	if _, err := set.CheckReach(engine.Points, tablebase.PaikaRule(o.paikaLimit)); err != nil {
		return nil, badInputf("--tablebases %s: %w", o.dir, err)
	}
	return proof.SearchTables(set), nil
}

func runProveSample(ctx context.Context, s *streams, o *proveSampleOptions) error {
	sm, err := sampleOf(o)
	if err != nil {
		return err
	}
	if o.certs != "" {
		if err := os.Mkdir(o.certs, 0o755); err != nil {
			return badInputf("--certificates %s: %v", o.certs, err)
		}
	}
	enc := json.NewEncoder(s.out)
	sum, err := sm.Run(ctx, func(rec proof.SampleRecord) error {
		if err := enc.Encode(rec); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "fanorona: %d/%d %s\n", rec.Index+1, sm.Len(), rec)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(s.err, "fanorona: %s\n", sum)
	return nil
}
