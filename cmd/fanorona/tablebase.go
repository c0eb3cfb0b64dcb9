// tablebase.go: the tablebase command: build, plan, probe, verify and stats, each one call
// into package puzzles/tablebase, with a progress line on stderr.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() { registerCommand(func(s *streams) *cobra.Command { return newTablebaseCmd(s, nil) }) }

// newTablebaseCmd builds the command; runF, when not nil, gets each subcommand's parsed
// options (a *tbXOptions) instead of running it.
func newTablebaseCmd(s *streams, runF func(any) error) *cobra.Command {
	c := &cobra.Command{
		Use:   "tablebase",
		Short: "Build, probe, verify and describe endgame tablebases (theoretic and under a paika limit)",
	}
	c.AddCommand(newTBBuildCmd(s, runF), newTBPlanCmd(s, runF), newTBProbeCmd(s, runF), newTBVerifyCmd(s, runF), newTBStatsCmd(s, runF))
	return c
}

// seam runs run, or runF on the options o when a test gave one.
func seam(runF func(any) error, o any, run func() error) error {
	if runF != nil {
		return runF(o)
	}
	return run()
}

type tbBuildOptions struct {
	maxPieces, workers, paikaLimit       int
	material, dir                        string
	only, theoretic, quiet, json, dryRun bool
	checkpoint                           time.Duration
}

func newTBBuildCmd(s *streams, runF func(any) error) *cobra.Command {
	var o tbBuildOptions
	c := &cobra.Command{
		Use:   "build --max-pieces N [--material 3v5] [--paika-limit 50] [--tablebases DIR]",
		Short: "Build every class up to N pieces (or one material and what it needs), theoretic and under the paika limit; resumes an interrupted build",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runTBBuild(c.Context(), s, &o) })
		},
	}
	c.Flags().IntVar(&o.maxPieces, "max-pieces", 0, "build every material of at most N pieces (2 or more)")
	c.Flags().StringVar(&o.material, "material", "", "build this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().BoolVar(&o.only, "only", false, "with --material: build that material alone; what it needs must be in the folder already (tablebase plan)")
	tablebasesFlag(c, &o.dir)
	c.Flags().IntVar(&o.workers, "workers", 0, "goroutines (0 = all cores)")
	paikaLimitFlag(c, &o.paikaLimit, "build the rule-aware tables for this paika limit (0 = only the theoretic ones)")
	c.Flags().BoolVar(&o.theoretic, "theoretic", true, "build the theoretic tables (no paika limit) too")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material and rule (and the estimate as one object)")
	c.Flags().BoolVar(&o.dryRun, "dry-run", false, "print the estimate (time, memory, disk) on stdout and build nothing")
	c.Flags().DurationVar(&o.checkpoint, "checkpoint-every", tablebase.DefaultCheckpointEvery,
		"save a material's build between distance levels this often, so that an interrupted build resumes at its last level (0 = never)")
	return c
}

func runTBBuild(ctx context.Context, s *streams, o *tbBuildOptions) error {
	req, err := buildRequest(o)
	if err != nil {
		return err
	}
	est, err := req.Estimate()
	switch {
	case err != nil:
		return err
	case o.dryRun:
		return printBuildEstimate(s.out, est, o.json)
	}
	bar, progress := buildBar(s, est, o)
	reps, err := tablebase.BuildAll(ctx, req, est, progress)
	if bar != nil {
		bar.finish()
	}
	// The materials finished are on disk: their lines are printed whatever stops the
	// build after them (an interrupt, a fault; on exit 2 the gate drops stdout).
	if perr := printBuildReports(s, reps, o.json); perr != nil && err == nil {
		return perr
	}
	if err != nil {
		return buildError(err, o.only, req.Target)
	}
	if !o.json {
		fmt.Fprintf(s.err, "tablebases in %s; peak memory of this process %s\n", req.Dir, tablebase.MiB(tablebase.PeakResident()))
	}
	return nil
}

// buildRequest checks the build flags and makes the request.
func buildRequest(o *tbBuildOptions) (tablebase.BuildRequest, error) {
	req := tablebase.BuildRequest{MaxPieces: o.maxPieces, Only: o.only, Workers: o.workers,
		CheckpointEvery: o.checkpoint, PaikaLimit: o.paikaLimit, Theoretic: o.theoretic}
	var err error
	if req.Dir, err = tablebasesFolder(o.dir, tablebase.Create); err != nil {
		return req, err
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return req, err
	}
	if o.checkpoint < 0 {
		return req, badInputf("--checkpoint-every %v: must be 0 (never) or more", o.checkpoint)
	}
	if req.Target, err = planTarget(o.maxPieces, o.material); err != nil {
		return req, err
	}
	switch {
	case o.only && req.Target == nil:
		return req, badInputf("--only needs --material")
	case o.workers < 0:
		return req, badInputf("--workers %d: must be 0 (all cores) or more", o.workers)
	}
	return req, nil
}

// buildBar returns the build's progress bar and its reports (none with --quiet). The
// estimate comes with the first report: a folder refused (a damaged file) is then one
// line on stderr.
func buildBar(s *streams, est tablebase.BuildEstimate, o *tbBuildOptions) (*progressReporter, func(tablebase.BuildStatus)) {
	if o.quiet {
		return nil, nil
	}
	bar, first := newProgress(s.err), true
	return bar, func(st tablebase.BuildStatus) {
		if first {
			first = false
			_ = printBuildEstimate(s.err, est, o.json)
		}
		bar.update(st.Label, "slots", int64(st.Done), int64(st.Total))
	}
}

// buildError gives the exit status of a build that failed: a damaged file, or a material
// built --only without what it needs, is bad input.
func buildError(err error, only bool, target *tablebase.Material) error {
	switch {
	case errors.Is(err, tablebase.ErrDamaged):
		return badInput(err)
	case only && errors.Is(err, tablebase.ErrNotBuilt):
		return badInputf("--only --material %v: %v (build what it needs first; fanorona tablebase plan --material %v lists it)", target, err, target)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted; finished materials are kept, and the next build continues from them and from the checkpoint of the material under way (--checkpoint-every): %w", err)
	}
	return err
}

// printBuildEstimate writes the estimate: a table, or one JSON object (docs/CLI.md).
func printBuildEstimate(w io.Writer, e tablebase.BuildEstimate, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(e.Record(tablebase.MachineMemory()))
	}
	e.WriteText(w, tablebase.MachineMemory())
	return nil
}

// printBuildReports prints one line (or JSON object) a material of reps on stdout.
func printBuildReports(s *streams, reps []tablebase.MaterialReport, asJSON bool) error {
	enc := json.NewEncoder(s.out)
	for _, r := range reps {
		if !asJSON {
			fmt.Fprintln(s.out, r)
		} else if err := enc.Encode(r.Record(tablebase.PeakResident())); err != nil {
			return err
		}
	}
	return nil
}

// planTarget checks --max-pieces and --material (one of them) and returns the material
// asked for, nil for every material of at most maxPieces pieces.
func planTarget(maxPieces int, material string) (*tablebase.Material, error) {
	switch {
	case material != "":
		c, err := tablebase.ParseClass(material)
		if err != nil {
			return nil, badInput(err)
		}
		if maxPieces != 0 {
			return nil, badInputf("give --max-pieces or --material %v, not both", c)
		}
		m := tablebase.MaterialOf(c)
		return &m, nil
	case maxPieces < 2:
		return nil, badInputf("--max-pieces %d: must be 2 or more (or give --material)", maxPieces)
	case maxPieces > 8:
		return nil, badInputf("--max-pieces %d: classes of more than 8 pieces do not fit in memory; use --material", maxPieces)
	}
	return nil, nil
}

type tbPlanOptions struct {
	maxPieces int
	material  string
	json      bool
}

func newTBPlanCmd(s *streams, runF func(any) error) *cobra.Command {
	var o tbPlanOptions
	c := &cobra.Command{
		Use:   "plan --max-pieces N | --material 3v5 [--json]",
		Short: "The materials a build makes, in layers that can be built in parallel, with what each needs",
		Long: `Prints the materials of at most N pieces (or one material and those it needs) in layers:
each material needs only materials of earlier layers, so the materials of one layer can be
built at the same time, each by "tablebase build --material M --only" on a folder holding
the earlier layers (docs/SCALING.md builds them as dependent Slurm job arrays). Memory is
the bytes of values a build of the material holds: its own and those of what it needs.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runTBPlan(s, &o) })
		},
	}
	c.Flags().IntVar(&o.maxPieces, "max-pieces", 0, "every material of at most N pieces (2 to 8)")
	c.Flags().StringVar(&o.material, "material", "", "this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material (docs/FORMATS.md)")
	return c
}

func runTBPlan(s *streams, o *tbPlanOptions) error {
	target, err := planTarget(o.maxPieces, o.material)
	if err != nil {
		return err
	}
	recs := tablebase.PlanRecords(o.maxPieces, target)
	if o.json {
		return encodeEach(s.out, recs)
	}
	tablebase.WritePlanText(s.out, recs)
	return nil
}

// encodeEach writes recs as JSON, one object a line.
func encodeEach[T any](w io.Writer, recs []T) error {
	enc := json.NewEncoder(w)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

type tbProbeOptions struct {
	fen, batch, dir string
	paikaLimit      int
	json            bool
}

func newTBProbeCmd(s *streams, runF func(any) error) *cobra.Command {
	var o tbProbeOptions
	c := &cobra.Command{
		Use:   "probe [--fen F | --batch FILE] [--paika-limit 50] [--tablebases DIR] [--json]",
		Short: "Value under the paika limit at the FEN's counter (and the theoretic value), and the distance-best turns: fastest wins, slowest losses, every draw",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runTBProbe(s, &o) })
		},
	}
	c.Flags().StringVar(&o.fen, "fen", "", "position (its paika counter counts)")
	c.Flags().StringVar(&o.batch, "batch", "", "file with one FEN a line ('-' for stdin)")
	tablebasesFlag(c, &o.dir)
	paikaLimitFlag(c, &o.paikaLimit, "the rule of the values (0 = theoretic values only)")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a position (docs/FORMATS.md)`)
	return c
}

func runTBProbe(s *streams, o *tbProbeOptions) error {
	if (o.fen == "") == (o.batch == "") {
		return badInputf("give exactly one of --fen and --batch")
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	ts, err := tablebaseSetup(o.dir, tablebase.Use{Need: tablebase.Required})
	if err != nil {
		return err
	}
	defer ts.Set.Close()
	positions, where, err := probePositions(s, o)
	if err != nil {
		return err
	}
	// Every position is checked, and every table it may reach, before anything is printed
	// (Pieces 0 would be every table; no table has fewer than 2 pieces).
	use := tablebase.Use{Rules: []tablebase.Rule{tablebase.PaikaRule(o.paikaLimit), tablebase.Theoretic}, Pieces: 1}
	for i := range positions {
		if err := checkProbePosition(&positions[i], where[i], o.paikaLimit); err != nil {
			return err
		}
		use.Pieces = max(use.Pieces, positions[i].Occupied().Count())
	}
	if err := setupError(ts.Check(use), tablebase.Required); err != nil {
		return err
	}
	recs := make([]tablebase.ProbeRecord, len(positions))
	for i := range positions {
		if recs[i], err = tablebase.ProbePosition(ts.Set, &positions[i], o.paikaLimit); err != nil {
			if len(positions) > 1 {
				err = fmt.Errorf("%s: %w", where[i], err)
			}
			return tablebaseError(err, ts.Dir, classOf(&positions[i]), o.paikaLimit)
		}
	}
	if o.json {
		return encodeEach(s.out, recs)
	}
	for _, r := range recs {
		fmt.Fprintln(s.out, r)
	}
	return nil
}

// probePositions reads --fen, or the --batch file ('-': stdin), with where each is.
func probePositions(s *streams, o *tbProbeOptions) ([]engine.Position, []string, error) {
	if o.fen != "" {
		p, err := parseFENFlag(o.fen)
		return []engine.Position{p}, []string{"--fen"}, err
	}
	in := s.in
	if o.batch != "-" {
		f, err := os.Open(o.batch)
		if err != nil {
			return nil, nil, badInput(err)
		}
		defer f.Close()
		in = f
	}
	positions, where, err := tablebase.ReadFENs(in, o.batch)
	return positions, where, badInput(err)
}

// checkProbePosition refuses a position no table answers under limit.
func checkProbePosition(p *engine.Position, where string, limit int) error {
	switch {
	case limit > 0 && p.Paika > limit:
		return badInputf("%s: paika counter %d is above --paika-limit %d (the game was drawn when it reached %d)", where, p.Paika, limit, limit)
	case p.Own() != 0 && p.Enemy() == 0:
		return badInputf("%s: the side not to move has no pieces; the game ended before this position", where)
	case p.Own() != 0:
		if _, err := tablebase.ParseClass(classOf(p).String()); err != nil {
			return badInputf("%s: %v", where, err) // a class no table can hold
		}
	}
	return nil
}

type tbVerifyOptions struct {
	dir, material       string
	paikaLimit, workers int
	limitGiven, quiet   bool // limitGiven: --paika-limit given (else every rule)
}

func newTBVerifyCmd(s *streams, runF func(any) error) *cobra.Command {
	var o tbVerifyOptions
	c := &cobra.Command{
		Use:   "verify [--tablebases DIR] [--material 3v2] [--paika-limit N]",
		Short: "Re-check every stored position against its successors (theoretic and rule-aware tables) and report inconsistencies",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.limitGiven = c.Flags().Changed("paika-limit")
			return seam(runF, &o, func() error { return runTBVerify(c.Context(), s, &o) })
		},
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().StringVar(&o.material, "material", "", "check only this material's classes")
	paikaLimitFlag(c, &o.paikaLimit, "check only the tables of this rule (0 = theoretic)")
	// Not given, every table is checked, whatever the rule: the help says that default.
	c.Flags().Lookup("paika-limit").DefValue = "every table in the folder"
	c.Flags().IntVar(&o.workers, "workers", 0, "goroutines (0 = all cores)")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	return c
}

func runTBVerify(ctx context.Context, s *streams, o *tbVerifyOptions) error {
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (all cores) or more", o.workers)
	}
	req := tablebase.VerifyRequest{Workers: o.workers}
	var err error
	if req.Dir, err = tablebasesFolder(o.dir, tablebase.Required); err != nil {
		return err
	}
	if o.material != "" {
		c, err := tablebase.ParseClass(o.material)
		if err != nil {
			return badInput(err)
		}
		m := tablebase.MaterialOf(c)
		req.Material = &m
	}
	if o.limitGiven {
		req.PaikaLimit = &o.paikaLimit
	}
	var bar *progressReporter
	if !o.quiet {
		bar = newProgress(s.err)
		req.Progress = func(pr tablebase.Progress) {
			bar.update(fmt.Sprintf("%v %s", pr.Material, pr.Stage), "slots", int64(pr.Done), int64(pr.Total))
		}
	}
	reps, err := tablebase.VerifyFolder(ctx, req)
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return refusedFolder(err)
	}
	var bad uint64
	for _, r := range reps {
		fmt.Fprintln(s.out, r)
		bad += r.Bad
	}
	if bad > 0 {
		return fmt.Errorf("verify: %d inconsistent positions", bad)
	}
	fmt.Fprintln(s.out, "all consistent")
	return nil
}

// refusedFolder makes a folder or table refused (ErrUnusable, ErrDamaged, ErrNotBuilt)
// bad input.
func refusedFolder(err error) error {
	if errors.Is(err, tablebase.ErrUnusable) || errors.Is(err, tablebase.ErrDamaged) || errors.Is(err, tablebase.ErrNotBuilt) {
		return badInput(err)
	}
	return err
}

type tbStatsOptions struct {
	dir  string
	json bool
}

func newTBStatsCmd(s *streams, runF func(any) error) *cobra.Command {
	var o tbStatsOptions
	c := &cobra.Command{
		Use:   "stats [--tablebases DIR] [--json]",
		Short: "Per table: positions, wins / draws / losses, the longest win with an example, and what the paika limit changes",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runTBStats(s, &o) })
		},
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a table")
	return c
}

func runTBStats(s *streams, o *tbStatsOptions) error {
	dir, err := tablebasesFolder(o.dir, tablebase.Required)
	if err != nil {
		return err
	}
	recs, err := tablebase.Stats(dir)
	switch {
	case err != nil:
		return refusedFolder(err)
	case o.json:
		return encodeEach(s.out, recs)
	}
	tablebase.WriteStatsText(s.out, recs)
	return nil
}
