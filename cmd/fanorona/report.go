// report.go: the report command: one self-contained HTML page (settings, tables, charts,
// warnings) of games.jsonl files or run folders. Building the page is package report's.

package main

import (
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

// reportOptions are the page as asked for: the flags bind into the request.
type reportOptions struct{ report.PageRequest }

func newReportCmd(s *streams, runF func(*reportOptions) error) *cobra.Command {
	var o reportOptions
	c := &cobra.Command{
		Use:   "report FILE_OR_RUN_DIR... -o report.html",
		Short: "Write one self-contained HTML page of runs: settings and seeds, tables, charts, warnings",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.Files = args
			return seam(runF, &o, func() error { return runReport(s, &o) })
		},
	}
	c.Flags().StringVarP(&o.Output, "output", "o", "", "HTML file to write (required)")
	c.Flags().BoolVar(&o.Force, "force", false, "overwrite the output file if it exists")
	return c
}

func runReport(s *streams, o *reportOptions) error {
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
