// tablebase.go: the tablebase command: build, plan, probe, verify and stats, each one call
// into package puzzles/tablebase, with a progress line on stderr.

package main

import (
	"cmp"
	"context"
	"fmt"

	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

// newTablebaseCmd builds the command group; each subcommand has its own test seam.
func newTablebaseCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use: "tablebase",
	}
	c.AddCommand(newTBBuildCmd(s, nil), newTBPlanCmd(s, nil), newTBProbeCmd(s, nil), newTBVerifyCmd(s, nil), newTBStatsCmd(s, nil))
	return c
}

type tbBuildOptions struct {
	req                 tablebase.BuildRequest
	quiet, json, dryRun bool
}

func newTBBuildCmd(s *streams, runF func(*tbBuildOptions) error) *cobra.Command {
	var o tbBuildOptions
	c := &cobra.Command{
		Use:  "build --max-pieces N [--material 3v5] [--paika-limit 50] [--tablebases DIR]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runTBBuild),
	}
	c.Flags().IntVar(&o.req.MaxPieces, "max-pieces", 0, "build every material of at most N pieces (2 or more)")
	c.Flags().StringVar(&o.req.Material, "material", "", "build this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().BoolVar(&o.req.Only, "only", false, "with --material: build that material alone; what it needs must be in the folder already (tablebase plan)")
	tablebasesFlag(c, &o.req.Folder)
	c.Flags().IntVar(&o.req.Workers, "workers", 0, "goroutines (0 = all cores)")
	paikaLimitFlag(c, &o.req.PaikaLimit, "build the rule-aware tables for this paika limit (0 = only the theoretic ones)")
	c.Flags().BoolVar(&o.req.Theoretic, "theoretic", true, "build the theoretic tables (no paika limit) too")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material and rule (and the estimate as one object)")
	c.Flags().BoolVar(&o.dryRun, "dry-run", false, "print the estimate (time, memory, disk) on stdout and build nothing")
	c.Flags().DurationVar(&o.req.CheckpointEvery, "checkpoint-every", tablebase.DefaultCheckpointEvery,
		"save a material's build between distance levels this often, so that an interrupted build resumes at its last level (0 = never)")
	return c
}

func runTBBuild(ctx context.Context, s *streams, o *tbBuildOptions) error {
	est, err := o.req.Prepare()
	if err != nil {
		return err
	} else if o.dryRun {
		return est.Write(s.out, o.json)
	}
	bar := progress.New(s.err)
	if !o.quiet {
		// With the first report: a folder refused (a damaged file) is then one line on stderr.
		o.req.Started = func() { _ = est.Write(s.err, o.json) }
		o.req.Progress = func(st tablebase.BuildStatus) { bar.Update(st.Label, "slots", int64(st.Done), int64(st.Total)) }
	}
	reps, err := tablebase.BuildAll(ctx, o.req, est)
	bar.Finish()
	// The materials finished are on disk: their lines are printed whatever stops the
	// build after them (an interrupt, a fault; on exit 2 the gate drops stdout).
	perr := reps.Write(s.out, o.json)
	if err == nil && perr == nil && !o.json {
		fmt.Fprintf(s.err, "tablebases in %s; peak memory of this process %s\n", o.req.Dir, tablebase.MiB(tablebase.PeakResident()))
	}
	return cmp.Or(err, perr)
}

type tbPlanOptions struct {
	req  tablebase.PlanRequest
	json bool
}

func newTBPlanCmd(s *streams, runF func(*tbPlanOptions) error) *cobra.Command {
	var o tbPlanOptions
	c := &cobra.Command{
		Use:  "plan --max-pieces N | --material 3v5 [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, func(_ context.Context, s *streams, o *tbPlanOptions) error {
			recs, err := tablebase.CheckedPlan(o.req)
			if err != nil {
				return err
			}
			return recs.Write(s.out, o.json)
		}),
	}
	c.Flags().IntVar(&o.req.MaxPieces, "max-pieces", 0, "every material of at most N pieces (2 to 8)")
	c.Flags().StringVar(&o.req.Material, "material", "", "this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material (docs/FORMATS.md)")
	return c
}

type tbProbeOptions struct {
	req  tablebase.ProbeRequest
	json bool
}

func newTBProbeCmd(s *streams, runF func(*tbProbeOptions) error) *cobra.Command {
	var o tbProbeOptions
	c := &cobra.Command{
		Use:  "probe [--fen F | --batch FILE] [--paika-limit 50] [--tablebases DIR] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, func(_ context.Context, s *streams, o *tbProbeOptions) error {
			o.req.Stdin = s.in
			recs, err := tablebase.Probe(o.req)
			if err != nil {
				return err
			}
			return recs.Write(s.out, o.json)
		}),
	}
	c.Flags().StringVar(&o.req.FEN, "fen", "", "position (its paika counter counts)")
	c.Flags().StringVar(&o.req.Batch, "batch", "", "file with one FEN a line ('-' for stdin)")
	tablebasesFlag(c, &o.req.Folder)
	paikaLimitFlag(c, &o.req.PaikaLimit, "the rule of the values (0 = theoretic values only)")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a position (docs/FORMATS.md)`)
	return c
}

type tbVerifyOptions struct {
	req   tablebase.VerifyRequest
	quiet bool
}

func newTBVerifyCmd(s *streams, runF func(*tbVerifyOptions) error) *cobra.Command {
	var o tbVerifyOptions
	c := &cobra.Command{
		Use:  "verify [--tablebases DIR] [--material 3v2] [--paika-limit N]",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.req.PaikaLimitGiven = c.Flags().Changed("paika-limit")
			return seam(runF, &o, func() error { return runTBVerify(c.Context(), s, &o) })
		},
	}
	tablebasesFlag(c, &o.req.Folder)
	c.Flags().StringVar(&o.req.Material, "material", "", "check only this material's classes")
	paikaLimitFlag(c, &o.req.PaikaLimit, "check only the tables of this rule (0 = theoretic)")
	// Not given, every table is checked, whatever the rule: the help says that default.
	c.Flags().Lookup("paika-limit").DefValue = "every table in the folder"
	c.Flags().IntVar(&o.req.Workers, "workers", 0, "goroutines (0 = all cores)")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	return c
}

func runTBVerify(ctx context.Context, s *streams, o *tbVerifyOptions) error {
	bar := progress.New(s.err)
	if !o.quiet {
		o.req.Progress = func(pr tablebase.Progress) { bar.Update(pr.Label(), "slots", int64(pr.Done), int64(pr.Total)) }
	}
	reps, err := tablebase.VerifyFolder(ctx, o.req)
	bar.Finish()
	if err != nil {
		return err
	}
	reps.WriteText(s.out)
	return reps.Err()
}

type tbStatsOptions struct {
	dir  string
	json bool
}

func newTBStatsCmd(s *streams, runF func(*tbStatsOptions) error) *cobra.Command {
	var o tbStatsOptions
	c := &cobra.Command{
		Use:  "stats [--tablebases DIR] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, func(_ context.Context, s *streams, o *tbStatsOptions) error {
			recs, err := tablebase.Stats(o.dir)
			if err != nil {
				return err
			}
			return recs.Write(s.out, o.json)
		}),
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a table")
	return c
}
