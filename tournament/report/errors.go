// errors.go: errors that name an option and its value, so that a command can show the
// option by its own name (its flag).

package report

import (
	"fmt"
	"io/fs"
)

// Option names a choice a caller of this package makes (a ChartOptions field, writing
// over a file). Errors name options by these values; a command shows its own names.
type Option string

// The options errors name.
const (
	OptionConf  Option = "confidence" // ChartOptions.Conf
	OptionBy    Option = "grouping"   // ChartOptions.By
	OptionForce Option = "force"      // the force argument of CheckOutput and WriteFile
)

// OptionError is a value refused for an option: "grouping "colour": want matchup,
// player or opening".
type OptionError struct {
	Option Option
	Value  string // the value as the message shows it (strings quoted)
	Reason string // what the value must be
}

// Error names the option by its Option value.
func (e *OptionError) Error() string { return e.Text(string(e.Option)) }

// Text is the error with the option named name.
func (e *OptionError) Text(name string) string {
	return fmt.Sprintf("%s %s: %s", name, e.Value, e.Reason)
}

// ExistsError is an output file that exists and may not be overwritten (no force). It
// wraps fs.ErrExist.
type ExistsError struct {
	Path string
}

// Error names the option that overwrites by its Option value.
func (e *ExistsError) Error() string { return e.Text(string(OptionForce)) }

// Text is the error with the option that overwrites named force.
func (e *ExistsError) Text(force string) string {
	return fmt.Sprintf("%s already exists: use %s to overwrite it (%v)", e.Path, force, fs.ErrExist)
}

// Unwrap returns fs.ErrExist.
func (e *ExistsError) Unwrap() error { return fs.ErrExist }
