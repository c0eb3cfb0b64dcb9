// lock.go: one builder at a time per material and rule in a folder, so that builders
// started together (job arrays, two shells, two machines sharing the folder) never write
// the same file at once (package internal/flock). A builder that finds the lock held waits
// for it.

package tablebase

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/fanorona/fanorona/internal/flock"
)

// lockPoll is how often a waiting builder tries the lock again.
const lockPoll = 250 * time.Millisecond

// LockFileName returns the name of the lock file of a material under limit in its
// folder, e.g. "5v3.lock" or "5v3.p50.lock".
func LockFileName(m Material, limit int) string {
	return strings.TrimSuffix(FileName(Class{m.Large, m.Small}, PaikaRule(limit)), fileSuffix) + ".lock"
}

// lockMaterial takes the lock of m under limit in dir, calling waiting (once, with the lock
// file's path) if another builder holds it, until it is free or ctx ends. unlock lets
// it go.
func lockMaterial(ctx context.Context, dir string, m Material, limit int, waiting func(path string)) (unlock func(), err error) {
	path := filepath.Join(dir, LockFileName(m, limit))
	told := false
	for {
		unlock, busy, err := flock.TryLock(path)
		if err != nil {
			return nil, fmt.Errorf("tablebase: %w", err)
		}
		if !busy {
			return unlock, nil
		}
		if !told {
			waiting(path)
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(lockPoll):
		}
	}
}
