//go:build !unix

// lock_other.go: where flock does not exist, the material lock is the lock file itself,
// created exclusively and removed when the material is written. A crashed build leaves it
// behind; a later builder then waits on it (its progress names the file): remove it by
// hand once no process builds that material.

package tablebase

import (
	"errors"
	"fmt"
	"os"
)

// tryLock creates path, or reports busy when it exists.
func tryLock(path string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("tablebase: %w", err)
	}
	f.Close()
	return func() { os.Remove(path) }, false, nil
}
