package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteFileReplacesAndLeavesNothingElse(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
	require.NoError(t, WriteFile(path, []byte("new")))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(got))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(Perm), st.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "the temporary file is gone")
}

func TestFailedWriteKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	boom := errors.New("boom")
	err := Write(path, func(f *os.File) error {
		_, _ = f.Write([]byte("half"))
		return boom
	})
	assert.ErrorIs(t, err, boom)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got))
	left, err := Leftovers(path)
	require.NoError(t, err)
	assert.Empty(t, left)
}

func TestCreateRefusesAnExistingFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.json")
	require.NoError(t, Create(path, func(f *os.File) error { _, err := f.Write([]byte("first")); return err }))
	err := Create(path, func(f *os.File) error { _, err := f.Write([]byte("second")); return err })
	assert.ErrorIs(t, err, fs.ErrExist)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "first", string(got))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}

func TestLeftoversFindsAKilledWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "3v3.ckpt")
	killed := filepath.Join(dir, ".3v3.ckpt.123456.tmp")
	require.NoError(t, os.WriteFile(killed, nil, 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".4v3.ckpt.1.tmp"), nil, 0o600))
	left, err := Leftovers(path)
	require.NoError(t, err)
	assert.Equal(t, []string{killed}, left)
}
