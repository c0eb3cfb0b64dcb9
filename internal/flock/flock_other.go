//go:build !unix

package flock

import (
	"errors"
	"os"
)

// TryLock takes the lock of path by creating it, or reports busy when it exists; release
// removes it. A process that dies holding it leaves the file behind, to be removed by hand.
func TryLock(path string) (release func(), busy bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	f.Close()
	return func() { os.Remove(path) }, false, nil
}
