// verify.go: re-checking stored values against their successors. A table is right exactly
// when every value agrees with the values its turns lead to (the distances ground wins
// and losses at the ends of the game), so this check is complete.

package tablebase

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/fanorona/fanorona/engine"
)

// Inconsistency is a stored value that disagrees with its successors.
type Inconsistency struct {
	FEN      string
	Stored   Value
	Expected Value
}

// VerifyReport is the result of checking one class.
type VerifyReport struct {
	Class      Class
	PaikaLimit int    // the rule of the values checked (0: theoretic)
	Checked    uint64 // slots checked (the canonical ones)
	Bad        uint64
	Examples   []Inconsistency // the first few: at most 5 from each chunk of 16,384 slots, 10 in all
}

// Verify re-checks every stored position of the tables (every file in the directory when
// tables is empty) against its successors, loading the tables they lead into. A
// rule-aware table is checked against the rule-aware tables of the same limit: each value
// at counter 0 must be what its successors give under the limit, so this check is as
// complete as the theoretic one (distances are bounded and ground at captures).
func Verify(ctx context.Context, dir string, tables []TableID, workers int, progress func(Progress)) ([]VerifyReport, error) {
	set := Open(dir)
	defer set.Close()
	if len(tables) == 0 {
		var err error
		if tables, err = set.Tables(); err != nil {
			return nil, err
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var reports []VerifyReport
	for _, id := range tables {
		rep, err := verifyClass(ctx, set, id.Class, id.Rule.PaikaLimit, workers, progress)
		if err != nil {
			return reports, err
		}
		reports = append(reports, rep)
	}
	return reports, nil
}

func verifyClass(ctx context.Context, set *Set, c Class, limit, workers int, progress func(Progress)) (VerifyReport, error) {
	rep := VerifyReport{Class: c, PaikaLimit: limit}
	t, err := set.Table(c, PaikaRule(limit))
	if err != nil {
		return rep, err
	}
	b := &builder{ctx: ctx, workers: workers, progress: progress, material: MaterialOf(c), limit: limit}
	// Paika steps lead to the class with the other side to move; captures to smaller ones.
	needed := []Class{c.Swap()}
	for k := 1; k < c.Enemy; k++ {
		needed = append(needed, Class{c.Enemy - k, c.Own})
	}
	for _, n := range needed {
		nt, err := set.Table(n, PaikaRule(limit))
		if err != nil {
			return rep, fmt.Errorf("tablebase: verifying %v needs %v: %w", TableID{c, PaikaRule(limit)}, n, err)
		}
		b.deps[n.Own][n.Enemy] = nt
	}
	var mu sync.Mutex
	err = b.parallel("verify "+TableID{c, PaikaRule(limit)}.String(), t.Slots(), func(w *worker, lo, hi uint64) {
		var checked uint64
		var bad []Inconsistency
		var nbad uint64
		var it walker
		it.start(t.ix, lo)
		for slot := lo; slot < hi; slot++ {
			own, enemy := it.pieces()
			it.next()
			if t.ix.orbits.stab[slot/t.ix.perOrbit] != 0 && t.ix.index(own, enemy) != slot {
				continue // not the board's own slot
			}
			checked++
			p := engine.Position{Pieces: [2]engine.Bitboard{own, enemy}}
			w.turns = p.DistinctTurns(engine.TheoreticRules(), w.turns[:0], &w.seen)
			want := byte(codeLoss0)
			if len(w.turns) > 0 {
				want = b.captureValue(w, w.turns, own, enemy) // the same rule serves paika turns
			}
			if got := t.bytes[slot]; got != want {
				nbad++
				if len(bad) < 5 {
					q := t.Position(slot)
					bad = append(bad, Inconsistency{q.FEN(), decodeAs(limit, got), decodeAs(limit, want)})
				}
			}
		}
		mu.Lock()
		rep.Checked += checked
		rep.Bad += nbad
		for _, x := range bad {
			if len(rep.Examples) < 10 {
				rep.Examples = append(rep.Examples, x)
			}
		}
		mu.Unlock()
	})
	return rep, err
}

// VerifyRequest is a check of a folder's tables, or of those of one material or rule.
type VerifyRequest struct {
	Folder   string // the --tablebases value (Resolve, Required)
	Material string // only this material's tables (the form 3v2); "": every material
	// PaikaLimit, when PaikaLimitGiven, is the rule of the only tables checked (0:
	// theoretic); else every rule's are.
	PaikaLimit      int
	PaikaLimitGiven bool
	Workers         int // goroutines; 0 means GOMAXPROCS
	Progress        func(Progress)
}

// VerifyReports are the reports of a verify, a table each.
type VerifyReports []VerifyReport

// VerifyFolder checks (Verify) the tables of r, every file checked whole first: a bad
// option is an *InputError naming it; no table to check, or a damaged file, is refused
// (ErrUnusable) before any is verified.
func VerifyFolder(ctx context.Context, r VerifyRequest) (VerifyReports, error) {
	if r.PaikaLimitGiven {
		if err := CheckPaikaLimit(r.PaikaLimit); err != nil {
			return nil, err
		}
	}
	if err := checkWorkers(r.Workers); err != nil {
		return nil, err
	}
	dir, err := Resolve(r.Folder, Required)
	if err != nil {
		return nil, OptionError(err, Required)
	}
	material, err := parseMaterial(r.Material)
	if err != nil {
		return nil, err
	}
	tables, err := Open(dir).Tables()
	if err != nil {
		return nil, err
	}
	var chosen []TableID
	for _, id := range tables {
		if (material == nil || MaterialOf(id.Class) == *material) && (!r.PaikaLimitGiven || id.Rule.PaikaLimit == r.PaikaLimit) {
			chosen = append(chosen, id)
		}
	}
	if len(chosen) == 0 {
		return nil, unusableError{fmt.Errorf("no tablebase files to verify in %s (for the material and rule asked)", dir)}
	}
	for _, id := range chosen {
		if _, _, err := CheckFile(dir, id.Class, id.Rule); err != nil {
			return nil, unusableError{err}
		}
	}
	return Verify(ctx, dir, chosen, r.Workers, r.Progress)
}

// Inconsistent is the number of inconsistent positions of the reports.
func (rs VerifyReports) Inconsistent() uint64 {
	var bad uint64
	for _, r := range rs {
		bad += r.Bad
	}
	return bad
}

// Err is the error of a verify that found inconsistent positions (it says how many);
// nil when it found none.
func (rs VerifyReports) Err() error {
	if bad := rs.Inconsistent(); bad > 0 {
		return fmt.Errorf("verify: %d inconsistent positions", bad)
	}
	return nil
}

// WriteText writes a report a line, then "all consistent" when no position is not.
func (rs VerifyReports) WriteText(w io.Writer) {
	for _, r := range rs {
		fmt.Fprintln(w, r)
	}
	if rs.Inconsistent() == 0 {
		fmt.Fprintln(w, "all consistent")
	}
}

// String is r's line: the table, the positions checked and the inconsistent ones, then a
// line for each example.
func (r VerifyReport) String() string {
	s := fmt.Sprintf("%-22v %d positions checked (one per symmetry class), %d inconsistent", TableID{Class: r.Class, Rule: PaikaRule(r.PaikaLimit)}, r.Checked, r.Bad)
	for _, x := range r.Examples {
		s += fmt.Sprintf("\n  %s: stored %v, successors say %v", x.FEN, x.Stored, x.Expected)
	}
	return s
}
