// lock.go: one writer per run folder, by the lock of run.lock (package internal/flock),
// which a crash does not leave behind where the system has advisory locks.

package tournament

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/internal/flock"
)

// lockRun takes the run folder's write lock, or fails with an InputError at once if
// another process holds it. release lets it go.
func lockRun(dir string) (release func(), err error) {
	path := filepath.Join(dir, LockFile)
	release, busy, err := flock.TryLock(path)
	if err != nil {
		return nil, &InputError{settingErrorf("%v %s: %v", SettingOutput, dir, err)}
	}
	if busy {
		return nil, inputErrorf("%s: another process is writing this run (it holds %s); wait for it or use another %v", dir, path, SettingOutput)
	}
	// The pid is for people looking at the folder; the lock itself is the lock file's.
	_ = os.WriteFile(path, fmt.Appendf(nil, "%d\n", os.Getpid()), 0o644)
	return release, nil
}
