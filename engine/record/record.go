// Package record owns the game-record format: one finished game as a line of
// games.jsonl (docs/FORMATS.md), reading and writing such files, what makes a record one
// game of one run and two records the same game, replaying a record against the rules,
// the reasons a game can end with, the external engines a run records, and the one
// seed-mixing function every seeded choice derives from. It imports only package engine,
// so that everything that only reads records links neither the runner nor the players.
package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/engine"
)

// File names inside a run's output folder.
const (
	GamesFile   = "games.jsonl"
	RunFile     = "run.json"
	SummaryFile = "summary.json"
)

// AdjudicatedReason is the reason of a game ended by the tablebases.
const AdjudicatedReason = "tablebase"

// MaxPlies bounds a record's ply cap (rules.max_plies): the longest game whose length
// the statistics count (package stats' MaxCountedPlies).
const MaxPlies = 1 << 20

// Rules is the rules a game was played under, as recorded.
type Rules struct {
	PaikaLimit       int  `json:"paika_limit"`
	NoMovesDraw      bool `json:"no_moves_draw"`
	FirstTurnNoChain bool `json:"first_turn_no_chain"`
	MaxPlies         int  `json:"max_plies"`
}

// Engine returns the rules of a game recorded with these, whose opening is at ply
// openingPly: the ply cap counts from the opening.
func (r Rules) Engine(openingPly int) engine.Rules {
	return engine.Rules{PaikaLimit: r.PaikaLimit, NoMovesDraw: r.NoMovesDraw,
		FirstTurnNoChain: r.FirstTurnNoChain, MaxPlies: openingPly + r.MaxPlies}
}

// RulesFrom converts engine rules and a ply cap (counted from the opening) to their
// record form.
func RulesFrom(r engine.Rules, maxPlies int) Rules {
	return Rules{PaikaLimit: r.PaikaLimit, NoMovesDraw: r.NoMovesDraw, FirstTurnNoChain: r.FirstTurnNoChain, MaxPlies: maxPlies}
}

// Captured counts the pieces each side took during the game.
type Captured struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// Record is one finished game: one JSON object a line in games.jsonl (docs/FORMATS.md).
type Record struct {
	Run      string   `json:"run,omitempty"`      // the run's id (run.json); absent in records older than run ids
	Index    int      `json:"index"`              // game number in the run, 0-based; the order of the run
	Pair     int      `json:"pair"`               // colour-swapped pair number: games 2k and 2k+1 (an unpaired game's own index)
	Unpaired bool     `json:"unpaired,omitempty"` // no colour-swapped partner (fixed colours): counted alone
	Opening  string   `json:"opening"`            // FEN the game started from
	White    string   `json:"white"`              // player spec with White
	Black    string   `json:"black"`              // player spec with Black
	Seed     uint64   `json:"seed"`               // the game's own seed, derived from the run seed
	Rules    Rules    `json:"rules"`              // rules in force
	Result   string   `json:"result"`             // "1-0", "0-1" or "1/2-1/2"
	Reason   string   `json:"reason"`             // "no-pieces", "no-moves", "paika-limit", "max-plies", "tablebase", a score adjudication or a forfeit reason
	Plies    int      `json:"plies"`              // turns played in this game (opening plies excluded)
	Captured Captured `json:"captured"`           // pieces taken by each side
	Turns    []string `json:"turns"`              // the game's turns in canonical notation
	Seconds  float64  `json:"seconds"`            // wall time of the game
	Forfeit  string   `json:"forfeit,omitempty"`  // a lost-by-failure game: what the engine did
	// Adjudicated is the position (FEN) at which the tables ended the game, with reason
	// "tablebase": the position after the last turn, whose value under the rules is the
	// result.
	Adjudicated string `json:"adjudicated,omitempty"`

	// OpeningTurns are the turns from the start position that reached the opening
	// (firstmove openings: White's first turn, then the random plies), in notation;
	// absent where the opening is a position without a line.
	OpeningTurns []string `json:"opening_turns,omitempty"`

	// MoveData, when the run asked for it, holds what each mover's search reported, one
	// entry a turn (MoveData); absent otherwise.
	MoveData []MoveData `json:"move_data,omitempty"`
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

// FirstTurn returns White's first turn of the game from the start position: the first
// of its opening turns, or the game's first turn when it began at the start position;
// "" when it began elsewhere (or had no turn).
func (r *Record) FirstTurn() string {
	switch {
	case len(r.OpeningTurns) > 0:
		return r.OpeningTurns[0]
	case r.Opening == engine.StartFEN && len(r.Turns) > 0:
		return r.Turns[0]
	}
	return ""
}

// FromStart reports whether the game is one from the start position: it began there,
// or at the end of opening turns played from there.
func (r *Record) FromStart() bool { return len(r.OpeningTurns) > 0 || r.Opening == engine.StartFEN }

// Capped reports whether the game was stopped by the ply cap rather than ending naturally.
func (r *Record) Capped() bool { return r.Reason == engine.MaxPlies.String() }

// Validate checks a decoded record's fields and the cheap invariants between them (see
// docs/FORMATS.md): it does not replay the turns (Replay does).
func (r *Record) Validate() error {
	if r.Run != "" {
		if err := CheckRunID(r.Run); err != nil {
			return err
		}
	}
	outcome, ok := map[string]engine.Outcome{"1-0": engine.WhiteWins, "0-1": engine.BlackWins, "1/2-1/2": engine.Draw}[r.Result]
	if !ok {
		return fmt.Errorf("result %q is not 1-0, 0-1 or 1/2-1/2", r.Result)
	}
	forfeit := IsForfeitReason(r.Reason)
	adjudicated := r.Reason == AdjudicatedReason
	reason, ok := engine.ParseReason(r.Reason)
	if !ok && !forfeit && !adjudicated && !IsScoreAdjudication(r.Reason) {
		return fmt.Errorf("reason %q is not no-pieces, no-moves, paika-limit, max-plies, tablebase, %s, %s or a forfeit", r.Reason, ResignReason, DrawReason)
	}
	switch {
	case adjudicated != (r.Adjudicated != ""):
		return fmt.Errorf("reason %s with adjudicated %q: the position of a tablebase adjudication goes with reason %s only", r.Reason, r.Adjudicated, AdjudicatedReason)
	case forfeit && outcome == engine.Draw:
		return fmt.Errorf("result %s with reason %s: a forfeit is a loss", r.Result, r.Reason)
	case r.Reason == ResignReason && outcome == engine.Draw:
		return fmt.Errorf("result %s with reason %s: a resignation is a loss", r.Result, r.Reason)
	case r.Reason == DrawReason && outcome != engine.Draw:
		return fmt.Errorf("result %s with reason %s: that ending is a draw", r.Result, r.Reason)
	case r.Forfeit != "" && !forfeit:
		return fmt.Errorf("forfeit %q with reason %s, not a forfeit reason", r.Forfeit, r.Reason)
	case (reason == engine.NoPieces || reason == engine.NoMoves && !r.Rules.NoMovesDraw) && outcome == engine.Draw:
		return fmt.Errorf("result %s with reason %s: that ending is decisive", r.Result, r.Reason)
	case (reason == engine.PaikaLimit || reason == engine.MaxPlies || reason == engine.NoMoves && r.Rules.NoMovesDraw) && outcome != engine.Draw:
		return fmt.Errorf("result %s with reason %s: that ending is a draw", r.Result, r.Reason)
	}
	if r.White == "" || r.Black == "" {
		return errors.New("white and black player specs are required")
	}
	if r.Index < 0 || r.Pair < 0 || r.Plies < 0 || r.Captured.White < 0 || r.Captured.Black < 0 || r.Seconds < 0 {
		return errors.New("index, pair, plies, captured and seconds must not be negative")
	}
	if r.Unpaired && r.Pair != r.Index {
		return fmt.Errorf("unpaired game %d with pair %d: an unpaired game's pair is its index", r.Index, r.Pair)
	}
	if r.Pair > r.Index {
		return fmt.Errorf("pair %d is above the game's index %d (pair k holds games 2k and 2k+1 of a pairing)", r.Pair, r.Index)
	}
	if r.Plies != len(r.Turns) {
		return fmt.Errorf("plies %d but %d turns", r.Plies, len(r.Turns))
	}
	if err := r.checkMoveData(); err != nil {
		return err
	}
	if r.Rules.MaxPlies < 1 || r.Rules.PaikaLimit < 0 {
		return fmt.Errorf("rules: max_plies %d must be at least 1 and paika_limit %d not negative", r.Rules.MaxPlies, r.Rules.PaikaLimit)
	}
	if r.Rules.MaxPlies > MaxPlies {
		return fmt.Errorf("rules: max_plies %d above %d", r.Rules.MaxPlies, MaxPlies)
	}
	if r.Plies > r.Rules.MaxPlies {
		return fmt.Errorf("plies %d above the cap max_plies %d", r.Plies, r.Rules.MaxPlies)
	}
	if reason == engine.MaxPlies && r.Plies != r.Rules.MaxPlies {
		return fmt.Errorf("reason %s after %d plies, but the cap is %d", r.Reason, r.Plies, r.Rules.MaxPlies)
	}
	if reason == engine.PaikaLimit && r.Rules.PaikaLimit == 0 {
		return fmt.Errorf("reason %s, but the rules have no paika limit", r.Reason)
	}
	if r.Captured.White > engine.MaxPiecesPerSide || r.Captured.Black > engine.MaxPiecesPerSide {
		return fmt.Errorf("captured %d/%d: a side has %d pieces", r.Captured.White, r.Captured.Black, engine.MaxPiecesPerSide)
	}
	if _, err := engine.ParseFEN(r.Opening); err != nil {
		return fmt.Errorf("opening: %v", err)
	}
	if adjudicated {
		if _, err := engine.ParseFEN(r.Adjudicated); err != nil {
			return fmt.Errorf("adjudicated: %v", err)
		}
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

// decodeLine decodes and checks one line of games.jsonl.
func decodeLine(text []byte, rec *Record) error {
	*rec = Record{}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(rec); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return rec.Validate()
}

// Place is where a record was read: file and line.
type Place struct {
	File string
	Line int
}

func (p Place) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// ScanOptions are how ScanRecords treats what it reads.
type ScanOptions struct {
	// Strict: a bad line (or a cut-short last line) is an error; otherwise it is
	// reported to Bad and skipped.
	Strict bool
	// Bad receives each skipped line (may be nil).
	Bad func(*LineError)
	// KeepDuplicates passes exact duplicates on instead of dropping them.
	KeepDuplicates bool
	// LegacyRun, if set, is the run of records without a run id (otherwise each file is
	// its own run).
	LegacyRun string
	// Other, if set, is asked of each file before it is read as JSON lines: it returns a
	// reader of the file's records in another notation (a PGN-style export), each passed
	// to emit with the line it begins on, or nil for a file of JSON lines. Duplicates and
	// conflicts are found across both.
	Other func(path string) (read func(emit func(rec *Record, line int) error) error, err error)
}

// ScanStats is what ScanRecords saw besides the records it passed on.
type ScanStats struct {
	Records    int // passed on
	Duplicates int // exact duplicates dropped (same run, index and content)
	Bad        int // lines skipped
}

// ConflictError is two different records claiming the same game (run and index).
type ConflictError struct {
	Run          string
	Index        int
	First, Again Place
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: game %d of run %s differs from the record of the same game at %s", e.Again, e.Index, e.Run, e.First)
}

// ScanRecords reads the games.jsonl files in paths (a folder stands for its games.jsonl)
// one line at a time and calls fn with each record, in file order; the record is only
// valid during the call. Exact duplicates of a record already read (same run, index and
// content but the wall time) are dropped and counted; two different records of the same
// game are a *ConflictError naming both places. Memory: 8 bytes a record for the
// duplicate check, nothing else per record.
func ScanRecords(paths []string, opts ScanOptions, fn func(rec *Record, at Place) error) (ScanStats, error) {
	var st ScanStats
	var seen dedup
	var conflict *ConflictError
	err := scanLines(paths, opts, &st, func(rec *Record, at Place) error {
		file := at.File
		if opts.LegacyRun != "" {
			file = opts.LegacyRun
		}
		key := RunKey(rec, file)
		switch seen.check(key, rec.Index, contentHash(rec, GameHash(rec))) {
		case recordDuplicate:
			st.Duplicates++
			if !opts.KeepDuplicates {
				return nil
			}
		case recordConflict:
			conflict = &ConflictError{Run: key, Index: rec.Index, Again: at}
			return conflict
		}
		st.Records++
		return fn(rec, at)
	})
	if conflict != nil {
		conflict.First = firstPlace(paths, conflict.Run, conflict.Index, opts)
		return st, conflict
	}
	return st, err
}

// firstPlace finds the first record of game (run, index): a second pass, only taken to
// name both places of a conflict.
func firstPlace(paths []string, run string, index int, opts ScanOptions) Place {
	legacy := opts.LegacyRun
	var found Place
	stop := errors.New("found")
	var st ScanStats
	_ = scanLines(paths, ScanOptions{Other: opts.Other}, &st, func(rec *Record, at Place) error {
		file := at.File
		if legacy != "" {
			file = legacy
		}
		if rec.Index == index && RunKey(rec, file) == run {
			found = at
			return stop
		}
		return nil
	})
	return found
}

// GamesPath returns the games file a path names: the path itself, or games.jsonl inside
// a folder.
func GamesPath(p string) string {
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return filepath.Join(p, GamesFile)
	}
	return p
}

// notRecordsAfter is how many bad lines may open a file before it is refused as not a
// file of records. A file whose first non-empty line is not even a JSON object is
// refused at its first line.
const notRecordsAfter = 8

func scanLines(paths []string, opts ScanOptions, st *ScanStats, fn func(rec *Record, at Place) error) error {
	var rec Record
	for _, p := range paths {
		p = GamesPath(p)
		if opts.Other != nil {
			read, err := opts.Other(p)
			if err != nil {
				return err
			}
			if read != nil {
				if err := read(func(rec *Record, line int) error { return fn(rec, Place{p, line}) }); err != nil {
					return err
				}
				continue
			}
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		br := bufio.NewReaderSize(f, 1<<16)
		goodSeen, badBefore := false, 0
		err = func() error {
			for line := 1; ; line++ {
				text, rerr := br.ReadBytes('\n')
				if rerr != nil && rerr != io.EOF {
					return fmt.Errorf("%s:%d: %v", p, line, rerr)
				}
				if len(bytes.TrimSpace(text)) > 0 {
					if derr := decodeLine(text, &rec); derr != nil {
						if rerr == io.EOF && !bytes.HasSuffix(text, []byte("\n")) {
							derr = fmt.Errorf("last line is cut short (interrupted write?): %v", derr)
						}
						le := &LineError{p, line, derr}
						if opts.Strict {
							return le
						}
						if !goodSeen && (badBefore >= notRecordsAfter || badBefore == 0 && !bytes.HasPrefix(bytes.TrimSpace(text), []byte("{"))) {
							// A PNG, a summary.json, a list of FENs: refused at once, not
							// with a warning a line.
							return fmt.Errorf("%s is not a games.jsonl file of game records (%v)", p, le)
						}
						badBefore++
						st.Bad++
						if opts.Bad != nil {
							opts.Bad(le)
						}
					} else {
						goodSeen = true
						if err := fn(&rec, Place{p, line}); err != nil {
							return err
						}
					}
				}
				if rerr == io.EOF {
					return nil
				}
			}
		}()
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// ReadRecords decodes a games.jsonl stream into a slice (for tests and small inputs;
// runs and commands stream with ScanRecords). Lines that do not decode or validate are
// skipped and reported, one LineError each; the good records are still returned. A last
// line cut short (no final newline, as after a crash) is reported as such. Duplicates
// are kept.
func ReadRecords(r io.Reader, name string) ([]Record, []*LineError, error) {
	var out []Record
	var bad []*LineError
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		text, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return out, bad, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if len(bytes.TrimSpace(text)) > 0 {
			var rec Record
			derr := decodeLine(text, &rec)
			switch {
			case derr != nil && err == io.EOF && !bytes.HasSuffix(text, []byte("\n")):
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

// ReadRecordFiles reads several games.jsonl files (or run folders) into a slice, dropping
// exact duplicates (their number is returned) and refusing conflicting records. It is
// for inputs that fit in memory (charts, tests); statistics stream with ScanRecords.
func ReadRecordFiles(paths []string) ([]Record, []*LineError, error) {
	recs, bad, _, err := ReadRecordFilesDedup(paths)
	return recs, bad, err
}

// ReadRecordFilesDedup is ReadRecordFiles that also returns how many exact duplicates
// were dropped.
func ReadRecordFilesDedup(paths []string) ([]Record, []*LineError, int, error) {
	var all []Record
	var bad []*LineError
	st, err := ScanRecords(paths, ScanOptions{Bad: func(e *LineError) { bad = append(bad, e) }}, func(rec *Record, _ Place) error {
		all = append(all, *rec)
		return nil
	})
	if err != nil {
		return nil, nil, 0, err
	}
	return all, bad, st.Duplicates, nil
}

// WriteRecords writes records as JSON Lines.
func WriteRecords(w io.Writer, recs []Record) error {
	enc := json.NewEncoder(w)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			return err
		}
	}
	return nil
}
