// report.go: the report command: one self-contained HTML page (settings, tables, charts,
// warnings) of games.jsonl files or run folders. Building the page is package report's.

package main

import (
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	files  []string
	output string
	force  bool
}

func newReportCmd(s *streams, runF func(*reportOptions) error) *cobra.Command {
	var o reportOptions
	c := &cobra.Command{
		Use:   "report FILE_OR_RUN_DIR... -o report.html",
		Short: "Write one self-contained HTML page of runs: settings and seeds, tables, charts, warnings",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.files = args
			return seam(runF, &o, func() error { return runReport(s, &o) })
		},
	}
	c.Flags().StringVarP(&o.output, "output", "o", "", "HTML file to write (required)")
	c.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
	return c
}

func runReport(s *streams, o *reportOptions) error {
	if o.output == "" {
		return badInputf("report: -o FILE.html is required")
	}
	page, err := report.PageFile(report.PageRequest{Files: o.files, Output: o.output, Force: o.force,
		Read: func(in *report.Input) { warnRead(s, in) }})
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.output, page, o.force)
}
