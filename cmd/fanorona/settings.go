// settings.go: the flags that set what the library's errors name as settings, so that an
// error line names the flag the user typed.

package main

import (
	"errors"
	"strings"

	"github.com/fanorona/fanorona/tournament"
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
	tournament.SettingRunID:         "--run-id",
	tournament.SettingOutput:        "--output",
	tournament.SettingResume:        "--resume",
	tournament.SettingStartOrResume: "--start-or-resume",
	tournament.SettingAdjudicate:    "--adjudicate",
	tournament.SettingPieces:        "--pieces",
	tournament.SettingLead:          "--lead",
	tournament.SettingCount:         "--count",
	tournament.SettingStrongSide:    "--strong-side",
}

// flagName is the flag of a setting (the setting's own name when no flag sets it).
func flagName(s tournament.Setting) string {
	if f, ok := settingFlags[s]; ok {
		return f
	}
	return string(s)
}

// errorText is err's message with every setting the library names shown as its flag.
func errorText(err error) string {
	msg := err.Error()
	var se *tournament.SettingError
	if errors.As(err, &se) {
		msg = strings.Replace(msg, se.Error(), se.Text(flagName), 1)
	}
	return msg
}
