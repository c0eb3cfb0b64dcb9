// query.go: a solve asked for as a command gives it (a FEN or a puzzle's name, a
// tablebase folder option), checked, solved (Solve), recorded and written, with the note
// on stderr's side when no table answered; and the collection said as text.

package puzzles

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Query is a solve asked for: Request's fields, the position as a FEN and the tables as
// the folder option Tablebases.
type Query struct {
	FEN, Tablebases string
	PaikaLimit      int
	Time            time.Duration
	MaxDepth        int
	Proof           bool
	Toolkit         string
}

// Answer is a query's solve: its result, its record, and when it stayed unknown the note
// that no table of the rule answered and which build would ("" when some were there);
// Puzzle is the puzzle solved (nil: a position of the caller's).
type Answer struct {
	Result   Result
	Record   Record
	NoTables string
	Puzzle   *Puzzle
}

// Write writes the answer: its record as one JSON object, or (not asJSON) in one line
// after the puzzle's name if any.
func (a Answer) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(a.Record)
	}
	prefix := ""
	if a.Puzzle != nil {
		prefix = a.Puzzle.Name + ": "
	}
	_, err := fmt.Fprintf(w, "%s%s\n", prefix, a.Record)
	return err
}

// Run checks q, opens its tables and solves it. Refusals of q and of its folder are
// *proof.InputError; a damaged table met during the solve wraps tablebase.ErrDamaged.
func Run(ctx context.Context, q Query) (Answer, error) {
	p, err := engine.ParseFEN(q.FEN)
	switch {
	case err != nil:
		return Answer{}, &proof.InputError{Err: err}
	case q.Time <= 0:
		return Answer{}, &proof.InputError{Option: "time", Value: q.Time.String(), Reason: "must be positive"}
	case q.MaxDepth < 0:
		return Answer{}, &proof.InputError{Option: "max-depth", Value: fmt.Sprint(q.MaxDepth), Reason: "must be 0 or more"}
	}
	set, err := proof.OpenTables(q.Tablebases, q.PaikaLimit, &p, 0)
	if err != nil {
		return Answer{}, err
	}
	res, err := Solve(ctx, Request{Position: p, Tables: set, PaikaLimit: q.PaikaLimit,
		Time: q.Time, MaxDepth: q.MaxDepth, Proof: q.Proof, Toolkit: q.Toolkit})
	if err != nil { // a damaged table is bad input by its ErrDamaged
		return Answer{}, err
	}
	a := Answer{Result: res, Record: res.Record(&p, q.PaikaLimit)}
	if !res.Known {
		a.NoTables = noTablesNote(set, q.Tablebases, q.PaikaLimit)
	}
	return a, nil
}

// Query is the solve of the puzzle under the rule it states (its Rules; the collection
// records its value under the default rules beside it).
func (p Puzzle) Query(tablebases string, budget time.Duration) Query {
	return Query{FEN: p.FEN, Tablebases: tablebases, PaikaLimit: p.Rules().PaikaLimit, Time: budget}
}

// SolveNamed solves the named puzzle (Named) with the tables of the folder option
// tablebases and the budget (Run); its answer names the puzzle.
func SolveNamed(ctx context.Context, name, tablebases string, budget time.Duration) (Answer, error) {
	p, err := Named(name)
	if err != nil {
		return Answer{}, err
	}
	a, err := Run(ctx, p.Query(tablebases, budget))
	a.Puzzle = &p
	return a, err
}

// noTablesNote says, after a solve that ended unknown, that no tables of the rule were
// there to answer it and which build would: "" when there were some.
func noTablesNote(set *tablebase.Set, dir string, limit int) string {
	where := "the default folder " + tablebase.DefaultDir() + " does not exist"
	switch {
	case dir == tablebase.Off:
		where = "--tablebases none"
	case set != nil:
		if cs, err := set.Classes(tablebase.PaikaRule(limit)); err != nil || len(cs) > 0 {
			return ""
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
	if dir != "" && dir != tablebase.Off {
		build += " --tablebases " + dir
	}
	return fmt.Sprintf("no tablebases answered (%s); building those of up to 5 pieces takes about 10 s: %s", where, build)
}

// WriteList writes the collection: a line a puzzle in aligned columns, or (asJSON) a
// JSON object a puzzle.
func WriteList(w io.Writer, asJSON bool) error {
	enc := json.NewEncoder(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range Collection() {
		if asJSON {
			if err := enc.Encode(p.Entry()); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", p.Name, p.Kind, p.Value, p.Description)
	}
	return tw.Flush()
}

// WriteText says the puzzle: its name and kind, what it asks, its board, its FEN and value.
func (p Puzzle) WriteText(w io.Writer) error {
	pos := engine.MustParseFEN(p.FEN)
	_, err := fmt.Fprintf(w, "%s (%s)\n%s\n\n%s\nFEN: %s\n%s to move: %v\n", p.Name, p.Kind, p.Description, engine.Diagram(&pos, 0), p.FEN, pos.Side, p.Value)
	return err
}
