package cliout

import (
	"context"
	"errors"
	"fmt"
	"io"
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

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestEndKeepsOrDropsTheHeldOutputByExitStatus(t *testing.T) {
	for _, c := range []struct {
		code             int
		wantOut, wantErr string
	}{
		{ExitOK, "answer\n", "fanorona: warning: w\n"},
		{ExitFailure, "answer\n", "fanorona: warning: w\n"},
		{ExitInterrupted, "answer\n", "fanorona: warning: w\n"},
		{ExitUsage, "", ""},
		{ExitInternal, "", "fanorona: warning: w\n"},
	} {
		var out, errs strings.Builder
		o, w := &StdoutGate{W: &out, Limit: HeldLimit}, &WarningGate{W: &errs}
		fmt.Fprintln(o, "answer")
		fmt.Fprintln(w, "fanorona: warning: w")
		code, err := End(o, w, c.code, nil)
		assert.Equal(t, c.code, code)
		assert.NoError(t, err)
		assert.Equal(t, c.wantOut, out.String(), "stdout, exit %d", c.code)
		assert.Equal(t, c.wantErr, errs.String(), "stderr, exit %d", c.code)
	}
	o := &StdoutGate{W: failingWriter{}, Limit: HeldLimit}
	fmt.Fprintln(o, "answer")
	code, err := End(o, &WarningGate{W: io.Discard}, ExitOK, nil)
	assert.Equal(t, ExitFailure, code, "stdout not written is a failure")
	assert.EqualError(t, err, "writing standard output: no space left on device")
}

func TestReportErrorPrintsOneLineByExitStatus(t *testing.T) {
	text := func(err error) string { return strings.ReplaceAll(err.Error(), "depth", "--depth") }
	for _, c := range []struct {
		code int
		err  error
		want string
	}{
		{ExitOK, nil, ""},
		{ExitUsage, errors.New("depth 0:\nmust be 1 or more"), "fanorona: --depth 0:; must be 1 or more\n"},
		{ExitFailure, errors.New("write x: disk full"), "fanorona: write x: disk full\n"},
		{ExitInterrupted, fmt.Errorf("depth 9: %w", context.Canceled), "fanorona: --depth 9: interrupted; nothing was saved: run the same command again\n"},
	} {
		var w strings.Builder
		assert.Equal(t, c.code, ReportError(&w, c.code, c.err, text, "v1", "fanorona perft"))
		assert.Equal(t, c.want, w.String(), "exit %d", c.code)
	}
	t.Setenv("TMPDIR", t.TempDir())
	var w strings.Builder
	code := ReportError(&w, ExitInternal, fmt.Errorf("worker: %w", &panics.Error{Value: "boom"}), text, "v1", "fanorona perft")
	assert.Equal(t, ExitInternal, code)
	assert.Contains(t, w.String(), `fanorona: internal error in "fanorona perft" (panic: boom)`)
}
