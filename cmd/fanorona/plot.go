// plot.go: the plot command: one chart of games.jsonl files or run folders as PNG or SVG.
// Grouping and drawing are package report's; this file holds the flags and the I/O.

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/fanorona/fanorona/engine"

	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newPlotCmd)
	commandExamples["fanorona plot proofs"] = `  fanorona plot proofs sample-6.jsonl sample-7.jsonl -o proof-sizes.svg`
}

type plotOptions struct {
	output string
	force  bool
	cdf    bool
	chart  report.ChartOptions
}

func newPlotCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "plot lengths|firstmove|ratings|matrix|proofs FILE_OR_RUN_DIR... -o OUT.png|OUT.svg",
		Short: "Draw charts of games.jsonl files or run folders as PNG or SVG (by the output's extension)",
		Args:  cobra.NoArgs,
	}
	// The charts' flags, hidden, on the group too: "plot histogram -o x.png" is then an
	// unknown chart rather than an unknown flag of "plot", and "plot --bogus" still fails.
	var unused plotOptions
	c.Flags().StringVarP(&unused.output, "output", "o", "", "")
	c.Flags().BoolVar(&unused.force, "force", false, "")
	c.Flags().BoolVar(&unused.cdf, "cdf", false, "")
	c.Flags().StringVar(&unused.chart.By, "by", "", "")
	c.Flags().Float64Var(&unused.chart.Conf, "conf", 0, "")
	for _, f := range []string{"output", "force", "cdf", "by", "conf"} {
		_ = c.Flags().MarkHidden(f)
	}
	sub := func(kind, short string, flags func(*cobra.Command, *plotOptions)) {
		o := plotOptions{chart: report.DefaultChartOptions}
		sc := &cobra.Command{
			Use:   kind + " FILE_OR_RUN_DIR... -o OUT.png|OUT.svg",
			Short: short,
			Args:  cobra.MinimumNArgs(1),
			RunE:  func(c *cobra.Command, files []string) error { return runPlot(s, kind, files, &o) },
		}
		sc.Flags().StringVarP(&o.output, "output", "o", "", "chart file to write: .png or .svg (required)")
		sc.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
		if flags != nil {
			flags(sc, &o)
		}
		c.AddCommand(sc)
	}
	by := func(c *cobra.Command, o *plotOptions) {
		c.Flags().StringVar(&o.chart.By, "by", report.ByMatchup, `group games by "matchup" (the two specs, either colour), "player" (every game of a spec) or "opening"`)
	}
	conf := func(c *cobra.Command, o *plotOptions) {
		c.Flags().Float64Var(&o.chart.Conf, "conf", summary.Confidence, "confidence level of the intervals, strictly between 0 and 1")
	}
	sub(report.Lengths, "Histogram of game lengths in plies per group, or its cumulative form with --cdf",
		func(c *cobra.Command, o *plotOptions) {
			by(c, o)
			c.Flags().BoolVar(&o.cdf, "cdf", false, "draw the empirical cumulative distribution instead of the histogram")
		})
	sub(report.FirstMove, "White win, draw and Black win shares per group with intervals",
		func(c *cobra.Command, o *plotOptions) { by(c, o); conf(c, o) })
	sub(report.Ratings, "Elo of each player (Bradley–Terry fit) with intervals", conf)
	sub(report.Matrix, "Heat map of pairwise scores", nil)
	c.AddCommand(newPlotProofsCmd(s))
	return c
}

func newPlotProofsCmd(s *streams) *cobra.Command {
	o := plotOptions{chart: report.DefaultChartOptions}
	c := &cobra.Command{
		Use:   "proofs FILE.jsonl... -o OUT.png|OUT.svg",
		Short: "Certificate size of each proven position against pieces on the board, and the share proven, from prove-sample's JSON Lines",
		Args:  cobra.MinimumNArgs(1),
		RunE:  func(c *cobra.Command, files []string) error { return runPlotProofs(s, files, &o) },
	}
	c.Flags().StringVarP(&o.output, "output", "o", "", "chart file to write: .png or .svg (required)")
	c.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
	c.Flags().Float64Var(&o.chart.Conf, "conf", summary.Confidence, "confidence level of the intervals, strictly between 0 and 1")
	return c
}

func runPlotProofs(s *streams, files []string, o *plotOptions) error {
	if o.output == "" {
		return badInputf("plot proofs: -o OUT.png or -o OUT.svg is required")
	}
	if _, err := chart.FormatOf(o.output); err != nil {
		return badInput(err)
	}
	if !(o.chart.Conf > 0 && o.chart.Conf < 1) {
		return badInputf("--conf %v: must be strictly between 0 and 1", o.chart.Conf)
	}
	if err := report.CheckOutput(o.output, o.force); err != nil {
		return badInput(err)
	}
	var points []chart.ProofPoint
	for _, f := range files {
		ps, err := readProofSample(f)
		if err != nil {
			return badInput(err)
		}
		points = append(points, ps...)
	}
	d, err := chart.BuildProofSizes(points, o.chart.Conf)
	if err != nil {
		return badInput(err)
	}
	fig, err := chart.PlotProofSizes(d)
	if err != nil {
		return err
	}
	data, err := fig.Encode(o.output)
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.output, data, o.force)
}

// sampleKeys are the fields every line of prove-sample has, by which its lines are told
// from other JSON Lines (games.jsonl, jobs).
var sampleKeys = []string{"index", "fen", "class", "paika_limit", "proved", "claims", "nodes", "seconds"}

// readProofSample reads one prove-sample output file: for each line, the pieces on the
// board (from its FEN), whether its value was proven and its certificate's size. Any
// line that is not prove-sample's is an error naming PATH:LINE; so is a file with none.
func readProofSample(path string) ([]chart.ProofPoint, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []chart.ProofPoint
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 4096), 1<<24)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(text), &keys); err != nil {
			return nil, fmt.Errorf("%s:%d: not a JSON object: %v", path, line, err)
		}
		for _, k := range sampleKeys {
			if _, ok := keys[k]; !ok {
				return nil, fmt.Errorf("%s:%d: not a line of prove-sample (no %q)", path, line, k)
			}
		}
		var rec sampleRecord
		if err := json.Unmarshal([]byte(text), &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		p, err := engine.ParseFEN(rec.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		pt := chart.ProofPoint{Pieces: p.Own().Count() + p.Enemy().Count(), Bytes: rec.Bytes}
		switch rec.Proved {
		case "":
		case "win", "draw", "loss":
			pt.Proven = true
			if rec.Bytes <= 0 {
				return nil, fmt.Errorf("%s:%d: a proven value without its certificate's \"bytes\" (written by an older prove-sample: run it again)", path, line)
			}
		default:
			return nil, fmt.Errorf("%s:%d: \"proved\" %q: want win, draw, loss or \"\"", path, line, rec.Proved)
		}
		out = append(out, pt)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no lines of prove-sample", path)
	}
	return out, nil
}

func runPlot(s *streams, kind string, files []string, o *plotOptions) error {
	if o.output == "" {
		return badInputf("plot %s: -o OUT.png or -o OUT.svg is required", kind)
	}
	if _, err := chart.FormatOf(o.output); err != nil {
		return badInput(err)
	}
	if err := o.chart.Check(); err != nil {
		return badInput(err)
	}
	if err := report.CheckOutput(o.output, o.force); err != nil {
		return badInput(err)
	}
	in, err := loadReporting(s, files)
	if err != nil {
		return err
	}
	if kind == report.Lengths && o.cdf {
		kind = report.LengthsCDF
	}
	fig, err := report.Figure(kind, in.Records, o.chart)
	if err != nil {
		return badInput(err)
	}
	data, err := fig.Encode(o.output)
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.output, data, o.force)
}

// loadReporting reads games files or run folders for plot and report; skipped lines and
// dropped duplicates are warnings on stderr, a file that cannot be read (or holds no good
// record, or two different records of one game) is bad input.
func loadReporting(s *streams, paths []string) (*report.Input, error) {
	in, err := report.Load(paths, tournament.Deterministic)
	if err != nil {
		return nil, badInput(err)
	}
	for _, b := range in.Dropped {
		fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", b)
	}
	warnDuplicates(s, in.Duplicates)
	return in, nil
}
