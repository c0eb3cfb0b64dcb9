//go:build unix

// lock_unix.go: the material lock is an advisory lock (flock) on the lock file. The kernel
// releases it when the process ends, however it ends, so a killed build leaves no stale
// lock. Linux passes flock on to the server of an NFS mount, so builders on several
// machines sharing the folder exclude each other too (on Lustre, mount with -o flock).

package tablebase

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
		return nil, false, fmt.Errorf("tablebase: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("tablebase: locking %s: %w", path, err)
	}
	return func() { f.Close() }, false, nil
}
