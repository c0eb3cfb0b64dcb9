// notation.go: parsing turn notation ("e2-e3", "d3-e3A", "f4-e4W-e3A", or the compact
// "f4e4We3A") and matching it against the legal turns of a position.

package engine

import (
	"fmt"
	"strings"
)

// StepSpec is one written step: the landing point and the capture kind its letter names
// (Paika when no letter is written).
type StepSpec struct {
	To   Point
	Kind CaptureKind
}

// ParseNotation reads the syntax of a turn without a position: the start point and each
// step. Hyphens are optional and the kind letters may be lower case. The error names the
// character where reading failed.
func ParseNotation(s string) (Point, []StepSpec, error) {
	fail := func(i int, format string, args ...any) (Point, []StepSpec, error) {
		return NoPoint, nil, fmt.Errorf("turn %q, character %d: %s", s, i+1, fmt.Sprintf(format, args...))
	}
	readPoint := func(i int) (Point, int, bool) {
		if i+2 > len(s) {
			return NoPoint, i, false
		}
		p, ok := ParsePoint(s[i : i+2])
		return p, i + 2, ok
	}
	if strings.TrimSpace(s) == "" {
		return NoPoint, nil, fmt.Errorf("turn is empty")
	}
	from, i, ok := readPoint(0)
	if !ok {
		return fail(0, "expected a start point a1..i5")
	}
	var steps []StepSpec
	for i < len(s) {
		if s[i] == '-' {
			i++
		}
		to, j, ok := readPoint(i)
		if !ok {
			return fail(i, "expected a point a1..i5")
		}
		i = j
		kind := Paika
		if i < len(s) {
			switch s[i] {
			case 'A':
				kind = Approach
			case 'W', 'w':
				kind = Withdrawal
			case 'a':
				// 'a' followed by a row digit is the next point (compact form), not a kind.
				if !(i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '5') {
					kind = Approach
				}
			}
			if kind != Paika {
				i++
			}
		}
		steps = append(steps, StepSpec{to, kind})
		if len(steps) > MaxSteps {
			return fail(i, "more than %d steps", MaxSteps)
		}
	}
	if len(steps) == 0 {
		return fail(len(s), "a turn needs at least one step (like e2-e3)")
	}
	return from, steps, nil
}

// ParseTurn reads a turn in notation and returns the legal turn of p it names. The error
// says why a well-formed turn is not legal here.
func (p *Position) ParseTurn(r Rules, s string) (Turn, error) {
	from, steps, err := ParseNotation(s)
	if err != nil {
		return Turn{}, err
	}
	// Directions of the written steps.
	dirs := make([]Direction, len(steps))
	cur := from
	for i, st := range steps {
		d, ok := DirectionBetween(cur, st.To)
		if !ok {
			return Turn{}, fmt.Errorf("turn %q, step %d: %s to %s is not a step along a line", s, i+1, cur, st.To)
		}
		dirs[i] = d
		cur = st.To
	}
	if !p.Own().Has(from) {
		return Turn{}, fmt.Errorf("turn %q: no %s piece on %s", s, p.Side, from)
	}
	legal := p.Turns(r, make([]Turn, 0, MaxTurnsHint))
	// Keep the turns that agree with the written steps, one step at a time, so that the
	// error can name the first step that no legal turn takes.
	cands := legal[:0:0]
	for _, t := range legal {
		if t.From == from {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 {
		if p.CanCapture() {
			return Turn{}, fmt.Errorf("turn %q: a capture is compulsory and the piece on %s cannot capture", s, from)
		}
		return Turn{}, fmt.Errorf("turn %q: the piece on %s has no legal step", s, from)
	}
	for i, st := range steps {
		next := cands[:0:0]
		for _, t := range cands {
			if int(t.Len) > i {
				if d, k := t.Step(i); d == dirs[i] && k == st.Kind {
					next = append(next, t)
				}
			}
		}
		if len(next) == 0 {
			return Turn{}, stepError(s, i, cands, dirs[i], st)
		}
		cands = next
	}
	for _, t := range cands {
		if int(t.Len) == len(steps) {
			return t, nil
		}
	}
	return Turn{}, fmt.Errorf("turn %q is not legal here", s) // unreachable: every prefix of a chain is a turn
}

// stepError explains why step i of a written turn matches none of the candidate turns.
func stepError(s string, i int, cands []Turn, d Direction, st StepSpec) error {
	var kinds []string
	for _, t := range cands {
		if int(t.Len) > i {
			if td, k := t.Step(i); td == d && k != st.Kind {
				kinds = append(kinds, k.String())
			}
		}
	}
	where := fmt.Sprintf("turn %q, step %d (to %s)", s, i+1, st.To)
	switch {
	case len(kinds) > 0 && st.Kind == Paika:
		return fmt.Errorf("%s: this step captures; write A (approach) or W (withdrawal)", where)
	case len(kinds) > 0 && kinds[0] == Paika.String():
		return fmt.Errorf("%s: this step captures nothing; write it without A or W", where)
	case len(kinds) > 0:
		return fmt.Errorf("%s: no %s capture here; did you mean %s?", where, st.Kind, kinds[0])
	case i == 0 && st.Kind == Paika && cands[0].Captured != 0:
		return fmt.Errorf("%s: a capture is compulsory; this is not one", where)
	case i > 0 && cands[0].Captured == 0:
		return fmt.Errorf("%s: a paika is a single step", where)
	case i > 0:
		return fmt.Errorf("%s: the chain cannot continue this way (it must capture, change direction and not revisit a point)", where)
	case st.Kind == Paika:
		return fmt.Errorf("%s: not a legal paika (the point must be empty, and no capture may be available)", where)
	}
	return fmt.Errorf("%s: no %s capture with this step", where, st.Kind)
}
