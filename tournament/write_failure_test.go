package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullDisk is a games file on a disk with room for `room` more bytes: a write beyond
// them writes what fits and fails with ENOSPC, as write(2) does. With stuckTruncate the
// file cannot be cut back either.
type fullDisk struct {
	*os.File
	room          int
	stuckTruncate bool
}

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) <= d.room {
		d.room -= len(p)
		return d.File.Write(p)
	}
	n, err := d.File.Write(p[:d.room])
	d.room = 0
	if err == nil {
		err = &os.PathError{Op: "write", Path: d.Name(), Err: syscall.ENOSPC}
	}
	return n, err
}

func (d *fullDisk) Truncate(size int64) error {
	if d.stuckTruncate {
		return &os.PathError{Op: "truncate", Path: d.Name(), Err: syscall.ENOSPC}
	}
	return d.File.Truncate(size)
}

// withFullDisk returns options whose games file takes room bytes, then fails.
func withFullDisk(out string, room int, stuckTruncate bool) Options {
	return Options{Out: out, createGames: func(path string) (gamesWriter, error) {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		return &fullDisk{File: f, room: room, stuckTruncate: stuckTruncate}, nil
	}}
}

func TestAFullDiskStopsTheRunClaimingOnlyWhatIsOnDisk(t *testing.T) {
	c := testConfig(8) // 24 games, one worker
	full := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)
	whole, err := os.ReadFile(filepath.Join(full, record.GamesFile))
	require.NoError(t, err)

	out := t.TempDir()
	room := len(whole) / 2
	summary, err := Run(context.Background(), c, withFullDisk(out, room, false))
	require.Error(t, err)
	assert.Nil(t, summary, "no statistics of a run that could not be written")
	onDisk, rerr := os.ReadFile(filepath.Join(out, record.GamesFile))
	require.NoError(t, rerr)
	require.NotEmpty(t, onDisk)
	assert.LessOrEqual(t, len(onDisk), room)
	assert.Equal(t, byte('\n'), onDisk[len(onDisk)-1], "the torn last line is cut")
	lines := bytes.Count(onDisk, []byte("\n"))
	require.Greater(t, lines, 0)
	require.Less(t, lines, 24)
	gamesPath := filepath.Join(out, record.GamesFile)
	assert.EqualError(t, err, fmt.Sprintf("writing %s: no space left on device; %d of 24 games on disk in %s; rerun with resume to finish", gamesPath, lines, gamesPath))
	// summary.json counts exactly those games; no temporary file is left.
	var s struct{ Games int }
	raw, rerr := os.ReadFile(filepath.Join(out, record.SummaryFile))
	require.NoError(t, rerr)
	require.NoError(t, json.Unmarshal(raw, &s))
	assert.Equal(t, lines, s.Games)
	assert.NoFileExists(t, filepath.Join(out, record.SummaryFile+".tmp"))

	// --resume continues from the last complete record to the same games.
	_, err = Run(context.Background(), c, Options{Out: out, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, readGames(t, full), readGames(t, out))
}

func TestATornLineLeftByAFullDiskIsDroppedOnResume(t *testing.T) {
	c := testConfig(4) // 12 games
	full := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)
	whole, err := os.ReadFile(filepath.Join(full, record.GamesFile))
	require.NoError(t, err)
	firstLine := bytes.IndexByte(whole, '\n') + 1

	out := t.TempDir()
	_, err = Run(context.Background(), c, withFullDisk(out, firstLine+10, true))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no space left on device (a torn last line stays; resume drops it); 1 of 12 games on disk")
	onDisk, err := os.ReadFile(filepath.Join(out, record.GamesFile))
	require.NoError(t, err)
	require.Len(t, onDisk, firstLine+10)
	// The first game to finish here may be another game than the full run's first, with
	// a line of another length (and every line's wall time has its own digits).
	torn := len(onDisk) - (bytes.IndexByte(onDisk, '\n') + 1)

	var logs []string
	o := Options{Out: out, Resume: true, Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
	_, err = Run(context.Background(), c, o)
	require.NoError(t, err)
	assert.Contains(t, logs, fmt.Sprintf("warning: %s: dropped an incomplete last line (%d bytes after the last complete record: a write cut short); resuming from the record before it", filepath.Join(out, record.GamesFile), torn))
	assert.Equal(t, readGames(t, full), readGames(t, out))
}

func TestAFailedJSONWriteLeavesNoTemporaryFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	err := writeJSONFile(filepath.Join(dir, record.SummaryFile), map[string]int{"games": 1})
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("writing %s: no such file or directory", filepath.Join(dir, record.SummaryFile)), err.Error())
	// A rename that fails (the target is a folder) removes the temporary file.
	dir = t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, record.SummaryFile), 0o755))
	require.Error(t, writeJSONFile(filepath.Join(dir, record.SummaryFile), 1))
	assert.NoFileExists(t, filepath.Join(dir, record.SummaryFile+".tmp"))
}
