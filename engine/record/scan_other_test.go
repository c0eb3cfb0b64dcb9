package record

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScanReadsOtherNotations: a file ScanOptions.Other claims is read by it, its records
// placed at the lines it gives; a duplicate across the two notations is dropped and a
// conflict names both places, the other notation's too.
func TestScanReadsOtherNotations(t *testing.T) {
	g, h := rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runA, 1, 0, "B", "A", "1-0", "z")
	jsonl := writeFile(t, g)
	other := filepath.Join(t.TempDir(), "games.other")
	require.NoError(t, os.WriteFile(other, nil, 0o644))
	held := []Record{g, h}
	opts := ScanOptions{Other: func(path string) (func(func(*Record, int) error) error, error) {
		if path != other {
			return nil, nil
		}
		return func(emit func(*Record, int) error) error {
			for i := range held {
				if err := emit(&held[i], 10*(i+1)); err != nil {
					return err
				}
			}
			return nil
		}, nil
	}}
	var at []Place
	st, err := ScanRecords([]string{jsonl, other}, opts, func(_ *Record, p Place) error {
		at = append(at, p)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []Place{{jsonl, 1}, {other, 20}}, at)
	assert.Equal(t, 1, st.Duplicates)

	held[0].Result = "0-1"
	_, err = ScanRecords([]string{other, jsonl}, opts, func(*Record, Place) error { return nil })
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, Place{other, 10}, ce.First)
	assert.Equal(t, Place{jsonl, 1}, ce.Again)
}
