// request.go: the solver's one entry: a position's value from the tablebases, else from
// the bounded search (Search), else from a df-pn proof (package puzzles/proof); and a
// solve's record, as JSON and as one line.

package puzzles

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Request is a position to solve.
type Request struct {
	Position engine.Position
	Tables   *tablebase.Set // nil: none
	// PaikaLimit is the rule of the value (0: theoretic), as in Limits.
	PaikaLimit int
	Time       time.Duration // the whole budget
	MaxDepth   int           // above 0: the bounded search alone, to this depth
	// Proof gives a df-pn proof three quarters of the budget beyond the tables: the
	// bounded search gets the first quarter (it finds short wins with their exact
	// distance). Without it the bounded search has the whole budget.
	Proof   bool
	Toolkit string // written into the proof's certificate
}

// proofEntries sizes the proof search's table: 2^20 entries, 32 MiB.
const proofEntries = 1 << 20

// Solve returns the value of r.Position for its side to move and a best line, under the
// rule of r.PaikaLimit: from the tablebases, the bounded search, then (r.Proof) a proof.
func Solve(ctx context.Context, r Request) (Result, error) {
	bounded, proving := r.Time, time.Duration(0)
	if r.Proof && r.MaxDepth == 0 {
		bounded, proving = r.Time/4, r.Time-r.Time/4
	}
	res, err := Search(ctx, r.Position, r.Tables, Limits{Time: bounded, MaxDepth: r.MaxDepth, PaikaLimit: r.PaikaLimit})
	if err == nil && !res.Known && proving > 0 && ctx.Err() == nil {
		res, err = solveByProof(ctx, r, proving, res)
	}
	return res, err
}

// solveByProof runs the df-pn proof search of the value after the bounded search res left
// it unknown: a value it proves has source "proof", no distance, and the prover's first
// turn as its line.
func solveByProof(ctx context.Context, r Request, budget time.Duration, res Result) (Result, error) {
	pr, err := proof.NewProver(proof.Options{PaikaLimit: r.PaikaLimit, Tables: proof.SearchTables(r.Tables), TTEntries: proofEntries})
	if err != nil {
		return res, err
	}
	vr, err := pr.Value(ctx, r.Position, proof.Budget{Time: budget}, r.Toolkit)
	if err != nil {
		return res, err
	}
	res.Nodes += vr.Nodes
	if !vr.Known {
		return res, nil
	}
	res.Known, res.Value, res.Exact, res.Source, res.Line = true, tablebase.Value{Outcome: vr.Value}, false, "proof", nil
	if sec := vr.Sections[len(vr.Sections)-1]; len(sec.Records) > 0 && sec.Records[0].Type == proof.RecordProve {
		if t, err := r.Position.ParseTurn(proof.Rules(r.PaikaLimit), sec.Records[0].Turn); err == nil {
			res.Line = []engine.Turn{t}
		}
	}
	return res, nil
}

// Record is a solve as JSON.
type Record struct {
	FEN   string `json:"fen"`
	Value string `json:"value"` // win, draw, loss or unknown, for the side to move
	Plies *int   `json:"plies"` // to the end (theoretic) or to the deciding capture (paika limit)
	// PaikaLimit is the rule of the value (0: theoretic).
	PaikaLimit int      `json:"paika_limit"`
	Exact      bool     `json:"exact"`
	Source     string   `json:"source,omitempty"`
	Line       []string `json:"line"`
	Depth      int      `json:"depth"`
	Nodes      uint64   `json:"nodes"`
}

// Record returns the record of res, the solve of p under paika limit limit.
func (res Result) Record(p *engine.Position, limit int) Record {
	rec := Record{FEN: p.FEN(), Value: "unknown", PaikaLimit: limit, Exact: res.Exact, Source: res.Source,
		Line: []string{}, Depth: res.Depth, Nodes: res.Nodes}
	if res.Known {
		rec.Value = res.Value.Outcome.String()
		if res.Value.Outcome != tablebase.Draw && res.Source != "proof" { // a proof gives no distance
			plies := res.Value.Plies
			rec.Plies = &plies
		}
	}
	for _, t := range res.Line {
		rec.Line = append(rec.Line, t.String())
	}
	return rec
}

// String says the solve in one line: the position, its value and rule, the source, a
// best line; or that it stayed unknown.
func (r Record) String() string {
	if r.Value == "unknown" {
		return fmt.Sprintf("%s  unknown within budget (searched %d plies, %d nodes)", r.FEN, r.Depth, r.Nodes)
	}
	v := r.Value
	if r.Plies != nil {
		if r.Exact {
			v += fmt.Sprintf(" in %d", *r.Plies)
		} else {
			v += fmt.Sprintf(" (proof of %d plies; best play may be shorter)", *r.Plies)
		}
	}
	if r.PaikaLimit > 0 {
		v += fmt.Sprintf(" under paika limit %d (plies to the deciding capture)", r.PaikaLimit)
	} else {
		v += " (theoretic, no paika limit)"
	}
	return fmt.Sprintf("%s  %s [%s]  line: %s", r.FEN, v, r.Source, strings.Join(r.Line, " "))
}
