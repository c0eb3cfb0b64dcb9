// input.go: the refusals of a request before any work, named by the request's options
// for the caller to name by its flags; and the tables a proof about a position opens.

package proof

import (
	"fmt"
	"regexp"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// InputError is a request refused before any work. Option is the request's option at
// fault ("time", "fen"; "" when Value says where), Value its value as given ("" none);
// Reason, which may name other options as {option}, and Err say what is wrong.
type InputError struct {
	Option, Value, Reason string
	Err                   error
}

func (e *InputError) Error() string { return e.Text(func(o string) string { return o }) }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

// refusal is a sentinel error of this package that means bad input (BadInput).
type refusal string

func (r refusal) Error() string  { return string(r) }
func (r refusal) BadInput() bool { return true }

var optionRef = regexp.MustCompile(`\{([a-z-]+)\}`)

// Text says the error with each option named by name (a command's flag).
func (e *InputError) Text(name func(option string) string) string {
	head := e.Value
	if e.Option != "" {
		head = name(e.Option)
		if e.Value != "" {
			head += " " + e.Value
		}
	}
	msg := optionRef.ReplaceAllStringFunc(e.Reason, func(ref string) string { return name(ref[1 : len(ref)-1]) })
	if e.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += e.Err.Error()
	}
	if head == "" {
		return msg
	}
	return head + ": " + msg
}

// refuse returns the InputError of option with value (formatted with %v when not "").
func refuse(option string, value any, reason string, args ...any) *InputError {
	v := ""
	if value != nil {
		v = fmt.Sprint(value)
	}
	return &InputError{Option: option, Value: v, Reason: fmt.Sprintf(reason, args...)}
}

// openFolder opens the folder option value for need (tablebase.OpenFolder); a refusal is
// an InputError whose Err is the tablebase package's own (tablebase.FlagError), naming
// the folder option as a command's flag (--tablebases, --reference).
func openFolder(flag, value string, use tablebase.Use) (tablebase.Setup, error) {
	ts, err := tablebase.OpenFolder(value, use)
	if err != nil {
		return ts, &InputError{Err: tablebase.FlagError(flag, err, use.Need)}
	}
	return ts, nil
}

// CheckPaikaLimit refuses a paika limit outside 0 (theoretic) to tablebase.MaxPaikaLimit.
func CheckPaikaLimit(limit int) error {
	if tablebase.CheckPaikaLimit(limit) != nil {
		return refuse("paika-limit", limit, "must be 0 (theoretic values, no limit) to %d", tablebase.MaxPaikaLimit)
	}
	return nil
}

// OpenTables checks the rule of paika limit limit against p and opens the tablebase
// folder option value for a solve or a proof about p: "" is the default folder when it
// exists (else none), "none" none, another missing folder is refused, and so is a
// damaged table of the rule among those p's pieces may reach (up to pieces pieces when
// above p's). Nil: no tables.
func OpenTables(value string, limit int, p *engine.Position, pieces int) (*tablebase.Set, error) {
	if err := CheckPaikaLimit(limit); err != nil {
		return nil, err
	}
	if limit > 0 && p.Paika > limit {
		return nil, refuse("fen", nil, "paika counter %d is above {paika-limit} %d (the game was drawn when it reached %d)", p.Paika, limit, limit)
	}
	pieces = max(pieces, p.Occupied().Count())
	ts, err := openFolder("--tablebases", value, tablebase.Use{Need: tablebase.Optional, Check: pieces > 0,
		Rules: []tablebase.Rule{tablebase.PaikaRule(limit)}, Pieces: pieces})
	return ts.Set, err
}
