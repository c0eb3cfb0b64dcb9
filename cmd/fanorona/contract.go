// contract.go: the command-line contract of docs/CLI.md, enforced in one place for every
// command: data on stdout only, bad input exits 2 with one line on stderr and nothing on
// stdout, an interrupted run exits 130 with how to go on, a failure of the machine exits
// 1, and a panic exits 70 with one line saying where to report it.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

// Exit statuses (docs/CLI.md).
const (
	exitOK          = 0
	exitFailure     = 1   // the machine failed: disk full, memory, a write refused
	exitUsage       = 2   // bad input: flags, FEN, turns, specs, files, folders, damaged tables
	exitInternal    = 70  // a bug: a panic (EX_SOFTWARE of sysexits.h)
	exitInterrupted = 130 // Ctrl-C or SIGTERM: 128 + SIGINT, as shells report it
)

// reportBugsAt is where the line of a recovered panic sends the user.
const reportBugsAt = "https://github.com/fanorona/fanorona/issues"

// directStdout lists the commands whose stdout is a conversation and is never held back.
var directStdout = map[string]bool{
	"fanorona play":   true,
	"fanorona engine": true, // the engine protocol (players/uci)
}

// commandLineKey is the context key of the command line run was given, "fanorona" first
// (commandLine): what run.json records of the invocation.
type commandLineKey struct{}

// commandLine returns the command line of the command running under ctx.
func commandLine(ctx context.Context) []string {
	args, _ := ctx.Value(commandLineKey{}).([]string)
	return args
}

// run executes the command line and returns the exit status; errors go to s.err as one line.
func run(ctx context.Context, args []string, s *streams) (code int) {
	if args == nil {
		args = []string{} // cobra would read os.Args instead
	}
	out := &cliout.StdoutGate{W: s.out, Limit: cliout.HeldLimit}
	warn := &cliout.WarningGate{W: s.err}
	cmdPath := "fanorona"
	defer func() { // a panic of the command's own goroutine
		if v := recover(); v != nil {
			out.Discard()
			warn.End(false)
			code = reportPanic(s.err, cmdPath, &panics.Error{Value: v, Stack: debug.Stack()})
		}
	}()
	root := newRootCmd(&streams{s.in, out, warn})
	root.SetArgs(args)
	if c, _, err := root.Find(args); err == nil && c != nil {
		cmdPath = c.CommandPath()
		out.Direct = directStdout[cmdPath]
	}
	err := root.ExecuteContext(context.WithValue(ctx, commandLineKey{}, append([]string{"fanorona"}, args...)))
	code = exitStatus(ctx, err)
	warn.End(code != exitUsage) // on exit 2 the error line is all stderr says
	switch code {
	case exitUsage, exitInternal:
		out.Discard()
	default:
		if ferr := out.Flush(); ferr != nil && code == exitOK {
			err, code = fmt.Errorf("writing standard output: %w", ferr), exitFailure
		}
	}
	switch {
	case code == exitInternal:
		var pe *panics.Error
		errors.As(err, &pe)
		return reportPanic(s.err, cmdPath, pe)
	case err == nil:
	case code == exitInterrupted:
		fmt.Fprintln(s.err, "fanorona:", cliout.OneLine(interruptMessage(err)))
	default:
		fmt.Fprintln(s.err, "fanorona:", cliout.OneLine(errorText(err)))
	}
	return code
}

// exitStatus classifies a command's error: the one place that decides exit statuses.
func exitStatus(ctx context.Context, err error) int {
	var ue usageError
	var ie *tournament.InputError
	var pe *panics.Error
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &pe):
		return exitInternal
	case errors.As(err, &ue), errors.As(err, &ie),
		errors.Is(err, tablebase.ErrDamaged), errors.Is(err, tablebase.ErrNotBuilt),
		errors.Is(err, proof.ErrDamaged), errors.Is(err, proof.ErrMalformed),
		errors.Is(err, fs.ErrNotExist), unwritablePath(err), isCobraUsageError(err):
		return exitUsage
	case errors.Is(err, context.Canceled), errors.Is(err, tournament.ErrInterrupted), ctx.Err() != nil:
		return exitInterrupted
	}
	return exitFailure
}

// unwritablePath reports whether err is a path named that cannot be written at all: no
// permission, a read-only file system, a file where a folder must be or a folder where a
// file must be. That is bad input, whichever command meets it (the user chose the path),
// unlike a write that fails part way (a full disk, an I/O error: exit status 1).
func unwritablePath(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) ||
		errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR)
}

// isCobraUsageError recognises the errors cobra returns without the flag-error hook.
func isCobraUsageError(err error) bool {
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

// interruptMessage says the run was interrupted and how to go on.
func interruptMessage(err error) string {
	msg := errorText(err)
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

// reportPanic prints the one line of a recovered panic, keeping its stack in a file.
func reportPanic(w io.Writer, cmdPath string, pe *panics.Error) int {
	where := "its stack could not be saved"
	if f, err := os.CreateTemp("", "fanorona-crash-*.txt"); err == nil {
		fmt.Fprintf(f, "fanorona %s\ncommand: %s\n%v\n\n%s", version(), cmdPath, pe, pe.Stack)
		if f.Close() == nil {
			where = "stack in " + f.Name()
		}
	}
	fmt.Fprintf(w, "fanorona: internal error in %q (%s); please report it with the command line at %s (%s)\n",
		cmdPath, cliout.OneLine(pe.Error()), reportBugsAt, where)
	return exitInternal
}

// version is what --version prints: the module version, the VCS revision and time the
// binary was built from (a "+modified" mark when the tree had changes) and the Go version.
func version() string { return record.NewInvocation(nil).Toolkit() }

// applyExamples gives every command without an Example of its own the one in
// commandExamples (examples.go), so that files owned elsewhere need no edit.
func applyExamples(c *cobra.Command) {
	if c.Example == "" {
		c.Example = commandExamples[c.CommandPath()]
	}
	for _, sub := range c.Commands() {
		applyExamples(sub)
	}
}
