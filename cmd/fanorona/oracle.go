// oracle.go: the tablebase flags, and the one set-up of a --tablebases folder
// (tablebase.OpenFolder), its refusal naming the flag.

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

// tablebaseSetup is the one reading of a --tablebases value (docs/CLI.md) for a command's
// use of its tables (tablebase.OpenFolder); a refusal is bad input naming the folder.
func tablebaseSetup(flag string, use tablebase.Use) (tablebase.Setup, error) {
	ts, err := tablebase.OpenFolder(flag, use)
	return ts, tablebase.OptionError(err, use.Need)
}

// tablebasePlayerOptions are the players' options for a --tablebases flag.
func tablebasePlayerOptions(flag string, limit int) ([]players.Option, error) {
	ts, err := tablebaseSetup(flag, tablebase.PlayersUse(limit))
	if ts.Oracle == nil {
		return nil, err
	}
	return []players.Option{players.WithOracle(ts.Oracle)}, err
}
