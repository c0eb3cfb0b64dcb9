// perftreport.go: a perft count as the perft command prints it, one JSON object or text
// lines (a divide line a root turn, then the count and its speed).

package engine

import (
	"encoding/json"
	"fmt"
	"io"
)

// PerftReport is one perft run with what was asked of it.
type PerftReport struct {
	FEN        string
	Depth      int
	Convention PerftConvention
	Divided    bool // the run was asked for its divide (shown even when it has no turn)
	Run        PerftRun
}

// WriteJSON writes the report as one JSON object, on one line: fen, depth, convention,
// nodes, seconds, nodes_per_second and, when divided, divide (each root turn's count).
func (r PerftReport) WriteJSON(w io.Writer) error {
	out := map[string]any{"fen": r.FEN, "depth": r.Depth, "convention": r.Convention.String(),
		"nodes": r.Run.Nodes, "seconds": r.Run.Seconds, "nodes_per_second": r.Run.NodesPerSecond()}
	if r.Divided {
		d := map[string]uint64{}
		for _, e := range r.Run.Divide {
			d[e.Turn.String()] = e.Nodes
		}
		out["divide"] = d
	}
	return json.NewEncoder(w).Encode(out)
}

// WriteText writes a line a root turn of the divide ("e2-e3A 123"), then the count, its
// time and its speed.
func (r PerftReport) WriteText(w io.Writer) {
	for _, e := range r.Run.Divide {
		fmt.Fprintf(w, "%s %d\n", e.Turn, e.Nodes)
	}
	fmt.Fprintf(w, "perft %d (%s): %d nodes in %.3f s, %.0f nodes/s\n", r.Depth, r.Convention, r.Run.Nodes, r.Run.Seconds, r.Run.NodesPerSecond())
}

// WriteTurns writes the listed turns, a line each: their notation, or with asJSON one
// JSON object each ({"turn","fen","captured"}).
func WriteTurns(w io.Writer, list []ListedTurn, asJSON bool) error {
	enc := json.NewEncoder(w)
	for _, t := range list {
		if !asJSON {
			fmt.Fprintln(w, t.Turn)
		} else if err := enc.Encode(t); err != nil {
			return err
		}
	}
	return nil
}

// Write writes the report as JSON (WriteJSON) or as text (WriteText).
func (r PerftReport) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return r.WriteJSON(w)
	}
	r.WriteText(w)
	return nil
}
