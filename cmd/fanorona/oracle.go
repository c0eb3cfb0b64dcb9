// oracle.go: what the players are given beyond their specs: the endgame tablebases.

package main

import (
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// playerOptions returns the options players are built with: the tablebases in dir for
// the players that probe them (expert), when any table is built there. dir "" means the
// default folder (tablebase.DefaultDir), "none" means no tablebases.
func playerOptions(dir string) []players.Option {
	if dir == "none" {
		return nil
	}
	if dir == "" {
		dir = tablebase.DefaultDir()
	}
	if o := players.NewTablebaseOracle(tablebase.Open(dir)); o != nil {
		return []players.Option{players.WithOracle(o)}
	}
	return nil
}
