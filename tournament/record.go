// record.go: one finished game as a line of games.jsonl, and reading such files back.

package tournament

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// RulesRecord is the rules a game was played under, as recorded.
type RulesRecord struct {
	PaikaLimit       int  `json:"paika_limit"`
	NoMovesDraw      bool `json:"no_moves_draw"`
	FirstTurnNoChain bool `json:"first_turn_no_chain"`
	MaxPlies         int  `json:"max_plies"`
}

// Captured counts the pieces each side took during the game.
type Captured struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// Record is one finished game: one JSON object a line in games.jsonl (docs/FORMATS.md).
type Record struct {
	Index    int         `json:"index"`             // game number in the run, 0-based; the order of the run
	Pair     int         `json:"pair"`              // colour-swapped pair number: games 2k and 2k+1
	Opening  string      `json:"opening"`           // FEN the game started from
	White    string      `json:"white"`             // player spec with White
	Black    string      `json:"black"`             // player spec with Black
	Seed     uint64      `json:"seed"`              // the game's own seed, derived from the run seed
	Rules    RulesRecord `json:"rules"`             // rules in force
	Result   string      `json:"result"`            // "1-0", "0-1" or "1/2-1/2"
	Reason   string      `json:"reason"`            // "no-pieces", "no-moves", "paika-limit", "max-plies"
	Plies    int         `json:"plies"`             // turns played in this game (opening plies excluded)
	Captured Captured    `json:"captured"`          // pieces taken by each side
	Turns    []string    `json:"turns"`             // the game's turns in canonical notation
	Seconds  float64     `json:"seconds"`           // wall time of the game
	Forfeit  string      `json:"forfeit,omitempty"` // a lost-by-failure game: what the engine did
}

// WhiteScore returns White's score: 1, 0.5 or 0.
func (r *Record) WhiteScore() float64 {
	switch r.Result {
	case "1-0":
		return 1
	case "0-1":
		return 0
	}
	return 0.5
}

// Capped reports whether the game was stopped by the ply cap rather than ending naturally.
func (r *Record) Capped() bool { return r.Reason == engine.MaxPlies.String() }

// Validate checks a decoded record's fields.
func (r *Record) Validate() error {
	switch r.Result {
	case "1-0", "0-1", "1/2-1/2":
	default:
		return fmt.Errorf("result %q is not 1-0, 0-1 or 1/2-1/2", r.Result)
	}
	if _, ok := engine.ParseReason(r.Reason); !ok && !IsForfeitReason(r.Reason) {
		return fmt.Errorf("reason %q is not no-pieces, no-moves, paika-limit or max-plies", r.Reason)
	}
	if r.White == "" || r.Black == "" {
		return errors.New("white and black player specs are required")
	}
	if r.Plies < 0 || r.Index < 0 {
		return errors.New("plies and index must not be negative")
	}
	if _, err := engine.ParseFEN(r.Opening); err != nil {
		return fmt.Errorf("opening: %v", err)
	}
	return nil
}

// LineError is a record that could not be read, with its file and line.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// ReadRecords decodes a games.jsonl stream. Lines that do not decode or validate are
// skipped and reported, one LineError each; the good records are still returned. A last
// line cut short (no final newline, as after a crash) is reported as such.
func ReadRecords(r io.Reader, name string) ([]Record, []*LineError, error) {
	var out []Record
	var bad []*LineError
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return out, bad, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if strings.TrimSpace(text) != "" {
			var rec Record
			dec := json.NewDecoder(strings.NewReader(text))
			dec.DisallowUnknownFields()
			derr := dec.Decode(&rec)
			if derr == nil {
				derr = rec.Validate()
			}
			switch {
			case derr != nil && err == io.EOF && !strings.HasSuffix(text, "\n"):
				bad = append(bad, &LineError{name, line, fmt.Errorf("last line is cut short (interrupted write?): %v", derr)})
			case derr != nil:
				bad = append(bad, &LineError{name, line, derr})
			default:
				out = append(out, rec)
			}
		}
		if err == io.EOF {
			return out, bad, nil
		}
	}
}

// ReadRecordFiles reads several games.jsonl files (or "-" for stdin is not accepted here).
func ReadRecordFiles(paths []string) ([]Record, []*LineError, error) {
	var all []Record
	var bad []*LineError
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, nil, err
		}
		recs, b, err := ReadRecords(f, p)
		f.Close()
		if err != nil {
			return nil, nil, err
		}
		all = append(all, recs...)
		bad = append(bad, b...)
	}
	return all, bad, nil
}
