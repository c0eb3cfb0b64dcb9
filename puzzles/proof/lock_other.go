//go:build !unix

// lock_other.go: without flock a job's lock is the exclusive creation of its lock file,
// removed when the job ends; a killed worker leaves it behind (delete it by hand).

package proof

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

func tryLock(path string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("proof: %w", err)
	}
	f.Close()
	return func() { os.Remove(path) }, false, nil
}
