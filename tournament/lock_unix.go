//go:build unix

// lock_unix.go: one writer per run folder, by an advisory lock (flock) on run.lock. The
// kernel releases it when the process ends, however it ends, so a crash leaves no stale
// lock behind.

package tournament

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockRun takes the run folder's write lock, or fails with an InputError at once if
// another process holds it. release lets it go.
func lockRun(dir string) (release func(), err error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, &InputError{settingErrorf("%v %s: %v", SettingOutput, dir, err)}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, inputErrorf("%s: another process is writing this run (it holds %s); wait for it or use another %v", dir, path, SettingOutput)
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	// The pid is for people looking at the folder; the lock itself is the flock.
	_ = f.Truncate(0)
	_, _ = fmt.Fprintf(f, "%d\n", os.Getpid())
	return func() { f.Close() }, nil
}
