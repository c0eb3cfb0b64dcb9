// solve.go: the solve command: a position's value and a best line, from the tablebases
// where they reach and by proof search beyond them.

package main

import (
	"context"
	"encoding/json"
	"errors"
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
	fen        string
	dir        string
	time       time.Duration
	maxDepth   int
	paikaLimit int
	json       bool
}

func newSolveCmd(s *streams) *cobra.Command {
	var o solveOptions
	c := &cobra.Command{
		Use:   "solve [--fen F] [--paika-limit 50] [--tablebases DIR] [--time T] [--json]",
		Short: "Prove a position's value under the paika limit at the FEN's counter (tablebases, then search); says unknown when the budget ends",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runSolve(c.Context(), s, &o) },
	}
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	tablebasesFlag(c, &o.dir)
	c.Flags().DurationVar(&o.time, "time", 10*time.Second, "search budget")
	c.Flags().IntVar(&o.maxDepth, "max-depth", 0, "deepest search in plies (0 = until the budget ends)")
	paikaLimitFlag(c, &o.paikaLimit, "the rule: values under this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return c
}

// solveRecord is the JSON form of a solve.
type solveRecord struct {
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

func runSolve(ctx context.Context, s *streams, o *solveOptions) error {
	p, err := parseFENFlag(o.fen)
	if err != nil {
		return err
	}
	if o.time <= 0 {
		return badInputf("--time %v: must be positive", o.time)
	}
	if o.maxDepth < 0 {
		return badInputf("--max-depth %d: must be 0 or more", o.maxDepth)
	}
	set, err := solveTablebases(o.dir, o.paikaLimit, &p)
	if err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := puzzles.Solve(ctx, p, set, puzzles.Limits{Time: o.time, MaxDepth: o.maxDepth, PaikaLimit: o.paikaLimit})
	if err != nil {
		if errors.Is(err, tablebase.ErrDamaged) {
			return badInput(err)
		}
		return err
	}
	rec := solveRecordOf(&p, res, o.paikaLimit)
	if !res.Known {
		noTablesNote(s, set, o.dir, o.paikaLimit)
	}
	if o.json {
		return json.NewEncoder(s.out).Encode(rec)
	}
	fmt.Fprintln(s.out, describeResult(rec))
	return nil
}

// noTablesNote says on stderr, after a solve that ended unknown, that no tables of the
// rule were there to answer it and which build would: nothing when there were some.
func noTablesNote(s *streams, set *tablebase.Set, dir string, limit int) {
	where := "the default folder " + defaultTablebaseDir() + " does not exist"
	switch {
	case dir == "none":
		where = "--tablebases none"
	case set != nil:
		if cs, err := set.Classes(tablebase.PaikaRule(limit)); err != nil || len(cs) > 0 {
			return
		}
		where = set.Dir() + " holds no theoretic tables"
		if limit > 0 {
			where = fmt.Sprintf("%s holds no tables of paika limit %d", set.Dir(), limit)
		}
	}
	build := "fanorona tablebase build --max-pieces 5"
	if limit != engine.DefaultRules().PaikaLimit {
		build += fmt.Sprintf(" --paika-limit %d", limit)
	}
	if dir != "" && dir != "none" {
		build += " --tablebases " + dir
	}
	fmt.Fprintf(s.err, "fanorona: no tablebases answered (%s); building those of up to 5 pieces takes about 10 s: %s\n", where, build)
}

// solveTablebases checks the solve flags against p and opens the tablebase folder: ""
// is the default folder when it exists (else none), "none" is none, another missing folder
// is bad input.
func solveTablebases(dir string, limit int, p *engine.Position) (*tablebase.Set, error) {
	if err := checkPaikaLimit(limit); err != nil {
		return nil, err
	}
	if limit > 0 && p.Paika > limit {
		return nil, badInputf("--fen: paika counter %d is above --paika-limit %d (the game was drawn when it reached %d)", p.Paika, limit, limit)
	}
	d, err := tablebasesFolder(dir, tablebase.Optional)
	if err != nil || d == "" {
		return nil, err
	}
	set := tablebase.Open(d)
	return set, nil
}

func solveRecordOf(p *engine.Position, res puzzles.Result, limit int) solveRecord {
	rec := solveRecord{FEN: p.FEN(), Value: "unknown", PaikaLimit: limit, Exact: res.Exact, Source: res.Source,
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
	if r.PaikaLimit > 0 {
		v += fmt.Sprintf(" under paika limit %d (plies to the deciding capture)", r.PaikaLimit)
	} else {
		v += " (theoretic, no paika limit)"
	}
	return fmt.Sprintf("%s  %s [%s]  line: %s", r.FEN, v, r.Source, strings.Join(r.Line, " "))
}
