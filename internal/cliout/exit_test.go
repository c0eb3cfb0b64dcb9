package cliout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/fanorona/fanorona/internal/panics"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInterruptMessageSaysHowToGoOn(t *testing.T) {
	err := fmt.Errorf("perft: %w", context.Canceled)
	assert.Equal(t, "perft: interrupted; nothing was saved: run the same command again", InterruptMessage(err, err.Error()))
	kept := fmt.Errorf("interrupted; 12 games kept, go on with --resume: %w", context.Canceled)
	assert.Equal(t, "interrupted; 12 games kept, go on with --resume", InterruptMessage(kept, kept.Error()))
}

func TestUnwritablePathIsTheUsersChoiceNotTheMachines(t *testing.T) {
	for _, e := range []error{fs.ErrPermission, syscall.EROFS, syscall.ENOTDIR, syscall.EISDIR} {
		assert.True(t, UnwritablePath(&fs.PathError{Op: "open", Path: "x", Err: e}), "%v", e)
	}
	for _, e := range []error{syscall.ENOSPC, syscall.EIO} {
		assert.False(t, UnwritablePath(&fs.PathError{Op: "write", Path: "x", Err: e}), "%v", e)
	}
}

func TestArgumentErrorKnowsCobrasUsageErrors(t *testing.T) {
	assert.True(t, ArgumentError(errors.New(`unknown command "frob" for "fanorona"`)))
	assert.True(t, ArgumentError(errors.New(`required flag(s) "output" not set`)))
	assert.False(t, ArgumentError(errors.New("open x: no such file or directory")))
}

func TestReportPanicKeepsTheStackInAFile(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var w strings.Builder
	code := ReportPanic(&w, "v1", "fanorona perft", &panics.Error{Value: "boom\nsecond line", Stack: []byte("goroutine 1")})
	assert.Equal(t, ExitInternal, code)
	line := w.String()
	require.Equal(t, 1, strings.Count(line, "\n"), line)
	assert.Contains(t, line, `internal error in "fanorona perft" (panic: boom; second line)`)
	file := line[strings.Index(line, "stack in ")+len("stack in ") : len(line)-2]
	stack, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "fanorona v1\ncommand: fanorona perft\npanic: boom\nsecond line\n\ngoroutine 1", string(stack))
}
