// contract_test.go: regression tests of the CLI contract in the CLI's own area: the
// contract enforced by main.go and contract.go, --version, examples, completion, play's
// long lines, the FEN error's runes, and analyze/play refusing a bad --tablebases folder.

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
	saved := commandConstructors
	commandConstructors = append(append([]func(*streams) *cobra.Command{}, saved...), c)
	t.Cleanup(func() { commandConstructors = saved })
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
		assert.Contains(t, errs, reportBugsAt)
		assert.NotContains(t, errs, "goroutine ", "no stack trace on the terminal")
		i := strings.Index(errs, "stack in ")
		require.GreaterOrEqual(t, i, 0, errs)
		path := strings.TrimSuffix(strings.TrimSpace(errs[i+len("stack in "):]), ")")
		stack, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Contains(t, string(stack), "contract_test.go", "the kept stack shows where it panicked")
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

func TestBadInputLeavesStdoutEmptyEvenAfterPrinting(t *testing.T) {
	withTestCommand(t, testCommand("half", func(c *cobra.Command, s *streams) error {
		fmt.Fprintln(s.out, "line 1: 9/9/9/9/4W2B1 w win in 7")
		return badInputf("line 2: FEN %q: has 1 fields", "x")
	}))
	code, out, errs := runCmd(t, "", "half")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: line 2: FEN \"x\": has 1 fields\n", errs)
}

func TestStdoutGate(t *testing.T) {
	var w bytes.Buffer
	g := &stdoutGate{w: &w, limit: 10}
	_, _ = g.Write([]byte("12345"))
	assert.Empty(t, w.String(), "held back")
	g.discard()
	_, _ = g.Write([]byte("abc"))
	require.NoError(t, g.flush())
	assert.Equal(t, "abc", w.String())
	w.Reset()
	_, _ = g.Write([]byte("0123456789"))
	_, _ = g.Write([]byte("X"))
	assert.Equal(t, "0123456789X", w.String(), "past the limit it streams, in order")
	w.Reset()
	g = &stdoutGate{w: &w, limit: 10, direct: true}
	_, _ = g.Write([]byte("prompt> "))
	assert.Equal(t, "prompt> ", w.String(), "a conversation is never held back")
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

func TestVersion(t *testing.T) {
	code, out, errs := runCmd(t, "", "--version")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(out, "fanorona "), out)
	assert.Contains(t, out, runtime.Version())
	assert.Equal(t, 1, strings.Count(out, "\n"))
	// A test binary has no module version nor VCS stamp: the line says so rather than lie.
	assert.Contains(t, out, "(devel)")
}

// exampleCommandLines returns the fanorona command lines of an Example text, split as a
// shell would (double quotes only), cut before redirections and pipes.
func exampleCommandLines(t *testing.T, example string) [][]string {
	var lines [][]string
	for _, l := range strings.Split(example, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") {
			continue
		}
		i := strings.Index(l, "fanorona ")
		if i < 0 {
			continue
		}
		l = l[i:]
		if j := strings.IndexAny(l, ")|>"); j >= 0 {
			l = l[:j]
		}
		var words []string
		var cur strings.Builder
		inQuote, started := false, false
		for _, r := range l {
			switch {
			case r == '"':
				inQuote, started = !inQuote, true
			case r == ' ' && !inQuote:
				if started {
					words = append(words, cur.String())
				}
				cur.Reset()
				started = false
			default:
				cur.WriteRune(r)
				started = true
			}
		}
		require.False(t, inQuote, "unbalanced quote in %q", l)
		if started {
			words = append(words, cur.String())
		}
		lines = append(lines, words[1:])
	}
	return lines
}

func TestEveryCommandHasExamplesThatParse(t *testing.T) {
	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		lines := exampleCommandLines(t, c.Example)
		if assert.NotEmpty(t, lines, "%q has no example (give it an Example, or add one to commandExamples in examples.go)", c.CommandPath()) {
			for _, args := range lines {
				found, rest, err := root.Find(args)
				require.NoError(t, err, "%q: example %q", c.CommandPath(), args)
				if len(args) > 0 && args[0] != "help" && !strings.HasPrefix(args[0], "-") {
					assert.True(t, found == c || strings.HasPrefix(found.CommandPath(), c.CommandPath()+" "),
						"an example of %q runs %q", c.CommandPath(), found.CommandPath())
				}
				if found.Name() == "help" {
					continue
				}
				assert.NoError(t, found.ParseFlags(rest), "%q: example %q", c.CommandPath(), args)
				found.Flags().Visit(func(f *pflag.Flag) {
					assert.False(t, f.Hidden, "%q: example %q uses the hidden (deprecated) --%s", c.CommandPath(), args, f.Name)
				})
				if found.Args != nil {
					assert.NoError(t, found.ValidateArgs(found.Flags().Args()), "%q: example %q", c.CommandPath(), args)
				}
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	code, help, _ := runCmd(t, "", "perft", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "Examples:\n  fanorona perft --depth 5")
}

func TestShellCompletion(t *testing.T) {
	for shell, marker := range map[string]string{
		"bash":       "# bash completion V2 for fanorona",
		"zsh":        "#compdef fanorona",
		"fish":       "complete -c fanorona",
		"powershell": "Register-ArgumentCompleter",
	} {
		code, out, errs := runCmd(t, "", "completion", shell)
		require.Equal(t, 0, code, "%s: %s", shell, errs)
		assert.Contains(t, out, marker, shell)
		if sh, err := exec.LookPath(map[string]string{"bash": "bash", "zsh": "zsh", "fish": "fish"}[shell]); err == nil && shell != "powershell" {
			script := filepath.Join(t.TempDir(), "completion."+shell)
			require.NoError(t, os.WriteFile(script, []byte(out), 0o644))
			flag := "-n"
			if shell == "fish" {
				flag = "--no-execute"
			}
			res, err := exec.Command(sh, flag, script).CombinedOutput()
			assert.NoError(t, err, "%s says the script is broken: %s", shell, res)
		}
	}
	// What the scripts call: the candidates for "fanorona perft --de<TAB>".
	code, out, _ := runCmd(t, "", "__complete", "perft", "--de")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "--depth")
	code, out, _ = runCmd(t, "", "__complete", "tablebase", "")
	require.Equal(t, 0, code)
	for _, sub := range []string{"build", "probe", "verify", "stats"} {
		assert.Contains(t, out, sub+"\t")
	}
}

func TestPlayRefusesAnOverlongLineAndGoesOn(t *testing.T) {
	long := strings.Repeat("e2-e3", 14000) // 70 000 bytes, more than bufio.Scanner's 64 KB
	code, out, errs := runCmd(t, long+"\ne2-e3\nquit\n", "play", "--white", "human", "--black", "human")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Refused: a line of 70000 bytes; a turn or command is at most 4096.")
	assert.Contains(t, out, "White plays e2-e3A", "the game goes on after the refusal")
	assert.Contains(t, out, "Game stopped (quit) after 1 plies")
}

func TestReadBoundedLine(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		lines []string
		ns    []int
	}{
		{"ab\ncd", 10, []string{"ab", "cd"}, []int{2, 2}},
		{"abcdef\nx\n", 3, []string{"abcd", "x"}, []int{6, 1}},
		{"\n\n", 3, []string{"", ""}, []int{0, 0}},
		{strings.Repeat("x", 40) + "\nshort", 30, []string{"", "short"}, []int{40, 5}}, // past the reader's 16-byte buffer
		{strings.Repeat("y", 20) + "\n", 30, []string{strings.Repeat("y", 20)}, []int{20}},
	} {
		r := bufioReader(c.in)
		for i := range c.lines {
			line, n, _ := readBoundedLine(r, c.limit)
			assert.Equal(t, c.ns[i], n, "%q line %d", c.in, i)
			if n <= c.limit {
				assert.Equal(t, c.lines[i], line, "%q line %d", c.in, i)
			}
		}
		_, n, err := readBoundedLine(r, c.limit)
		assert.Equal(t, 0, n)
		assert.Error(t, err, "end of input")
	}
}

func bufioReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 16) }

func TestFENErrorShowsTheCharacterNotAByte(t *testing.T) {
	code, out, errs := runCmd(t, "", "moves", "--fen", "9/9/9/9/W●●●●●●●● w")
	assertBadInput(t, code, out, errs, "row 1, character 2 (column b): unexpected '●'")
	assert.NotContains(t, errs, "â")
}

func TestPaikaCounterAboveTheLimitRefused(t *testing.T) {
	for _, args := range [][]string{{"moves"}, {"perft"}, {"analyze", "--player", "greedy"}, {"play", "--black", "greedy"}} {
		code, out, errs := runCmd(t, "", append(args, "--fen", "9/9/9/9/4W2B1 w 51 0")...)
		assertBadInput(t, code, out, errs, "paika counter 51 is above the paika limit 50")
	}
	// With the limit off, or at the limit (a draw already), the counter is a position's.
	code, _, errs := runCmd(t, "", "moves", "--fen", "9/9/9/9/4W2B1 w 51 0", "--paika-limit", "0")
	assert.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "", "moves", "--fen", "9/9/9/9/4W2B1 w 50 0")
	assert.Equal(t, 0, code, errs)
}

func TestAnalyzeAndPlayRefuseABadTablebaseFolder(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the default folder: missing
	tb := buildTables(t, "3")
	damaged := filepath.Join(t.TempDir(), "damaged")
	require.NoError(t, os.CopyFS(damaged, os.DirFS(tb)))
	b, err := os.ReadFile(filepath.Join(tb, "2v1.fntb"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(damaged, "2v1.fntb"), b[:len(b)-1], 0o644))
	damagedLimit := filepath.Join(t.TempDir(), "damaged-limit") // a table of the paika limit's
	require.NoError(t, os.CopyFS(damagedLimit, os.DirFS(tb)))
	b, err = os.ReadFile(filepath.Join(tb, "1v2.p50.fntb"))
	require.NoError(t, err)
	copy(b, "NOTATB!!")
	require.NoError(t, os.WriteFile(filepath.Join(damagedLimit, "1v2.p50.fntb"), b, 0o644))
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	missing := filepath.Join(t.TempDir(), "missing")
	for _, c := range []struct{ dir, says string }{
		{missing, "no such file or directory"},
		{damaged, "2v1.fntb"},
		{damagedLimit, "1v2.p50.fntb"},
		{file, "not a folder"},
	} {
		for _, cmd := range [][]string{
			{"analyze", "--player", "greedy", "--tablebases", c.dir},
			{"play", "--black", "greedy", "--tablebases", c.dir},
		} {
			code, out, errs := runCmd(t, "quit\n", cmd...)
			assertBadInput(t, code, out, errs, "--tablebases "+c.dir, c.says)
		}
	}
	// Sound, off, and the default folder missing: accepted.
	for _, dir := range []string{tb, "none", ""} {
		code, _, errs := runCmd(t, "", "analyze", "--player", "expert:depth=2", "--fen", "9/9/9/9/4W2B1 w", "--tablebases", dir)
		assert.Equal(t, 0, code, "%q: %s", dir, errs)
	}
	// The default folder, when it exists and is damaged, is refused too.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	require.NoError(t, os.CopyFS(defaultTablebaseDir(), os.DirFS(damaged)))
	code, out, errs := runCmd(t, "", "analyze", "--player", "greedy")
	assertBadInput(t, code, out, errs, "2v1.fntb")
}

func TestPerftStopsOnInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int)
	// Depth 6 takes seconds (not hours: the count goes on in the background until done).
	go func() {
		done <- run(ctx, []string{"perft", "--depth", "6"}, &streams{strings.NewReader(""), &out, &errb})
	}()
	cancel() // as Ctrl-C: the command must not wait for the count
	assert.Equal(t, 130, <-done)
	assert.Empty(t, out.String())
	assert.Contains(t, errb.String(), "perft --depth 6: interrupted")
}

func TestWarningGateHoldsWarningsBackOnly(t *testing.T) {
	var buf bytes.Buffer
	g := &warningGate{w: &buf}
	for _, w := range []string{"progress 1/2\r", "fanorona: warn", "ing: skipped x\nfanorona: wrote a\n", "fanorona: warning: y\n"} {
		_, err := g.Write([]byte(w))
		require.NoError(t, err)
	}
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\n", buf.String(), "progress and status lines pass at once")
	g.end(true)
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\nfanorona: warning: skipped x\nfanorona: warning: y\n", buf.String())

	buf.Reset()
	g = &warningGate{w: &buf}
	_, _ = g.Write([]byte("fanorona: warning: z\n"))
	g.end(false)
	assert.Empty(t, buf.String(), "dropped on exit 2")
}
