// options.go: what the tune command gives as it is given: the tables folder that labels
// recorded games, the refusals worded by its flags, and the report printed as JSON.

package tune

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// TablesOption is Request.OpenTables for a tables folder option (tablebase.OpenFolder;
// "none": no tables): every table is checked first, as a run checks its tables, and a
// refusal is a tablebase.OptionError. The records may be under any rule.
func TablesOption(option string) func() (players.Oracle, string, error) {
	return func() (players.Oracle, string, error) {
		ts, err := tablebase.OpenOption(option, tablebase.PlayersUse(tablebase.AnyPaikaLimit))
		if err != nil || ts.Oracle == nil {
			return nil, ts.Dir, err
		}
		return ts.Oracle, ts.Dir, nil
	}
}

// WriteJSON writes the report as one indented JSON object and a newline.
func (r Result) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r.Report, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// InputError is a request the tune command refuses as given, worded by its flags: the
// command exits with status 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

func inputErrorf(format string, args ...any) error { return &InputError{fmt.Errorf(format, args...)} }

// CommandCheck is Check as the tune command words it ("--games 0: ..."), in the order of
// its flags; it also refuses the self-play flags given (selfPlay) with GamesFrom, and a
// tables option other than "none" without it.
func (req Request) CommandCheck(selfPlay []string, tables string) error {
	if err := req.Check(); err != nil {
		return inputErrorf("--%v", err)
	}
	if len(req.GamesFrom) > 0 && len(selfPlay) > 0 {
		return inputErrorf("--games-from: fits recorded games, so %s (self-play) cannot be given with it", strings.Join(selfPlay, ", "))
	}
	if len(req.GamesFrom) == 0 && tables != "none" {
		return inputErrorf("--tablebases %s: only with --games-from", tables)
	}
	return nil
}

// CommandError is Run's error err as the tune command words it: records that cannot be
// read and too few samples are bad input (an InputError); other errors are unchanged.
func (req Request) CommandError(err error) error {
	var re *RecordsError
	switch {
	case errors.As(err, &re):
		return inputErrorf("--games-from: %v", re)
	case errors.Is(err, ErrNoSelfPlaySamples):
		return inputErrorf("no samples: every game ended within --opening-plies %d; give more --games or fewer opening plies",
			req.SelfPlay.OpeningPlies)
	case errors.Is(err, ErrNoSampleWithMinPieces):
		return inputErrorf("--min-pieces %d: no sample has that many pieces", req.MinPieces)
	}
	return err
}
