// Package atomicfile owns the toolkit's one way of writing a file: under a temporary name in
// the same folder, synced, then renamed (or linked) into place, so that a reader, or a run
// killed mid-write, never finds half a file under the name.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Perm is the mode of every file written here (a temporary file is created 0600).
const Perm = 0o644

// Write writes path's content through write and renames it into place, replacing any
// file there. On an error nothing is left behind and the old file, if any, is untouched.
// write gets the file itself, for writers that seek or write at offsets.
func Write(path string, write func(f *os.File) error) error {
	return place(path, write, os.Rename)
}

// WriteFile writes data to path as Write does.
func WriteFile(path string, data []byte) error {
	return Write(path, func(f *os.File) error { _, err := f.Write(data); return err })
}

// Create is Write for a file that must not exist yet: it is linked into place, so of two
// writers racing for one name the second gets an error wrapping fs.ErrExist and
// nothing already there is overwritten.
func Create(path string, write func(f *os.File) error) error {
	return place(path, write, os.Link)
}

// Leftovers lists the temporary files that writers of path killed mid-write left in its
// folder, for a caller that clears them before starting again.
func Leftovers(path string) ([]string, error) {
	return filepath.Glob(filepath.Join(filepath.Dir(path), tempPattern(path)))
}

func tempPattern(path string) string { return "." + filepath.Base(path) + ".*.tmp" }

func place(path string, write func(f *os.File) error, put func(tmp, path string) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(Perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = put(tmp, path)
	}
	// After a link the temporary name goes too; after a rename it is already gone.
	if rerr := os.Remove(tmp); err == nil && rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
		err = rerr
	}
	return err
}
