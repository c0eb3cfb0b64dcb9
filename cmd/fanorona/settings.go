// settings.go: the flags that set what the library's errors name as settings, options
// and sources, so that an error line names the flag the user typed.

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
)

// settingFlags are the flags of the settings package tournament names in its errors.
var settingFlags = map[tournament.Setting]string{
	tournament.SettingFormat:        "--format",
	tournament.SettingPlayers:       "--players",
	tournament.SettingGames:         "--games",
	tournament.SettingOpenings:      "--openings",
	tournament.SettingFixedColours:  "--fixed-colours",
	tournament.SettingMaxPlies:      "--max-plies",
	tournament.SettingPaikaLimit:    "--paika-limit",
	tournament.SettingWorkers:       "--workers",
	tournament.SettingShard:         "--shard",
	tournament.SettingShardCount:    "--shard-count",
	tournament.SettingSPRT:          "--sprt",
	tournament.SettingSPRTStop:      "--sprt-stop",
	tournament.SettingRunID:         "--run-id",
	tournament.SettingOutput:        "--output",
	tournament.SettingResume:        "--resume",
	tournament.SettingStartOrResume: "--start-or-resume",
	tournament.SettingAdjudicate:    "--adjudicate",
	tournament.SettingPieces:        "--pieces",
	tournament.SettingLead:          "--lead",
	tournament.SettingCount:         "--count",
	tournament.SettingStrongSide:    "--strong-side",
	tournament.SettingTablebases:    "--tablebases",
	tournament.SettingCompare:       "--compare",
	tournament.SettingResignMoves:   "--resign-moves",
	tournament.SettingResignScore:   "--resign-score",
	tournament.SettingResignBoth:    "--resign-both",
	tournament.SettingDrawAfter:     "--draw-after",
	tournament.SettingDrawMoves:     "--draw-moves",
	tournament.SettingDrawScore:     "--draw-score",
}

// flagName is the flag of a setting (the setting's own name when no flag sets it).
func flagName(s tournament.Setting) string {
	if f, ok := settingFlags[s]; ok {
		return f
	}
	return string(s)
}

// optionFlags are the flags of the options package report names in its errors.
var optionFlags = map[report.Option]string{
	report.OptionConf:  "--conf",
	report.OptionBy:    "--by",
	report.OptionForce: "--force",
}

// declarationFlags are the flags of the sources of engine declarations package uci names
// in its errors.
var declarationFlags = map[uci.DeclarationSource]string{
	uci.FromDeclaration: "--engine",
	uci.FromFile:        "--engines",
}

// proofFlag is the flag of an option puzzles/proof names in its errors.
func proofFlag(option string) string {
	if option == "output" {
		return "-o"
	}
	return "--" + option
}

// errorText is err's message with every setting, option and source the library names
// shown as its flag (a request's engine.SettingError starts with its setting: "--" makes
// it the flag), and the tables an adjudicated run needs followed by how to build them.
func errorText(err error) string {
	msg := err.Error()
	show := func(lib error, text string) { msg = strings.Replace(msg, lib.Error(), text, 1) }
	var se *tournament.SettingError
	if errors.As(err, &se) {
		show(se, se.Text(flagName))
	}
	var me *tournament.MissingTablesError
	if errors.As(err, &me) {
		show(me, me.Text(flagName)+" (build them: "+adjudicateBuild(me)+", about 10 s)")
	}
	var oe *report.OptionError
	if errors.As(err, &oe) {
		show(oe, oe.Text(optionFlags[oe.Option]))
	}
	var ee *report.ExistsError
	if errors.As(err, &ee) {
		show(ee, ee.Text(optionFlags[report.OptionForce]))
	}
	var rse *engine.SettingError
	if errors.As(err, &rse) {
		show(rse, "--"+rse.Text)
	}
	var pe *proof.InputError
	if errors.As(err, &pe) {
		show(pe, pe.Text(proofFlag))
	}
	var de *uci.DeclarationError
	if errors.As(err, &de) {
		show(de, de.Text(func(s uci.DeclarationSource) string { return declarationFlags[s] }))
	}
	return msg
}

// adjudicateBuild is the command that builds the tables an adjudicated run lacks.
func adjudicateBuild(e *tournament.MissingTablesError) string {
	if e.PaikaLimit > 0 {
		return fmt.Sprintf("fanorona tablebase build --max-pieces 5 --paika-limit %d --tablebases %s", e.PaikaLimit, e.Dir)
	}
	return "fanorona tablebase build --max-pieces 5 --tablebases " + e.Dir
}
