// oracle.go: the tablebase flags, and the one set-up of a --tablebases folder
// (tablebase.OpenFolder) with the exit contract of its refusals.

package main

import (
	"errors"

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

// checkPaikaLimit refuses a --paika-limit no table holds (tablebase.CheckPaikaLimit).
func checkPaikaLimit(limit int) error { return tablebaseInput(tablebase.CheckPaikaLimit(limit)) }

// defaultTablebaseDir is where build writes and probe, solve and expert look without --dir.
func defaultTablebaseDir() string { return tablebase.DefaultDir() }

// machineMemory is the machine's memory in bytes (Linux); 0 elsewhere.
func machineMemory() uint64 { return tablebase.MachineMemory() }

// tablebaseSetup is the one reading of a --tablebases value (docs/CLI.md) for a command's
// use of its tables (tablebase.OpenFolder); a refusal is bad input naming the folder.
func tablebaseSetup(flag string, use tablebase.Use) (tablebase.Setup, error) {
	ts, err := tablebase.OpenFolder(flag, use)
	return ts, tablebaseInput(tablebase.OptionError(err, use.Need))
}

// tablebaseInput makes what the package refuses before any work (an InputError, a folder
// it cannot use, a damaged file, a class not built) bad input.
func tablebaseInput(err error) error {
	var ie *tablebase.InputError
	if errors.As(err, &ie) || errors.Is(err, tablebase.ErrUnusable) || errors.Is(err, tablebase.ErrDamaged) || errors.Is(err, tablebase.ErrNotBuilt) {
		return badInput(err)
	}
	return err
}

// tablebasesFolder returns the folder of a --tablebases value (tablebaseSetup).
func tablebasesFolder(flag string, need tablebase.Need) (string, error) {
	ts, err := tablebaseSetup(flag, tablebase.Use{Need: need})
	return ts.Dir, err
}

// anyPaikaLimit asks for the tables of every rule (a session whose rules may change).
const anyPaikaLimit = tablebase.AnyPaikaLimit

// playersUse is the use of the players' tables under paika limit limit (tablebase.PlayersUse).
func playersUse(limit int) tablebase.Use { return tablebase.PlayersUse(limit) }

// checkedTablebases is the players' oracle of the folder dir, already read from a flag,
// and the files checked; nil when it holds no table.
func checkedTablebases(dir string, limit int) (*tablebase.Oracle, []tablebase.FileSum, error) {
	ts, err := tablebaseSetup(dir, playersUse(limit))
	return ts.Oracle, ts.Files, err
}

// tablebasePlayerOptions are the players' options for a --tablebases flag.
func tablebasePlayerOptions(flag string, limit int) ([]players.Option, error) {
	ts, err := tablebaseSetup(flag, playersUse(limit))
	return oracleOptions(ts.Oracle), err
}

// oracleOptions gives the players the oracle o (none when nil).
func oracleOptions(o *tablebase.Oracle) []players.Option {
	if o == nil {
		return nil
	}
	return []players.Option{players.WithOracle(o)}
}
