package filehash

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSHA256OfAFile: the digest of "abc" is FIPS 180-2's first example; a missing file is
// its open error.
func TestSHA256OfAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "abc")
	require.NoError(t, os.WriteFile(path, []byte("abc"), 0o644))
	sum, err := SHA256(path)
	require.NoError(t, err)
	assert.Equal(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", sum)
	_, err = SHA256(path + ".missing")
	assert.ErrorIs(t, err, os.ErrNotExist)
}
