// resolve.go: the one reading of a tablebase folder option (the commands' --tablebases)
// and the check of every file's header before a folder is used.

package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DefaultDir is where tablebases live unless told otherwise: $FANORONA_TABLEBASES when
// set, else a folder in the user's cache directory (e.g. ~/.cache/fanorona/tablebases on
// Linux), so that every command and player finds a build without flags.
func DefaultDir() string {
	if d := os.Getenv("FANORONA_TABLEBASES"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "fanorona", "tablebases")
	}
	return filepath.Join(os.TempDir(), "fanorona-tablebases")
}

// Need is what a command does with the folder a tablebase option names.
type Need int

const (
	// Optional: the tables help if there are any (players, adjudication, solving): ""
	// is the default folder when it exists and none when it does not; "none" is none.
	Optional Need = iota
	// Required: the command reads tables (probe, verify, stats): "" is the default
	// folder, which must exist; "none" is refused.
	Required
	// Create: the command writes tables (build): as Required, but the folder need not
	// exist yet.
	Create
)

// Off is the option value that turns tables off.
const Off = "none"

// ErrNoFolder is wrapped by a FolderError for a folder that does not exist; ErrNotAFolder
// for a path that is something else; ErrOff for Off given to a command that needs tables.
var (
	ErrNoFolder   = errors.New("no such folder")
	ErrNotAFolder = errors.New("not a folder")
	ErrOff        = errors.New("this command needs a tablebase folder")
)

// FolderError is a tablebase option that names no usable folder.
type FolderError struct {
	Dir string // the folder named (Off for Off)
	Err error  // wraps ErrNoFolder, ErrNotAFolder or ErrOff, or the file system's error
}

func (e *FolderError) Error() string { return e.Dir + ": " + e.Err.Error() }
func (e *FolderError) Unwrap() error { return e.Err }

// Resolve returns the folder a tablebase option value names for a command of need: ""
// is DefaultDir, Off is none ("" returned, for Optional; refused otherwise), any other
// value a folder. A folder that is missing (unless the default one, for Optional, or for
// Create) or is not a folder gives a *FolderError. The files are not read: see
// CheckHeaders.
func Resolve(value string, need Need) (string, error) {
	dir, explicit := value, true
	switch value {
	case Off:
		if need == Optional {
			return "", nil
		}
		return "", &FolderError{Off, ErrOff}
	case "":
		dir, explicit = DefaultDir(), false
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && (need == Create || need == Optional && !explicit):
		if need == Optional {
			return "", nil
		}
		return dir, nil
	case errors.Is(err, fs.ErrNotExist):
		return "", &FolderError{dir, fmt.Errorf("%w (%v)", ErrNoFolder, err)}
	case err != nil:
		return "", &FolderError{dir, err}
	case !st.IsDir():
		return "", &FolderError{dir, ErrNotAFolder}
	}
	return dir, nil
}

// CheckHeaders reads the header and block index of every table file in dir (theoretic
// and of every paika limit; cheap, no values): a command that uses a folder refuses a
// damaged one before it starts, even when its first use would not read the damaged file.
// The first file that fails gives its error (ErrDamaged).
func CheckHeaders(dir string) error {
	ids, err := Open(dir).Tables()
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := ReadInfo(dir, id.Class, id.Rule); err != nil {
			return err
		}
	}
	return nil
}
