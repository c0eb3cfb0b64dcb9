// adjudicate.go: ending a game by the endgame tables once it reaches a class they solve
// (Options.Adjudicator, the commands' --adjudicate).

package tournament

import (
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Adjudicator ends games by the tables of a folder: a position with at most Pieces()
// pieces, both sides on the board, is given the value the tables hold for it under the
// game's rules (the rule-aware tables of the run's paika limit at the position's
// counter, the theoretic tables when the run has none). Pieces is the most pieces for
// which the folder holds every class of that rule, so which positions are adjudicated
// depends on the rule and that count alone, which run.json records.
type Adjudicator struct {
	set    *tablebase.Set
	limit  int
	pieces int
}

// NewAdjudicator returns the adjudicator of the tables in set for runs under paika limit
// limit (0: none). It is an error when the folder does not hold every class of 2 pieces
// of that rule.
func NewAdjudicator(set *tablebase.Set, limit int) (*Adjudicator, error) {
	a := &Adjudicator{set: set, limit: limit}
	for n := 2; n <= 2*engine.MaxPiecesPerSide; n++ {
		for own := max(1, n-engine.MaxPiecesPerSide); own <= min(n-1, engine.MaxPiecesPerSide); own++ {
			if !set.Has(tablebase.Class{Own: own, Enemy: n - own}, tablebase.PaikaRule(limit)) {
				if n == 2 {
					return nil, a.missing()
				}
				return a, nil
			}
		}
		a.pieces = n
	}
	return a, nil
}

func (a *Adjudicator) missing() error {
	return &MissingTablesError{Dir: a.set.Dir(), PaikaLimit: a.limit}
}

// MissingTablesError is a folder of tables that does not hold the tables of 2 pieces of
// the run's rule, so the run's games cannot be adjudicated by it. A command adds how to
// build them.
type MissingTablesError struct {
	Dir        string // the folder
	PaikaLimit int    // the run's paika limit (0: none, the theoretic tables)
}

// Error names the setting by its Setting value.
func (e *MissingTablesError) Error() string {
	return e.Text(func(s Setting) string { return string(s) })
}

// Text is the error with the setting named by name.
func (e *MissingTablesError) Text(name func(Setting) string) string {
	return fmt.Sprintf("%s: %s holds no %s, which the run's rules need", name(SettingAdjudicate), e.Dir, e.Tables())
}

// Tables names the tables the run needs: "theoretic tables (no paika limit)" or "tables
// of paika limit N".
func (e *MissingTablesError) Tables() string {
	if e.PaikaLimit > 0 {
		return fmt.Sprintf("tables of paika limit %d", e.PaikaLimit)
	}
	return "theoretic tables (no paika limit)"
}

// Pieces returns the most pieces of a position the adjudicator ends.
func (a *Adjudicator) Pieces() int { return a.pieces }

// Adjudicate returns the result the tables give p under rules r (whose ply cap is
// counted from the game's start), or false when they do not decide it: more pieces than
// Pieces(), rules the tables do not model there (tablebase.CheckRules: a ply cap within
// reach, no-moves draws, a first turn without chains), or a table that fails to load.
func (a *Adjudicator) Adjudicate(p *engine.Position, r engine.Rules) (engine.Outcome, bool) {
	if p.Occupied().Count() > a.pieces || p.Own() == 0 || p.Enemy() == 0 || r.PaikaLimit != a.limit || tablebase.CheckRules(r, p) != nil {
		return engine.Ongoing, false
	}
	v, err := a.set.Probe(p, tablebase.PaikaRule(a.limit))
	if err != nil {
		return engine.Ongoing, false
	}
	switch v.Outcome {
	case tablebase.Win:
		return engine.WinFor(p.Side), true
	case tablebase.Loss:
		return engine.WinFor(p.Side.Other()), true
	}
	return engine.Draw, true
}
