// samplerequest.go: a sample asked for as a command gives it: its options checked in a
// fixed order (a positions file read and checked whole, so that a bad line writes
// nothing), the certificates' folder made, then the sample run (Sample.Run).

package proof

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// SampleRequest is a sample asked for: Sample's fields, with the folder options of the
// search's tables (Tablebases) and of the reference (Reference), the pieces as given
// ("6,7").
type SampleRequest struct {
	Sample
	Tablebases, Reference, PiecesList string
	Net                               string // the evaluation (OpenEvaluation)
	// ReadPositions reads the positions file File (nil: record.ReadPositionsFile); Given
	// reports whether an option was given (nil: none), for those a positions file refuses
	// and for a node budget given alone, which then drops the time budget.
	ReadPositions func(path string) ([]SamplePosition, error)
	Given         func(option string) bool
}

// RunSample checks r, makes its certificates' folder and runs the sample (Sample.Run),
// giving each record to emit with the sample's length (Sample.Len). Refusals of r are
// *InputError.
func RunSample(ctx context.Context, r SampleRequest, emit func(rec SampleRecord, of int) error) (SampleSummary, error) {
	sm, err := r.sample()
	if err != nil {
		return SampleSummary{}, err
	}
	if sm.Certificates != "" {
		if err := os.Mkdir(sm.Certificates, 0o755); err != nil {
			return SampleSummary{}, &InputError{Option: "certificates", Value: sm.Certificates, Err: err}
		}
	}
	return sm.Run(ctx, func(rec SampleRecord) error { return emit(rec, sm.Len()) })
}

// sample checks the request and returns the sample it asks for.
func (r *SampleRequest) sample() (*Sample, error) {
	sm := &r.Sample
	if sm.Budget.Nodes > 0 && r.Given != nil && !r.Given("time") {
		sm.Budget.Time = 0 // a node budget alone: the result does not depend on the machine's load
	}
	if sm.Budget.Time < 0 || (sm.Budget.Time == 0 && sm.Budget.Nodes == 0) {
		return nil, refuse("time", sm.Budget.Time, "must be positive (or {nodes} given)")
	}
	if err := CheckPaikaLimit(sm.PaikaLimit); err != nil {
		return nil, err
	}
	if err := checkTT(sm.TTEntries, 1); err != nil {
		return nil, err
	}
	net, err := OpenEvaluation(r.Net)
	if err != nil {
		return nil, err
	}
	sm.Evaluation, sm.Tables = net, r.tables
	if r.Reference != "" {
		ts, err := openFolder("--reference", r.Reference, tablebase.Use{Need: tablebase.Required})
		if err != nil {
			return nil, err
		}
		sm.Reference = ts.Set
	}
	if sm.File != "" {
		return sm, r.readPositions()
	}
	for _, f := range strings.Split(r.PiecesList, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 || n > 2*engine.MaxPiecesPerSide {
			return nil, refuse("pieces", strconv.Quote(r.PiecesList), "expected counts of 3 to 44 pieces separated by commas")
		}
		sm.Pieces = append(sm.Pieces, n)
	}
	switch {
	case sm.Reference == nil:
		return nil, refuse("reference", nil, "required without {positions} (the sample's classes are those it holds)")
	case sm.Count < 1:
		return nil, refuse("count", sm.Count, "must be 1 or more")
	}
	return sm, r.checkPieces()
}

// checkPieces refuses a count of pieces the reference holds no table of under the rule:
// the sample would draw positions of it for ever, none of a class it holds.
func (r *SampleRequest) checkPieces() error {
	rule := tablebase.PaikaRule(r.PaikaLimit)
	cs, err := r.Sample.Reference.Classes(rule)
	if err != nil {
		return &InputError{Option: "reference", Value: r.Reference, Err: err}
	}
	for _, n := range r.Pieces {
		if !slices.ContainsFunc(cs, func(c tablebase.Class) bool { return c.Pieces() == n }) {
			return refuse("pieces", strconv.Quote(r.PiecesList), "{reference} %s holds no tables of %d pieces (%v)", r.Reference, n, rule)
		}
	}
	return nil
}

// readPositions reads the positions file, each position checked against the rule.
func (r *SampleRequest) readPositions() error {
	for _, f := range []string{"pieces", "count", "seed", "quiet", "balanced"} {
		if r.Given != nil && r.Given(f) {
			return refuse(f, nil, "not with {positions} (the file gives the positions)")
		}
	}
	read := r.ReadPositions
	if read == nil {
		read = func(path string) ([]SamplePosition, error) {
			sps, _, err := record.ReadPositionsFile(path)
			return sps, err
		}
	}
	sps, err := read(r.File)
	if err != nil {
		return &InputError{Err: err}
	}
	for _, sp := range sps {
		p := sp.Position
		where := r.File + ":" + strconv.Itoa(sp.Line) + ": " + p.FEN()
		switch {
		case p.Own() != 0 && p.Enemy() == 0:
			return &InputError{Value: where, Reason: "the side not to move has no pieces; the game ended before this position"}
		case r.PaikaLimit > 0 && p.Paika > r.PaikaLimit:
			return &InputError{Value: where, Reason: "paika counter " + strconv.Itoa(p.Paika) + " is above {paika-limit} " + strconv.Itoa(r.PaikaLimit)}
		}
	}
	r.Positions = sps
	return nil
}

// tables opens the search's tables for the sample's first position; the sample's others
// may have more pieces, so every table the rule has is checked too.
func (r *SampleRequest) tables(first *engine.Position) (Tables, error) {
	set, err := OpenTables(r.Tablebases, r.PaikaLimit, first, engine.Points)
	if err != nil || set == nil {
		return nil, err
	}
	return SearchTables(set), nil
}
