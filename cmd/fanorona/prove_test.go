// prove_test.go: the prove and check commands, their files and exit statuses.

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tablesUpTo4AndUpTo3 builds the tables of at most 4 pieces, and copies those of at most 3
// into a folder of their own: the search's tables and the reference a proof is checked against.
func tablesUpTo4AndUpTo3(t *testing.T) (full, small string) {
	full = buildTables(t, "4")
	return full, tablesUpTo3(t, full)
}

// tablesUpTo3 copies the tables of at most 3 pieces of full into a new folder.
func tablesUpTo3(t *testing.T, full string) string {
	dir := t.TempDir()
	for _, c := range []string{"1v1", "1v2", "2v1"} {
		for _, suffix := range []string{".fntb", ".p50.fntb"} {
			b, err := os.ReadFile(filepath.Join(full, c+suffix))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, c+suffix), b, 0o644))
		}
	}
	return dir
}

func TestProveAndCheckCommands(t *testing.T) {
	full, small := tablesUpTo4AndUpTo3(t)
	const fen = "9/9/2W3W2/9/3B1B3 w"
	probe := probeTable(t, full, fen)

	cert := filepath.Join(t.TempDir(), "cert.fpc.gz")
	code, out, errs := runCmd(t, "", "prove", "--fen", fen, "--claim", "value", "--tablebases", small, "--time", "20s", "-o", cert)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "value "+probe.Value+" for the side to move", "the 4-piece table's value")
	assert.Equal(t, 1, strings.Count(out, "\n"))

	code, out, errs = runCmd(t, "", "check", cert, "--tablebases", small)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "(value: "+probe.Value+" for the side to move)")
	assert.Contains(t, out, "nodes checked")
	assert.Equal(t, 1, strings.Count(out, "\n"))

	// An existing output file is refused before the search, and kept.
	before, err := os.ReadFile(cert)
	require.NoError(t, err)
	code, out, errs = runCmd(t, "", "prove", "--fen", fen, "--tablebases", small, "--time", "1s", "-o", cert)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	after, err := os.ReadFile(cert)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	// A certificate whose position after the prover's first turn lost its record: exit 1, one line naming a position.
	broken := filepath.Join(t.TempDir(), "broken.fpc.gz")
	require.NoError(t, os.WriteFile(broken, dropSecondRecord(t, before), 0o644))
	code, out, errs = runCmd(t, "", "check", broken, "--tablebases", small)
	assert.Equal(t, 1, code, errs)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	assert.Contains(t, errs, "refused: position ")

	// Not a certificate: exit 2.
	junk := filepath.Join(t.TempDir(), "junk.fpc.gz")
	require.NoError(t, os.WriteFile(junk, []byte("not gzip"), 0o644))
	code, _, errs = runCmd(t, "", "check", junk, "--tablebases", small)
	assert.Equal(t, 2, code, errs)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)

	for _, args := range [][]string{
		{"prove", "--fen", fen, "--claim", "white-loses"},
		{"prove", "--claim", "value"},
		{"prove", "--fen", fen, "--time", "0s"},
	} {
		code, _, errs := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", args, errs)
	}
}

// probeTable is the full tables' record of fen (tablebase probe --json).
func probeTable(t *testing.T, dir, fen string) probeRecord {
	t.Helper()
	code, out, errs := runCmd(t, "", "tablebase", "probe", "--dir", dir, "--fen", fen, "--json")
	require.Equal(t, 0, code, errs)
	var probe probeRecord
	require.NoError(t, json.Unmarshal([]byte(out), &probe))
	return probe
}

// dropSecondRecord removes the record after the root's from a certificate's first section
// (the root's first child, depth first), keeping its count of records consistent.
func dropSecondRecord(t *testing.T, gz []byte) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	require.Greater(t, len(lines), 3)
	var h map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &h))
	h["records"] = h["records"].(float64) - 1
	head, err := json.Marshal(h)
	require.NoError(t, err)
	lines = append([]string{string(head), lines[1]}, lines[3:]...)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err = zw.Write([]byte(strings.Join(lines, "\n") + "\n"))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestProveFolderStatusListsEachJob(t *testing.T) {
	_, small := tablesUpTo4AndUpTo3(t)
	const fen = "9/9/2W3W2/9/3B1B3 w"
	folder := filepath.Join(t.TempDir(), "proof")
	status := func() (int, string, string) {
		return runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--folder", folder, "--status")
	}

	code, out, errs := status()
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "white-wins unknown (0 jobs", "a folder not made yet")
	assert.NoDirExists(t, folder, "--status makes nothing")

	code, run, errs := runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--folder", folder,
		"--split-depth", "1", "--tablebases", small, "--time", "20s")
	require.Equal(t, 0, code, errs)
	m, err := os.ReadFile(filepath.Join(folder, "manifest.json"))
	require.NoError(t, err)
	var manifest struct{ Jobs []string }
	require.NoError(t, json.Unmarshal(m, &manifest))
	require.NotEmpty(t, manifest.Jobs)

	code, out, errs = status()
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, len(manifest.Jobs)+1, "a line a job, then the folder's")
	ran := 0
	for j, job := range manifest.Jobs {
		r, err := os.ReadFile(filepath.Join(folder, "jobs", strconv.Itoa(j)+".json"))
		if os.IsNotExist(err) { // not needed once the root was decided
			assert.Contains(t, lines[j], fmt.Sprintf("job %d %s: open", j, job))
			continue
		}
		require.NoError(t, err)
		var res struct{ Outcome string }
		require.NoError(t, json.Unmarshal(r, &res))
		assert.Contains(t, lines[j], fmt.Sprintf("job %d %s: %s (", j, job, res.Outcome))
		assert.Contains(t, lines[j], "budget 20s")
		ran++
	}
	assert.Positive(t, ran)
	assert.Equal(t, strings.TrimSpace(run), lines[len(lines)-1], "the folder's line is the run's")
}

// TestProveRefusesATableBeyondTheMachine: --tt-entries 10^12 (16 TiB) once ended in Go's
// "out of memory" and a stack trace. It is refused with one line naming the memory
// needed and the machine's, before any table or folder is touched. The commands run in a
// child process, so that a regression kills the child, not the test binary.
func TestProveRefusesATableBeyondTheMachine(t *testing.T) {
	if tablebase.MachineMemory() == 0 {
		t.Skip("the machine's memory is read from /proc/meminfo (Linux)")
	}
	dir := os.Getenv("FANORONA_TT_CHILD_DIR")
	if dir == "" {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestProveRefusesATableBeyondTheMachine$", "-test.count=1")
		cmd.Env = append(os.Environ(), "FANORONA_TT_CHILD_DIR="+t.TempDir())
		res, err := cmd.CombinedOutput()
		assert.NoError(t, err, "%s", res)
		return
	}
	const fen = "9/9/2W1W4/3B1B3/9 w"
	folder, certs := filepath.Join(dir, "proof"), filepath.Join(dir, "certs")
	memory := fmt.Sprintf("more than this machine's memory (%.1f GiB)", float64(tablebase.MachineMemory())/(1<<30))
	for _, c := range []struct {
		args []string
		need string
	}{
		{[]string{"prove", "--fen", fen, "--tablebases", "none", "--tt-entries", "1000000000000"},
			"--tt-entries 1000000000000: the transposition table takes 16.0 TiB (549755813888 entries of 32 bytes), "},
		{[]string{"prove", "--fen", fen, "--tablebases", "none", "--tt-entries", "1000000000000", "-o", filepath.Join(dir, "c.fpc.gz")},
			"16.0 TiB"},
		{[]string{"prove", "--fen", fen, "--tablebases", "none", "--tt-entries", "1000000000000", "--folder", folder, "--workers", "2"},
			"--tt-entries 1000000000000: 2 transposition tables (one a worker) take 32.0 TiB (549755813888 entries of 32 bytes each), "},
		{[]string{"prove", "--fen", fen, "--tablebases", "none", "--tt-entries", "1"}, "--tt-entries 1: must be 2 or more"},
		{[]string{"prove", "--fen", fen, "--tablebases", "none", "--tt-entries", "0", "--folder", folder}, "--tt-entries 0: must be 2 or more"},
		{[]string{"prove-sample", "--positions", "/dev/null", "--tt-entries", "1000000000000", "--certificates", certs}, "16.0 TiB"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assertBadInput(t, code, out, errs, c.need)
		if strings.Contains(c.need, "TiB") {
			assert.Contains(t, errs, memory, "%v", c.args)
		}
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "no file or folder made")
}

func TestProveRefusesBeforeItSearches(t *testing.T) {
	tables := buildTables(t, "4")
	const fen = "9/1B3B3/5B3/2W1W4/9 w" // 5 pieces: the jobs are searched over the tables
	work := t.TempDir()

	// --status without --folder: refused, not a whole search.
	code, out, errs := runCmd(t, "", "prove", "--fen", fen, "--status", "--tablebases", tables)
	assertBadInput(t, code, out, errs, "--status: needs --folder")

	// An output that cannot be written is found before the search: one line, no "proving".
	code, out, errs = runCmd(t, "", "prove", "--fen", fen, "--tablebases", tables, "-o", "/proc/cert.fpc.gz")
	assertBadInput(t, code, out, errs, "/proc/cert.fpc.gz", "cannot be written")

	// A folder keeps the split depth it was made with; another one given is refused.
	folder := filepath.Join(work, "proof")
	code, _, errs = runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--tablebases", tables, "--folder", folder, "--split-depth", "1", "--time", "2s")
	require.Equal(t, 0, code, errs)
	code, out, errs = runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--tablebases", tables, "--folder", folder, "--split-depth", "3")
	assertBadInput(t, code, out, errs, "split at depth 1, not 3")
	code, _, errs = runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--tablebases", tables, "--folder", folder)
	assert.Equal(t, 0, code, "the same folder without --split-depth goes on: %s", errs)

	// A job's certificate changed since it was written: bad input (exit 2), not a fault.
	require.NoError(t, os.WriteFile(filepath.Join(folder, "jobs", "1.fpc.gz"), []byte("tampered"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(folder, "certificate.fpc.gz")))
	code, out, errs = runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--tablebases", tables, "--folder", folder)
	assertBadInput(t, code, out, errs, "jobs/1.fpc.gz: not a readable certificate")
}

func TestProveFolderInterruptedKeepsItsJobs(t *testing.T) {
	tables := buildTables(t, "4")
	folder := filepath.Join(t.TempDir(), "proof")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"prove", "--fen", "BBB6/9/5B3/1WW1W4/W8 w", "--claim", "white-wins", "--tablebases", tables,
		"--folder", folder, "--split-depth", "1", "--time", "60s"}, &streams{strings.NewReader(""), &out, &errb})
	assert.Equal(t, 130, code, errb.String())
	last := lastLines(errb.String(), 1)
	assert.Contains(t, last, "interrupted; the results of the jobs that finished are kept in "+filepath.Join(folder, "jobs"))
	assert.NotContains(t, last, "nothing was saved")
}

func TestCheckNamesAMissingTableAndABadHeader(t *testing.T) {
	full := buildTables(t, "4")
	const fen = "9/9/2W3W2/9/3B1B3 w" // 2v2: a leaf of the 4-piece tables at the root
	cert := filepath.Join(t.TempDir(), "cert.fpc.gz")
	code, _, errs := runCmd(t, "", "prove", "--fen", fen, "--claim", "white-wins", "--tablebases", full, "-o", cert)
	require.Equal(t, 0, code, errs)

	// A table folder without the table the certificate relies on: the folder is at fault.
	partial := t.TempDir()
	for _, f := range []string{"1v1.fntb", "1v1.p50.fntb"} {
		b, err := os.ReadFile(filepath.Join(full, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(partial, f), b, 0o644))
	}
	code, out, errs := runCmd(t, "", "check", cert, "--tablebases", partial)
	assertBadInput(t, code, out, errs, "--tablebases "+partial+": no 2v2.p50.fntb, which the certificate needs at 9/9/2W3W2/9/3B1B3 w 0 0")

	// A header whose paika limit disagrees with its rules: named as it is.
	raw := gunzipLines(t, cert)
	raw[0] = strings.Replace(raw[0], `"paika_limit":50`, `"paika_limit":30`, 1)
	edited := filepath.Join(t.TempDir(), "edited.fpc.gz")
	require.NoError(t, os.WriteFile(edited, gzipLines(t, raw), 0o644))
	code, out, errs = runCmd(t, "", "check", edited, "--tablebases", full)
	assertBadInput(t, code, out, errs, `rules "paika=50,nomoves=loss,firstchain=yes,maxplies=0" do not match the header's paika limit 30`)
	assert.NotContains(t, errs, "checks")
}

// gunzipLines returns the lines of a gzip file.
func gunzipLines(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
}

// gzipLines returns lines gzipped.
func gzipLines(t *testing.T, lines []string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write([]byte(strings.Join(lines, "\n") + "\n"))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// TestProveFlagsBecomeOptions stops after flag parsing: the flags land in the request,
// and --split-depth counts as given only when it is.
func TestProveFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newProveCmd, "--fen", "9/9/2W1W4/3B1B3/9 w", "--claim", "white-wins", "--paika-limit", "0", "--nodes", "500",
		"--time", "30s", "--folder", "f", "--workers", "3", "--tt-entries", "1024", "--status", "--tablebases", "tb", "--net", "my.fnn")
	assert.Equal(t, proof.Request{FEN: "9/9/2W1W4/3B1B3/9 w", Claim: "white-wins", Folder: "f", PaikaLimit: 0, TTEntries: 1024, Net: "my.fnn",
		Workers: 3, SplitDepth: 2, Budget: proof.Budget{Nodes: 500, Time: 30 * time.Second}, SnapshotEvery: 5 * time.Minute,
		Status: true, Tablebases: "tb", Toolkit: version(), Jobs: 1, TimeGiven: true}, o.req)
	assert.False(t, o.req.SplitGiven, "the default split depth is not a split depth given")
	o = parsedOptions(t, newProveCmd, "--fen", "9/9/2W1W4/3B1B3/9 w", "--split-depth", "2", "-o", "c.fpc.gz", "--force", "--opening")
	assert.True(t, o.req.SplitGiven)
	assert.True(t, o.req.Opening)
	assert.Equal(t, "value", o.req.Claim)
	assert.Equal(t, "default", o.req.Net, "proof numbers from the embedded net unless asked otherwise")
	assert.Equal(t, 50, o.req.PaikaLimit)
	assert.Equal(t, "c.fpc.gz", o.req.Output)
	assert.True(t, o.force)
}

func TestCheckArgumentBecomesOptions(t *testing.T) {
	o := parsedOptions(t, newCheckCmd, "c.fpc.gz", "--tablebases", "tb")
	assert.Equal(t, checkOptions{args: []string{"c.fpc.gz"}, dir: "tb"}, *o)
}

// TestProveAndCheckRefuseBadFlags: a bad flag or flag value is one line, exit 2, before
// anything runs.
func TestProveAndCheckRefuseBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"prove", "--bogus"}, "fanorona: unknown flag: --bogus\n"},
		{[]string{"prove", "--time", "soon"}, `fanorona: invalid argument "soon" for "--time" flag: time: invalid duration "soon"` + "\n"},
		{[]string{"prove", "--fen", "9/9/2W1W4/3B1B3/9 w", "--claim", "maybe"},
			`fanorona: --claim: claim "maybe": expected white-wins, white-not-loses, black-wins or black-not-loses` + "\n"},
		{[]string{"prove", "--folder", "f", "--fen", "9/9/2W1W4/3B1B3/9 w", "-o", "c"}, "fanorona: -o: with --folder the certificate is written into the folder\n"},
		{[]string{"prove", "--opening"}, "fanorona: --opening: needs --folder\n"},
		{[]string{"check"}, "fanorona: accepts 1 arg(s), received 0\n"},
		{[]string{"check", "c", "--workers", "2"}, "fanorona: unknown flag: --workers\n"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, c.want, errs, "%v", c.args)
	}
}

func TestSolveFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newSolveCmd, "--fen", "9/9/9/9/W1B6 w", "--max-depth", "4", "--time", "2s", "--tablebases", "none", "--json")
	assert.Equal(t, solveOptions{q: puzzles.Query{FEN: "9/9/9/9/W1B6 w", Tablebases: "none", Time: 2 * time.Second, MaxDepth: 4,
		PaikaLimit: 50, Proof: true, Toolkit: version()}, json: true}, *o)
	o = parsedOptions(t, newSolveCmd)
	assert.Equal(t, engine.StartFEN, o.q.FEN)
	assert.Equal(t, 10*time.Second, o.q.Time)
	assert.False(t, o.json)
}
