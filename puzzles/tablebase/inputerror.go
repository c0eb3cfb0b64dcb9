// inputerror.go: what a command asks of the tables, refused before any work starts: an
// option out of range, a material or position no table holds, a folder option naming
// no usable folder. The messages name the option, as the user typed it.

package tablebase

import (
	"errors"
	"fmt"
)

// InputError is a problem with what the command was asked (an option, a position, a
// batch file): the command exits with status 2 and does nothing.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

// refusal is a sentinel error of this package that means bad input (BadInput).
type refusal string

func (r refusal) Error() string  { return string(r) }
func (r refusal) BadInput() bool { return true }

func inputErrorf(format string, args ...any) error {
	return &InputError{fmt.Errorf(format, args...)}
}

// inputError wraps err (nil stays nil) as an *InputError.
func inputError(err error) error {
	if err == nil {
		return nil
	}
	return &InputError{err}
}

// CheckPaikaLimit refuses a --paika-limit no table holds.
func CheckPaikaLimit(limit int) error {
	if checkLimit(limit) != nil {
		return inputErrorf("--paika-limit %d: must be 0 (theoretic values, no limit) to %d", limit, MaxPaikaLimit)
	}
	return nil
}

func checkWorkers(workers int) error {
	if workers < 0 {
		return inputErrorf("--workers %d: must be 0 (all cores) or more", workers)
	}
	return nil
}

// parseMaterial reads a --material value (ParseClass); nil for "".
func parseMaterial(s string) (*Material, error) {
	if s == "" {
		return nil, nil
	}
	c, err := ParseClass(s)
	if err != nil {
		return nil, &InputError{err}
	}
	m := MaterialOf(c)
	return &m, nil
}

// planTarget checks --max-pieces and --material (one of them) and returns the material
// asked for, nil for every material of at most maxPieces pieces.
func planTarget(maxPieces int, material string) (*Material, error) {
	switch {
	case material != "":
		if maxPieces != 0 {
			if _, err := parseMaterial(material); err != nil {
				return nil, err
			}
			return nil, inputErrorf("give --max-pieces or --material %s, not both", material)
		}
		return parseMaterial(material)
	case maxPieces < 2:
		return nil, inputErrorf("--max-pieces %d: must be 2 or more (or give --material)", maxPieces)
	case maxPieces > 8:
		return nil, inputErrorf("--max-pieces %d: classes of more than 8 pieces do not fit in memory; use --material", maxPieces)
	}
	return nil, nil
}

// OptionError is an error of OpenFolder or Setup.Check, for a folder option of need, as
// the command reports it: an *InputError naming --tablebases, with the command that
// builds tables into a required folder that is missing.
func OptionError(err error, need Need) error { return FlagError("--tablebases", err, need) }

// FlagError is OptionError for a folder option a command names flag (a second folder of
// tables, such as a reference).
func FlagError(flag string, err error, need Need) error {
	var fe *FolderError
	switch {
	case errors.As(err, &fe) && errors.Is(err, ErrNoFolder) && need == Required:
		return inputErrorf("%s %s: no such folder (build tables with: fanorona tablebase build --tablebases %s)", flag, fe.Dir, fe.Dir)
	case err != nil:
		return inputErrorf("%s %w", flag, err)
	}
	return nil
}

// OpenOption opens the folder option value for use (OpenFolder), its refusal an
// OptionError: a command's one reading of --tablebases.
func OpenOption(value string, use Use) (Setup, error) {
	st, err := OpenFolder(value, use)
	return st, OptionError(err, use.Need)
}
