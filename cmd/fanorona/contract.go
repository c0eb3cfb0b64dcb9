// contract.go: the command-line contract of docs/CLI.md, enforced in one place for every
// command: data on stdout only, bad input exits 2 with one line on stderr and nothing on
// stdout, an interrupted run exits 130 with how to go on, a failure of the machine exits
// 1, and a panic exits 70 with one line saying where to report it. The error line names
// the flags the user typed where the library's errors name settings, options and sources
// (errorText).

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime/debug"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
)

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
			code = cliout.ReportPanic(s.err, version(), cmdPath, &panics.Error{Value: v, Stack: debug.Stack()})
		}
	}()
	root := newRootCmd(&streams{s.in, out, warn})
	root.SetArgs(args)
	if c, _, err := root.Find(args); err == nil && c != nil {
		cmdPath = c.CommandPath()
		out.Direct = directStdout[cmdPath]
	}
	err := root.ExecuteContext(context.WithValue(ctx, commandLineKey{}, append([]string{"fanorona"}, args...)))
	code, err = cliout.End(out, warn, exitStatus(ctx, err), err) // on exit 2 the error line is all stderr says
	return cliout.ReportError(s.err, code, err, errorText, version(), cmdPath)
}

// exitStatus classifies a command's error: the one place that decides exit statuses. Bad
// input is marked by its error (usageError, the packages' input errors and refusals).
func exitStatus(ctx context.Context, err error) int {
	var pe *panics.Error
	var bad interface{ BadInput() bool }
	switch {
	case err == nil:
		return cliout.ExitOK
	case errors.As(err, &pe):
		return cliout.ExitInternal
	case errors.As(err, &bad) && bad.BadInput(), errors.Is(err, fs.ErrNotExist), cliout.UnwritablePath(err), cliout.ArgumentError(err):
		return cliout.ExitUsage
	case errors.Is(err, context.Canceled), errors.Is(err, tournament.ErrInterrupted), ctx.Err() != nil:
		return cliout.ExitInterrupted
	}
	return cliout.ExitFailure
}

// version is what --version prints: the module version, the VCS revision and time the
// binary was built from (a "+modified" mark when the tree had changes) and the Go version.
func version() string { return record.NewInvocation(nil).Toolkit() }

// flagName is the flag of a tournament setting: its name with dashes ("run_id": --run-id),
// but --games for games_per_pairing.
func flagName(s tournament.Setting) string {
	if s == tournament.SettingGames {
		return "--games"
	}
	return "--" + strings.ReplaceAll(string(s), "_", "-")
}

// proofFlag is the flag of an option puzzles/proof names in its errors.
func proofFlag(option string) string {
	if option == "output" {
		return "-o"
	}
	return "--" + option
}

// errorText is err's message with every setting, option and source the library names
// shown as its flag (an engine.SettingError starts with its setting, named as the flag
// is: "--" makes it the flag), and the tables an adjudicated run needs followed by how to
// build them.
func errorText(err error) string {
	msg := err.Error()
	msg = shown(err, msg, func(e *tournament.SettingError) string { return e.Text(flagName) })
	msg = shown(err, msg, func(e *tournament.MissingTablesError) string {
		return e.Text(flagName) + " (build them: " + adjudicateBuild(e) + ", about 10 s)"
	})
	msg = shown(err, msg, func(e *report.ExistsError) string { return e.Text("--force") })
	msg = shown(err, msg, func(e *engine.SettingError) string { return "--" + e.Text })
	msg = shown(err, msg, func(e *proof.InputError) string { return e.Text(proofFlag) })
	return shown(err, msg, func(e *uci.DeclarationError) string {
		return e.Text(func(s uci.DeclarationSource) string { return "--" + string(s) })
	})
}

// shown is msg with the message of err's first error of type E (in its chain) replaced
// by text of it.
func shown[E error](err error, msg string, text func(E) string) string {
	var e E
	if errors.As(err, &e) {
		msg = strings.Replace(msg, e.Error(), text(e), 1)
	}
	return msg
}

// adjudicateBuild is the command that builds the tables an adjudicated run lacks.
func adjudicateBuild(e *tournament.MissingTablesError) string {
	if e.PaikaLimit > 0 {
		return fmt.Sprintf("fanorona tablebase build --max-pieces 5 --paika-limit %d --tablebases %s", e.PaikaLimit, e.Dir)
	}
	return "fanorona tablebase build --max-pieces 5 --tablebases " + e.Dir
}
