// charts.go: the drawn outputs: the plot command (one chart of games.jsonl files or
// run folders, or of prove-sample's lines), the report command (one self-contained HTML
// page of runs) and the board pictures of show and puzzles show, SVG or PNG by the output's
// extension. Checking, reading, grouping and drawing are the packages' (report.ChartFile,
// report.PageFile, stats/chart/board); this file holds the flags and the I/O.

package main

import (
	"context"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/stats/chart/board"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// plotOptions are one chart as asked for: the flags bind into the request.
type plotOptions struct{ report.ChartRequest }

const plotGames = " FILE_OR_RUN_DIR... -o OUT.png|OUT.svg"

// plotKinds are the charts: the subcommand, its arguments, and which of --by, --conf and
// --cdf it takes.
var plotKinds = []struct {
	kind, args    string
	by, conf, cdf bool
}{
	{report.Lengths, plotGames, true, false, true},
	{report.FirstMove, plotGames, true, true, false},
	{report.Ratings, plotGames, false, true, false},
	{report.Matrix, plotGames, false, false, false},
	{report.Proofs, " FILE.jsonl... -o OUT.png|OUT.svg", false, true, false},
}

func newPlotCmd(s *streams, runF func(*plotOptions) error) *cobra.Command {
	c := &cobra.Command{
		Use:  "plot lengths|firstmove|ratings|matrix|proofs FILE_OR_RUN_DIR... -o OUT.png|OUT.svg",
		Args: cobra.NoArgs,
	}
	// The charts' flags, hidden, on the group too: "plot histogram -o x.png" is then an
	// unknown chart rather than an unknown flag of "plot", and "plot --bogus" still fails.
	var unused plotOptions
	plotFlags(c, &unused, true, true, true)
	c.Flags().VisitAll(func(f *pflag.Flag) { f.Hidden = true })
	for _, k := range plotKinds {
		o := plotOptions{report.ChartRequest{Kind: k.kind, Chart: report.DefaultChartOptions}}
		sc := &cobra.Command{Use: k.kind + k.args, Args: cobra.MinimumNArgs(1),
			RunE: runs(s, runF, &o, &o.Files, runPlot)}
		plotFlags(sc, &o, k.by, k.conf, k.cdf)
		c.AddCommand(sc)
	}
	return c
}

func plotFlags(c *cobra.Command, o *plotOptions, by, conf, cdf bool) {
	c.Flags().StringVarP(&o.Output, "output", "o", "", "chart file to write: .png or .svg (required)")
	c.Flags().BoolVar(&o.Force, "force", false, "overwrite the output file if it exists")
	if by {
		c.Flags().StringVar(&o.Chart.By, "by", report.ByMatchup, `group games by "matchup" (the two specs, either colour), "player" (every game of a spec) or "opening"`)
	}
	if conf {
		c.Flags().Float64Var(&o.Chart.Conf, "conf", summary.Confidence, "confidence level of the intervals, strictly between 0 and 1")
	}
	if cdf {
		c.Flags().BoolVar(&o.CDF, "cdf", false, "draw the empirical cumulative distribution instead of the histogram")
	}
}

func runPlot(_ context.Context, s *streams, o *plotOptions) error {
	if o.Output == "" {
		return badInputf("plot %s: -o OUT.png or -o OUT.svg is required", o.Kind)
	}
	o.Read = func(in *report.Input) { warnRead(s, in) }
	data, err := report.ChartFile(o.ChartRequest)
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.Output, data, o.Force)
}

// warnRead warns of the lines skipped and the duplicates dropped in reading games files
// or run folders for plot and report.
func warnRead(s *streams, in *report.Input) {
	skipped := warnSkipped(s)
	for _, b := range in.Dropped {
		skipped(b)
	}
	warnDuplicates(s, in.Duplicates)
}

// reportOptions are the page as asked for: the flags bind into the request.
type reportOptions struct{ report.PageRequest }

func newReportCmd(s *streams, runF func(*reportOptions) error) *cobra.Command {
	var o reportOptions
	c := &cobra.Command{
		Use:  "report FILE_OR_RUN_DIR... -o report.html",
		Args: cobra.MinimumNArgs(1),
		RunE: runs(s, runF, &o, &o.Files, runReport),
	}
	c.Flags().StringVarP(&o.Output, "output", "o", "", "HTML file to write (required)")
	c.Flags().BoolVar(&o.Force, "force", false, "overwrite the output file if it exists")
	return c
}

func runReport(_ context.Context, s *streams, o *reportOptions) error {
	if o.Output == "" {
		return badInputf("report: -o FILE.html is required")
	}
	o.Read = func(in *report.Input) { warnRead(s, in) }
	page, err := report.PageFile(o.PageRequest)
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.Output, page, o.Force)
}

// pictureFlags are the flags of a command that can draw its board into a file.
type pictureFlags struct {
	output string
	force  bool
}

func (f *pictureFlags) bind(c *cobra.Command, what string) {
	c.Flags().StringVarP(&f.output, "output", "o", "", "draw "+what+" into this file instead: .svg or .png (never overwritten without --force)")
	c.Flags().BoolVar(&f.force, "force", false, "overwrite the output file if it exists")
}

// check refuses a bad output before any work: its extension, its folder, an existing file.
func (f *pictureFlags) check() error {
	if _, err := chart.FormatOf(f.output); err != nil {
		return badInput(err)
	}
	if err := report.CheckOutput(f.output, f.force); err != nil {
		return badInput(err)
	}
	return nil
}

// write draws p (with turn, if any) into the output file and says so on stderr.
func (f *pictureFlags) write(s *streams, p engine.Position, turn *engine.Turn) error {
	format, _ := chart.FormatOf(f.output) // checked
	data, err := board.Encode(format, p, board.Options{Turn: turn})
	if err != nil {
		return err
	}
	return writeOutputFile(s, f.output, data, f.force)
}
