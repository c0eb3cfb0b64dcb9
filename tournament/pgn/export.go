// export.go: games files or run folders checked whole, then written as PGN-style text,
// so that nothing is written for input that would be refused.

package pgn

import (
	"fmt"
	"io"
	"os"

	"github.com/fanorona/fanorona/engine/record"
)

// Export is a set of games files (or run folders) checked for export: every game legal
// under its rules, no conflict between records.
type Export struct {
	paths      []string
	dates      map[string]string // games file → the day (UTC) it was last written, as Date
	Games      int               // games to write
	Duplicates int               // exact duplicates dropped
}

// CheckExport reads games files or run folders as stats does and replays every game (as
// stats --replay), so that a conflict, a file of no records or a game the rules do not
// allow is refused, naming its line, game and ply, before anything is written. Bad lines
// are reported to bad (may be nil) and skipped.
func CheckExport(paths []string, bad func(*record.LineError)) (*Export, error) {
	e := &Export{paths: paths, dates: map[string]string{}}
	for _, p := range paths {
		st, err := os.Stat(record.GamesPath(p))
		if err != nil {
			return nil, err
		}
		e.dates[record.GamesPath(p)] = st.ModTime().UTC().Format("2006.01.02")
	}
	st, err := record.ScanRecords(paths, record.ScanOptions{Bad: bad}, func(r *record.Record, at record.Place) error {
		if err := record.Replay(r); err != nil {
			return fmt.Errorf("%s: game %d: %w", at, r.Index, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if st.Records == 0 {
		return nil, fmt.Errorf("no valid game records in %v", paths)
	}
	e.Games, e.Duplicates = st.Records, st.Duplicates
	return e, nil
}

// Write writes the checked games to w in the order of the files, each dated by its
// file.
func (e *Export) Write(w io.Writer) error {
	pw := NewWriter(w)
	_, err := record.ScanRecords(e.paths, record.ScanOptions{}, func(r *record.Record, at record.Place) error {
		pw.Date = e.dates[at.File]
		return pw.Write(r)
	})
	if ferr := pw.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	return err
}
