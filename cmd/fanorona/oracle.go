// oracle.go: what the players are given beyond their specs: the endgame tablebases.

package main

import (
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// anyPaikaLimit asks checkedTablebases for the tables of every rule (a session whose
// rules may change, as the engine's).
const anyPaikaLimit = -1

// checkedTablebases opens the tables in dir for the players and checks, before anything
// is played, every table they may probe under paika limit limit (0: the theoretic
// tables; anyPaikaLimit: every table): a table used whole or refused, never skipped
// silently in the middle of a game. A damaged file is bad input naming it. It returns
// the players' oracle (nil when dir holds no table; its Set is the one to share, e.g.
// with an adjudicator) and the files checked.
//
// The tables the players hold whole (up to 6 pieces) are loaded and checked as the
// oracle is made; the larger ones, read block by block during play, are read through
// once here (docs/PERFORMANCE.md gives the cost).
func checkedTablebases(dir string, limit int) (*tablebase.Oracle, []tablebase.FileSum, error) {
	set := tablebase.Open(dir)
	o := tablebase.NewOracle(set)
	if o == nil {
		return nil, nil, nil
	}
	tables, err := set.Tables()
	if err != nil {
		return nil, nil, badInputf("--tablebases %s: %w", dir, err)
	}
	var used []tablebase.TableID
	for _, id := range tables {
		if limit == anyPaikaLimit || id.Rule == tablebase.PaikaRule(limit) {
			used = append(used, id)
		}
	}
	sums, err := set.Check(used)
	if err != nil {
		return nil, nil, badInputf("--tablebases %s: %w", dir, err)
	}
	return o, sums, nil
}

// oracleOptions gives the players the oracle o (none when nil).
func oracleOptions(o *tablebase.Oracle) []players.Option {
	if o == nil {
		return nil
	}
	return []players.Option{players.WithOracle(o)}
}
