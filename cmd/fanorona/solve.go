// solve.go: the solve command: a position's value and a best line, from the tablebases
// where they reach and by proof search beyond them.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newSolveCmd) }

type solveOptions struct {
	fen      string
	dir      string
	time     time.Duration
	maxDepth int
	json     bool
}

func newSolveCmd(s *streams) *cobra.Command {
	var o solveOptions
	c := &cobra.Command{
		Use:   "solve [--fen F] [--dir DIR] [--time T] [--json]",
		Short: "Prove a position's value (tablebases, then search); says unknown when the budget ends",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runSolve(c.Context(), s, &o) },
	}
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	c.Flags().StringVar(&o.dir, "dir", defaultTablebaseDir(), "tablebase directory")
	c.Flags().DurationVar(&o.time, "time", 10*time.Second, "search budget")
	c.Flags().IntVar(&o.maxDepth, "max-depth", 0, "deepest search in plies (0 = until the budget ends)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return c
}

// solveRecord is the JSON form of a solve.
type solveRecord struct {
	FEN    string   `json:"fen"`
	Value  string   `json:"value"` // win, draw, loss or unknown, for the side to move
	Plies  *int     `json:"plies"`
	Exact  bool     `json:"exact"`
	Source string   `json:"source,omitempty"`
	Line   []string `json:"line"`
	Depth  int      `json:"depth"`
	Nodes  uint64   `json:"nodes"`
}

func runSolve(ctx context.Context, s *streams, o *solveOptions) error {
	p, err := parseFENFlag(o.fen)
	if err != nil {
		return err
	}
	if o.time <= 0 || o.maxDepth < 0 {
		return badInputf("--time must be positive and --max-depth 0 or more")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := puzzles.Solve(ctx, p, tablebase.Open(o.dir), puzzles.Limits{Time: o.time, MaxDepth: o.maxDepth})
	if err != nil {
		return err
	}
	rec := solveRecordOf(&p, res)
	if o.json {
		return json.NewEncoder(s.out).Encode(rec)
	}
	fmt.Fprintln(s.out, describeResult(rec))
	return nil
}

func solveRecordOf(p *engine.Position, res puzzles.Result) solveRecord {
	rec := solveRecord{FEN: p.FEN(), Value: "unknown", Exact: res.Exact, Source: res.Source,
		Line: []string{}, Depth: res.Depth, Nodes: res.Nodes}
	if res.Known {
		rec.Value = res.Value.Outcome.String()
		if res.Value.Outcome != tablebase.Draw {
			plies := res.Value.Plies
			rec.Plies = &plies
		}
	}
	for _, t := range res.Line {
		rec.Line = append(rec.Line, t.String())
	}
	return rec
}

func describeResult(r solveRecord) string {
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
	return fmt.Sprintf("%s  %s [%s]  line: %s", r.FEN, v, r.Source, strings.Join(r.Line, " "))
}
