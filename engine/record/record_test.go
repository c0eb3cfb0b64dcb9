package record

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	runA = "0123456789abcdef0123456789abcdef"
	runB = "fedcba9876543210fedcba9876543210"
)

// rec builds a valid hand-written record: decisive results end by no-pieces, draws at the
// paika limit. The turns are labels (records are not replayed on read).
func rec(run string, index, pair int, white, black, result string, turns ...string) Record {
	reason := "no-pieces"
	if result == "1/2-1/2" {
		reason = "paika-limit"
	}
	return Record{Run: run, Index: index, Pair: pair, Opening: engine.StartFEN, White: white, Black: black,
		Seed: uint64(index), Rules: RulesFrom(engine.DefaultRules(), 1000), Result: result, Reason: reason,
		Plies: len(turns), Turns: turns, Seconds: 0.5}
}

func writeFile(t *testing.T, recs ...Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), GamesFile)
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, WriteRecords(f, recs))
	require.NoError(t, f.Close())
	return path
}

func TestConflictingRecordsNameBothPlaces(t *testing.T) {
	g := rec(runA, 0, 0, "A", "B", "1-0", "x")
	other := rec(runA, 0, 0, "A", "B", "0-1", "x")
	first := writeFile(t, rec(runA, 1, 0, "B", "A", "1-0", "z"), g)
	second := writeFile(t, other)
	_, err := ScanRecords([]string{first, second}, ScanOptions{}, func(*Record, Place) error { return nil })
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, Place{first, 2}, ce.First)
	assert.Equal(t, Place{second, 1}, ce.Again)
	assert.Contains(t, err.Error(), first+":2")
	assert.Contains(t, err.Error(), second+":1")
}

func TestRecordInvariantsOnRead(t *testing.T) {
	good := rec(runA, 3, 1, "A", "B", "1-0", "x", "y")
	for _, c := range []struct {
		mut  func(*Record)
		want string
	}{
		{func(r *Record) { r.Plies = 3 }, "plies 3 but 2 turns"},
		{func(r *Record) { r.Index = -1 }, "must not be negative"},
		{func(r *Record) { r.Seconds = -1 }, "must not be negative"},
		{func(r *Record) { r.Captured.White = -2 }, "must not be negative"},
		{func(r *Record) { r.Captured.Black = 23 }, "a side has 22 pieces"},
		{func(r *Record) { r.Pair = 4 }, "pair 4 is above the game's index 3"},
		{func(r *Record) { r.Result = "1/2-1/2" }, "that ending is decisive"},
		{func(r *Record) { r.Reason = "paika-limit" }, "that ending is a draw"},
		{func(r *Record) { r.Reason, r.Result = "max-plies", "1/2-1/2" }, "reason max-plies after 2 plies, but the cap is 1000"},
		{func(r *Record) { r.Rules.MaxPlies = 1 }, "plies 2 above the cap max_plies 1"},
		{func(r *Record) { r.Run = "xyz" }, "run id"},
	} {
		r := good
		c.mut(&r)
		path := writeFile(t, good, r)
		_, err := ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
		var le *LineError
		if assert.ErrorAs(t, err, &le, c.want) {
			assert.Equal(t, 2, le.Line)
			assert.Contains(t, err.Error(), path+":2: ")
			assert.Contains(t, err.Error(), c.want)
		}
	}
	// Unknown fields are refused too.
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), `"index"`, `"colour":1,"index"`, 1)), 0o644))
	_, err = ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
	assert.ErrorContains(t, err, `unknown field "colour"`)
}

func TestScanRefusesFilesThatAreNotRecords(t *testing.T) {
	good := writeFile(t, rec(runA, 0, 0, "random", "greedy", "1-0", "a", "b"))
	raw, err := os.ReadFile(good)
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	var bad []*LineError
	opts := ScanOptions{Bad: func(e *LineError) { bad = append(bad, e) }}
	count := func(path string) (int, error) {
		bad = nil
		n := 0
		_, err := ScanRecords([]string{path}, opts, func(*Record, Place) error { n++; return nil })
		return n, err
	}

	// A first line that is no JSON object: refused at once, without a warning.
	_, err = count(write("png", "\x89PNG\r\n\x1a\n"+string(raw)))
	assert.ErrorContains(t, err, "is not a games.jsonl file")
	assert.Empty(t, bad)
	// JSON objects that are not records (summary.json is indented over many lines):
	// refused after notRecordsAfter bad lines.
	_, err = count(write("summary.json", "{\n"+strings.Repeat("  \"games\": 4,\n", 20)+"}\n"))
	assert.ErrorContains(t, err, "is not a games.jsonl file")
	assert.Len(t, bad, notRecordsAfter)
	// A few damaged lines before good records are skipped as before.
	n, err := count(write("damaged.jsonl", strings.Repeat("{\"index\": \"x\"}\n", notRecordsAfter)+string(raw)))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Len(t, bad, notRecordsAfter)
	// Once a good record is seen, bad lines are warnings, however many.
	n, err = count(write("late.jsonl", string(raw)+strings.Repeat("not json\n", 3*notRecordsAfter)))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Len(t, bad, 3*notRecordsAfter)
}

// TestRecordValidateBounds: plies 0, paika limit 0 (off) and a cap of MaxPlies are
// valid; a paika-limit ending needs a paika limit.
func TestRecordValidateBounds(t *testing.T) {
	r := rec(runA, 0, 0, "A", "B", "1-0")
	require.Equal(t, 0, r.Plies)
	assert.NoError(t, r.Validate(), "no turns")
	r.Rules.PaikaLimit = 0
	assert.NoError(t, r.Validate(), "paika limit off")
	r.Rules.MaxPlies = MaxPlies
	assert.NoError(t, r.Validate(), "cap at the bound")
	r.Rules.MaxPlies++
	assert.Error(t, r.Validate(), "cap above the bound")
	d := rec(runA, 0, 0, "A", "B", "1/2-1/2")
	require.Equal(t, "paika-limit", d.Reason)
	require.NoError(t, d.Validate())
	d.Rules.PaikaLimit = 0
	assert.Error(t, d.Validate())
}

// TestConflictWithoutRunIDNamesTheFirstPlace: two records without a run id claiming game 0
// of one file: the conflict names both lines, whether the file is its own run or the
// records are given a run (merge).
func TestConflictWithoutRunIDNamesTheFirstPlace(t *testing.T) {
	path := writeFile(t, rec("", 0, 0, "A", "B", "1-0", "x"), rec("", 1, 0, "B", "A", "1-0", "y"), rec("", 0, 0, "A", "B", "0-1", "x"))
	for _, legacy := range []string{"", filepath.Join(t.TempDir(), GamesFile)} {
		_, err := ScanRecords([]string{path}, ScanOptions{LegacyRun: legacy}, func(*Record, Place) error { return nil })
		var ce *ConflictError
		require.ErrorAs(t, err, &ce, legacy)
		assert.Equal(t, Place{path, 1}, ce.First, legacy)
		assert.Equal(t, Place{path, 3}, ce.Again, legacy)
	}
}

// TestScanCountsAndNamesBadLines: two bad lines among good ones are counted; a last line
// cut short (no newline) says so.
func TestScanCountsAndNamesBadLines(t *testing.T) {
	good := rec(runA, 0, 0, "A", "B", "1-0", "x")
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	cut := string(data[:len(data)/2])
	require.NoError(t, os.WriteFile(path, []byte(string(data)+"{\"index\":\n"+cut), 0o644))
	var bad []*LineError
	st, err := ScanRecords([]string{path}, ScanOptions{Bad: func(le *LineError) { bad = append(bad, le) }}, func(*Record, Place) error { return nil })
	require.NoError(t, err)
	assert.Equal(t, 1, st.Records)
	assert.Equal(t, 2, st.Bad)
	require.Len(t, bad, 2)
	assert.NotContains(t, bad[0].Error(), "cut short")
	assert.Contains(t, bad[1].Error(), "cut short")
	require.NoError(t, os.WriteFile(path, []byte(string(data)+cut), 0o644))
	_, err = ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cut short")
}
