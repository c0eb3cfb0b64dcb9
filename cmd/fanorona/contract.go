// contract.go: the command-line contract of docs/CLI.md, enforced in one place for every
// command: data on stdout only, bad input exits 2 with one line on stderr and nothing on
// stdout, an interrupted run exits 130 with how to go on, a failure of the machine exits
// 1, and a panic exits 70 with one line saying where to report it.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	"github.com/fanorona/fanorona/engine/record"
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

// stdoutBufferLimit is how much a command's stdout is held back until the command ends,
// so that a command refusing its input after printing part of its answer leaves stdout
// empty. Output beyond it streams (a long --batch, say), and the command must have
// checked its input before printing that much.
const stdoutBufferLimit = 4 << 20

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
	out := &stdoutGate{w: s.out, limit: stdoutBufferLimit}
	warn := &warningGate{w: s.err}
	cmdPath := "fanorona"
	defer func() { // a panic of the command's own goroutine
		if v := recover(); v != nil {
			out.discard()
			warn.end(false)
			code = reportPanic(s.err, cmdPath, &panics.Error{Value: v, Stack: debug.Stack()})
		}
	}()
	root := newRootCmd(&streams{s.in, out, warn})
	root.SetArgs(args)
	if c, _, err := root.Find(args); err == nil && c != nil {
		cmdPath = c.CommandPath()
		out.direct = directStdout[cmdPath]
	}
	err := root.ExecuteContext(context.WithValue(ctx, commandLineKey{}, append([]string{"fanorona"}, args...)))
	code = exitStatus(ctx, err)
	warn.end(code != exitUsage) // on exit 2 the error line is all stderr says
	switch code {
	case exitUsage, exitInternal:
		out.discard()
	default:
		if ferr := out.flush(); ferr != nil && code == exitOK {
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
		fmt.Fprintln(s.err, "fanorona:", oneLine(interruptMessage(err)))
	default:
		fmt.Fprintln(s.err, "fanorona:", oneLine(errorText(err)))
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
		cmdPath, oneLine(pe.Error()), reportBugsAt, where)
	return exitInternal
}

// oneLine joins a multi-line message (cobra's suggestions, a wrapped report) into one line.
func oneLine(msg string) string {
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// stdoutGate holds a command's stdout back until the command ends (up to limit bytes),
// so that output can be dropped when the command refuses its input. It is safe for
// concurrent use.
type stdoutGate struct {
	mu      sync.Mutex
	w       io.Writer
	buf     bytes.Buffer
	limit   int
	direct  bool // pass every write through (a conversation such as play)
	spilled bool // more than limit was written: now streaming
}

func (g *stdoutGate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.direct && !g.spilled {
		if g.buf.Len()+len(p) <= g.limit {
			return g.buf.Write(p)
		}
		g.spilled = true
		if _, err := g.w.Write(g.buf.Bytes()); err != nil {
			return 0, err
		}
		g.buf.Reset()
	}
	return g.w.Write(p)
}

// flush writes what was held back.
func (g *stdoutGate) flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.buf.Len() == 0 {
		return nil
	}
	_, err := g.w.Write(g.buf.Bytes())
	g.buf.Reset()
	return err
}

// discard drops what was held back.
func (g *stdoutGate) discard() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.buf.Reset()
}

// warningPrefix starts the warning lines that warningGate holds back.
const warningPrefix = "fanorona: warning:"

// warningGate passes a command's stderr through as it comes (progress stays live) but
// holds back whole lines starting with warningPrefix until the command ends: they are
// printed then, or dropped when the command refuses its input, whose one error line is
// then all stderr says (docs/CLI.md). It is safe for concurrent use.
type warningGate struct {
	mu       sync.Mutex
	w        io.Writer
	line     []byte // the current line, until it is known whether it is a warning
	held     bytes.Buffer
	ended    bool
	overflow int // warnings dropped beyond the limit
}

func (g *warningGate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended {
		return g.w.Write(p)
	}
	n := len(p)
	for len(p) > 0 {
		if len(g.line) == 0 && !bytes.HasPrefix(p, []byte(warningPrefix[:min(len(p), len(warningPrefix))])) {
			// Not a warning (progress, "wrote X", a bar's carriage return): pass it on
			// up to the end of its line.
			i := bytes.IndexByte(p, '\n') + 1
			if i == 0 {
				i = len(p)
			}
			if _, err := g.w.Write(p[:i]); err != nil {
				return n - len(p), err
			}
			p = p[i:]
			continue
		}
		i := bytes.IndexByte(p, '\n') + 1
		if i == 0 {
			i = len(p)
		}
		g.line = append(g.line, p[:i]...)
		p = p[i:]
		if len(g.line) < len(warningPrefix) && !bytes.HasSuffix(g.line, []byte("\n")) {
			continue // not yet known
		}
		if bytes.HasPrefix(g.line, []byte(warningPrefix)) {
			if !bytes.HasSuffix(g.line, []byte("\n")) {
				continue // the rest of the warning comes in the next write
			}
			if g.held.Len()+len(g.line) <= stdoutBufferLimit {
				g.held.Write(g.line)
			} else {
				g.overflow++
			}
		} else if _, err := g.w.Write(g.line); err != nil {
			return n - len(p), err
		}
		g.line = g.line[:0]
	}
	return n, nil
}

// end prints the warnings held back (or drops them) and lets later writes through.
func (g *warningGate) end(print bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if print {
		g.held.Write(g.line)
		_, _ = g.w.Write(g.held.Bytes())
		if g.overflow > 0 {
			fmt.Fprintf(g.w, "%s %d more warnings not shown\n", warningPrefix, g.overflow)
		}
	}
	g.held.Reset()
	g.line = nil
	g.ended = true
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
