// oracle.go: the tablebase flags, and the players' options of a --tablebases folder
// (tablebase.OpenOption, its refusal naming the flag).

package main

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

// tablebasesFlag binds --tablebases DIR (and the deprecated, hidden --dir) to dir.
func tablebasesFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "tablebases", "", `tablebase folder ("" = the default cache folder, honouring FANORONA_TABLEBASES)`)
	c.Flags().StringVar(dir, "dir", "", "deprecated: --tablebases")
	_ = c.Flags().MarkHidden("dir")
}

// paikaLimitFlag binds --paika-limit with the default rules' limit.
func paikaLimitFlag(c *cobra.Command, limit *int, usage string) {
	c.Flags().IntVar(limit, "paika-limit", engine.DefaultRules().PaikaLimit, usage)
}

// tablebasePlayerOptions are the players' options for a --tablebases flag.
func tablebasePlayerOptions(flag string, limit int) ([]players.Option, error) {
	ts, err := tablebase.OpenOption(flag, tablebase.PlayersUse(limit))
	if ts.Oracle == nil {
		return nil, err
	}
	return []players.Option{players.WithOracle(ts.Oracle)}, err
}
