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
}

// Write writes the report as one JSON object and a newline, or as text (WriteText).
func (r Report) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(r)
	}
	r.WriteText(w)
	return nil
}
