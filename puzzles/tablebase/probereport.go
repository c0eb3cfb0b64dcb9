// probereport.go: a probe as the command asks and prints it: the positions (one FEN or
// a batch file) checked, then for each the value under the rule at the position's
// counter, the theoretic value, their relation and the distance-best turns.

package tablebase

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
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

// WriteProbeText writes a line a record.
func WriteProbeText(w io.Writer, recs []ProbeRecord) {
	for _, r := range recs {
		fmt.Fprintln(w, r)
	}
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

// ProbeRequest is a probe of one position or of a batch of them, as the command is asked.
type ProbeRequest struct {
	Folder     string // the --tablebases value (OpenFolder, Required)
	FEN        string // one position...
	Batch      string // ...or a file of them, one FEN a line (ReadFENs; "-": Stdin)
	Stdin      io.Reader
	PaikaLimit int // the rule (0: theoretic values only)
}

// Probe probes the positions of r (ProbePosition). Every position is checked, and every
// table it may reach, before the first probe: a refusal is an *InputError naming the
// option, the batch line, or the table to build.
func Probe(r ProbeRequest) (ProbeRows, error) {
	if (r.FEN == "") == (r.Batch == "") {
		return nil, inputErrorf("give exactly one of --fen and --batch")
	}
	if err := CheckPaikaLimit(r.PaikaLimit); err != nil {
		return nil, err
	}
	st, err := OpenOption(r.Folder, Use{Need: Required})
	if err != nil {
		return nil, err
	}
	defer st.Set.Close()
	positions, where, err := r.positions()
	if err != nil {
		return nil, err
	}
	// Pieces 0 would be every table; no table has fewer than 2 pieces.
	use := Use{Rules: []Rule{PaikaRule(r.PaikaLimit), Theoretic}, Pieces: 1}
	for i := range positions {
		if err := checkProbePosition(&positions[i], where[i], r.PaikaLimit); err != nil {
			return nil, err
		}
		use.Pieces = max(use.Pieces, positions[i].Occupied().Count())
	}
	if err := st.Check(use); err != nil {
		return nil, OptionError(err, Required)
	}
	recs := make(ProbeRows, len(positions))
	for i := range positions {
		if recs[i], err = ProbePosition(st.Set, &positions[i], r.PaikaLimit); err != nil {
			if len(positions) > 1 {
				err = fmt.Errorf("%s: %w", where[i], err)
			}
			c, _ := ClassOf(&positions[i])
			return nil, probeError(err, st.Dir, c, r.PaikaLimit)
		}
	}
	return recs, nil
}

// positions reads the FEN, or the batch file, with where each is.
func (r ProbeRequest) positions() ([]engine.Position, []string, error) {
	if r.FEN != "" {
		p, err := engine.ParseFEN(r.FEN)
		return []engine.Position{p}, []string{"--fen"}, inputError(err)
	}
	in := r.Stdin
	if r.Batch != "-" {
		f, err := os.Open(r.Batch)
		if err != nil {
			return nil, nil, &InputError{err}
		}
		defer f.Close()
		in = f
	}
	positions, where, err := ReadFENs(in, r.Batch)
	return positions, where, inputError(err)
}

// checkProbePosition refuses a position no table answers under limit.
func checkProbePosition(p *engine.Position, where string, limit int) error {
	switch {
	case limit > 0 && p.Paika > limit:
		return inputErrorf("%s: paika counter %d is above --paika-limit %d (the game was drawn when it reached %d)", where, p.Paika, limit, limit)
	case p.Own() != 0 && p.Enemy() == 0:
		return inputErrorf("%s: the side not to move has no pieces; the game ended before this position", where)
	case p.Own() != 0:
		if c, _ := ClassOf(p); c.check() != nil {
			return inputErrorf("%s: %v", where, c.check()) // a class no table can hold
		}
	}
	return nil
}

// probeError makes a class not built, or a damaged file, bad input, with the command
// that builds a missing class.
func probeError(err error, dir string, c Class, limit int) error {
	switch {
	case errors.Is(err, ErrNotBuilt):
		return inputErrorf("%v (build it with: fanorona tablebase build --material %v --paika-limit %d --tablebases %s)", err, c, limit, dir)
	case errors.Is(err, ErrDamaged), errors.Is(err, ErrUnusable):
		return &InputError{err}
	}
	return err
}
