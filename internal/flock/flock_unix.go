//go:build unix

package flock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// TryLock takes the lock of path (creating the file), or reports busy when another open
// file holds it. release removes the file and lets the lock go, so that no lock file stays
// behind. Linux passes flock on to the server of an NFS mount, so processes on several
// machines sharing a folder exclude each other too (on Lustre, mount with -o flock).
func TryLock(path string) (release func(), busy bool, err error) {
	// A holder removes the file before it lets the lock go: a lock taken on a file
	// opened before that removal guards a name no longer there, and is taken again on the
	// file the path names now (a few tries: each one follows a release).
	for range 8 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, false, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, true, nil
			}
			return nil, false, fmt.Errorf("locking %s: %w", path, err)
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return func() { os.Remove(path); f.Close() }, false, nil
		}
		f.Close()
	}
	return nil, true, nil
}
