// report.go: one analysis as the analyze command reports it, in JSON and in text.

package players

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// Report is a player's analysis of one position, its turns in notation.
type Report struct {
	FEN            string   `json:"fen"`
	Player         string   `json:"player"`
	Seed           uint64   `json:"seed"`
	Turn           string   `json:"turn"`
	Score          int      `json:"score"`
	PV             []string `json:"pv"`
	Depth          int      `json:"depth"`
	Nodes          uint64   `json:"nodes"`
	NodesPerSecond float64  `json:"nodes_per_second"`
	// Lines are the best lines when several were asked for (AnalyzeRequest.MultiPV),
	// best first; absent otherwise.
	Lines []LineReport `json:"lines,omitempty"`
}

// LineReport is one line of a Report: its root turn, score and variation.
type LineReport struct {
	Turn  string   `json:"turn"`
	Score int      `json:"score"`
	PV    []string `json:"pv"`
}

// AddLines adds lines, in notation, to the report.
func (r *Report) AddLines(lines []Line) {
	for _, l := range lines {
		lr := LineReport{Score: l.Score, PV: make([]string, len(l.PV))}
		for i, t := range l.PV {
			lr.PV[i] = t.String()
		}
		if len(lr.PV) > 0 {
			lr.Turn = lr.PV[0]
		}
		r.Lines = append(r.Lines, lr)
	}
}

// NewReport is the report of a, the analysis of p by the player of spec with seed.
func NewReport(p *engine.Position, spec string, seed uint64, a Analysis) Report {
	r := Report{FEN: p.FEN(), Player: spec, Seed: seed, Turn: a.Turn.String(), Score: a.Score,
		PV: make([]string, len(a.PV)), Depth: a.Depth, Nodes: a.Nodes, NodesPerSecond: a.NodesPerSecond()}
	for i, t := range a.PV {
		r.PV[i] = t.String()
	}
	return r
}

// WriteText writes the report as aligned lines of text.
func (r Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "position: %s\nplayer:   %s (seed %d)\nbest:     %s\nscore:    %d (%s)\npv:       %s\ndepth:    %d\nnodes:    %d (%.0f nodes/s)\n",
		r.FEN, r.Player, r.Seed, r.Turn, r.Score, FormatScore(r.Score),
		strings.Join(r.PV, " "), r.Depth, r.Nodes, r.NodesPerSecond)
	for i, l := range r.Lines {
		fmt.Fprintf(w, "line %-4s %s  score %d (%s)  pv %s\n", fmt.Sprintf("%d:", i+1), l.Turn, l.Score, FormatScore(l.Score), strings.Join(l.PV, " "))
	}
}

// Write writes the report as one JSON object and a newline, or as text (WriteText).
func (r Report) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(r)
	}
	r.WriteText(w)
	return nil
}
