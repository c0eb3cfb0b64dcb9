package flock

import (
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

func TestReleaseLeavesNoLockFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	release, busy, err := TryLock(path)
	require.NoError(t, err)
	require.False(t, busy)
	assert.FileExists(t, path, "held: the file is there")
	release()
	assert.NoFileExists(t, path)
}

func TestRemovingTheFileKeepsHoldersExclusive(t *testing.T) {
	// Takers race the holders' removal of the file: at most one holds the lock at a time.
	path := filepath.Join(t.TempDir(), "x.lock")
	var holders, most, taken atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 300 {
				release, busy, err := TryLock(path)
				if err != nil || busy {
					continue
				}
				n := holders.Add(1)
				if n > most.Load() {
					most.Store(n)
				}
				taken.Add(1)
				time.Sleep(20 * time.Microsecond) // held a moment: others open the file meanwhile
				holders.Add(-1)
				release()
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), most.Load())
	assert.Positive(t, taken.Load())
	assert.NoFileExists(t, path)
}
