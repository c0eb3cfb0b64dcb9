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
	"runtime"
	"strings"

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
		Short: "Build, probe, verify and describe endgame tablebases (values without paika limit)",
	}
	c.AddCommand(newTBBuildCmd(s), newTBProbeCmd(s), newTBVerifyCmd(s), newTBStatsCmd(s))
	return c
}

// tablebaseProgress reports a build's or a verification's stages on the progress bar.
func tablebaseProgress(bar *progressReporter) func(tablebase.Progress) {
	return func(pr tablebase.Progress) {
		bar.update(fmt.Sprintf("%v %s", pr.Material, pr.Stage), "slots", int64(pr.Done), int64(pr.Total))
	}
}

type tbBuildOptions struct {
	maxPieces int
	material  string
	dir       string
	workers   int
	quiet     bool
	json      bool
}

func newTBBuildCmd(s *streams) *cobra.Command {
	var o tbBuildOptions
	c := &cobra.Command{
		Use:   "build --max-pieces N [--material 3v5] [--dir DIR]",
		Short: "Build every class up to N pieces (or one material and what it needs); resumes an interrupted build",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBBuild(c.Context(), s, &o) },
	}
	c.Flags().IntVar(&o.maxPieces, "max-pieces", 0, "build every material of at most N pieces (2 or more)")
	c.Flags().StringVar(&o.material, "material", "", "build this material (e.g. 3v5) and the smaller ones it needs")
	c.Flags().StringVar(&o.dir, "dir", defaultTablebaseDir(), "tablebase directory")
	c.Flags().IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "goroutines")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a material")
	return c
}

func runTBBuild(ctx context.Context, s *streams, o *tbBuildOptions) error {
	opts := tablebase.BuildOptions{Dir: o.dir, MaxPieces: o.maxPieces, Workers: o.workers}
	switch {
	case o.material != "":
		c, err := tablebase.ParseClass(o.material)
		if err != nil {
			return badInput(err)
		}
		if o.maxPieces != 0 && c.Pieces() > o.maxPieces {
			return badInputf("--material %v has %d pieces, more than --max-pieces %d", c, c.Pieces(), o.maxPieces)
		}
		m := tablebase.MaterialOf(c)
		opts.Target = &m
	case o.maxPieces < 2:
		return badInputf("--max-pieces %d: must be 2 or more (or give --material)", o.maxPieces)
	case o.maxPieces > 8:
		return badInputf("--max-pieces %d: classes of more than 8 pieces do not fit in memory; use --material", o.maxPieces)
	}
	if o.workers < 1 {
		return badInputf("--workers %d: must be 1 or more", o.workers)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var bar *progressReporter
	if !o.quiet {
		bar = newProgress(s.err)
		opts.Progress = tablebaseProgress(bar)
	}
	reps, err := tablebase.Build(ctx, opts)
	if bar != nil {
		bar.finish()
	}
	enc := json.NewEncoder(s.out)
	for _, r := range reps {
		if o.json {
			if err := enc.Encode(struct {
				Material  string  `json:"material"`
				Built     bool    `json:"built"`
				Seconds   float64 `json:"seconds"`
				Bytes     uint64  `json:"bytes"`
				Resident  uint64  `json:"resident_bytes"`
				Plies     int     `json:"longest_plies"`
				PeakBytes uint64  `json:"process_peak_bytes"`
			}{r.Material.String(), r.Built, r.Seconds, r.Bytes, r.Resident, r.Levels, peakResident()}); err != nil {
				return err
			}
			continue
		}
		if !r.Built {
			fmt.Fprintf(s.out, "%-5v already built (%s)\n", r.Material, mib(r.Bytes))
			continue
		}
		fmt.Fprintf(s.out, "%-5v built in %.1f s: %s of values, %s in memory with its dependencies, longest %d plies\n",
			r.Material, r.Seconds, mib(r.Bytes), mib(r.Resident), r.Levels)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted; finished materials are kept and the next build continues from them: %w", err)
		}
		return err
	}
	if !o.json {
		fmt.Fprintf(s.out, "tablebases in %s; peak memory of this process %s\n", o.dir, mib(peakResident()))
	}
	return nil
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// peakResident reads the process's peak resident set (Linux); 0 elsewhere.
func peakResident() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb uint64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

type tbProbeOptions struct {
	fen   string
	batch string
	dir   string
	json  bool
}

func newTBProbeCmd(s *streams) *cobra.Command {
	var o tbProbeOptions
	c := &cobra.Command{
		Use:   "probe [--fen F | --batch FILE] [--dir DIR] [--json]",
		Short: "Value, distance to the end and every turn that keeps the value",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBProbe(s, &o) },
	}
	c.Flags().StringVar(&o.fen, "fen", "", "position")
	c.Flags().StringVar(&o.batch, "batch", "", "file with one FEN a line ('-' for stdin)")
	c.Flags().StringVar(&o.dir, "dir", defaultTablebaseDir(), "tablebase directory")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a position: {"fen","value","plies","turns"}`)
	return c
}

// probeRecord is the JSON form of a probe.
type probeRecord struct {
	FEN   string   `json:"fen"`
	Value string   `json:"value"`
	Plies *int     `json:"plies"`
	Turns []string `json:"turns"`
}

func runTBProbe(s *streams, o *tbProbeOptions) error {
	if (o.fen == "") == (o.batch == "") {
		return badInputf("give exactly one of --fen and --batch")
	}
	set := tablebase.Open(o.dir)
	if o.fen != "" {
		p, err := parseFENFlag(o.fen)
		if err != nil {
			return err
		}
		return probeOne(s, set, &p, o.json)
	}
	var in io.Reader = s.in
	if o.batch != "-" {
		f, err := os.Open(o.batch)
		if err != nil {
			return badInput(err)
		}
		defer f.Close()
		in = f
	}
	sc := bufio.NewScanner(in)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := engine.ParseFEN(text)
		if err != nil {
			return badInputf("%s line %d: %v", o.batch, line, err)
		}
		if err := probeOne(s, set, &p, o.json); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
	}
	return sc.Err()
}

func probeOne(s *streams, set *tablebase.Set, p *engine.Position, asJSON bool) error {
	v, best, err := set.BestTurns(p)
	if err != nil {
		if errors.Is(err, tablebase.ErrNotBuilt) {
			return fmt.Errorf("%w (build it with: fanorona tablebase build --material %v --dir %s)", err, classOf(p), set.Dir())
		}
		return err
	}
	turns := make([]string, len(best))
	for i, t := range best {
		turns[i] = t.String()
	}
	if asJSON {
		rec := probeRecord{FEN: p.FEN(), Value: v.Outcome.String(), Turns: turns}
		if v.Outcome != tablebase.Draw {
			rec.Plies = &v.Plies
		}
		return json.NewEncoder(s.out).Encode(rec)
	}
	fmt.Fprintf(s.out, "%s  %v  best: %s\n", p.FEN(), v, strings.Join(turns, " "))
	return nil
}

func classOf(p *engine.Position) tablebase.Class {
	return tablebase.Class{Own: p.Own().Count(), Enemy: p.Enemy().Count()}
}

type tbVerifyOptions struct {
	dir      string
	material string
	workers  int
	quiet    bool
}

func newTBVerifyCmd(s *streams) *cobra.Command {
	var o tbVerifyOptions
	c := &cobra.Command{
		Use:   "verify [--dir DIR] [--material 3v2]",
		Short: "Re-check every stored position against its successors and report inconsistencies",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBVerify(c.Context(), s, &o) },
	}
	c.Flags().StringVar(&o.dir, "dir", defaultTablebaseDir(), "tablebase directory")
	c.Flags().StringVar(&o.material, "material", "", "check only this material's classes")
	c.Flags().IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "goroutines")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "no progress bar")
	return c
}

func runTBVerify(ctx context.Context, s *streams, o *tbVerifyOptions) error {
	var classes []tablebase.Class
	if o.material != "" {
		c, err := tablebase.ParseClass(o.material)
		if err != nil {
			return badInput(err)
		}
		classes = tablebase.MaterialOf(c).Classes()
	} else {
		cs, err := tablebase.Open(o.dir).Classes()
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			return fmt.Errorf("no tablebase files in %s", o.dir)
		}
		classes = cs
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
	reps, err := tablebase.Verify(ctx, o.dir, classes, o.workers, progress)
	if bar != nil {
		bar.finish()
	}
	var bad uint64
	for _, r := range reps {
		fmt.Fprintf(s.out, "%-5v %d positions checked (one per symmetry class), %d inconsistent\n", r.Class, r.Checked, r.Bad)
		for _, x := range r.Examples {
			fmt.Fprintf(s.out, "  %s: stored %v, successors say %v\n", x.FEN, x.Stored, x.Expected)
		}
		bad += r.Bad
	}
	if err != nil {
		return err
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
		Use:   "stats [--dir DIR] [--json]",
		Short: "Per class and side to move: positions, wins / draws / losses, the longest win with an example",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runTBStats(s, &o) },
	}
	c.Flags().StringVar(&o.dir, "dir", defaultTablebaseDir(), "tablebase directory")
	c.Flags().BoolVar(&o.json, "json", false, "one JSON object a class")
	return c
}

// statsRecord is one class in the stats output. Counts are of boards with the class's
// side to move (White or Black alike: the colour swap makes them one class).
type statsRecord struct {
	Class       string `json:"class"`
	Slots       uint64 `json:"slots"`
	Positions   uint64 `json:"positions"`
	Wins        uint64 `json:"wins"`
	Draws       uint64 `json:"draws"`
	Losses      uint64 `json:"losses"`
	LongestWin  int    `json:"longest_win"`
	WinExample  string `json:"longest_win_fen,omitempty"`
	LongestLoss int    `json:"longest_loss"`
	LossExample string `json:"longest_loss_fen,omitempty"`
}

func runTBStats(s *streams, o *tbStatsOptions) error {
	cs, err := tablebase.Open(o.dir).Classes()
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		return fmt.Errorf("no tablebase files in %s", o.dir)
	}
	if !o.json {
		fmt.Fprintf(s.out, "%-5s %14s %14s %14s %14s %6s  %s\n", "class", "positions", "wins", "draws", "losses", "win", "longest win (side to move wins)")
	}
	for _, c := range cs {
		in, err := tablebase.ReadInfo(o.dir, c)
		if err != nil {
			return err
		}
		rec := statsRecord{Class: c.String(), Slots: in.Slots, Positions: in.Positions, Wins: in.Wins,
			Draws: in.Draws, Losses: in.Losses, LongestWin: in.LongestWin, LongestLoss: in.LongestLoss}
		if in.Wins > 0 {
			rec.WinExample = in.ExampleFEN(in.WinExample)
		}
		if in.Losses > 0 {
			rec.LossExample = in.ExampleFEN(in.LossExample)
		}
		if o.json {
			if err := json.NewEncoder(s.out).Encode(rec); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(s.out, "%-5s %14d %14d %14d %14d %6d  %s\n", rec.Class, rec.Positions, rec.Wins, rec.Draws, rec.Losses, rec.LongestWin, rec.WinExample)
	}
	return nil
}
