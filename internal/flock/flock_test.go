package flock

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTryLockExcludesASecondHolderUntilReleased(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	release, busy, err := TryLock(path)
	require.NoError(t, err)
	require.False(t, busy)
	_, busy, err = TryLock(path)
	require.NoError(t, err)
	assert.True(t, busy, "a second lock while the first is held")
	release()
	again, busy, err := TryLock(path)
	require.NoError(t, err)
	assert.False(t, busy, "the lock after release")
	again()
}

func TestTryLockOfAMissingFolderFails(t *testing.T) {
	_, busy, err := TryLock(filepath.Join(t.TempDir(), "no", "x.lock"))
	assert.Error(t, err)
	assert.False(t, busy)
}
