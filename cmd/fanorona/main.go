// Command fanorona is the research toolkit's one command: perft and move listing, AI
// analysis and play, self-play tournaments with statistics and charts, and endgame
// tablebases. Each subcommand parses its flags and calls a library package. The
// command-line contract (docs/CLI.md) is enforced here and in contract.go, once for all.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

// usageError marks bad input: it exits with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }
func (usageError) BadInput() bool  { return true }

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

// seam runs run, or, when a test gave one, runF on the options o: the test stops there,
// after the flags are parsed.
func seam[T any](runF func(*T) error, o *T, run func() error) error {
	if runF != nil {
		return runF(o)
	}
	return run()
}

// runs is a command's RunE: its arguments into *args (when args is not nil), then seam
// over run, given the command's context and the streams.
func runs[T any](s *streams, runF func(*T) error, o *T, args *[]string, run func(context.Context, *streams, *T) error) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, a []string) error {
		if args != nil {
			*args = a
		}
		return seam(runF, o, func() error { return run(c.Context(), s, o) })
	}
}

// subcommands builds the tree's subcommands: commands, or in a test commands and its own.
var subcommands = commands

// commands are the subcommands, each built by its constructor (a test passes a runF to
// stop one after its flags are parsed).
func commands(s *streams) []*cobra.Command {
	return []*cobra.Command{
		newAnalyzeCmd(s, nil),
		newEngineCmd(s, nil),
		newExportCmd(s, nil),
		newNetCmd(s),
		newPerftCmd(s, nil),
		newMovesCmd(s, nil),
		newShowCmd(s, nil),
		newPlayCmd(s, nil),
		newPlotCmd(s, nil),
		newPositionsCmd(s, nil),
		newProveCmd(s, nil),
		newCheckCmd(s, nil),
		newProveSampleCmd(s, nil),
		newPuzzlesCmd(s),
		newReportCmd(s, nil),
		newServeCmd(s, nil),
		newSolveCmd(s, nil),
		newTablebaseCmd(s),
		newSelfplayCmd(s, nil),
		newTournamentCmd(s, nil),
		newStatsCmd(s, nil),
		newMergeCmd(s, nil),
		newTuneCmd(s, nil),
	}
}

func newRootCmd(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "fanorona",
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("fanorona {{.Version}}\n")
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return badInput(err) })
	root.AddCommand(subcommands(s)...)
	// Made now rather than inside Execute, so that they get their examples too.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	applyHelp(root, helpText)
	markArgErrorsBadInput(root)
	refuseUnknownHelpTopics(root)
	return root
}

// refuseUnknownHelpTopics makes "help TOPIC" of a command that does not exist bad input
// (one line on stderr, exit status 2), where cobra would print the usage on stdout and
// exit 0.
func refuseUnknownHelpTopics(root *cobra.Command) {
	for _, help := range root.Commands() {
		if help.Name() != "help" || help.Run == nil {
			continue
		}
		show := help.Run
		help.Run = nil
		help.RunE = func(c *cobra.Command, args []string) error {
			if target, rest, err := root.Find(args); err != nil || target == nil || len(rest) > 0 {
				return badInputf("help %s: no such command (fanorona help lists them)", strings.Join(args, " "))
			}
			show(c, args)
			return nil
		}
	}
}

// markArgErrorsBadInput makes every command's positional-argument errors (wrong count,
// unknown subcommand of a group) bad input, exit status 2.
func markArgErrorsBadInput(c *cobra.Command) {
	if c.HasParent() && c.HasSubCommands() && !c.Runnable() {
		// A group such as "tablebase": cobra would print help and exit 0 for "tablebase frob".
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return badInputf("unknown command %q for %q", args[0], c.CommandPath())
			}
			return c.Help()
		}
	}
	if check := c.Args; check != nil {
		c.Args = func(c *cobra.Command, args []string) error { return badInput(check(c, args)) }
	}
	for _, sub := range c.Commands() {
		markArgErrorsBadInput(sub)
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], &streams{os.Stdin, os.Stdout, os.Stderr})
	stop()
	os.Exit(code)
}
