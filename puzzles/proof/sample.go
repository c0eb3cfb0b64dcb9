// sample.go: the prover measured against full tables: the values of a seeded sample of
// positions (or of a positions file) proven with smaller tables, each compared with the
// full tables' value, one record a position.

package proof

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Sample is a sample of positions to prove.
type Sample struct {
	// Positions are proven in order when File names the positions file they come from;
	// otherwise the sample is Count positions drawn from Seed, of Pieces pieces in turn,
	// each of a class Reference holds (and, with Quiet, whose side to move cannot capture).
	Positions []SamplePosition
	File      string
	Seed      uint64
	Pieces    []int
	Count     int
	Quiet     bool
	// Balanced takes the sample's positions by Reference's value for the side to move in
	// turn: a win, a draw, a loss, a win… (a value not met in balancedTries draws is
	// skipped for that position).
	Balanced bool
	// Reference are the full tables each value is compared with (nil: none).
	Reference  *tablebase.Set
	PaikaLimit int
	TTEntries  int
	Evaluation *nnue.Net     // initialises the proof numbers (Options.Evaluation; nil: none)
	Budget     Budget        // each position's
	Total      time.Duration // no position is started after this wall time (0: none)
	// Certificates is the folder each decided position's certificate is written into
	// ("": none).
	Certificates string
	Toolkit      string
	// Tables returns the search's tables, asked once, for the first position.
	Tables func(first *engine.Position) (Tables, error)
}

// SamplePosition is a position to prove, from line Line of a positions file.
type SamplePosition = record.FilePosition

// SampleRecord is one position's result, a line of prove-sample's output. Seed is null
// for the positions of a file; Table and Agrees are null when no reference table holds
// the position's class.
type SampleRecord struct {
	Seed        *uint64  `json:"seed"`
	Positions   string   `json:"positions,omitempty"` // the positions file
	Line        int      `json:"line,omitempty"`      // the position's line in it
	Index       int      `json:"index"`
	FEN         string   `json:"fen"`
	Class       string   `json:"class"`
	PaikaLimit  int      `json:"paika_limit"`
	Table       *string  `json:"table"`  // the full table's value for the side to move
	Proved      string   `json:"proved"` // win, draw, loss, or "" when undecided
	Claims      []string `json:"claims"` // what each search established
	Agrees      *bool    `json:"agrees"` // every claim proven holds in the full table
	Nodes       uint64   `json:"nodes"`
	Seconds     float64  `json:"seconds"`
	Certificate string   `json:"certificate,omitempty"`
	Bytes       int      `json:"bytes,omitempty"` // the certificate's size (gzip), whether written or not
}

// String says the record in one line: "FEN 2v2: table win, proved "win", 812 nodes, 0.1 s".
func (r SampleRecord) String() string {
	table := "no reference"
	if r.Table != nil {
		table = *r.Table
	}
	return fmt.Sprintf("%s %s: table %s, proved %q, %d nodes, %.1f s", r.FEN, r.Class, table, r.Proved, r.Nodes, r.Seconds)
}

// SampleSummary sums a sample up.
type SampleSummary struct {
	Done, Decided    int
	Compared, Agreed int
	Reference        bool // the values were compared with full tables
	Elapsed          time.Duration
}

// String says the summary in one line: "100 positions, 97 decided, 97 of 100 compared
// agree with the full tables, 812 s".
func (s SampleSummary) String() string {
	agreement := ""
	if s.Reference {
		agreement = fmt.Sprintf(", %d of %d compared agree with the full tables", s.Agreed, s.Compared)
	}
	return fmt.Sprintf("%d positions, %d decided%s, %.0f s", s.Done, s.Decided, agreement, s.Elapsed.Seconds())
}

// Len returns the positions of the sample.
func (s *Sample) Len() int {
	if s.File != "" {
		return len(s.Positions)
	}
	return s.Count
}

// Run proves the sample's positions in turn and gives each one's record to emit.
func (s *Sample) Run(ctx context.Context, emit func(SampleRecord) error) (SampleSummary, error) {
	start := time.Now()
	sum := SampleSummary{Reference: s.Reference != nil}
	next := s.source()
	var pr *Prover
	for i := 0; ; i++ {
		if s.Total > 0 && time.Since(start) > s.Total {
			break
		}
		sp, ok := next()
		if !ok {
			break
		}
		if pr == nil {
			tables, err := s.Tables(&sp.Position)
			if err != nil {
				return sum, err
			}
			if pr, err = NewProver(Options{PaikaLimit: s.PaikaLimit, Tables: tables, TTEntries: s.TTEntries, ClosedSets: true, Evaluation: s.Evaluation}); err != nil {
				return sum, err
			}
		}
		rec, err := s.prove(ctx, pr, i, sp)
		if err != nil {
			return sum, err
		}
		sum.Done++
		if rec.Proved != "" {
			sum.Decided++
		}
		if rec.Agrees != nil {
			sum.Compared++
			if *rec.Agrees {
				sum.Agreed++
			}
		}
		if err := emit(rec); err != nil {
			return sum, err
		}
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// source returns the positions to prove one at a time (false at the end).
func (s *Sample) source() func() (SamplePosition, bool) {
	i := 0
	if s.File != "" {
		return func() (SamplePosition, bool) {
			if i == len(s.Positions) {
				return SamplePosition{}, false
			}
			i++
			return s.Positions[i-1], true
		}
	}
	rule := tablebase.PaikaRule(s.PaikaLimit)
	rng := rand.New(rand.NewPCG(s.Seed, uint64(s.PaikaLimit)))
	return func() (SamplePosition, bool) {
		if i == s.Count {
			return SamplePosition{}, false
		}
		n := s.Pieces[i%len(s.Pieces)]
		i++
		want := balancedOrder[(i-1)%len(balancedOrder)]
		for tries := 0; ; tries++ {
			p := RandomPosition(rng, n)
			c, _ := tablebase.ClassOf(&p)
			if !s.Reference.Has(c, rule) || s.Quiet && p.CanCapture() { // a class the reference holds
				continue
			}
			if s.Balanced && tries < balancedTries {
				if v, err := s.Reference.Probe(&p, rule); err == nil && v.Outcome != want {
					continue
				}
			}
			return SamplePosition{Position: p}, true
		}
	}
}

// balancedOrder is the order of a balanced sample's values; balancedTries bounds the
// boards drawn for one value, so that a count of pieces without draws ends.
var balancedOrder = [...]tablebase.Outcome{tablebase.Win, tablebase.Draw, tablebase.Loss}

const balancedTries = 1 << 16

// prove proves the value of the sample's position i and compares it with the reference.
func (s *Sample) prove(ctx context.Context, pr *Prover, i int, sp SamplePosition) (SampleRecord, error) {
	p := sp.Position
	c, _ := tablebase.ClassOf(&p)
	rule := tablebase.PaikaRule(s.PaikaLimit)
	var want *tablebase.Value
	if s.Reference != nil && s.Reference.Has(c, rule) {
		v, err := s.Reference.Probe(&p, rule)
		if err != nil {
			return SampleRecord{}, err
		}
		want = &v
	}
	vr, err := pr.Value(ctx, p, s.Budget, s.Toolkit)
	if err != nil {
		return SampleRecord{}, fmt.Errorf("%s: %w", p.FEN(), err)
	}
	if ctx.Err() != nil {
		return SampleRecord{}, ctx.Err()
	}
	rec := SampleRecord{Index: i, FEN: p.FEN(), Class: c.String(), PaikaLimit: s.PaikaLimit,
		Claims: []string{}, Nodes: vr.Nodes, Seconds: vr.Elapsed.Seconds()}
	if s.File != "" {
		rec.Positions, rec.Line = s.File, sp.Line
	} else {
		rec.Seed = &s.Seed
	}
	for _, r := range vr.Claims {
		rec.Claims = append(rec.Claims, r.Claim.String()+" "+r.Outcome.String())
	}
	if vr.Known {
		rec.Proved = vr.Value.String()
	}
	if want != nil {
		table := want.Outcome.String()
		agrees := !vr.Known || vr.Value == want.Outcome
		for _, sec := range vr.Sections {
			agrees = agrees && claimHolds(sec.Header.Claim, *want, p.Side)
		}
		rec.Table, rec.Agrees = &table, &agrees
	}
	if len(vr.Sections) == 0 {
		return rec, nil
	}
	data, err := (&Certificate{Sections: vr.Sections}).Bytes()
	if err != nil {
		return rec, err
	}
	rec.Bytes = len(data)
	if s.Certificates != "" {
		name := fmt.Sprintf("%d-%d.fpc.gz", s.Seed, i)
		if s.File != "" {
			name = fmt.Sprintf("line%d.fpc.gz", sp.Line)
		}
		rec.Certificate = filepath.Join(s.Certificates, name)
		if err := atomicfile.WriteFile(rec.Certificate, data); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

// claimHolds reports whether a claim ("white-wins") holds for a position of value want for
// its side to move side.
func claimHolds(claim string, want tablebase.Value, side engine.Color) bool {
	c, err := ParseClaim(claim)
	if err != nil {
		return false
	}
	o := want.Outcome
	if c.Side != side && o != tablebase.Draw {
		o = map[tablebase.Outcome]tablebase.Outcome{tablebase.Win: tablebase.Loss, tablebase.Loss: tablebase.Win}[o]
	}
	return o == tablebase.Win || (c.Kind == DoesNotLose && o == tablebase.Draw)
}
