// entry.go: a person's capture turn entered step by step: the kind asked when a step
// captures both ways, each further step read and checked, or a stop.

package play

import (
	"fmt"
	"slices"

	"github.com/fanorona/fanorona/engine"
)

// Need is what an Entry waits for next.
type Need int

const (
	NeedKind Need = iota // approach or withdrawal, for a step that captures both ways (Kind)
	NeedStep             // the next step of the chain, or stop (Step, Stop)
	Done                 // the turn is entered, or refused (Turn)
)

// Entry is a turn being entered step by step.
type Entry struct {
	b        *engine.TurnBuilder
	from, to engine.Point       // the step being taken
	kind     engine.CaptureKind // engine.Paika while it is still to be asked
	need     Need
	turn     engine.Turn
	err      error
}

// Need says what the entry waits for.
func (e *Entry) Need() Need { return e.need }

// Step is the step waiting for its kind (NeedKind).
func (e *Entry) Step() (from, to engine.Point) { return e.from, e.to }

// Turn is the turn entered, or why it was refused (Done).
func (e *Entry) Turn() (engine.Turn, error) { return e.turn, e.err }

// Kind answers NeedKind.
func (e *Entry) Kind(k engine.CaptureKind) {
	e.kind = k
	e.advance()
}

// advance takes the step from→to once its kind is known, until the entry needs an answer.
func (e *Entry) advance() {
	kinds := stepKinds(e.b, e.from, e.to)
	switch {
	case len(kinds) == 0:
		e.finish(engine.Turn{}, fmt.Errorf("%s-%s is not a legal capture step here", e.from, e.to))
		return
	case e.kind != engine.Paika && !slices.Contains(kinds, e.kind):
		e.finish(engine.Turn{}, fmt.Errorf("%s-%s captures by %s only", e.from, e.to, kinds[0]))
		return
	case e.kind == engine.Paika && len(kinds) == 1:
		e.kind = kinds[0]
	case e.kind == engine.Paika:
		e.need = NeedKind
		return
	}
	if err := e.b.Step(engine.StepOption{From: e.from, To: e.to, Kind: e.kind}); err != nil {
		e.finish(engine.Turn{}, err)
		return
	}
	if e.b.Done() {
		t, _ := e.b.Turn()
		e.finish(t, nil)
		return
	}
	vis := e.b.Visited()
	e.from = vis[len(vis)-1] // the moving piece stands on its last landing point
	e.need = NeedStep
}

func (e *Entry) finish(t engine.Turn, err error) { e.turn, e.err, e.need = t, err, Done }

// Board is the position mid-chain and the points the piece has visited.
func (e *Entry) Board() (engine.Position, engine.Bitboard) {
	visited := engine.Bitboard(0)
	for _, pt := range e.b.Visited() {
		visited |= engine.Bit(pt)
	}
	return e.b.Position(), visited
}

// At is the point the moving piece stands on (NeedStep).
func (e *Entry) At() engine.Point { return e.from }

// Continuations are the legal next steps in notation (NeedStep).
func (e *Entry) Continuations() []string {
	var next []string
	for _, o := range e.b.Options() {
		next = append(next, fmt.Sprintf("%s-%s%s", o.From, o.To, o.Kind.Letter()))
	}
	return next
}

// Stop ends the chain where it is (NeedStep).
func (e *Entry) Stop() { e.finish(e.b.Stop()) }

// Next reads the next step of the chain (NeedStep): "e4", "e3-e4", "e3e4", with or
// without A/W. A line that is not a legal continuation is refused with the reason, and
// the entry still waits.
func (e *Entry) Next(line string) error {
	cur := e.from
	if pt, ok := engine.ParsePoint(line); ok {
		line = cur.String() + "-" + pt.String()
	} else if len(line) == 3 && line[2] != '-' {
		if pt, ok := engine.ParsePoint(line[:2]); ok { // "e4a": a point and a letter
			line = cur.String() + "-" + pt.String() + line[2:]
		}
	}
	from, steps, err := engine.ParseNotation(line)
	switch {
	case err != nil:
		return err
	case from != cur || len(steps) != 1:
		return fmt.Errorf("type one step from %s (a landing point, or %s-<point>), or stop.", cur, cur)
	}
	to, k := steps[0].To, steps[0].Kind
	kinds := stepKinds(e.b, cur, to)
	if len(kinds) == 0 {
		return fmt.Errorf("%s-%s is not a legal continuation (a further step must capture, change direction and not revisit a point).", cur, to)
	}
	if k != engine.Paika && !slices.Contains(kinds, k) {
		return fmt.Errorf("%s-%s captures by %s only.", cur, to, kinds[0])
	}
	e.to, e.kind = to, k
	e.advance()
	return nil
}

// stepKinds returns the kinds of the legal next steps from→to (none if it is not one).
func stepKinds(b *engine.TurnBuilder, from, to engine.Point) []engine.CaptureKind {
	var kinds []engine.CaptureKind
	for _, o := range b.Options() {
		if o.From == from && o.To == to && !slices.Contains(kinds, o.Kind) {
			kinds = append(kinds, o.Kind)
		}
	}
	return kinds
}
