// proofs.go: reading prove-sample's JSON Lines into the points of the proof-size chart.

package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart"
)

// sampleKeys are the fields every line of prove-sample has, by which its lines are told
// from other JSON Lines (games.jsonl, jobs).
var sampleKeys = []string{"index", "fen", "class", "paika_limit", "proved", "claims", "nodes", "seconds"}

// sampleLine is a line of prove-sample (docs/FORMATS.md), its fields typed so that a
// value of the wrong type is refused; the chart takes FEN, Proved and Bytes.
type sampleLine struct {
	Seed        *uint64  `json:"seed"`
	Positions   string   `json:"positions"`
	Line        int      `json:"line"`
	Index       int      `json:"index"`
	FEN         string   `json:"fen"`
	Class       string   `json:"class"`
	PaikaLimit  int      `json:"paika_limit"`
	Table       *string  `json:"table"`
	Proved      string   `json:"proved"` // win, draw, loss, or "" when undecided
	Claims      []string `json:"claims"`
	Agrees      *bool    `json:"agrees"`
	Nodes       uint64   `json:"nodes"`
	Seconds     float64  `json:"seconds"`
	Certificate string   `json:"certificate"`
	Bytes       int      `json:"bytes"` // the certificate's size (gzip)
}

// ProofSizes reads prove-sample output files and returns the chart's data: certificate
// size against pieces on the board, and the share proven with intervals at confidence
// conf.
func ProofSizes(paths []string, conf float64) (chart.ProofSizes, error) {
	var points []chart.ProofPoint
	for _, f := range paths {
		ps, err := readProofSample(f)
		if err != nil {
			return chart.ProofSizes{}, err
		}
		points = append(points, ps...)
	}
	return chart.BuildProofSizes(points, conf)
}

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
		pt, err := proofPoint([]byte(text))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
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

// proofPoint reads one line of prove-sample.
func proofPoint(text []byte) (chart.ProofPoint, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(text, &keys); err != nil {
		return chart.ProofPoint{}, fmt.Errorf("not a JSON object: %v", err)
	}
	for _, k := range sampleKeys {
		if _, ok := keys[k]; !ok {
			return chart.ProofPoint{}, fmt.Errorf("not a line of prove-sample (no %q)", k)
		}
	}
	var rec sampleLine
	if err := json.Unmarshal(text, &rec); err != nil {
		return chart.ProofPoint{}, err
	}
	p, err := engine.ParseFEN(rec.FEN)
	if err != nil {
		return chart.ProofPoint{}, err
	}
	pt := chart.ProofPoint{Pieces: p.Own().Count() + p.Enemy().Count(), Bytes: rec.Bytes}
	switch rec.Proved {
	case "":
	case "win", "draw", "loss":
		pt.Proven = true
		if rec.Bytes <= 0 {
			return pt, fmt.Errorf("a proven value without its certificate's \"bytes\" (written by an older prove-sample: run it again)")
		}
	default:
		return pt, fmt.Errorf("\"proved\" %q: want win, draw, loss or \"\"", rec.Proved)
	}
	return pt, nil
}
