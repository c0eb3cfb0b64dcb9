package train

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.pos")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	assert.NoError(t, CheckFiles([]string{file}))
	assert.EqualError(t, CheckFiles([]string{file, dir}), dir+" is a folder: give positions files")
	assert.ErrorIs(t, CheckFiles([]string{filepath.Join(dir, "missing.pos")}), os.ErrNotExist)
}

func TestPositionsSeen(t *testing.T) {
	r := Result{Curve: []Epoch{{Of: 90}, {Of: 90}, {Of: 90}}}
	assert.Equal(t, 270, r.PositionsSeen())
}
