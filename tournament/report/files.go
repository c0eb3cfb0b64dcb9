// files.go: writing charts, reports and tables to files without ever leaving half a file.

package report

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/tournament/summary"
)

// CheckOutput checks, before any work, that path can be written: its folder exists and
// takes a new file and, unless force, path does not. The errors are about the input (the caller's flags).
func CheckOutput(path string, force bool) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: folder %s does not exist", path, dir)
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder: give a file name", path)
	}
	if !force {
		if _, err := os.Lstat(path); err == nil {
			return &ExistsError{Path: path}
		}
	}
	// The folder must take a new file (permissions, a read-only file system): found now,
	// not after the work whose result it is to hold. The probe is removed at once.
	f, err := os.CreateTemp(dir, ".fanorona-write-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the reason, not the probe's name
		}
		return fmt.Errorf("%s: folder %s cannot be written: %w", path, dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// WriteFile writes data to path whole (atomicfile). Without force an existing file is an
// error wrapping fs.ErrExist and is left alone (the file is linked into place only if the
// name is free); with force it is replaced, so a failed write never leaves a half-written
// file in place of the old one.
func WriteFile(path string, data []byte, force bool) error {
	if force {
		return atomicfile.WriteFile(path, data)
	}
	err := atomicfile.Create(path, func(f *os.File) error { _, err := f.Write(data); return err })
	if errors.Is(err, fs.ErrExist) {
		return &ExistsError{Path: path}
	}
	return err
}

// WritePlots writes into dir every chart that applies to recs as KIND.png (see [Kinds]).
// Charts of those names already there are replaced, each by an atomic rename; every chart
// is rendered before any file is written. It returns the paths written.
func WritePlots(dir string, figs []Named) ([]string, error) {
	data := make([][]byte, len(figs))
	for i, f := range figs {
		var err error
		if data[i], err = f.Figure.Encode(f.Kind + ".png"); err != nil {
			return nil, fmt.Errorf("plots: %s: %w", f.Kind, err)
		}
	}
	var paths []string
	for i, f := range figs {
		p := filepath.Join(dir, f.Kind+".png")
		if err := WriteFile(p, data[i], true); err != nil {
			return paths, fmt.Errorf("plots: %w", err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// Outputs are the files selfplay, tournament and stats write of a summary besides its
// text: its tables as CSV into a new file (checked before the work: CheckOutput) and, of
// a run, its charts and page into the run folder (WriteRunFiles).
type Outputs struct {
	CSV           string // "" = no CSV
	Plots, Report bool   // the run folder's charts and report.html
}

// Write writes the CSV of sum (none when sum is nil), then, when the run is done, the
// charts and the page of the run folder dir, telling wrote each path written; it stops
// at the first error. A CSV file already there is an *InputError.
func (f Outputs) Write(dir string, sum *summary.Summary, done bool, wrote func(path string)) error {
	if f.CSV != "" && sum != nil {
		var b bytes.Buffer
		if err := WriteCSV(&b, sum); err != nil {
			return err
		}
		if err := WriteFile(f.CSV, b.Bytes(), false); errors.Is(err, fs.ErrExist) {
			return input(err)
		} else if err != nil {
			return err
		}
		wrote(f.CSV)
	}
	if !done {
		return nil
	}
	paths, err := WriteRunFiles(dir, f.Plots, f.Report)
	for _, p := range paths {
		wrote(p)
	}
	return err
}
