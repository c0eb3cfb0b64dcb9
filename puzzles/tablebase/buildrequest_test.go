package tablebase

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildAllStartsOnceBeforeItsFirstReport: Started comes once, before the first report
// of a build that builds something; a build with nothing left to build, or refused over a
// damaged file, never starts (a command prints its estimate then).
func TestBuildAllStartsOnceBeforeItsFirstReport(t *testing.T) {
	dir := t.TempDir()
	var events []string
	build := func(maxPieces int) error {
		events = nil
		r := BuildRequest{Folder: dir, MaxPieces: maxPieces, Theoretic: true,
			Started:  func() { events = append(events, "started") },
			Progress: func(st BuildStatus) { events = append(events, st.Label) }}
		est, err := r.Prepare()
		require.NoError(t, err)
		_, err = BuildAll(t.Context(), r, est)
		return err
	}
	require.NoError(t, build(2))
	require.Greater(t, len(events), 1)
	assert.Equal(t, "started", events[0])
	assert.NotContains(t, events[1:], "started")
	assert.Contains(t, events[1], "1v1 theoretic [1/1]")

	require.NoError(t, build(2))
	assert.Empty(t, events, "1v1 is built already")

	path := filepath.Join(dir, "1v1.fntb")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	b[len(b)-1] ^= 0xff
	require.NoError(t, os.WriteFile(path, b, 0o644))
	assert.ErrorIs(t, build(3), ErrDamaged)
	assert.Empty(t, events)
}

// TestProgressLabel: the material, then the stage.
func TestProgressLabel(t *testing.T) {
	assert.Equal(t, "3v2 plies 12", Progress{Material: Material{3, 2}, Stage: "plies 12", Done: 5, Total: 9}.Label())
}
