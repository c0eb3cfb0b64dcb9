// errors.go: errors that name the settings at fault (a configuration field, an option)
// with their values, so that a command can show each setting by its own name (its flag).

package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// Setting names a setting of a run or of a call (a Config or Options field, an option of
// ExtractPositions). Library errors name settings by these values; a command shows its
// own names for them (SettingError.Text).
type Setting string

// The settings errors name.
const (
	SettingFormat        Setting = "format"
	SettingPlayers       Setting = "players"
	SettingGames         Setting = "games_per_pairing"
	SettingOpenings      Setting = "openings"
	SettingFixedColours  Setting = "fixed_colours"
	SettingMaxPlies      Setting = "max_plies"
	SettingPaikaLimit    Setting = "paika_limit"
	SettingWorkers       Setting = "workers"
	SettingShard         Setting = "shard"
	SettingShardCount    Setting = "shard_count"
	SettingSPRT          Setting = "sprt"
	SettingSPRTStop      Setting = "sprt_stop"
	SettingRunID         Setting = "run_id"
	SettingOutput        Setting = "output"
	SettingResume        Setting = "resume"
	SettingStartOrResume Setting = "start_or_resume"
	SettingAdjudicate    Setting = "adjudicate"
	SettingTablebases    Setting = "tablebases"
	SettingCompare       Setting = "compare"
	SettingPieces        Setting = "pieces"
	SettingLead          Setting = "lead"
	SettingCount         Setting = "count"
	SettingStrongSide    Setting = "strong_side"
	SettingResignMoves   Setting = "resign_moves"
	SettingResignScore   Setting = "resign_score"
	SettingResignBoth    Setting = "resign_both"
	SettingDrawAfter     Setting = "draw_after"
	SettingDrawMoves     Setting = "draw_moves"
	SettingDrawScore     Setting = "draw_score"
)

// SettingError is an error whose text names settings and their values. Error names the
// settings as this package does; Text as the caller does.
type SettingError struct {
	format string
	args   []any // Setting values are named by Text; a *SettingError is rendered by it
	// err is the error as fmt.Errorf makes it: what its %w verbs wrap (Unwrap).
	err error
}

// settingErrorf formats an error as fmt.Errorf does (%w included), with Setting arguments
// named by the reader of the error.
func settingErrorf(format string, args ...any) *SettingError {
	return &SettingError{format: format, args: args, err: fmt.Errorf(format, args...)}
}

// Error names the settings by their Setting values.
func (e *SettingError) Error() string {
	return e.Text(func(s Setting) string { return string(s) })
}

// Text is the error with each setting named by name, in this error and in the setting
// errors it holds.
func (e *SettingError) Text(name func(Setting) string) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		var inner *SettingError
		switch v := a.(type) {
		case Setting:
			args[i] = name(v)
		case error:
			if errors.As(v, &inner) {
				args[i] = strings.Replace(v.Error(), inner.Error(), inner.Text(name), 1)
			} else {
				args[i] = v
			}
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(strings.ReplaceAll(e.format, "%w", "%v"), args...)
}

// Unwrap returns the errors the format wraps (its %w verbs' arguments), as fmt.Errorf
// found them.
func (e *SettingError) Unwrap() []error {
	switch u := e.err.(type) {
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	}
	return nil
}
