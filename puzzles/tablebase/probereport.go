// probereport.go: a probe as the command prints it: the value under the rule at the
// position's counter, the theoretic value, their relation and the distance-best turns;
// and the batch of positions a probe reads.

package tablebase

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// ProbeRecord is the JSON form of a probe (docs/FORMATS.md): the value under the rule at
// the position's counter (plies to the deciding capture), the theoretic value (plies to
// the end), and their relation. With paika limit 0 the value is the theoretic one.
type ProbeRecord struct {
	FEN        string       `json:"fen"`
	PaikaLimit int          `json:"paika_limit"`
	Counter    int          `json:"counter"`
	Value      string       `json:"value"`
	Plies      *int         `json:"plies"`
	Kind       string       `json:"kind"` // win, cursed-win, draw, blessed-loss, loss
	Theoretic  *ValueRecord `json:"theoretic"`
	Turns      []string     `json:"turns"`
}

// ValueRecord is a value with its distance (nil for a draw).
type ValueRecord struct {
	Value string `json:"value"`
	Plies *int   `json:"plies"`
}

func valueRecord(v Value) ValueRecord {
	r := ValueRecord{Value: v.Outcome.String()}
	if v.Outcome != Draw {
		plies := v.Plies
		r.Plies = &plies
	}
	return r
}

// ProbePosition probes p under paika limit limit (0: theoretic only) with its best
// turns and, for a rule, the theoretic value when that table is built.
func ProbePosition(set *Set, p *engine.Position, limit int) (ProbeRecord, error) {
	rec := ProbeRecord{FEN: p.FEN(), PaikaLimit: limit, Counter: p.Paika}
	v, best, err := set.BestTurns(p, PaikaRule(limit))
	if err != nil {
		return rec, err
	}
	val := valueRecord(v)
	rec.Value, rec.Plies = val.Value, val.Plies
	rec.Kind = v.Outcome.String()
	if limit == 0 {
		rec.Theoretic = &val
	} else if theo, err := set.Probe(p, Theoretic); err == nil {
		tv := valueRecord(theo)
		rec.Theoretic = &tv
		rec.Kind = Kind(theo, v)
	} else if !errors.Is(err, ErrNotBuilt) {
		return rec, err
	}
	rec.Turns = make([]string, len(best))
	for i, t := range best {
		rec.Turns[i] = t.String()
	}
	return rec, nil
}

// String is r as one line of text: the FEN, the values and the best turns.
func (r ProbeRecord) String() string {
	return fmt.Sprintf("%s  %s  best: %s", r.FEN, r.describe(), strings.Join(r.Turns, " "))
}

func (r ProbeRecord) describe() string {
	v := r.Value
	if r.Plies != nil {
		v += fmt.Sprintf(" in %d", *r.Plies)
	}
	if r.PaikaLimit == 0 {
		return v + " (theoretic, plies to the end)"
	}
	v += fmt.Sprintf(" (paika limit %d at counter %d, plies to the deciding capture", r.PaikaLimit, r.Counter)
	if r.Theoretic != nil {
		v += "; theoretic " + r.Theoretic.Value
		if r.Theoretic.Plies != nil {
			v += fmt.Sprintf(" in %d", *r.Theoretic.Plies)
		}
	}
	v += ")"
	if r.Kind == "cursed-win" || r.Kind == "blessed-loss" {
		v += " " + r.Kind
	}
	return v
}

// ReadFENs reads a probe's batch from r, named name: one FEN a line of any length, blank
// lines and # comments skipped. It returns the positions and where each is ("NAME line
// 3"), refusing the first bad line with its number.
func ReadFENs(r io.Reader, name string) ([]engine.Position, []string, error) {
	br := bufio.NewReader(r)
	var positions []engine.Position
	var where []string
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, nil, fmt.Errorf("%s line %d: %v", name, line, err)
		}
		if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
			p, perr := engine.ParseFEN(t)
			if perr != nil {
				return nil, nil, fmt.Errorf("%s line %d: %v", name, line, perr)
			}
			positions, where = append(positions, p), append(where, fmt.Sprintf("%s line %d", name, line))
		}
		if err == io.EOF {
			return positions, where, nil
		}
	}
}
