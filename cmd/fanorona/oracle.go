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

func checkPaikaLimit(limit int) error {
	if limit < 0 || limit > tablebase.MaxPaikaLimit {
		return badInputf("--paika-limit %d: must be 0 (theoretic values, no limit) to %d", limit, tablebase.MaxPaikaLimit)
	}
	return nil
}

// defaultTablebaseDir is where build writes and probe, solve and expert look without --dir.
func defaultTablebaseDir() string { return tablebase.DefaultDir() }

// tablebaseSetup is the one reading of a --tablebases value (docs/CLI.md) for a command's
// use of its tables (tablebase.OpenFolder): "none" is off (refused where tables are
// needed), "" the default folder (off when missing, for Optional), any other value a
// folder that must exist (Create: may not yet). A bad folder or a damaged table is bad
// input naming it.
func tablebaseSetup(flag string, use tablebase.Use) (tablebase.Setup, error) {
	ts, err := tablebase.OpenFolder(flag, use)
	return ts, setupError(err, use.Need)
}

// setupError makes a folder refused by tablebase.OpenFolder or Setup.Check bad input.
func setupError(err error, need tablebase.Need) error {
	var fe *tablebase.FolderError
	switch {
	case errors.As(err, &fe) && errors.Is(err, tablebase.ErrNoFolder) && need == tablebase.Required:
		return badInputf("--tablebases %s: no such folder (build tables with: fanorona tablebase build --tablebases %s)", fe.Dir, fe.Dir)
	case err != nil:
		return badInputf("--tablebases %w", err)
	}
	return nil
}

// tablebasesFolder returns the folder of a --tablebases value (tablebaseSetup).
func tablebasesFolder(flag string, need tablebase.Need) (string, error) {
	ts, err := tablebaseSetup(flag, tablebase.Use{Need: need})
	return ts.Dir, err
}

// anyPaikaLimit asks for the tables of every rule (a session whose rules may change).
const anyPaikaLimit = -1

// playersUse is the use of the players' tables under paika limit limit (anyPaikaLimit:
// every rule): every table they may probe checked before anything is played.
func playersUse(limit int) tablebase.Use {
	use := tablebase.Use{Need: tablebase.Optional, Players: true, Check: true}
	if limit != anyPaikaLimit {
		use.Rules = []tablebase.Rule{tablebase.PaikaRule(limit)}
	}
	return use
}

// checkedTablebases is the players' oracle of the folder dir, already read from a flag,
// and the files checked (tablebaseSetup with playersUse); nil when it holds no table.
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

// tablebaseError makes a missing class or a damaged file bad input (exit 2), with the
// command that builds a missing class.
func tablebaseError(err error, dir string, c tablebase.Class, limit int) error {
	if errors.Is(err, tablebase.ErrNotBuilt) {
		return badInputf("%v (build it with: fanorona tablebase build --material %v --paika-limit %d --tablebases %s)", err, c, limit, dir)
	}
	return refusedFolder(err)
}

func classOf(p *engine.Position) tablebase.Class {
	return tablebase.Class{Own: p.Own().Count(), Enemy: p.Enemy().Count()}
}

// machineMemory is the machine's memory in bytes (Linux); 0 elsewhere.
func machineMemory() uint64 { return tablebase.MachineMemory() }
