//go:build !unix

// lock_other.go: one writer per run folder where flock does not exist: run.lock is
// created exclusively and removed at the end. A crash leaves it behind; remove it by
// hand once no process writes the run.

package tournament

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

func lockRun(dir string) (release func(), err error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, inputErrorf("%s: another process is writing this run (%s exists; remove it if none is)", dir, path)
	}
	if err != nil {
		return nil, &InputError{settingErrorf("%v %s: %v", SettingOutput, dir, err)}
	}
	fmt.Fprintf(f, "%d\n", os.Getpid())
	f.Close()
	return func() { os.Remove(path) }, nil
}
