// builder.go: entering a turn one step at a time, as a person does: pick a piece and a
// step, choose approach or withdrawal when both capture, continue the chain or stop.

package engine

import "fmt"

// TurnBuilder follows a turn being entered step by step. It works on the list of legal
// complete turns, so it accepts exactly the turns the generator makes.
type TurnBuilder struct {
	start Position
	legal []Turn // turns still consistent with the steps entered
	steps []StepOption
	from  Point
	done  bool
}

// StepOption is one possible next step: the point it leaves, the landing point and the
// kind of capture (Paika for a quiet step).
type StepOption struct {
	From, To Point
	Kind     CaptureKind
}

// NewTurnBuilder starts entering a turn in p under rules r.
func NewTurnBuilder(p Position, r Rules) *TurnBuilder {
	return &TurnBuilder{start: p, legal: p.Turns(r, nil), from: NoPoint}
}

// Options returns the legal next steps. At the start these are every first step of every
// legal turn; mid-chain, the capture steps the moving piece may make next. A landing point
// that allows both captures appears twice, once per kind.
func (b *TurnBuilder) Options() []StepOption {
	if b.done {
		return nil
	}
	var out []StepOption
	i := len(b.steps)
	for _, t := range b.legal {
		if int(t.Len) <= i {
			continue
		}
		cur := t.From
		if i > 0 {
			cur = b.steps[i-1].To
		}
		d, k := t.Step(i)
		opt := StepOption{cur, neighbour[cur][d], k}
		if !containsOption(out, opt) {
			out = append(out, opt)
		}
	}
	return out
}

func containsOption(opts []StepOption, o StepOption) bool {
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

// Step enters one step. It is refused, with the reason, unless it is among Options.
func (b *TurnBuilder) Step(o StepOption) error {
	if b.done {
		return fmt.Errorf("the turn is already complete")
	}
	opts := b.Options()
	if !containsOption(opts, o) {
		return fmt.Errorf("%s to %s (%s) is not a legal step here", o.From, o.To, o.Kind)
	}
	i := len(b.steps)
	d, _ := DirectionBetween(o.From, o.To)
	kept := b.legal[:0:0]
	for _, t := range b.legal {
		if int(t.Len) > i && (i > 0 || t.From == o.From) {
			if td, k := t.Step(i); td == d && k == o.Kind {
				kept = append(kept, t)
			}
		}
	}
	b.legal = kept
	b.steps = append(b.steps, o)
	if i == 0 {
		b.from = o.From
	}
	if len(b.Options()) == 0 {
		b.done = true
	}
	return nil
}

// CanStop reports whether the steps entered already form a complete legal turn, so the
// player may stop capturing here.
func (b *TurnBuilder) CanStop() bool {
	_, ok := b.current()
	return ok
}

// Stop ends the turn here and returns it.
func (b *TurnBuilder) Stop() (Turn, error) {
	t, ok := b.current()
	if !ok {
		return Turn{}, fmt.Errorf("no complete turn has been entered yet")
	}
	b.done = true
	return t, nil
}

// Done reports whether the turn is complete: no further step is possible.
func (b *TurnBuilder) Done() bool { return b.done }

// Turn returns the turn entered so far, if it is a complete legal turn.
func (b *TurnBuilder) Turn() (Turn, bool) { return b.current() }

func (b *TurnBuilder) current() (Turn, bool) {
	if len(b.steps) == 0 {
		return Turn{}, false
	}
	for _, t := range b.legal {
		if int(t.Len) == len(b.steps) {
			return t, true
		}
	}
	return Turn{}, false
}

// Position returns the board as it stands mid-turn: the piece moved and the captured
// pieces removed, still with the same side to move.
func (b *TurnBuilder) Position() Position {
	t, ok := b.current()
	if !ok {
		return b.start
	}
	q := b.start.Play(t)
	q.Side, q.Ply, q.Paika = b.start.Side, b.start.Ply, b.start.Paika
	q.hash = q.computeHash()
	return q
}

// Visited returns the points the moving piece has occupied this turn, start included.
func (b *TurnBuilder) Visited() []Point {
	if len(b.steps) == 0 {
		return nil
	}
	out := []Point{b.from}
	for _, s := range b.steps {
		out = append(out, s.To)
	}
	return out
}
