package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/fanorona/fanorona/players/nnue/train"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func cancelledContext() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx, cancel
}

// withTestCommand adds a command to the tree for one test.
func withTestCommand(t *testing.T, c func(s *streams) *cobra.Command) {
	t.Helper()
	saved := subcommands
	subcommands = func(s *streams) []*cobra.Command { return append(saved(s), c(s)) }
	t.Cleanup(func() { subcommands = saved })
}

func testCommand(use string, body func(c *cobra.Command, s *streams) error) func(s *streams) *cobra.Command {
	return func(s *streams) *cobra.Command {
		return &cobra.Command{Use: use, Hidden: true, RunE: func(c *cobra.Command, _ []string) error { return body(c, s) }}
	}
}

func TestPanicExits70WithOneLineAndTheStackKept(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	withTestCommand(t, testCommand("boom", func(c *cobra.Command, s *streams) error {
		fmt.Fprintln(s.out, "partial answer")
		var m map[string]int
		m["x"]++ // panics in the command's goroutine
		return nil
	}))
	withTestCommand(t, testCommand("boom-worker", func(c *cobra.Command, s *streams) error {
		done := make(chan error)
		go func() { done <- panics.Guard(func() error { panic("worker bug") })() }()
		return fmt.Errorf("worker: %w", <-done)
	}))
	for cmd, want := range map[string]string{"boom": "assignment to entry in nil map", "boom-worker": "worker bug"} {
		code, out, errs := runCmd(t, "", cmd)
		assert.Equal(t, 70, code, cmd)
		assert.Empty(t, out, "%s: partial output dropped", cmd)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%s: one line: %q", cmd, errs)
		assert.Contains(t, errs, want)
		assert.Contains(t, errs, cliout.ReportBugsAt)
		assert.NotContains(t, errs, "goroutine ", "no stack trace on the terminal")
		i := strings.Index(errs, "stack in ")
		require.GreaterOrEqual(t, i, 0, errs)
		path := strings.TrimSuffix(strings.TrimSpace(errs[i+len("stack in "):]), ")")
		stack, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Contains(t, string(stack), "exit_status_test.go", "the kept stack shows where it panicked")
	}
}

func TestExitStatusIsDecidedInOnePlace(t *testing.T) {
	bg := context.Background()
	cancelled, cancel := cancelledContext()
	defer cancel()
	for _, c := range []struct {
		ctx  context.Context
		err  error
		want int
	}{
		{bg, nil, 0},
		{bg, badInputf("--depth 0"), 2},
		{bg, fmt.Errorf("open x: %w", fs.ErrNotExist), 2},
		{bg, fmt.Errorf("load: %w", tablebase.ErrDamaged), 2},
		{bg, fmt.Errorf("probe: %w", tablebase.ErrNotBuilt), 2},
		// Each package's input errors and refusals carry the mark exitStatus reads.
		{bg, fmt.Errorf("stats: %w", &tablebase.InputError{Err: errors.New("x")}), 2},
		{bg, &tournament.InputError{Err: errors.New("--games 0")}, 2},
		{bg, &proof.InputError{Option: "time", Reason: "must be positive"}, 2},
		{bg, fmt.Errorf("read: %w", proof.ErrMalformed), 2},
		{bg, &players.InputError{Err: errors.New("nosuch")}, 2},
		{bg, &uci.InputError{Err: errors.New("engine x")}, 2},
		{bg, &train.InputError{Err: errors.New("not a positions file")}, 2},
		{bg, fmt.Errorf("out.pos: exists (%w)", data.ErrRefused), 2},
		{bg, errors.New(`required flag(s) "output" not set`), 2},
		{bg, errors.New("if any flags in the group [a b] are set none of the others can be; [a b] were all set"), 2},
		{bg, fmt.Errorf("writing: %w", context.Canceled), 130},
		{cancelled, errors.New("search stopped"), 130},
		{bg, &panics.Error{Value: "x"}, 70},
		{bg, fmt.Errorf("write games.jsonl: no space left on device"), 1},
	} {
		assert.Equal(t, c.want, exitStatus(c.ctx, c.err), "%v", c.err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestStdoutWriteFailureExits1(t *testing.T) {
	var errb bytes.Buffer
	code := run(context.Background(), []string{"moves"}, &streams{strings.NewReader(""), failingWriter{}, &errb})
	assert.Equal(t, 1, code)
	assert.Equal(t, "fanorona: writing standard output: no space left on device\n", errb.String())
}

func TestInterruptedRunExits130WithAHint(t *testing.T) {
	withTestCommand(t, testCommand("slow", func(c *cobra.Command, s *streams) error {
		<-c.Context().Done()
		return fmt.Errorf("searching: %w", c.Context().Err())
	}))
	ctx, cancel := cancelledContext()
	defer cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"slow"}, &streams{strings.NewReader(""), &out, &errb})
	assert.Equal(t, 130, code)
	assert.Equal(t, "fanorona: searching: interrupted; nothing was saved: run the same command again\n", errb.String())
}

func TestUnknownCommandIsOneLineWithTheSuggestion(t *testing.T) {
	code, out, errs := runCmd(t, "", "perf")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errs, "\n"), "%q", errs)
	assert.Contains(t, errs, `unknown command "perf"`)
	assert.Contains(t, errs, "perft", "cobra's suggestion kept")
}
