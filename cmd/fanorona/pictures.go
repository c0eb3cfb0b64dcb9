// pictures.go: board pictures for show and puzzles show: a position, optionally with a
// turn drawn on it, written as SVG or PNG (by the output's extension), thin over package
// stats/chart/board.

package main

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/stats/chart/board"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

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

// parseTurnFlag reads --turn in p under r; "" is no turn.
func parseTurnFlag(p *engine.Position, r engine.Rules, s string) (*engine.Turn, error) {
	if s == "" {
		return nil, nil
	}
	t, err := p.ParseTurn(r, s)
	if err != nil {
		return nil, badInputf("--turn: %v", err)
	}
	return &t, nil
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
