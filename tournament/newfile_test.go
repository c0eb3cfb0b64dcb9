package tournament

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCreateNewNeverWritesOverAFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.fen")
	require.NoError(t, CheckNew(""))
	require.NoError(t, CheckNew(path))
	require.NoError(t, CreateNew(path, func(w io.Writer) error { _, err := io.WriteString(w, "one\n"); return err }))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "one\n", string(got))

	// Both refusals of the file now there name the setting, as bad input.
	for _, err := range []error{CheckNew(path), CreateNew(path, func(w io.Writer) error { _, err := io.WriteString(w, "two\n"); return err })} {
		var ie *InputError
		require.ErrorAs(t, err, &ie)
		var se *SettingError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, "--output "+path+" exists; choose a new file", se.Text(flags))
	}
	got, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "one\n", string(got), "left alone")

	// A file that cannot be made is bad input; a failed write is returned as is, and
	// leaves no file.
	var ie *InputError
	require.ErrorAs(t, CreateNew(filepath.Join(dir, "no", "x.fen"), func(io.Writer) error { return nil }), &ie)
	broken := errors.New("disk full")
	other := filepath.Join(dir, "q.fen")
	err = CreateNew(other, func(io.Writer) error { return broken })
	assert.Same(t, broken, err)
	assert.NoFileExists(t, other)
}
