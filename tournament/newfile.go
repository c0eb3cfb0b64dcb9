// newfile.go: output files that are always new (a positions file, an export of records):
// never written over, never left half written.

package tournament

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/fanorona/fanorona/internal/atomicfile"
)

// CheckNew refuses, before any work, an output file that exists ("" is none): an
// *InputError naming SettingOutput.
func CheckNew(path string) error {
	if _, err := os.Stat(path); err == nil {
		return inputErrorf("%v %s exists; choose a new file", SettingOutput, path)
	}
	return nil
}

// CreateNew writes by write into path, a new file, whole or not at all (atomicfile.Create).
// A file already there is left alone and refused as CheckNew refuses it; a file that cannot
// be made is an *InputError; what write returns is returned as is.
func CreateNew(path string, write func(io.Writer) error) error {
	var werr error
	err := atomicfile.Create(path, func(f *os.File) error { werr = write(f); return werr })
	switch {
	case errors.Is(err, fs.ErrExist):
		return inputErrorf("%v %s exists; choose a new file", SettingOutput, path)
	case err != nil && werr == nil:
		return &InputError{err}
	}
	return err
}
