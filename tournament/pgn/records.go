// records.go: a PGN-style file told from a games.jsonl file, for the readers of records
// (stats, report) that take either, mixed.

package pgn

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/fanorona/fanorona/engine/record"
)

// IsPGN reports whether the file at path holds PGN-style games: its name ends in .pgn,
// or its first line that is not blank begins with a tag pair's "[" (a games.jsonl line
// begins with "{").
func IsPGN(path string) (bool, error) {
	if strings.EqualFold(filepath.Ext(path), ".pgn") {
		return true, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	for {
		line, err := br.ReadSlice('\n')
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return t[0] == '[', nil
		}
		if err != nil {
			return false, nil // empty, or a line longer than the buffer: not a tag pair's
		}
	}
}

// Records is record.ScanOptions.Other: for a PGN-style file (IsPGN), a reader of its
// games (ReadLines; the first malformed game is an *Error naming its line); nil for a
// file of JSON lines.
func Records(path string) (func(emit func(*record.Record, int) error) error, error) {
	if ok, err := IsPGN(path); err != nil || !ok {
		return nil, err
	}
	return func(emit func(*record.Record, int) error) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return ReadLines(f, path, emit)
	}, nil
}
