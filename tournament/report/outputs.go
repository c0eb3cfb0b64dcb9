// outputs.go: a chart file and a report page of record files as plot and report ask for
// them (ChartFile, PageFile): the output and options checked before anything is read,
// the files read, the bytes to write returned. Errors the caller's input causes are
// *InputError.

package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament"
)

// InputError is an error the caller's input causes (an output or option refused, a file
// that does not read, a chart its records cannot give), not a failure to draw or encode:
// the same kind as a run's (tournament.InputError), which a command reports as bad input.
type InputError = tournament.InputError

// input wraps a non-nil error as an *InputError.
func input(err error) error {
	if err == nil {
		return nil
	}
	return &InputError{Err: err}
}

// Proofs is the chart of prove-sample's lines (ProofSizes), beside the charts of games.
const Proofs = "proofs"

// ChartRequest is one chart of games files or run folders (or, for Proofs, of
// prove-sample's JSON Lines).
type ChartRequest struct {
	Kind   string // Lengths, FirstMove, Ratings, Matrix or Proofs
	Files  []string
	Output string // the chart file: .png or .svg
	Force  bool   // the output may be replaced
	CDF    bool   // Lengths as its cumulative distribution
	Chart  ChartOptions
	// Read, when set, is told what reading the games found (lines skipped, duplicates
	// dropped) before the chart is drawn.
	Read func(*Input)
}

// ChartFile checks the request's output and options, reads its files and returns the
// chart encoded as the output's extension says.
func ChartFile(r ChartRequest) ([]byte, error) {
	if _, err := chart.FormatOf(r.Output); err != nil {
		return nil, input(err)
	}
	if err := r.Chart.Check(); err != nil { // proofs too: their grouping is the default
		return nil, input(err)
	}
	if err := CheckOutput(r.Output, r.Force); err != nil {
		return nil, input(err)
	}
	fig, err := r.figure()
	if err != nil {
		return nil, err
	}
	return fig.Encode(r.Output)
}

func (r ChartRequest) figure() (*chart.Figure, error) {
	if r.Kind == Proofs {
		d, err := ProofSizes(r.Files, r.Chart.Conf)
		if err != nil {
			return nil, input(err)
		}
		return chart.PlotProofSizes(d)
	}
	in, err := load(r.Files, r.Read)
	if err != nil {
		return nil, err
	}
	kind := r.Kind
	if kind == Lengths && r.CDF {
		kind = LengthsCDF
	}
	fig, err := Figure(kind, in.Records, r.Chart)
	return fig, input(err)
}

// PageRequest is the report page of games files or run folders.
type PageRequest struct {
	Files  []string
	Output string // the page: .html or .htm
	Force  bool   // the output may be replaced
	Read   func(*Input)
}

// PageFile checks the request's output, reads its files and returns the report page
// (Build, Report.HTML).
func PageFile(r PageRequest) ([]byte, error) {
	if ext := strings.ToLower(filepath.Ext(r.Output)); ext != ".html" && ext != ".htm" {
		return nil, input(fmt.Errorf("report file %q: the name must end in .html", r.Output))
	}
	if err := CheckOutput(r.Output, r.Force); err != nil {
		return nil, input(err)
	}
	in, err := load(r.Files, r.Read)
	if err != nil {
		return nil, err
	}
	rep, err := Build(in)
	if err != nil {
		return nil, err
	}
	return rep.HTML()
}

// load reads the files (Load), telling read what it found; a file that does not read is
// an *InputError.
func load(files []string, read func(*Input)) (*Input, error) {
	in, err := Load(files)
	if err != nil {
		return nil, input(err)
	}
	if read != nil {
		read(in)
	}
	return in, nil
}
