// plot.go: the plot command: one chart of games.jsonl files or run folders (or of
// prove-sample's lines) as PNG or SVG. Checking, reading, grouping and drawing are
// package report's (ChartFile); this file holds the flags and the I/O.

package main

import (
	"errors"
	"fmt"

	"github.com/fanorona/fanorona/tournament/report"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/spf13/cobra"
)

type plotOptions struct {
	kind   string // report.Lengths, ..., or "proofs"
	files  []string
	output string
	force  bool
	cdf    bool
	chart  report.ChartOptions
}

const plotProofs = report.Proofs

func newPlotCmd(s *streams, runF func(*plotOptions) error) *cobra.Command {
	if runF == nil {
		runF = func(o *plotOptions) error { return runPlot(s, o) }
	}
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
	sub := func(kind, use, short string, flags ...func(*cobra.Command, *plotOptions)) {
		o := plotOptions{kind: kind, chart: report.DefaultChartOptions}
		sc := &cobra.Command{Use: kind + use, Short: short, Args: cobra.MinimumNArgs(1),
			RunE: func(c *cobra.Command, files []string) error { o.files = files; return runF(&o) }}
		sc.Flags().StringVarP(&o.output, "output", "o", "", "chart file to write: .png or .svg (required)")
		sc.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
		for _, f := range flags {
			f(sc, &o)
		}
		c.AddCommand(sc)
	}
	by := func(c *cobra.Command, o *plotOptions) {
		c.Flags().StringVar(&o.chart.By, "by", report.ByMatchup, `group games by "matchup" (the two specs, either colour), "player" (every game of a spec) or "opening"`)
	}
	conf := func(c *cobra.Command, o *plotOptions) {
		c.Flags().Float64Var(&o.chart.Conf, "conf", summary.Confidence, "confidence level of the intervals, strictly between 0 and 1")
	}
	cdf := func(c *cobra.Command, o *plotOptions) {
		c.Flags().BoolVar(&o.cdf, "cdf", false, "draw the empirical cumulative distribution instead of the histogram")
	}
	const games = " FILE_OR_RUN_DIR... -o OUT.png|OUT.svg"
	sub(report.Lengths, games, "Histogram of game lengths in plies per group, or its cumulative form with --cdf", by, cdf)
	sub(report.FirstMove, games, "White win, draw and Black win shares per group with intervals", by, conf)
	sub(report.Ratings, games, "Elo of each player (Bradley–Terry fit) with intervals", conf)
	sub(report.Matrix, games, "Heat map of pairwise scores")
	sub(plotProofs, " FILE.jsonl... -o OUT.png|OUT.svg", "Certificate size of each proven position against pieces on the board, and the share proven, from prove-sample's JSON Lines", conf)
	return c
}

func runPlot(s *streams, o *plotOptions) error {
	if o.output == "" {
		return badInputf("plot %s: -o OUT.png or -o OUT.svg is required", o.kind)
	}
	data, err := report.ChartFile(report.ChartRequest{Kind: o.kind, Files: o.files, Output: o.output, Force: o.force,
		CDF: o.cdf, Chart: o.chart, Read: func(in *report.Input) { warnRead(s, in) }})
	if err != nil {
		return reportError(err)
	}
	return writeOutputFile(s, o.output, data, o.force)
}

// warnRead warns of the lines skipped and the duplicates dropped in reading games files
// or run folders for plot and report.
func warnRead(s *streams, in *report.Input) {
	for _, b := range in.Dropped {
		fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", b)
	}
	warnDuplicates(s, in.Duplicates)
}

// reportError makes an error of the reader's input bad input (exit status 2).
func reportError(err error) error {
	if ie := (*report.InputError)(nil); errors.As(err, &ie) {
		return badInput(err)
	}
	return err
}
