package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
		if assert.NotEmpty(t, lines, "%q has no example (add one to its section of help.txt)", c.CommandPath()) {
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

// exampleTimeout is how long an example runs before it counts as "still running": every
// command checks its flags and inputs before its work (docs/CLI.md), so a usage error
// shows within it, and a slow example (a tournament, a build, a server) is not waited for.
const exampleTimeout = 3 * time.Second

// exampleFixtures are the files and folders the help examples read, made once by cheap
// runs, by the name the examples give them; "~/" is the example's home. An example gets
// those it names (not as -o/--output/--certificates: those it makes) in a working folder
// of its own; the default tablebase folder (tables of at most 5 pieces) it always gets.
var exampleFixtures = []string{
	"~/.cache/fanorona/tablebases", "~/tb", "tb4", "out/selfplay-7", "out/tournament-3", "out/tournament-1",
	"a", "b", "runs/v2-v1", "shard0", "shard1", "shard2", "shard3", "positions.fen", "quiet-9-12.txt",
	"positions.fens", "cert.fpc.gz", "sample-6.jsonl", "sample-7.jsonl", "small.pos",
}

// makeExampleFixtures makes every exampleFixtures entry under dir (home as dir/home).
func makeExampleFixtures(t *testing.T, dir string) {
	at := func(name string) string { return filepath.Join(dir, strings.Replace(name, "~/", "home/", 1)) }
	must := func(args ...string) {
		t.Helper()
		code, _, errs := runCmd(t, "", args...)
		require.Equal(t, 0, code, "fixture %v: %s", args, errs)
	}
	tables := at("~/.cache/fanorona/tablebases")
	must("tablebase", "build", "--max-pieces", "5", "--tablebases", tables, "--quiet")
	for _, small := range []string{"~/tb", "tb4"} {
		must("tablebase", "build", "--max-pieces", "4", "--tablebases", at(small), "--quiet")
	}
	// Enough games of random for the positions the examples draw (200 of 8-16 pieces).
	must("selfplay", "--player", "random", "--games", "300", "--seed", "7", "-o", at("out/selfplay-7"))
	for _, run := range []string{"a", "b", "runs/v2-v1"} {
		copyFixture(t, at("out/selfplay-7"), at(run))
	}
	must("tournament", "--players", "random,greedy", "--games", "100", "--seed", "3", "-o", at("out/tournament-3"))
	copyFixture(t, at("out/tournament-3"), at("out/tournament-1"))
	for i := range 4 {
		must("selfplay", "--player", "random", "--games", "8", "--seed", "7", "--shard", fmt.Sprintf("%d/4", i),
			"--run-id", "0123456789abcdef0123456789abcdef", "-o", at(fmt.Sprintf("shard%d", i)))
	}
	must("positions", at("out/selfplay-7"), "--count", "200", "--seed", "1", "-o", at("positions.fen"))
	must("positions", at("out/selfplay-7"), "--count", "3", "--seed", "2", "-o", at("quiet-9-12.txt"))
	require.NoError(t, os.WriteFile(at("positions.fens"), []byte("9/9/4W4/3B5/9 w\n9/9/2W1W4/3B1B3/9 b\n"), 0o644))
	must("prove", "--fen", "9/9/2W1W4/3B1B3/9 w", "--tablebases", "none", "-o", at("cert.fpc.gz"))
	for _, sample := range []string{"sample-6.jsonl", "sample-7.jsonl"} {
		code, out, errs := runCmd(t, "", "prove-sample", "--tablebases", at("tb4"), "--reference", tables,
			"--pieces", "5", "--count", "2", "--nodes", "20000")
		require.Equal(t, 0, code, errs)
		require.NoError(t, os.WriteFile(at(sample), []byte(out), 0o644))
	}
	must("net", "data", "-o", at("small.pos"), "--games", "300") // as net train's example says
}

// otherShells are the marks of example lines written for another shell than bash (zsh,
// fish, PowerShell): only their fanorona command is run, up to the redirection or pipe.
var otherShells = []string{"${fpath", "~/.config/fish", "Out-String"}

// TestEveryHelpExampleRuns runs every example line of every command's help as pasted into
// bash, with the command on the PATH, in a working folder of its own holding the files it
// names (exampleFixtures). It passes when the line finishes with exit status 0, or is
// still running after exampleTimeout (then its process group is killed): examples stay
// what a reader would run (200 games, a 5-piece build), and the test is bounded.
func TestEveryHelpExampleRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example: about a minute")
	}
	bin := commandFromTestBinary(t)
	master := t.TempDir()
	makeExampleFixtures(t, master)

	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	seen := map[string]bool{}
	var lines []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		for _, l := range strings.Split(c.Example, "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "#") || !strings.Contains(l, "fanorona ") || seen[l] {
				continue
			}
			seen[l] = true
			lines = append(lines, l)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	require.Greater(t, len(lines), 40)

	for _, line := range lines {
		shell := line
		for _, mark := range otherShells {
			if strings.Contains(line, mark) {
				shell = strings.TrimSpace(line[:strings.IndexAny(line, "|>")])
			}
		}
		if strings.HasPrefix(line, "fanorona serve") && !strings.Contains(line, "--addr") && !portFree(defaultServeAddr) {
			t.Logf("not run, %s is taken by another process of this machine: %s", defaultServeAddr, line)
			continue
		}
		work := t.TempDir()
		for _, name := range exampleFixtures {
			if name == "~/.cache/fanorona/tablebases" || namesInput(line, name) {
				rel := strings.Replace(name, "~/", "home/", 1)
				copyFixture(t, filepath.Join(master, rel), filepath.Join(work, rel))
			}
		}
		cmd := exec.Command("bash", "-c", shell)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "FANORONA_TEST_BINARY_IS_THE_COMMAND=1",
			"PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "HOME="+filepath.Join(work, "home"),
			"XDG_CACHE_HOME="+filepath.Join(work, "home", ".cache"), "FANORONA_TABLEBASES=")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		require.NoError(t, cmd.Start(), line)
		timer := time.AfterFunc(exampleTimeout, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		err := cmd.Wait()
		stillRunning := !timer.Stop()
		if !stillRunning {
			assert.NoError(t, err, "%s\n%s", line, lastLines(stderr.String(), 3))
		}
	}
}

// commandFromTestBinary returns a "fanorona" that is this test binary (a link to it), which
// runs as the command when FANORONA_TEST_BINARY_IS_THE_COMMAND=1 (TestMain): no build.
func commandFromTestBinary(t *testing.T) string {
	self, err := os.Executable()
	require.NoError(t, err)
	bin := filepath.Join(t.TempDir(), "fanorona")
	require.NoError(t, os.Symlink(self, bin))
	return bin
}

// namesInput reports whether an example line names the fixture name as an input: as a
// word or a word's start (name/…), or after "file:", and not as the value of a flag that
// makes it.
func namesInput(line, name string) bool {
	re := regexp.MustCompile(`(^|[\s:])` + regexp.QuoteMeta(name) + `(/|\s|$)`)
	for _, m := range re.FindAllStringIndex(line, -1) {
		before := strings.TrimRight(line[:m[0]+1], " ")
		made := false
		for _, f := range []string{" -o", " --output", " --certificates"} {
			made = made || strings.HasSuffix(before, f)
		}
		if !made {
			return true
		}
	}
	return false
}

// portFree reports whether addr can be listened on now.
func portFree(addr string) bool {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// copyFixture copies the file or folder from to to.
func copyFixture(t *testing.T, from, to string) {
	st, err := os.Stat(from)
	require.NoError(t, err)
	if st.IsDir() {
		require.NoError(t, os.CopyFS(to, os.DirFS(from)))
		return
	}
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, b, 0o644))
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}

// TestHelpStatesEachDefaultOnce: a flag whose usage says its default itself is not also
// given cobra's "(default X)" of another value (verify's --paika-limit said both "every
// table" and 50).
func TestHelpStatesEachDefaultOnce(t *testing.T) {
	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || !strings.Contains(strings.ToLower(f.Usage), "default:") {
				return
			}
			line := pflagUsageLine(f)
			assert.NotContains(t, line, "(default ", "%s --%s: %s", c.CommandPath(), f.Name, line)
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	code, help, _ := runCmd(t, "", "tablebase", "verify", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "check only the tables of this rule (0 = theoretic) (default every table in the folder)")
	assert.NotContains(t, help, "(default 50)")
}

// pflagUsageLine is the line the help prints for f.
func pflagUsageLine(f *pflag.Flag) string {
	fs := pflag.NewFlagSet("", pflag.ContinueOnError)
	fs.AddFlag(f)
	return fs.FlagUsages()
}
