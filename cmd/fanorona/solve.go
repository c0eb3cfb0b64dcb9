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
	"github.com/fanorona/fanorona/puzzles/proof"
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
		Short: "Prove a position's value under the paika limit at the FEN's counter (tablebases, a bounded search, then df-pn); says unknown when the budget ends",
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
	// Beyond the tables the bounded search gets a quarter of the budget (it finds short
	// wins with their exact distance), the df-pn proof search the rest; --max-depth asks
	// for the bounded search alone.
	bounded, proving := o.time, time.Duration(0)
	if o.maxDepth == 0 {
		bounded, proving = o.time/4, o.time-o.time/4
	}
	res, err := puzzles.Solve(ctx, p, set, puzzles.Limits{Time: bounded, MaxDepth: o.maxDepth, PaikaLimit: o.paikaLimit})
	if err == nil && !res.Known && proving > 0 && ctx.Err() == nil {
		res, err = solveByProof(ctx, p, set, o.paikaLimit, proving, res)
	}
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
// is bad input, and so is a damaged table of the rule among those p's pieces may reach.
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
	if _, err := set.CheckReach(p.Occupied().Count(), tablebase.PaikaRule(limit)); err != nil {
		return nil, badInputf("--tablebases %s: %w", d, err)
	}
	return set, nil
}

// solveProofEntries sizes the proof search's table for solve: 2^20 entries, 32 MiB.
const solveProofEntries = 1 << 20

// solveByProof runs the df-pn proof search of p's value (package puzzles/proof) after the
// bounded search res left it unknown: a value it proves has source "proof", no distance,
// and the prover's first turn as its line.
func solveByProof(ctx context.Context, p engine.Position, set *tablebase.Set, limit int, budget time.Duration, res puzzles.Result) (puzzles.Result, error) {
	var tables proof.Tables
	if set != nil {
		set.LoadWhole(1 << 24)
		tables = proof.FromSet(set, 0)
	}
	pr, err := proof.NewProver(proof.Options{PaikaLimit: limit, Tables: tables, TTEntries: solveProofEntries})
	if err != nil {
		return res, err
	}
	vr, err := pr.Value(ctx, p, proof.Budget{Time: budget}, version())
	if err != nil {
		return res, err
	}
	res.Nodes += vr.Nodes
	if !vr.Known {
		return res, nil
	}
	res.Known, res.Value, res.Exact, res.Source, res.Line = true, tablebase.Value{Outcome: vr.Value}, false, "proof", nil
	if sec := vr.Sections[len(vr.Sections)-1]; len(sec.Records) > 0 && sec.Records[0].Type == proof.RecordProve {
		if t, err := p.ParseTurn(proof.Rules(limit), sec.Records[0].Turn); err == nil {
			res.Line = []engine.Turn{t}
		}
	}
	return res, nil
}

func solveRecordOf(p *engine.Position, res puzzles.Result, limit int) solveRecord {
	rec := solveRecord{FEN: p.FEN(), Value: "unknown", PaikaLimit: limit, Exact: res.Exact, Source: res.Source,
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
