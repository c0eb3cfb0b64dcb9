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

	"github.com/fanorona/fanorona/internal/panics"
)

// Exit statuses (docs/CLI.md).
const (
	ExitOK          = 0
	ExitFailure     = 1   // the machine failed: disk full, memory, a write refused
	ExitUsage       = 2   // bad input: flags, FEN, turns, specs, files, folders, damaged tables
	ExitInternal    = 70  // a bug: a panic (EX_SOFTWARE of sysexits.h)
	ExitInterrupted = 130 // Ctrl-C or SIGTERM: 128 + SIGINT, as shells report it
)

// ReportBugsAt is where the line of a recovered panic sends the user.
const ReportBugsAt = "https://github.com/fanorona/fanorona/issues"

// UnwritablePath reports whether err is a path named that cannot be written at all: no
// permission, a read-only file system, a file where a folder must be or a folder where a
// file must be. That is bad input, whichever command meets it (the user chose the path),
// unlike a write that fails part way (a full disk, an I/O error: exit status 1).
func UnwritablePath(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) ||
		errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR)
}

// ArgumentError recognises, by their text, the usage errors cobra returns without going
// through its flag-error hook.
func ArgumentError(err error) bool {
	msg := err.Error()
	for _, prefix := range []string{
		"unknown command",            // of the root command
		"required flag(s)",           // MarkFlagRequired
		"if any flags in the group",  // MarkFlagsRequiredTogether, MarkFlagsMutuallyExclusive
		"at least one of the flags ", // MarkFlagsOneRequired
	} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// InterruptMessage is the line of an interrupted command whose error reads msg: it says
// the run was interrupted and how to go on.
func InterruptMessage(err error, msg string) string {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		msg = strings.ReplaceAll(msg, context.Canceled.Error(), "interrupted")
		msg = strings.ReplaceAll(msg, context.DeadlineExceeded.Error(), "interrupted")
	}
	if strings.Count(msg, "interrupted") > 1 { // a command's own "interrupted; …: <ctx error>"
		msg = strings.TrimSuffix(msg, ": interrupted")
	}
	for _, says := range []string{"--resume", "again", "kept", "continue"} {
		if strings.Contains(msg, says) { // the command said how to go on
			return msg
		}
	}
	// Commands that keep work (runs, tablebase builds) say how to go on themselves.
	return msg + "; nothing was saved: run the same command again"
}

// ReportPanic prints to w the one line of a panic recovered in command cmdPath of the
// program version, keeping its stack in a file, and returns ExitInternal.
func ReportPanic(w io.Writer, version, cmdPath string, pe *panics.Error) int {
	where := "its stack could not be saved"
	if f, err := os.CreateTemp("", "fanorona-crash-*.txt"); err == nil {
		fmt.Fprintf(f, "fanorona %s\ncommand: %s\n%v\n\n%s", version, cmdPath, pe, pe.Stack)
		if f.Close() == nil {
			where = "stack in " + f.Name()
		}
	}
	fmt.Fprintf(w, "fanorona: internal error in %q (%s); please report it with the command line at %s (%s)\n",
		cmdPath, OneLine(pe.Error()), ReportBugsAt, where)
	return ExitInternal
}

// End ends a command's held output by its exit status code: on bad input the warnings
// and stdout are dropped (the error line is all it says), on a panic stdout is dropped,
// else both are written out, a failure to write stdout turning a success into
// ExitFailure. It returns the status and the error to report.
func End(out *StdoutGate, warn *WarningGate, code int, err error) (int, error) {
	warn.End(code != ExitUsage)
	switch code {
	case ExitUsage, ExitInternal:
		out.Discard()
	default:
		if ferr := out.Flush(); ferr != nil && code == ExitOK {
			return ExitFailure, fmt.Errorf("writing standard output: %w", ferr)
		}
	}
	return code, err
}

// ReportError prints to w the one line of a command's error under its exit status code,
// and returns code: a panic's (ReportPanic, of command cmdPath of the program version),
// an interrupt's saying how to go on, or text(err), the error as the command words it;
// nothing without an error.
func ReportError(w io.Writer, code int, err error, text func(error) string, version, cmdPath string) int {
	switch {
	case code == ExitInternal:
		var pe *panics.Error
		errors.As(err, &pe)
		return ReportPanic(w, version, cmdPath, pe)
	case err == nil:
	case code == ExitInterrupted:
		fmt.Fprintln(w, "fanorona:", OneLine(InterruptMessage(err, text(err))))
	default:
		fmt.Fprintln(w, "fanorona:", OneLine(text(err)))
	}
	return code
}
