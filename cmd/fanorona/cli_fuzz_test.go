// cli_fuzz_test.go: the CLI fuzzer. A seeded generator builds command lines
// from a grammar of every command and flag of the live command tree (so a flag added
// later is fuzzed without an edit here) and value kinds (valid, boundary, malformed, huge,
// unicode, missing files, damaged records and tables), runs each in-process against a
// fresh copy of fixture files, and checks the contract of docs/CLI.md:
//
//   - no panic (exit 70), an exit status in {0, 1, 2, 130} (130 only when interrupted);
//   - on exit 2: nothing on stdout, exactly one line on stderr, and no file created,
//     changed or removed;
//   - on exit 1: stderr ends with the one "fanorona: " line.
//
// It runs in the normal suite for a bounded time (FANORONA_CLI_FUZZ_SECONDS, default 30,
// 4 with -short; FANORONA_CLI_FUZZ_SEED picks the seed) and logs how many distinct argument
// shapes it covered. Cases it finds go to testdata/cli/corpus/ (one JSON file each), which
// is replayed on every run; a case of a bug owned by another area carries "owner" and is
// replayed by command_refusals_test.go once that owner's work is merged.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/require"
)

// cliCase is one command line. Args and Stdin may name fixtures as {{name}} (see
// fixtureFiles); {{new}} is a path that does not exist yet.
type cliCase struct {
	Args  []string `json:"args"`
	Stdin string   `json:"stdin,omitempty"`
	// In a corpus file only:
	Exit  *int   `json:"exit,omitempty"`  // the status the case must give, when one is decided
	Owner string `json:"owner,omitempty"` // the area whose fix the case awaits (replayed by command_refusals_test.go)
	Note  string `json:"note,omitempty"`
}

// cliResult is what one run gave.
type cliResult struct {
	code        int
	stdout      string
	stderr      string
	interrupted bool // the fuzzer's deadline cancelled it
}

const (
	caseDeadline = 4 * time.Second  // then the context is cancelled (exit 130 is fine then)
	caseHang     = 30 * time.Second // a case still running by then ignores its context: a failure
)

// cliSandbox is a working folder with pristine fixtures, copied afresh for each case.
type cliSandbox struct {
	t        testing.TB
	pristine string // fixtures, never handed to a command
	work     string // the working directory of each case
	clean    map[string]fileState
	newCount int
}

// newCLISandbox makes the fixtures, sets the working directory and points the default
// tablebase folder and temporary files into the sandbox.
func newCLISandbox(t testing.TB) *cliSandbox {
	t.Helper()
	root := t.TempDir()
	sb := &cliSandbox{t: t, pristine: filepath.Join(root, "pristine"), work: filepath.Join(root, "work")}
	require.NoError(t, os.MkdirAll(sb.pristine, 0o755))
	require.NoError(t, os.MkdirAll(sb.work, 0o755))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(sb.work, "cache")) // the default tablebase folder
	t.Setenv("HOME", filepath.Join(sb.work, "home"))
	t.Setenv("FANORONA_TABLEBASES", "")
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	t.Setenv("TMPDIR", filepath.Join(root, "tmp"))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "tmp"), 0o755))
	sb.makeFixtures()
	sb.prepare()
	t.Chdir(sb.work)
	return sb
}

// fixture runs a command that must succeed while the fixtures are made.
func (sb *cliSandbox) fixture(args ...string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &streams{strings.NewReader(""), &out, &errb})
	require.Equal(sb.t, 0, code, "fixture %v: %s", args, errb.String())
}

func (sb *cliSandbox) write(name string, data []byte) {
	p := filepath.Join(sb.pristine, name)
	require.NoError(sb.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(sb.t, os.WriteFile(p, data, 0o644))
}

// fixtureFiles are the names a case may use as {{name}}, relative to the working folder.
var fixtureFiles = []string{
	"run", "run/games.jsonl", "run/summary.json", "run/run.json", "run2", "tour", "tour/games.jsonl", "games-damaged.jsonl",
	"games-truncated.jsonl", "chart.png", "empty.txt", "huge-line.txt", "ünï●code.jsonl",
	"tb", "tb-damaged", "tb-badmagic", "tb-empty", "fens.txt", "fens-bad.txt", "folder",
	"missing.jsonl", "missing-folder/x.png",
}

func (sb *cliSandbox) makeFixtures() {
	t, p := sb.t, sb.pristine
	sb.fixture("selfplay", "--player", "random", "--games", "4", "--seed", "3", "--out", filepath.Join(p, "run"))
	sb.fixture("selfplay", "--player", "greedy", "--games", "2", "--seed", "4", "--out", filepath.Join(p, "run2"))
	sb.fixture("tournament", "--players", "random,greedy,easy", "--games", "2", "--max-plies", "80", "--seed", "5", "--out", filepath.Join(p, "tour"))
	games, err := os.ReadFile(filepath.Join(p, "run", "games.jsonl"))
	require.NoError(t, err)
	sb.write("games-damaged.jsonl", append(append([]byte("{oops\n"), games...), "[1,2]\n\x00\xff\n"...))
	sb.write("games-truncated.jsonl", games[:len(games)/2])
	var img bytes.Buffer
	require.NoError(t, png.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 4))))
	sb.write("chart.png", img.Bytes())
	sb.write("empty.txt", nil)
	sb.write("huge-line.txt", append(bytes.Repeat([]byte("W"), 100<<10), '\n'))
	sb.write("ünï●code.jsonl", []byte("{\"white\":\"●\"}\n●●●\n"))
	sb.fixture("tablebase", "build", "--max-pieces", "3", "--dir", filepath.Join(p, "tb"), "--quiet")
	for _, d := range []string{"tb-damaged", "tb-badmagic"} {
		require.NoError(t, os.CopyFS(filepath.Join(p, d), os.DirFS(filepath.Join(p, "tb"))))
	}
	b, err := os.ReadFile(filepath.Join(p, "tb", "2v1.fntb"))
	require.NoError(t, err)
	sb.write("tb-damaged/2v1.fntb", b[:len(b)-100]) // truncated
	b, err = os.ReadFile(filepath.Join(p, "tb", "1v1.fntb"))
	require.NoError(t, err)
	copy(b, "NOTATB!!")
	sb.write("tb-badmagic/1v1.fntb", b)
	require.NoError(t, os.MkdirAll(filepath.Join(p, "tb-empty"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(p, "folder"), 0o755))
	sb.write("fens.txt", []byte("# 3 pieces\n9/9/9/9/4W2B1 w\n9/B8/9/9/W8 w\n9/9/4W4/3B5/9 b\n"))
	sb.write("fens-bad.txt", []byte("9/9/9/9/4W2B1 w\n9/9/9/9/●●●●●●●●● w\n9/9/9/9/WWWWB4 w\n"))
}

// prepare restores the working folder to a copy of the fixtures (when the last case
// changed it) and returns its state.
func (sb *cliSandbox) prepare() map[string]fileState {
	if sb.clean != nil {
		if now := snapshot(sb.t, sb.work); maps.Equal(now, sb.clean) {
			return now
		}
	}
	entries, err := os.ReadDir(sb.work)
	require.NoError(sb.t, err)
	for _, e := range entries {
		require.NoError(sb.t, os.RemoveAll(filepath.Join(sb.work, e.Name())))
	}
	require.NoError(sb.t, os.CopyFS(sb.work, os.DirFS(sb.pristine)))
	sb.clean = snapshot(sb.t, sb.work)
	return sb.clean
}

// expand replaces {{name}} by the fixture's path and {{new}} by a path not yet taken.
func (sb *cliSandbox) expand(s string) string {
	for strings.Contains(s, "{{new}}") {
		sb.newCount++
		s = strings.Replace(s, "{{new}}", fmt.Sprintf("new-%d", sb.newCount), 1)
	}
	for _, name := range fixtureFiles {
		s = strings.ReplaceAll(s, "{{"+name+"}}", name)
	}
	s = strings.ReplaceAll(s, "{{abs}}", sb.work) // an absolute path into the working folder
	return s
}

// fileState is what the check of "nothing written" compares.
type fileState struct {
	size int64
	mod  time.Time
	dir  bool
}

func snapshot(t testing.TB, dir string) map[string]fileState {
	st := map[string]fileState{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		st[p] = fileState{info.Size(), info.ModTime(), d.IsDir()}
		return nil
	})
	require.NoError(t, err)
	return st
}

// runCase runs one case in a fresh working folder and returns its result and the
// contract's violations (none when it keeps the contract).
func (sb *cliSandbox) runCase(c cliCase) (cliResult, []string) {
	before := sb.prepare()
	sb.newCount = 0
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = sb.expand(a)
	}
	stdin := sb.expand(c.Stdin)

	ctx, cancel := context.WithTimeout(context.Background(), caseDeadline)
	defer cancel()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				errb.WriteString(fmt.Sprintf("PANIC ESCAPED run(): %v\n", v))
				done <- -1
			}
		}()
		done <- run(ctx, args, &streams{strings.NewReader(stdin), &out, &errb})
	}()
	var res cliResult
	select {
	case res.code = <-done:
	case <-time.After(caseHang):
		sb.t.Fatalf("case %s still runs %v after its context was cancelled", caseJSON(c), caseHang-caseDeadline)
	}
	res.interrupted = ctx.Err() != nil
	res.stdout, res.stderr = out.String(), errb.String()
	return res, sb.violations(res, before)
}

// violations checks one result against the contract.
func (sb *cliSandbox) violations(r cliResult, before map[string]fileState) []string {
	var v []string
	switch r.code {
	case cliout.ExitOK, cliout.ExitFailure, cliout.ExitUsage:
	case cliout.ExitInterrupted:
		if !r.interrupted {
			v = append(v, "exit 130 without an interrupt")
		}
	case cliout.ExitInternal:
		v = append(v, "panic (exit 70)")
	default:
		v = append(v, fmt.Sprintf("exit %d", r.code))
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	switch r.code {
	case cliout.ExitUsage:
		if r.stdout != "" {
			v = append(v, "stdout not empty on exit 2")
		}
		if len(lines) != 1 || !strings.HasSuffix(r.stderr, "\n") {
			v = append(v, "stderr not one line on exit 2")
		}
		if !strings.HasPrefix(last, "fanorona: ") {
			v = append(v, "exit 2 without a \"fanorona: \" line")
		}
		after := snapshot(sb.t, sb.work)
		for p, st := range after {
			if old, ok := before[p]; !ok {
				v = append(v, "exit 2 left a file behind")
				break
			} else if old != st && !st.dir {
				v = append(v, "exit 2 changed a file")
				break
			}
		}
		for p := range before {
			if _, ok := after[p]; !ok {
				v = append(v, "exit 2 removed a file")
				break
			}
		}
	case cliout.ExitFailure, cliout.ExitInterrupted:
		if r.code == cliout.ExitFailure {
			// The sandbox's disk and memory do not fail: exit 1 here is bad input
			// misfiled (or a command that failed on its own).
			v = append(v, "exit 1 where the machine did not fail")
		}
		if !strings.HasPrefix(last, "fanorona: ") {
			v = append(v, fmt.Sprintf("exit %d without a final \"fanorona: \" line", r.code))
		}
	}
	return v
}

func caseJSON(c cliCase) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// ---- the grammar ----

// value is a generated argument and its kind, which names the argument's shape.
type value struct{ text, kind string }

func pick(r *rand.Rand, kind string, texts ...string) value {
	return value{texts[r.IntN(len(texts))], kind}
}

var (
	validFENs = []string{
		"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0",
		"9/6B2/5W1W1/9/9 w 0 10", "9/9/9/9/4W2B1 w", "9/B8/9/9/W8 b 3 7",
		"BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0", "ppppppppp/ppppppppp/pPpP1pPpP/PPPPPPPPP/PPPPPPPPP w",
	}
	boundaryFENs = []string{
		"9/9/4W4/9/9 b",              // game over: Black has no pieces
		"9/9/9/9/9 w",                // nobody
		"9/9/9/9/4W2B1 w 49 0",       // one paika ply from the limit
		"9/9/9/9/4W2B1 w 50 0",       // at the paika limit
		"9/9/9/9/4W2B1 w 999999 0",   // a paika counter above the limit
		"9/9/9/9/4W2B1 w 0 99999999", // a huge ply
		"WWWWWWWWW/WWWWWWWWW/WWWW1WWWW/BBBBBBBBB/BBBBBBBBB w",
	}
	malformedFENs = []string{
		"", " ", "9/9/9/9 w", "9/9/9/9/9 x", "9/9/9/9/●●●●●●●●● w", "●", "9/9/9/9/9 w -1",
		"9/9/9/9/9 w 0 +3", "9/9/9/9/99 w", "9/9/9/9/WBwb5 w", "9/9/9/9/9 w 0 0 0", "W/W/W/W/W w",
		"9/9/9/9/9 w 18446744073709551616", "9/9/9/9/9\tw", "9/9/9/9/9 w\x00", strings.Repeat("9/", 20000) + "9 w",
	}
	cheapSpecs     = []string{"random", "greedy", "easy", "expert:depth=1", "expert:nodes=200", "expert:depth=2,nodes=500", "random:seed=3"}
	malformedSpecs = []string{"", "wizard", "expert:dpth=3", "expert:depth=-1", "expert:depth=x", "expert:", ":", "expert:depth=1,", "expert:time=-5s", "●", "expert:nodes=99999999999999999999999", strings.Repeat("x", 70000)}
	intBoundary    = []string{"0", "-1", "2147483648", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e3", "0x10", "", "١"}
	durations      = []string{"1ms", "20ms", "50ms"}
	badDurations   = []string{"0", "-1s", "x", "1e9h", "", "5", "1µs", "9999999999h"}
	validRecords   = []string{"{{run}}/games.jsonl", "{{tour}}/games.jsonl", "{{run}}", "{{tour}}", "{{run2}}/games.jsonl"}
	pathFixtures   = []string{"{{tour}}/games.jsonl", "{{tour}}/summary.json", "{{run}}", "{{run}}/games.jsonl", "{{run}}/summary.json", "{{run}}/run.json", "{{run2}}", "{{games-damaged.jsonl}}", "{{games-truncated.jsonl}}", "{{chart.png}}", "{{empty.txt}}", "{{huge-line.txt}}", "{{ünï●code.jsonl}}", "{{tb}}", "{{tb-damaged}}", "{{tb-empty}}", "{{fens.txt}}", "{{folder}}", "{{missing.jsonl}}", "{{missing-folder/x.png}}", "-", "", "/", "{{abs}}/{{run}}/games.jsonl", "/dev/null", "/proc/self/status"}
	tbFolders      = []string{"{{tb}}", "{{tb-damaged}}", "{{tb-badmagic}}", "{{tb-empty}}", "{{folder}}", "{{missing.jsonl}}", "{{empty.txt}}", "none", "", "{{new}}", "{{abs}}/{{tb}}"}
	turnsAndWords  = []string{"e2-e3", "d3-e3", "d3-e3A", "d3-e3W", "f4-e4W-e3A", "A", "W", "x", "stop", "moves", "board", "help", "?", "hint", "e4", "quit", "", "●", "e2-e3-e4-e5-e6", "a1-i5", "zz", strings.Repeat("e2-e3", 20000)}
)

// flagValues are each flag's values: good ones (valid, of any kind) and bad ones
// (malformed, out of range, huge, unicode, missing or damaged files), by flag name.
var flagValues = map[string]struct{ good, bad []string }{
	"fen":         {append(append([]string{}, validFENs...), boundaryFENs...), malformedFENs},
	"games":       {[]string{"1", "2", "4"}, []string{"0", "-2", "x", "3", ""}},
	"max-depth":   {[]string{"0", "1", "3"}, []string{"-1", "x", "2147483648"}},
	"max-pieces":  {[]string{"2", "3"}, []string{"1", "0", "-1", "45", "1000", "x"}},
	"material":    {[]string{"1v1", "2v1", "1v2"}, []string{"3x5", "v", "0v1", "23v1", "-1v2", "2v1,1v1", "●v●", "", "1v1v1"}},
	"seed":        {[]string{"0", "1", "42", "18446744073709551615"}, []string{"18446744073709551616", "-1", "x"}},
	"time":        {durations, badDurations},
	"paika-limit": {[]string{"0", "1", "50"}, []string{"-1", "2147483648", "x"}},
	"max-plies":   {[]string{"1", "10", "60"}, []string{"0", "-1", "x", "9223372036854775807"}},
	"openings":    {[]string{"start", "random:3", "book:1"}, []string{"random:-1", "book:x", "book:", "nope", "random:99999"}},
	"shard":       {[]string{"0/2", "1/2", "0/1"}, []string{"4/4", "5/100", "x", "1/0", "-1/2", ""}},
	"shard-count": {[]string{"0", "2"}, []string{"-1", "x"}},
	"sprt":        {[]string{"0,50", "0,50,0.05,0.05"}, []string{"x", "50,0", "", "0,50,2,2", "NaN,1"}},
	"format":      {[]string{"round-robin", "gauntlet"}, []string{"swiss", ""}},
	"by":          {[]string{"matchup", "player"}, []string{"x", ""}},
	"conf":        {[]string{"0.95", "0.5", "0.999"}, []string{"0", "1", "-1", "x", "NaN", "1e309"}},
	"workers":     {[]string{"0", "1", "2"}, []string{"-1", "x"}},
	"concurrency": {[]string{"0", "1", "2"}, []string{"-1", "x"}},
	"tablebases":  {[]string{"{{tb}}", "{{tb-empty}}", "none", "", "{{abs}}/{{tb}}"}, []string{"{{tb-damaged}}", "{{tb-badmagic}}", "{{folder}}/x", "{{missing.jsonl}}", "{{empty.txt}}", "{{new}}"}},
	"batch":       {[]string{"{{fens.txt}}", "-", "{{empty.txt}}"}, []string{"{{fens-bad.txt}}", "{{huge-line.txt}}", "{{missing.jsonl}}", "{{chart.png}}", "{{folder}}"}},
	"compare":     {validRecords, pathFixtures},
	"player":      {cheapSpecs, malformedSpecs},
	"engine":      {nil, []string{"x", "name=n", "name=n,cmd=", "name=n,cmd={{missing.jsonl}}", "name=n,cmd=/bin/true,timeout=100ms", "name=●,cmd=/bin/false", "name=n,cmd=/bin/true,margin=x"}},
	"engines":     {nil, []string{"{{missing.jsonl}}", "{{chart.png}}", "{{empty.txt}}", "{{run}}/summary.json", "{{folder}}"}},
	"notation":    {[]string{"compact", "dashed"}, []string{"x", ""}},
	"hash":        {[]string{"0", "1", "16"}, []string{"-1", "x", "9223372036854775807"}},
	"white":       {append([]string{"human"}, cheapSpecs...), malformedSpecs},
	"black":       {append([]string{"human"}, cheapSpecs...), malformedSpecs},
	"hint":        {cheapSpecs, malformedSpecs},
}

// flagValue generates a good or a bad value for a flag, by name first, then by type.
func flagValue(r *rand.Rand, cmdPath string, f *pflag.Flag, good bool) value {
	n := f.Name
	vals, ok := flagValues[n]
	switch {
	case n == "dir" && strings.Contains(cmdPath, "build"), n == "tablebases" && strings.Contains(cmdPath, "build"):
		vals, ok = struct{ good, bad []string }{[]string{"{{new}}", "{{tb}}", "{{tb-empty}}", ""}, []string{"{{tb-damaged}}", "{{empty.txt}}", "{{missing-folder/x.png}}"}}, true
	case n == "dir":
		vals, ok = flagValues["tablebases"]
	case n == "players":
		k := 1 + r.IntN(3)
		var specs []string
		kind := "specs:good"
		for i := range k {
			if !good && i == k-1 {
				specs, kind = append(specs, malformedSpecs[r.IntN(len(malformedSpecs))]), "specs:bad"
			} else {
				specs = append(specs, cheapSpecs[r.IntN(len(cheapSpecs))])
			}
		}
		return value{strings.Join(specs, ","), kind + strconv.Itoa(k)}
	case n == "depth" && strings.HasSuffix(cmdPath, "perft"):
		// Not "0x10": pflag reads it as 16, a valid depth that takes hours (perft stops on
		// Ctrl-C, but its goroutine would go on burning a core for the rest of the test).
		vals, ok = struct{ good, bad []string }{[]string{"1", "2", "3"}, []string{"0", "-1", "31", "x", "", "2147483648", "١"}}, true
	case n == "depth":
		vals, ok = struct{ good, bad []string }{nil, append([]string{"31", "x"}, intBoundary...)}, true
	case n == "out" || n == "output":
		if strings.Contains(cmdPath, "plot") || strings.Contains(cmdPath, "report") {
			vals = struct{ good, bad []string }{[]string{"{{new}}.png", "{{new}}.svg", "{{abs}}/{{new}}.svg", "{{folder}}/c.png", "ü●.png"},
				[]string{"{{new}}.txt", "{{new}}", "{{chart.png}}", "{{missing-folder/x.png}}", "{{folder}}", ""}}
		} else {
			vals = struct{ good, bad []string }{[]string{"{{new}}", "{{abs}}/{{new}}", "{{folder}}/run"},
				[]string{"{{run}}", "{{folder}}", "{{empty.txt}}", "{{missing-folder/x.png}}", ""}}
		}
		ok = true
	}
	if !ok {
		switch f.Value.Type() {
		case "bool":
			vals = struct{ good, bad []string }{[]string{"true", "false"}, []string{"maybe", ""}}
		case "int", "int64", "uint64", "uint", "float64":
			vals = struct{ good, bad []string }{[]string{"1", "2"}, intBoundary}
		case "duration":
			vals = struct{ good, bad []string }{durations, badDurations}
		default:
			vals = struct{ good, bad []string }{[]string{"x"}, []string{"", "●", "{{missing.jsonl}}", "{{new}}", strings.Repeat("a", 70000)}}
		}
	}
	if good && len(vals.good) > 0 {
		return pick(r, n+":good", vals.good...)
	}
	return pick(r, n+":bad", vals.bad...)
}

// positional generates positional arguments for a command.
func positional(r *rand.Rand, c *cobra.Command, careful bool) []value {
	path := c.CommandPath()
	var vals []value
	switch {
	case path == "fanorona puzzles show" || path == "fanorona puzzles solve":
		vals = append(vals, pick(r, "puzzle", "longest-2v1", "withdraw-3v2", "nope", "", "●", "../etc"))
	case path == "fanorona help":
		vals = append(vals, pick(r, "command", "perft", "tablebase", "nope", "plot", ""))
	case strings.HasPrefix(path, "fanorona completion"):
		if r.IntN(3) == 0 {
			vals = append(vals, pick(r, "word", "x", "bash"))
		}
		return vals
	case path == "fanorona __complete" || path == "fanorona __completeNoDesc":
		vals = append(vals, pick(r, "complete", "perft", "play", "tablebase", "selfplay"), pick(r, "word", "--", "--f", "", "--fen", "x"))
	case path == "fanorona stats" || path == "fanorona merge" || strings.HasPrefix(path, "fanorona plot "):
		for range 1 + r.IntN(2) {
			if careful || r.IntN(2) == 0 {
				vals = append(vals, pick(r, "file:records", validRecords...))
			} else {
				vals = append(vals, pick(r, "file", pathFixtures...))
			}
		}
		return vals
	}
	if !careful && r.IntN(3) == 0 {
		vals = append(vals, pick(r, "stray", "x", "●", "--", "-", "-x"))
	}
	return vals
}

// cheapFlags must be given to these commands, whose defaults take seconds.
var cheapFlags = map[string][]string{
	"fanorona analyze":         {"player"},
	"fanorona play":            {"white", "black", "hint"},
	"fanorona selfplay":        {"games", "player", "max-plies"},
	"fanorona tournament":      {"games", "players", "max-plies"},
	"fanorona solve":           {"time"},
	"fanorona prove":           {"time"},
	"fanorona prove-sample":    {"time", "count"},
	"fanorona puzzles solve":   {"time"},
	"fanorona tablebase build": {"max-pieces"},
}

// cheapDefault is the value a cheap flag gets when the generator's would be expensive.
func cheapDefault(name string) string {
	switch name {
	case "player", "black", "hint":
		return "greedy"
	case "white":
		return "human"
	case "players":
		return "random,greedy"
	case "games":
		return "2"
	case "max-plies":
		return "60"
	case "time":
		return "20ms"
	case "count":
		return "1"
	case "max-pieces":
		return "2"
	}
	return ""
}

// generateCase builds one command line and its shape.
func generateCase(r *rand.Rand, commands []*cobra.Command) (cliCase, string) {
	c := commands[r.IntN(len(commands))]
	if strings.HasPrefix(c.CommandPath(), "fanorona plot ") && r.IntN(3) > 0 {
		c = commands[r.IntN(len(commands))] // charts take ~0.5 s to draw: a third as often
	}
	path := c.CommandPath()
	args := strings.Fields(path)[1:]
	shape := []string{path}
	var flags []*pflag.Flag
	c.Flags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
	sort.Slice(flags, func(i, j int) bool { return flags[i].Name < flags[j].Name })
	given := map[string]bool{}
	addFlag := func(f *pflag.Flag, v value) {
		given[f.Name] = true
		switch {
		case f.Value.Type() == "bool" && r.IntN(3) > 0:
			args = append(args, "--"+f.Name)
			shape = append(shape, "--"+f.Name)
			return
		case f.Shorthand != "" && r.IntN(2) == 0:
			args = append(args, "-"+f.Shorthand, v.text)
		case r.IntN(4) == 0:
			args = append(args, "--"+f.Name+"="+v.text)
		default:
			args = append(args, "--"+f.Name, v.text)
		}
		shape = append(shape, "--"+f.Name+"="+v.kind)
	}
	// Half the cases are good but for at most one fault, so that the commands get past
	// their first check; the others are bad anywhere.
	careful := r.IntN(2) == 0
	fault := -1
	if careful {
		fault = r.IntN(5) // the flag that is bad (none when it is past the flags chosen)
	}
	if len(flags) > 0 {
		for i := range r.IntN(4) {
			f := flags[r.IntN(len(flags))]
			if (f.Name == "help" || f.Name == "version") && r.IntN(8) > 0 {
				continue
			}
			good := r.IntN(2) == 0
			if careful {
				good = i != fault
			}
			addFlag(f, flagValue(r, path, f, good))
		}
	}
	// Expensive defaults are replaced by cheap values, and expensive values too.
	for _, name := range cheapFlags[path] {
		f := c.Flags().Lookup(name)
		if f == nil || given[name] {
			continue
		}
		addFlag(f, value{cheapDefault(name), name + ":cheap"})
	}
	if f := c.Flags().Lookup("output"); f != nil && !given["output"] && r.IntN(4) > 0 {
		addFlag(f, value{"{{new}}." + []string{"png", "svg"}[r.IntN(2)], "output:new"})
	}
	for _, v := range positional(r, c, careful) {
		args = append(args, v.text)
		shape = append(shape, "arg="+v.kind)
	}
	switch r.IntN(40) {
	case 0:
		args = append(args, "--no-such-flag")
		shape = append(shape, "unknown-flag")
	case 1:
		if len(flags) > 0 && flags[0].Value.Type() != "bool" {
			args = append(args, "--"+flags[0].Name) // a flag without its value
			shape = append(shape, "dangling-flag")
		}
	case 2:
		args = append(args, "-o", "{{new}}.png")
		shape = append(shape, "-o")
	}
	var stdin string
	if path == "fanorona play" || path == "fanorona engine" || slicesContains(args, "-") {
		var lines []string
		for range r.IntN(6) {
			lines = append(lines, turnsAndWords[r.IntN(len(turnsAndWords))])
		}
		if slicesContains(args, "--batch") || path != "fanorona play" {
			lines = append(lines, validFENs[r.IntN(len(validFENs))], malformedFENs[r.IntN(len(malformedFENs))])
		}
		stdin = strings.Join(lines, "\n")
		shape = append(shape, fmt.Sprintf("stdin=%d", len(lines)))
	}
	sort.Strings(shape[1:])
	return cliCase{Args: args, Stdin: stdin}, strings.Join(shape, " ")
}

func slicesContains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// fuzzCommands lists every command of the tree the fuzzer may run (groups included).
func fuzzCommands() []*cobra.Command {
	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	var cmds []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		cmds = append(cmds, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return cmds
}

// ---- the corpus ----

// corpusDir is testdata/cli/corpus at the module's root, found from this file's path: the
// fuzzer changes the working directory, and Go's fuzzing workers start in it.
func corpusDir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "cli", "corpus")
}

type corpusEntry struct {
	name string
	cliCase
}

func loadCorpus(t testing.TB, dir string) []corpusEntry {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no corpus in %s", dir)
	var entries []corpusEntry
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var c cliCase
		require.NoError(t, json.Unmarshal(b, &c), f)
		require.NotEmpty(t, c.Args, f)
		entries = append(entries, corpusEntry{strings.TrimSuffix(filepath.Base(f), ".json"), c})
	}
	return entries
}

// checkCorpusEntry replays one corpus case and asserts the contract (and its exit status
// when the entry decides one).
func checkCorpusEntry(t *testing.T, sb *cliSandbox, e corpusEntry) {
	res, v := sb.runCase(e.cliCase)
	if e.Exit != nil && res.code != *e.Exit {
		v = append(v, fmt.Sprintf("exit %d, want %d", res.code, *e.Exit))
	}
	if len(v) > 0 {
		t.Errorf("corpus %s %s: %s\nstdout: %.300q\nstderr: %.600q", e.name, caseJSON(e.cliCase), strings.Join(v, "; "), res.stdout, res.stderr)
	}
}

// knownPending is the command path and violation of each corpus case that awaits
// another owner: the fuzzer counts these, and reports them without failing.
func knownPending(entries []corpusEntry, sb *cliSandbox) map[string]string {
	known := map[string]string{}
	for _, e := range entries {
		if e.Owner == "" {
			continue
		}
		_, v := sb.runCase(e.cliCase)
		for _, viol := range v {
			known[commandOf(e.Args)+": "+viol] = e.Owner
		}
	}
	return known
}

// commandOf is the command path a command line runs.
func commandOf(args []string) string {
	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	if c, _, err := root.Find(args); err == nil && c != nil {
		return c.CommandPath()
	}
	return "fanorona"
}

// ---- the tests ----

func fuzzBudget(t *testing.T) time.Duration {
	if s := os.Getenv("FANORONA_CLI_FUZZ_SECONDS"); s != "" {
		secs, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err, "FANORONA_CLI_FUZZ_SECONDS")
		return time.Duration(secs * float64(time.Second))
	}
	if testing.Short() {
		return 4 * time.Second
	}
	return 30 * time.Second
}

func fuzzSeed(t *testing.T) uint64 {
	if s := os.Getenv("FANORONA_CLI_FUZZ_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, "FANORONA_CLI_FUZZ_SEED")
		return seed
	}
	return 13
}

// TestCLIContractCorpus replays the found cases that are not waiting for another owner.
func TestCLIContractCorpus(t *testing.T) {
	dir := corpusDir(t)
	sb := newCLISandbox(t)
	for _, e := range loadCorpus(t, dir) {
		if e.Owner != "" {
			continue // command_refusals_test.go
		}
		checkCorpusEntry(t, sb, e)
	}
}

// TestCLIFuzz runs generated command lines for a bounded time and checks each against
// the contract. A failing case is printed as a corpus entry; with
// FANORONA_CLI_FUZZ_RECORD=1 it is also written to testdata/cli/corpus/.
func TestCLIFuzz(t *testing.T) {
	budget, seed := fuzzBudget(t), fuzzSeed(t)
	corpus := corpusDir(t)
	record := os.Getenv("FANORONA_CLI_FUZZ_RECORD") == "1"
	verbose := os.Getenv("FANORONA_CLI_FUZZ_VERBOSE") == "1"
	sb := newCLISandbox(t)
	known := knownPending(loadCorpus(t, corpus), sb)
	commands := fuzzCommands()
	shapes := map[string]bool{}
	pendingSeen := map[string]int{}
	codes := map[int]int{}
	failures := map[string]bool{} // one report per command and violation
	start := time.Now()
	n := 0
	for ; time.Since(start) < budget; n++ {
		r := rand.New(rand.NewPCG(seed, uint64(n)))
		c, shape := generateCase(r, commands)
		shapes[shape] = true
		caseStart := time.Now()
		res, v := sb.runCase(c)
		codes[res.code]++
		if verbose {
			t.Logf("case %d: exit %d in %v: %s: %.200q", n, res.code, time.Since(caseStart).Round(time.Millisecond), caseJSON(c), res.stderr)
		}
		for _, viol := range v {
			key := commandOf(c.Args) + ": " + viol
			if owner, ok := known[key]; ok {
				pendingSeen[key+" (awaits "+owner+")"]++
				continue
			}
			if failures[key] {
				continue
			}
			failures[key] = true
			t.Errorf("case %d of seed %d breaks the contract: %s\n%s\nstdout: %.300q\nstderr: %.600q",
				n, seed, viol, caseJSON(c), res.stdout, res.stderr)
			if record {
				name := fmt.Sprintf("fuzz-%d-%d.json", seed, n)
				b, _ := json.MarshalIndent(cliCase{Args: c.Args, Stdin: c.Stdin, Note: key}, "", "  ")
				require.NoError(t, os.WriteFile(filepath.Join(corpus, name), append(b, '\n'), 0o644))
			}
		}
	}
	t.Logf("CLI fuzz: seed %d, %d cases in %.0f s, %d distinct argument shapes over %d commands; exit statuses %v",
		seed, n, time.Since(start).Seconds(), len(shapes), len(commands), codes)
	for k, count := range pendingSeen {
		t.Logf("known, awaiting its owner: %s: %d cases", k, count)
	}
}

// FuzzCLI is the same check as a Go fuzz target: go test ./cmd/fanorona -run '^$'
// -fuzz FuzzCLI -fuzztime 60s. The fuzzing engine mutates the generator's seed and case.
func FuzzCLI(f *testing.F) {
	for i := range uint64(8) {
		f.Add(uint64(13), i)
	}
	corpus := corpusDir(f)
	sb := newCLISandbox(f)
	known := knownPending(loadCorpus(f, corpus), sb)
	commands := fuzzCommands()
	f.Fuzz(func(t *testing.T, seed, n uint64) {
		sb.t = t
		c, _ := generateCase(rand.New(rand.NewPCG(seed, n)), commands)
		res, v := sb.runCase(c)
		for _, viol := range v {
			if _, ok := known[commandOf(c.Args)+": "+viol]; !ok {
				t.Errorf("%s: %s\nstdout: %.300q\nstderr: %.600q", caseJSON(c), viol, res.stdout, res.stderr)
			}
		}
	})
}
