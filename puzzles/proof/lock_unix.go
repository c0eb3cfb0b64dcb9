//go:build unix

// lock_unix.go: a job of a proof folder is held by an advisory lock (flock) on its lock
// file, which the kernel releases however the worker ends: a killed worker leaves no
// stale lock, and its job is taken again.

package proof

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// tryLock takes the lock of path, or reports busy when another open file holds it.
func tryLock(path string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, fmt.Errorf("proof: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("proof: locking %s: %w", path, err)
	}
	return func() { f.Close() }, false, nil
}
