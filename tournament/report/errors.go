// errors.go: the error of an output file that exists, naming the option that overwrites it
// so that a command can show it as its flag. A refused chart option is an
// engine.SettingError named by the option's flag name (conf, by).

package report

import (
	"fmt"
	"io/fs"
)

// ExistsError is an output file that exists and may not be overwritten (no force). It
// wraps fs.ErrExist.
type ExistsError struct {
	Path string
}

// Error names the option that overwrites "force" (the force argument of CheckOutput and
// WriteFile).
func (e *ExistsError) Error() string { return e.Text("force") }

// Text is the error with the option that overwrites named force.
func (e *ExistsError) Text(force string) string {
	return fmt.Sprintf("%s already exists: use %s to overwrite it (%v)", e.Path, force, fs.ErrExist)
}

// Unwrap returns fs.ErrExist.
func (e *ExistsError) Unwrap() error { return fs.ErrExist }
