// tablebase.go: the tablebase command: build, probe, verify and stats, thin over package
// puzzles/tablebase, with a progress line on stderr.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newTablebaseCmd) }

// defaultTablebaseDir is where build writes and probe, solve and expert look without --dir.
func defaultTablebaseDir() string { return tablebase.DefaultDir() }

func newTablebaseCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "tablebase",
		Short: "Build, probe, verify and describe endgame tablebases (theoretic and under a paika limit)",
	}
	c.AddCommand(newTBBuildCmd(s), newTBPlanCmd(s), newTBProbeCmd(s), newTBVerifyCmd(s), newTBStatsCmd(s))
	return c
}

// tablebasesFlag binds --tablebases DIR (and the deprecated, hidden --dir) to dir.
func tablebasesFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "tablebases", "", `tablebase folder ("" = the default cache folder, honouring FANORONA_TABLEBASES)`)
	c.Flags().StringVar(dir, "dir", "", "deprecated: --tablebases")
	_ = c.Flags().MarkHidden("dir")
}

// paikaLimitFlag binds --paika-limit with the default rules' limit.
func paikaLimitFlag(c *cobra.Command, limit *int, usage string) {
	c.Flags().IntVar(limit, "paika-limit", engine.DefaultRules().PaikaLimit, usage)
}

func checkPaikaLimit(limit int) error {
	if limit < 0 || limit > tablebase.MaxPaikaLimit {
		return badInputf("--paika-limit %d: must be 0 (theoretic values, no limit) to %d", limit, tablebase.MaxPaikaLimit)
	}
	return nil
}

// tablebaseError makes a missing class or a damaged file bad input (exit 2), with the
// command that builds a missing class.
func tablebaseError(err error, dir string, c tablebase.Class, limit int) error {
	switch {
	case errors.Is(err, tablebase.ErrNotBuilt):
		return badInputf("%v (build it with: fanorona tablebase build --material %v --paika-limit %d --tablebases %s)", err, c, limit, dir)
	case errors.Is(err, tablebase.ErrDamaged):
		return badInput(err)
	}
	return err
}

// tablebaseProgress reports a build's or a verification's stages on the progress bar.
func tablebaseProgress(bar *progressReporter) func(tablebase.Progress) {
	return func(pr tablebase.Progress) {
		bar.update(fmt.Sprintf("%v %s", pr.Material, pr.Stage), "slots", int64(pr.Done), int64(pr.Total))
	}
}

// buildProgress shows on the progress bar the material, its rule and place in the build,
// the builder's phase, and the time the whole build has left against its estimate
// (count materials); *limit is the rule of the Build under way. The time left is taken
// when a phase starts, so that the bar of a phase keeps one label. first runs before the
// first report.
func buildProgress(bar *progressReporter, left *tablebase.Remaining, count int, limit *int, first func()) func(tablebase.Progress) {
	var key, label string
	return func(pr tablebase.Progress) {
		if first != nil {
			first()
			first = nil
		}
		if k := fmt.Sprintf("%v %d %s", pr.Material, *limit, pr.Stage); k != key {
			place, rest := left.Observe(pr.Material, *limit, time.Now())
			of := ""
			if place > 0 {
				of = fmt.Sprintf(" [%d/%d]", place, count)
			}
			key = k
			label = fmt.Sprintf("%v %v%s %s (build ETA %s)", pr.Material, tablebase.PaikaRule(*limit), of, phaseName(pr.Stage), rest.Round(time.Second))
		}
		bar.update(label, "slots", int64(pr.Done), int64(pr.Total))
	}
}

// phaseName names the builder's stages for the bar: "plies 12 2v3" is an un-move pass.
func phaseName(stage string) string {
	switch {
	case strings.HasPrefix(stage, "plies "):
		return "un-move pass, " + stage
	case stage == "write":
		return "compress and write"
	}
	return stage
}

// printBuildEstimate writes the estimate: a table per material and rule with the totals,
// or one JSON object (docs/CLI.md).
func printBuildEstimate(w io.Writer, e tablebase.BuildEstimate, asJSON bool) error {
	machine := machineMemory()
	if asJSON {
		type material struct {
			Material      string  `json:"material"`
			PaikaLimit    int     `json:"paika_limit"`
			Slots         uint64  `json:"slots"`
			CPUSeconds    float64 `json:"cpu_seconds"`
			WallSeconds   float64 `json:"wall_seconds"`
			PeakBytes     uint64  `json:"peak_bytes"`
			FileBytes     uint64  `json:"file_bytes"`
			FromTheoretic bool    `json:"from_theoretic"`
		}
		rec := struct {
			Workers       int        `json:"workers"`
			Cores         int        `json:"cores"`
			AlreadyBuilt  int        `json:"already_built"`
			Slots         uint64     `json:"slots"`
			CPUSeconds    float64    `json:"cpu_seconds"`
			WallSeconds   float64    `json:"wall_seconds"`
			PeakBytes     uint64     `json:"peak_bytes"`
			FileBytes     uint64     `json:"file_bytes"`
			MachineMemory uint64     `json:"machine_memory_bytes"`
			Materials     []material `json:"materials"`
		}{e.Workers, e.Cores, e.Built, e.Slots, e.CPU.Seconds(), e.Wall.Seconds(), e.PeakBytes, e.FileBytes, machine, []material{}}
		for _, m := range e.Materials {
			rec.Materials = append(rec.Materials, material{m.Material.String(), m.PaikaLimit, m.Slots, m.CPU.Seconds(), m.Wall.Seconds(), m.PeakBytes, m.FileBytes, m.FromTheoretic})
		}
		return json.NewEncoder(w).Encode(rec)
	}
	fmt.Fprintf(w, "estimate on this machine, %d workers on %d cores (rates measured on whole builds: puzzles/tablebase/estimate.go):\n", e.Workers, e.Cores)
	fmt.Fprintf(w, "%-8s %-16s %14s %10s %10s %12s %12s\n", "material", "rule", "slots", "CPU", "wall", "peak memory", "disk")
	fromTheoretic := false
	for _, m := range e.Materials {
		rule := tablebase.PaikaRule(m.PaikaLimit).String()
		if m.FromTheoretic {
			rule, fromTheoretic = rule+" *", true
		}
		fmt.Fprintf(w, "%-8v %-16s %14d %10v %10v %12s %12s\n", m.Material, rule, m.Slots,
			m.CPU.Round(time.Second), m.Wall.Round(time.Second), mib(m.PeakBytes), mib(m.FileBytes))
	}
	fmt.Fprintf(w, "%-8s %-16s %14d %10v %10v %12s %12s  (%d already built)\n", "total", "", e.Slots,
		e.CPU.Round(time.Second), e.Wall.Round(time.Second), mib(e.PeakBytes), mib(e.FileBytes), e.Built)
	if fromTheoretic {
		fmt.Fprintln(w, "* starts from the material's theoretic tables, which decide most of it at once")
	}
	var largest uint64
	for _, m := range e.Materials {
		largest = max(largest, m.Slots)
	}
	if largest > 0 {
		fmt.Fprintf(w, "checkpoints (--checkpoint-every) take up to %s more disk while the largest material builds (compressed, at most one byte a slot, twice while one is written)\n", mib(2*largest))
	}
	if machine > 0 && e.PeakBytes > machine {
		fmt.Fprintf(w, "warning: the peak memory is above this machine's %s: build one material a process (tablebase plan lists them; --material M --only)\n", mib(machine))
	}
	return nil
}

// machineMemory reads the machine's memory (Linux); 0 elsewhere.
func machineMemory() uint64 { return procBytes("/proc/meminfo", "MemTotal:") }

type tbBuildOptions struct {
	maxPieces  int
	material   string
	only       bool
	dir        string
	workers    int
	paikaLimit int
	theoretic  bool
	quiet      bool
	json       bool
	dryRun     bool
	checkpoint time.Duration
}

func newTBBuildCmd(s *streams) *cobra.Command {
	var o tbBuildOptions
	c := &cobra.Command{
		Use:   "build --max-pieces N [--material 3v5] [--paika-limit 50] [--tablebases DIR]",
		Short: "Build every class up to N pieces (or one material and what it needs), theoretic and under the paika limit; resumes an interrupted build",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBBuild(c.Context(), s, &o) },
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
	dir, err := tablebasesFolder(o.dir, tablebase.Create)
	if err != nil {
		return err
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	if o.checkpoint < 0 {
		return badInputf("--checkpoint-every %v: must be 0 (never) or more", o.checkpoint)
	}
	opts := tablebase.BuildOptions{Dir: dir, MaxPieces: o.maxPieces, Workers: o.workers, Only: o.only, CheckpointEvery: o.checkpoint}
	if opts.Target, err = planTarget(o.maxPieces, o.material); err != nil {
		return err
	}
	if o.only && opts.Target == nil {
		return badInputf("--only needs --material")
	}
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (all cores) or more", o.workers)
	}
	var limits []int
	if o.theoretic || o.paikaLimit == 0 {
		limits = append(limits, 0)
	}
	if o.paikaLimit > 0 {
		limits = append(limits, o.paikaLimit)
	}
	est, err := tablebase.EstimateBuild(opts, limits)
	if err != nil {
		return err
	}
	if o.dryRun {
		return printBuildEstimate(s.out, est, o.json)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var bar *progressReporter
	var limit int // of the Build under way
	if !o.quiet {
		bar = newProgress(s.err)
		// The estimate comes with the first report: a folder refused (a damaged file) is one
		// line on stderr.
		opts.Progress = buildProgress(bar, tablebase.NewRemaining(est), len(est.Materials), &limit,
			func() { _ = printBuildEstimate(s.err, est, o.json) })
	}
	var reps []tablebase.MaterialReport
	for _, limit = range limits {
		opts.PaikaLimit = limit
		var r []tablebase.MaterialReport
		r, err = tablebase.Build(ctx, opts)
		reps = append(reps, r...)
		if err != nil {
			break
		}
	}
	if bar != nil {
		bar.finish()
	}
	// The materials finished are on disk: their lines are printed whatever stops the
	// build after them (an interrupt, a fault; on exit 2 the gate drops stdout).
	if perr := printBuildReports(s, reps, o.json); perr != nil && err == nil {
		return perr
	}
	if err != nil {
		if errors.Is(err, tablebase.ErrDamaged) {
			return badInput(err)
		}
		if o.only && errors.Is(err, tablebase.ErrNotBuilt) {
			return badInputf("--only --material %v: %v (build what it needs first; fanorona tablebase plan --material %v lists it)", opts.Target, err, opts.Target)
		}
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted; finished materials are kept, and the next build continues from them and from the checkpoint of the material under way (--checkpoint-every): %w", err)
		}
		return err
	}
	if !o.json {
		fmt.Fprintf(s.err, "tablebases in %s; peak memory of this process %s\n", dir, mib(peakResident()))
	}
	return nil
}

// printBuildReports prints one line (or JSON object) a material of reps on stdout.
func printBuildReports(s *streams, reps []tablebase.MaterialReport, asJSON bool) error {
	enc := json.NewEncoder(s.out)
	for _, r := range reps {
		if asJSON {
			if err := enc.Encode(struct {
				Material      string  `json:"material"`
				PaikaLimit    int     `json:"paika_limit"`
				Built         bool    `json:"built"`
				Seconds       float64 `json:"seconds"`
				Bytes         uint64  `json:"bytes"`
				FileBytes     uint64  `json:"file_bytes"`
				Resident      uint64  `json:"resident_bytes"`
				Plies         int     `json:"longest_plies"`
				PeakBytes     uint64  `json:"process_peak_bytes"`
				Resumed       *int    `json:"resumed_after_plies,omitempty"`
				FromTheoretic bool    `json:"from_theoretic"`
			}{r.Material.String(), r.PaikaLimit, r.Built, r.Seconds, r.Bytes, r.FileBytes, r.Resident, r.Levels, peakResident(), resumedAfter(r), r.FromTheoretic}); err != nil {
				return err
			}
			continue
		}
		rule := "theoretic"
		if r.PaikaLimit > 0 {
			rule = fmt.Sprintf("paika %d", r.PaikaLimit)
		}
		if !r.Built {
			fmt.Fprintf(s.out, "%-5v %-9s already built (%s of values, %s of files)\n", r.Material, rule, mib(r.Bytes), mib(r.FileBytes))
			continue
		}
		resumed := ""
		if r.Resumed {
			resumed = fmt.Sprintf(" (resumed from its checkpoint after plies %d)", r.ResumedPlies)
		}
		if r.FromTheoretic {
			resumed += " from the theoretic values"
		}
		fmt.Fprintf(s.out, "%-5v %-9s built in %.1f s%s: %s of values (%s of files), %s in memory with its dependencies, longest %d plies\n",
			r.Material, rule, r.Seconds, resumed, mib(r.Bytes), mib(r.FileBytes), mib(r.Resident), r.Levels)
	}
	return nil
}

// resumedAfter returns the plies after which a build resumed from its checkpoint, nil
// when it did not.
func resumedAfter(r tablebase.MaterialReport) *int {
	if !r.Resumed {
		return nil
	}
	return &r.ResumedPlies
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

func newTBPlanCmd(s *streams) *cobra.Command {
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
		RunE: func(c *cobra.Command, _ []string) error { return runTBPlan(s, &o) },
	}
	c.Flags().IntVar(&o.maxPieces, "max-pieces", 0, "every material of at most N pieces (2 to 8)")
	c.Flags().StringVar(&o.material, "material", "", "this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material (docs/FORMATS.md)")
	return c
}

// planRecord is one material of a plan.
type planRecord struct {
	Layer       int      `json:"layer"`
	Material    string   `json:"material"`
	Pieces      int      `json:"pieces"`
	Needs       []string `json:"needs"`
	MemoryBytes uint64   `json:"memory_bytes"`
}

func runTBPlan(s *streams, o *tbPlanOptions) error {
	target, err := planTarget(o.maxPieces, o.material)
	if err != nil {
		return err
	}
	var recs []planRecord
	for layer, ms := range tablebase.Layers(o.maxPieces, target) {
		for _, m := range ms {
			rec := planRecord{Layer: layer, Material: m.String(), Pieces: m.Large + m.Small, Needs: []string{}, MemoryBytes: m.Slots()}
			for _, d := range m.Dependencies() {
				rec.Needs = append(rec.Needs, d.String())
				rec.MemoryBytes += d.Slots()
			}
			recs = append(recs, rec)
		}
	}
	enc := json.NewEncoder(s.out)
	if !o.json {
		fmt.Fprintf(s.out, "%-5s %-8s %6s %12s  %s\n", "layer", "material", "pieces", "memory", "needs")
	}
	for _, r := range recs {
		if o.json {
			if err := enc.Encode(r); err != nil {
				return err
			}
			continue
		}
		needs := strings.Join(r.Needs, ",")
		if needs == "" {
			needs = "-"
		}
		fmt.Fprintf(s.out, "%-5d %-8s %6d %12s  %s\n", r.Layer, r.Material, r.Pieces, mib(r.MemoryBytes), needs)
	}
	return nil
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// peakResident reads the process's peak resident set (Linux); 0 elsewhere.
func peakResident() uint64 { return procBytes("/proc/self/status", "VmHWM:") }

// procBytes reads the field ("VmHWM:") of a /proc file that gives it in kB; 0 without it.
func procBytes(file, field string) uint64 {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			var kb uint64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

type tbProbeOptions struct {
	fen        string
	batch      string
	dir        string
	paikaLimit int
	json       bool
}

func newTBProbeCmd(s *streams) *cobra.Command {
	var o tbProbeOptions
	c := &cobra.Command{
		Use:   "probe [--fen F | --batch FILE] [--paika-limit 50] [--tablebases DIR] [--json]",
		Short: "Value under the paika limit at the FEN's counter (and the theoretic value), and the distance-best turns: fastest wins, slowest losses, every draw",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBProbe(s, &o) },
	}
	c.Flags().StringVar(&o.fen, "fen", "", "position (its paika counter counts)")
	c.Flags().StringVar(&o.batch, "batch", "", "file with one FEN a line ('-' for stdin)")
	tablebasesFlag(c, &o.dir)
	paikaLimitFlag(c, &o.paikaLimit, "the rule of the values (0 = theoretic values only)")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a position (docs/FORMATS.md)`)
	return c
}

// probeRecord is the JSON form of a probe: the value under the rule at the position's
// counter (plies to the deciding capture), the theoretic value (plies to the end), and
// their relation. With --paika-limit 0 the value is the theoretic one.
type probeRecord struct {
	FEN        string   `json:"fen"`
	PaikaLimit int      `json:"paika_limit"`
	Counter    int      `json:"counter"`
	Value      string   `json:"value"`
	Plies      *int     `json:"plies"`
	Kind       string   `json:"kind"` // win, cursed-win, draw, blessed-loss, loss
	Theoretic  *tbValue `json:"theoretic"`
	Turns      []string `json:"turns"`
}

// tbValue is a value with its distance (null for a draw).
type tbValue struct {
	Value string `json:"value"`
	Plies *int   `json:"plies"`
}

func valueJSON(v tablebase.Value) tbValue {
	r := tbValue{Value: v.Outcome.String()}
	if v.Outcome != tablebase.Draw {
		plies := v.Plies
		r.Plies = &plies
	}
	return r
}

func runTBProbe(s *streams, o *tbProbeOptions) error {
	if (o.fen == "") == (o.batch == "") {
		return badInputf("give exactly one of --fen and --batch")
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	dir, err := tablebasesFolder(o.dir, tablebase.Required)
	if err != nil {
		return err
	}
	var positions []engine.Position
	var where []string
	if o.fen != "" {
		p, err := parseFENFlag(o.fen)
		if err != nil {
			return err
		}
		positions, where = append(positions, p), append(where, "--fen")
	} else {
		if positions, where, err = readFENs(s, o.batch); err != nil {
			return err
		}
	}
	// Every position is checked and probed before anything is printed.
	for i := range positions {
		p := &positions[i]
		if o.paikaLimit > 0 && p.Paika > o.paikaLimit {
			return badInputf("%s: paika counter %d is above --paika-limit %d (the game was drawn when it reached %d)", where[i], p.Paika, o.paikaLimit, o.paikaLimit)
		}
		if p.Own() != 0 && p.Enemy() == 0 {
			return badInputf("%s: the side not to move has no pieces; the game ended before this position", where[i])
		}
		if c := classOf(p); p.Own() != 0 {
			if _, err := tablebase.ParseClass(c.String()); err != nil {
				return badInputf("%s: %v", where[i], err) // a class no table can hold
			}
		}
	}
	set := tablebase.Open(dir)
	defer set.Close()
	most := 0
	for i := range positions {
		most = max(most, positions[i].Occupied().Count())
	}
	// The tables are used whole or not at all: a damaged one is refused before any answer.
	if _, err := set.CheckReach(most, tablebase.PaikaRule(o.paikaLimit), tablebase.Theoretic); err != nil {
		return badInputf("--tablebases %s: %w", dir, err)
	}
	recs := make([]probeRecord, len(positions))
	for i := range positions {
		if recs[i], err = probeRecordOf(set, &positions[i], o.paikaLimit); err != nil {
			if len(positions) > 1 {
				return tablebaseError(fmt.Errorf("%s: %w", where[i], err), dir, classOf(&positions[i]), o.paikaLimit)
			}
			return tablebaseError(err, dir, classOf(&positions[i]), o.paikaLimit)
		}
	}
	enc := json.NewEncoder(s.out)
	for _, rec := range recs {
		if o.json {
			if err := enc.Encode(rec); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(s.out, "%s  %s  best: %s\n", rec.FEN, describeProbe(rec), strings.Join(rec.Turns, " "))
	}
	return nil
}

// readFENs reads one FEN a line (blank lines and # comments skipped), of any length,
// refusing the first bad one with its line number.
func readFENs(s *streams, name string) ([]engine.Position, []string, error) {
	var in io.Reader = s.in
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, badInput(err)
		}
		defer f.Close()
		in = f
	}
	r := bufio.NewReader(in)
	var positions []engine.Position
	var where []string
	for line := 1; ; line++ {
		text, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, nil, badInputf("%s line %d: %v", name, line, err)
		}
		if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
			p, perr := engine.ParseFEN(t)
			if perr != nil {
				return nil, nil, badInputf("%s line %d: %v", name, line, perr)
			}
			positions, where = append(positions, p), append(where, fmt.Sprintf("%s line %d", name, line))
		}
		if err == io.EOF {
			return positions, where, nil
		}
	}
}

// probeRecordOf probes p under limit (0: theoretic only) and, for a rule, the theoretic
// value when that table is built.
func probeRecordOf(set *tablebase.Set, p *engine.Position, limit int) (probeRecord, error) {
	rec := probeRecord{FEN: p.FEN(), PaikaLimit: limit, Counter: p.Paika}
	v, best, err := set.BestTurns(p, tablebase.PaikaRule(limit))
	if err != nil {
		return rec, err
	}
	val := valueJSON(v)
	rec.Value, rec.Plies = val.Value, val.Plies
	rec.Kind = v.Outcome.String()
	if limit == 0 {
		rec.Theoretic = &val
	} else if theo, err := set.Probe(p, tablebase.Theoretic); err == nil {
		tv := valueJSON(theo)
		rec.Theoretic = &tv
		rec.Kind = tablebase.Kind(theo, v)
	} else if !errors.Is(err, tablebase.ErrNotBuilt) {
		return rec, err
	}
	rec.Turns = make([]string, len(best))
	for i, t := range best {
		rec.Turns[i] = t.String()
	}
	return rec, nil
}

func describeProbe(r probeRecord) string {
	v := r.Value
	if r.Plies != nil {
		v += fmt.Sprintf(" in %d", *r.Plies)
	}
	if r.PaikaLimit == 0 {
		return v + " (theoretic, plies to the end)"
	}
	v += fmt.Sprintf(" (paika limit %d at counter %d, plies to the deciding capture", r.PaikaLimit, r.Counter)
	if r.Theoretic != nil {
		v += "; theoretic " + r.Theoretic.Value
		if r.Theoretic.Plies != nil {
			v += fmt.Sprintf(" in %d", *r.Theoretic.Plies)
		}
	}
	v += ")"
	if r.Kind == "cursed-win" || r.Kind == "blessed-loss" {
		v += " " + r.Kind
	}
	return v
}

func classOf(p *engine.Position) tablebase.Class {
	return tablebase.Class{Own: p.Own().Count(), Enemy: p.Enemy().Count()}
}

type tbVerifyOptions struct {
	dir        string
	material   string
	paikaLimit int
	workers    int
	quiet      bool
}

func newTBVerifyCmd(s *streams) *cobra.Command {
	var o tbVerifyOptions
	c := &cobra.Command{
		Use:   "verify [--tablebases DIR] [--material 3v2] [--paika-limit N]",
		Short: "Re-check every stored position against its successors (theoretic and rule-aware tables) and report inconsistencies",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runTBVerify(c.Context(), s, &o, c.Flags().Changed("paika-limit"))
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

func runTBVerify(ctx context.Context, s *streams, o *tbVerifyOptions, limitGiven bool) error {
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (all cores) or more", o.workers)
	}
	dir, err := tablebasesFolder(o.dir, tablebase.Required)
	if err != nil {
		return err
	}
	tables, err := tablebase.Open(dir).Tables()
	if err != nil {
		return err
	}
	var want *tablebase.Material
	if o.material != "" {
		c, err := tablebase.ParseClass(o.material)
		if err != nil {
			return badInput(err)
		}
		m := tablebase.MaterialOf(c)
		want = &m
	}
	var chosen []tablebase.TableID
	for _, id := range tables {
		if (want == nil || tablebase.MaterialOf(id.Class) == *want) && (!limitGiven || id.Rule.PaikaLimit == o.paikaLimit) {
			chosen = append(chosen, id)
		}
	}
	if len(chosen) == 0 {
		return badInputf("no tablebase files to verify in %s (for the material and rule asked)", dir)
	}
	// A damaged file is refused before anything is printed.
	for _, id := range chosen {
		if _, _, err := tablebase.CheckFile(dir, id.Class, id.Rule); err != nil {
			return badInput(err)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var progress func(tablebase.Progress)
	var bar *progressReporter
	if !o.quiet {
		bar = newProgress(s.err)
		progress = tablebaseProgress(bar)
	}
	reps, err := tablebase.Verify(ctx, dir, chosen, o.workers, progress)
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		if errors.Is(err, tablebase.ErrDamaged) || errors.Is(err, tablebase.ErrNotBuilt) {
			return badInput(err)
		}
		return err
	}
	var bad uint64
	for _, r := range reps {
		fmt.Fprintf(s.out, "%-22v %d positions checked (one per symmetry class), %d inconsistent\n", tablebase.TableID{Class: r.Class, Rule: tablebase.PaikaRule(r.PaikaLimit)}, r.Checked, r.Bad)
		for _, x := range r.Examples {
			fmt.Fprintf(s.out, "  %s: stored %v, successors say %v\n", x.FEN, x.Stored, x.Expected)
		}
		bad += r.Bad
	}
	if bad > 0 {
		return fmt.Errorf("verify: %d inconsistent positions", bad)
	}
	fmt.Fprintln(s.out, "all consistent")
	return nil
}

type tbStatsOptions struct {
	dir  string
	json bool
}

func newTBStatsCmd(s *streams) *cobra.Command {
	var o tbStatsOptions
	c := &cobra.Command{
		Use:   "stats [--tablebases DIR] [--json]",
		Short: "Per table: positions, wins / draws / losses, the longest win with an example, and what the paika limit changes",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBStats(s, &o) },
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a table")
	return c
}

// statsRecord is one table in the stats output. Counts are of boards with the class's
// side to move (White or Black alike: the colour swap makes them one class); a rule-aware
// table counts values at counter 0 and, when the theoretic table is there too, how many
// theoretic wins the rule draws (cursed) and how many theoretic losses (blessed).
type statsRecord struct {
	Class       string  `json:"class"`
	PaikaLimit  int     `json:"paika_limit"`
	Slots       uint64  `json:"slots"`
	FileBytes   uint64  `json:"file_bytes"`
	Positions   uint64  `json:"positions"`
	Wins        uint64  `json:"wins"`
	Draws       uint64  `json:"draws"`
	Losses      uint64  `json:"losses"`
	LongestWin  int     `json:"longest_win"`
	WinExample  string  `json:"longest_win_fen,omitempty"`
	LongestLoss int     `json:"longest_loss"`
	LossExample string  `json:"longest_loss_fen,omitempty"`
	CursedWins  *uint64 `json:"cursed_wins,omitempty"`
	Blessed     *uint64 `json:"blessed_losses,omitempty"`
}

func runTBStats(s *streams, o *tbStatsOptions) error {
	dir, err := tablebasesFolder(o.dir, tablebase.Required)
	if err != nil {
		return err
	}
	ids, err := tablebase.Open(dir).Tables()
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return badInputf("no tablebase files in %s", dir)
	}
	// Every file is checked (header, index, block checksums) before anything is printed.
	recs := make([]statsRecord, len(ids))
	infos := map[tablebase.TableID]tablebase.Info{}
	for i, id := range ids {
		in, size, err := tablebase.CheckFile(dir, id.Class, id.Rule)
		if err != nil {
			return badInput(err)
		}
		infos[id] = in
		rec := statsRecord{Class: id.Class.String(), PaikaLimit: id.Rule.PaikaLimit, Slots: in.Slots, FileBytes: size,
			Positions: in.Positions, Wins: in.Wins, Draws: in.Draws, Losses: in.Losses,
			LongestWin: in.LongestWin, LongestLoss: in.LongestLoss}
		if in.Wins > 0 {
			rec.WinExample = in.ExampleFEN(in.WinExample)
		}
		if in.Losses > 0 {
			rec.LossExample = in.ExampleFEN(in.LossExample)
		}
		recs[i] = rec
	}
	for i, id := range ids {
		theo, ok := infos[tablebase.TableID{Class: id.Class}]
		if id.Rule.PaikaLimit == 0 || !ok {
			continue
		}
		// Rule-aware wins and losses are theoretic ones the rule does not draw.
		cursed, blessed := theo.Wins-recs[i].Wins, theo.Losses-recs[i].Losses
		recs[i].CursedWins, recs[i].Blessed = &cursed, &blessed
	}
	if !o.json {
		fmt.Fprintf(s.out, "%-5s %5s %14s %14s %14s %14s %14s %6s  %s\n", "class", "paika", "positions", "wins", "draws", "losses", "cursed wins", "win", "longest win (side to move wins)")
	}
	for _, rec := range recs {
		if o.json {
			if err := json.NewEncoder(s.out).Encode(rec); err != nil {
				return err
			}
			continue
		}
		cursed := "-"
		if rec.CursedWins != nil {
			cursed = fmt.Sprint(*rec.CursedWins)
		}
		fmt.Fprintf(s.out, "%-5s %5d %14d %14d %14d %14d %14s %6d  %s\n", rec.Class, rec.PaikaLimit, rec.Positions, rec.Wins, rec.Draws, rec.Losses, cursed, rec.LongestWin, rec.WinExample)
	}
	return nil
}
