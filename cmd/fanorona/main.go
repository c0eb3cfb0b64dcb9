// Command fanorona is the research toolkit's one command: perft and move listing, AI
// analysis and play, self-play tournaments with statistics and charts, and endgame
// tablebases. Each subcommand parses its flags and calls a library package.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

// Exit codes: 0 success, 1 failure while working, 2 bad input (flags, FEN, notation,
// player specs, files), 130 interrupted.
const (
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// usageError marks bad input: it exits with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// badInput wraps an error as bad input (exit status 2).
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// badInputf formats a bad-input error.
func badInputf(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// streams are the command's input and outputs, injected so tests can drive commands.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// commandConstructors are the subcommands, each added by the file that defines it.
var commandConstructors []func(*streams) *cobra.Command

func registerCommand(f func(*streams) *cobra.Command) {
	commandConstructors = append(commandConstructors, f)
}

func newRootCmd(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "fanorona",
		Short:         "Research toolkit for Fanorona: perft, AI levels, tournaments, statistics, charts, endgames",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return badInput(err) })
	for _, f := range commandConstructors {
		root.AddCommand(f(s))
	}
	return root
}

// run executes the command line and returns the exit status; errors go to s.err as one line.
func run(ctx context.Context, args []string, s *streams) int {
	root := newRootCmd(s)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	fmt.Fprintln(s.err, "fanorona:", err)
	var ue usageError
	switch {
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, context.Canceled), errors.Is(err, tournament.ErrInterrupted):
		return exitInterrupted
	}
	// Cobra's own argument errors (unknown command, wrong arg count) are bad input too.
	if isCobraUsage(err) {
		return exitUsage
	}
	return exitFailure
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], &streams{os.Stdin, os.Stdout, os.Stderr})
	stop()
	os.Exit(code)
}
