package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnUnwritableOutputIsBadInputEverywhere: an output path that cannot be written at
// all is bad input (exit status 2, one line) in every command that writes, as docs/CLI.md
// says; only a write failing part way (a full disk) is the machine's failure.
func TestAnUnwritableOutputIsBadInputEverywhere(t *testing.T) {
	work := t.TempDir()
	run := filepath.Join(work, "run")
	code, _, stderr := runCmd(t, "", "selfplay", "--games", "2", "-o", run)
	require.Equal(t, 0, code, stderr)
	file := filepath.Join(work, "afile") // a file where a folder must be: ENOTDIR
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for _, args := range [][]string{
		{"selfplay", "--games", "2", "-o", file},
		{"selfplay", "--games", "2", "-o", filepath.Join(file, "run")},
		{"tournament", "--players", "random,greedy", "--games", "2", "-o", filepath.Join(file, "run")},
		{"plot", "lengths", run, "-o", filepath.Join(file, "x", "lengths.png")},
		{"report", run, "-o", filepath.Join(file, "x", "report.html")},
		{"tablebase", "build", "--max-pieces", "2", "--tablebases", filepath.Join(file, "tb"), "--quiet"},
		{"merge", "-o", filepath.Join(file, "merged"), run},
	} {
		code, stdout, stderr := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, stderr)
		assert.Empty(t, stdout, "%v", args)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%v: %q", args, stderr)
		assert.Contains(t, stderr, file, "%v: the line names the path", args)
	}
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "x", string(data))
}

func TestExitStatusOfPathErrors(t *testing.T) {
	pathErr := func(errno syscall.Errno) error {
		return fmt.Errorf("writing: %w", &fs.PathError{Op: "open", Path: "/x/y", Err: errno})
	}
	for errno, want := range map[syscall.Errno]int{
		syscall.EACCES: cliout.ExitUsage, syscall.EPERM: cliout.ExitUsage, syscall.EROFS: cliout.ExitUsage,
		syscall.ENOTDIR: cliout.ExitUsage, syscall.EISDIR: cliout.ExitUsage, syscall.ENOENT: cliout.ExitUsage,
		syscall.ENOSPC: cliout.ExitFailure, syscall.EIO: cliout.ExitFailure, syscall.EDQUOT: cliout.ExitFailure,
	} {
		assert.Equal(t, want, exitStatus(context.Background(), pathErr(errno)), errno.Error())
	}
}
