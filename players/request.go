// request.go: one analysis as the analyze command asks for it, and the refusals of a
// request a player cannot take.

package players

import (
	"context"
	"errors"
	"fmt"

	"github.com/fanorona/fanorona/engine"
)

// InputError is a request a player cannot take: a bad spec, a position with no turn to
// choose.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

// DefaultAnalyzer is the player that analyses a position unless told otherwise.
const DefaultAnalyzer = "expert:time=1s"

// AnalyzeRequest is one analysis: the player of Spec with Seed, and its best MultiPV
// lines (Expert.Lines) when MultiPV is above 1 (the one line of the report when 1).
type AnalyzeRequest struct {
	Spec    string
	Seed    uint64
	MultiPV int
}

// Run analyses p under r, the player made with opts, and reports it. fen is the position
// as it was given, named when it has no turn to analyse.
func (q AnalyzeRequest) Run(ctx context.Context, fen string, p *engine.Position, r engine.Rules, opts ...Option) (Report, error) {
	if q.MultiPV < 1 || q.MultiPV > MaxMultiPV {
		return Report{}, &InputError{fmt.Errorf("--multipv %d: want a whole number from 1 to %d", q.MultiPV, MaxMultiPV)}
	}
	pl, err := NewFromString(q.Spec, q.Seed, opts...)
	if err != nil {
		return Report{}, &InputError{err}
	}
	e, isExpert := pl.(*Expert)
	if q.MultiPV > 1 && !isExpert {
		return Report{}, &InputError{fmt.Errorf("--multipv %d: only the expert gives several lines, not %s", q.MultiPV, q.Spec)}
	}
	if err := r.Ongoing(p); err != nil {
		return Report{}, &InputError{fmt.Errorf("FEN %q: %v: nothing to analyze", fen, err)}
	}
	a, err := Analyze(ctx, pl, p, r)
	if errors.Is(err, ErrNoTurn) {
		return Report{}, &InputError{err}
	} else if err != nil {
		return Report{}, err
	}
	rep := NewReport(p, q.Spec, q.Seed, a)
	if q.MultiPV > 1 {
		lines, _, err := e.Lines(ctx, p, r, a, q.MultiPV)
		if err != nil {
			return Report{}, err
		}
		rep.AddLines(lines)
	}
	return rep, nil
}
