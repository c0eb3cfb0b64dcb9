// answer.go: one proof asked for whole: of a claim, or of a value as two claims, about a
// position, said in one line, with the certificate of what was decided.

package proof

import (
	"context"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// Answer is what a proof asked for established.
type Answer struct {
	Root engine.Position
	// Value is the value's searches when the value was asked; nil when a claim was.
	Value *ValueResult
	// Claim is the claim's search when a claim was asked.
	Claim Result
	// Sections are the certificate's: those of the value, or the decided claim's.
	Sections []Section
}

// Answer proves claim c about p (nil: p's value, as Value does) within b.
func (s *Prover) Answer(ctx context.Context, p engine.Position, c *Claim, b Budget, toolkit string) (Answer, error) {
	a := Answer{Root: p}
	if c == nil {
		vr, err := s.Value(ctx, p, b, toolkit)
		if err != nil {
			return a, err
		}
		a.Value, a.Sections = &vr, vr.Sections
		return a, nil
	}
	res, sec, err := s.Prove(ctx, p, *c, b, toolkit)
	if err != nil {
		return a, err
	}
	a.Claim = res
	if sec != nil {
		a.Sections = []Section{*sec}
	}
	return a, nil
}

// String says the answer in one line: the position, what was established and the work.
func (a Answer) String() string {
	if vr := a.Value; vr != nil {
		what := "unknown within budget"
		if vr.Known {
			what = "value " + vr.Value.String() + " for the side to move"
		}
		return fmt.Sprintf("%s  %s; %s (%d nodes, %.1f s)", a.Root.FEN(), what, claimsLine(vr.Claims), vr.Nodes, vr.Elapsed.Seconds())
	}
	return fmt.Sprintf("%s  %s (%d nodes, %.1f s)", a.Root.FEN(), claimsLine([]Result{a.Claim}), a.Claim.Nodes, a.Claim.Elapsed.Seconds())
}

// claimsLine says what each search established: "white-wins disproven (black-not-loses
// holds), black-wins unknown".
func claimsLine(rs []Result) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", r.Claim, r.Outcome)
		if r.Outcome == Disproven {
			fmt.Fprintf(&b, " (%s holds)", r.Claim.Opposite())
		}
	}
	return b.String()
}
