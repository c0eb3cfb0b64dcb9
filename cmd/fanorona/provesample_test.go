// provesample_test.go: prove-sample over a positions file, against values known by hand
// and the full tables built in the test.

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeSampleLines decodes prove-sample's JSON Lines into generic objects, so that null
// and absent fields can be told apart.
func decodeSampleLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		recs = append(recs, m)
	}
	return recs
}

func TestProveSamplePositionsFile(t *testing.T) {
	full, small := tablesUpTo4AndUpTo3(t)
	const fen4 = "9/9/2W3W2/9/3B1B3 w"
	probe := probeTable(t, full, fen4)

	// Line 3: White's a1-b1 approaches c1 and takes Black's only piece, a win by hand.
	// Line 4: a 2v2 position beyond the search's tables (at most 3 pieces), its counters kept.
	dir := t.TempDir()
	file := filepath.Join(dir, "positions.txt")
	require.NoError(t, os.WriteFile(file, []byte("# two positions\n\n9/9/9/9/W1B6 w\n  "+fen4+" 7 3\n"), 0o644))

	code, out, errs := runCmd(t, "", "prove-sample", "--tablebases", small, "--positions", file, "--time", "20s")
	require.Equal(t, 0, code, errs)
	recs := decodeSampleLines(t, out)
	require.Len(t, recs, 2)
	assert.Equal(t, "win", recs[0]["proved"])
	assert.Equal(t, 3.0, recs[0]["line"])
	assert.Equal(t, 4.0, recs[1]["line"])
	assert.Equal(t, fen4+" 7 3", recs[1]["fen"], "the counters kept")
	for _, r := range recs {
		assert.Nil(t, r["seed"], "no seed: the file gives the positions")
		assert.Nil(t, r["table"], "no reference")
		assert.Nil(t, r["agrees"], "no reference")
		assert.Contains(t, r, "table")
		assert.Equal(t, file, r["positions"])
		assert.Greater(t, r["bytes"], 0.0, "a certificate's size even when none is written")
		assert.NotContains(t, r, "certificate")
	}
	assert.NotContains(t, errs, "compared")

	// With the reference, each value is compared to the full table's.
	certs := filepath.Join(dir, "certs")
	code, out, errs = runCmd(t, "", "prove-sample", "--tablebases", small, "--reference", full, "--positions", file, "--time", "20s", "--certificates", certs)
	require.Equal(t, 0, code, errs)
	recs = decodeSampleLines(t, out)
	require.Len(t, recs, 2)
	assert.Equal(t, "win", recs[0]["table"])
	assert.Equal(t, probe.Value, recs[1]["table"])
	assert.Equal(t, probe.Value, recs[1]["proved"])
	for _, r := range recs {
		assert.Equal(t, true, r["agrees"])
		code, _, errs := runCmd(t, "", "check", r["certificate"].(string), "--tablebases", small)
		assert.Equal(t, 0, code, errs)
	}
	assert.Equal(t, filepath.Join(certs, "line4.fpc.gz"), recs[1]["certificate"])
	assert.Contains(t, errs, "2 of 2 compared agree with the full tables")

	// A node budget alone, no time budget: White's lone piece against three loses, a
	// proof of some 5,000 nodes with these tables; 1,024 nodes leave it undecided.
	const loss = "6B2/8B/6B2/9/2W6 w"
	require.Equal(t, "loss", probeTable(t, full, loss).Value)
	require.NoError(t, os.WriteFile(file, []byte(loss+"\n"), 0o644))
	code, out, errs = runCmd(t, "", "prove-sample", "--tablebases", small, "--positions", file, "--nodes", "1024")
	require.Equal(t, 0, code, errs)
	recs = decodeSampleLines(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, "", recs[0]["proved"])
	assert.LessOrEqual(t, recs[0]["nodes"], 2048.0)
	code, out, errs = runCmd(t, "", "prove-sample", "--tablebases", small, "--positions", file, "--nodes", "100000")
	require.Equal(t, 0, code, errs)
	recs = decodeSampleLines(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, "loss", recs[0]["proved"])
}

func TestProveSampleRefusesBadPositionsFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return path
	}
	notFEN := write("notfen.txt", "# c\n9/9/9/9/W1B6 w\nnot a fen\n")
	counter := write("counter.txt", "9/9/9/9/W1B6 w 51 0\n")
	over := write("over.txt", "9/9/9/9/B8 b\n9/9/9/9/W8 b\n")
	good := write("good.txt", "9/9/9/9/W1B6 w\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--positions", notFEN}, notFEN + ":3: "},
		{[]string{"--positions", counter}, counter + ":1: "},
		{[]string{"--positions", over}, over + ":1: "},
		{[]string{"--positions", good, "--count", "3"}, "--count"},
		{[]string{"--positions", good, "--time", "0s"}, "--time"},
		{[]string{"--count", "3"}, "--reference"},
	} {
		certs := filepath.Join(dir, "certs")
		code, out, errs := runCmd(t, "", append([]string{"prove-sample", "--certificates", certs}, tc.args...)...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, errs)
		assert.Empty(t, out, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", tc.args, errs)
		assert.True(t, strings.HasPrefix(errs, "fanorona: "+tc.want), "%v: %q", tc.args, errs)
		assert.NoDirExists(t, certs, "nothing written")
	}
}

// TestProveSampleRefusesPiecesTheReferenceLacks: the default 6 and 7 pieces against a
// reference of at most 4 are refused at once, where the sample drew positions for ever.
func TestProveSampleRefusesPiecesTheReferenceLacks(t *testing.T) {
	full, small := tablesUpTo4AndUpTo3(t)
	code, out, errs := runCmd(t, "", "prove-sample", "--tablebases", small, "--reference", full)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, `fanorona: --pieces "6,7": --reference `+full+" holds no tables of 6 pieces (paika limit 50)\n", errs)
}

// TestProveSampleFlagsBecomeOptions: the flags into the request, with what was given for
// the request's checks (--nodes without --time drops the time budget there).
func TestProveSampleFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newProveSampleCmd, "--nodes", "1000", "--pieces", "5", "--count", "7", "--seed", "3", "--quiet",
		"--reference", "ref", "--tablebases", "tb", "--certificates", "certs", "--total", "1h", "--paika-limit", "0", "--tt-entries", "64", "--net", "none")
	r := o.req
	assert.Equal(t, "none", r.Net)
	assert.Equal(t, proof.Budget{Nodes: 1000, Time: time.Minute}, r.Budget)
	assert.False(t, r.Given("time"))
	assert.Equal(t, "5", r.PiecesList)
	assert.Equal(t, 7, r.Count)
	assert.Equal(t, uint64(3), r.Seed)
	assert.True(t, r.Quiet)
	assert.Equal(t, []string{"ref", "tb", "certs"}, []string{r.Reference, r.Tablebases, r.Certificates})
	assert.Equal(t, time.Hour, r.Total)
	assert.Equal(t, 0, r.PaikaLimit)
	assert.Equal(t, 64, r.TTEntries)
	assert.Equal(t, version(), r.Toolkit)
	assert.True(t, r.Given("count"))
	assert.False(t, r.Given("positions"))
	o = parsedOptions(t, newProveSampleCmd, "--nodes", "1000", "--time", "5s", "--positions", "p.txt")
	assert.Equal(t, 5*time.Second, o.req.Budget.Time, "--time given stays")
	assert.Equal(t, "p.txt", o.req.File)
	o = parsedOptions(t, newProveSampleCmd)
	assert.Equal(t, time.Minute, o.req.Budget.Time)
	assert.Equal(t, "6,7", o.req.PiecesList)
	assert.Equal(t, 100, o.req.Count)
	assert.Equal(t, "default", o.req.Net)
}

// TestProveSampleRefusesBadFlags: one line, exit 2, before anything runs.
func TestProveSampleRefusesBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"prove-sample", "--bogus"}, "fanorona: unknown flag: --bogus\n"},
		{[]string{"prove-sample", "--count", "x"}, `fanorona: invalid argument "x" for "--count" flag: strconv.ParseInt: parsing "x": invalid syntax` + "\n"},
		{[]string{"prove-sample", "extra"}, `fanorona: unknown command "extra" for "fanorona prove-sample"` + "\n"},
		{[]string{"prove-sample", "--positions", "p.fen", "--net", "missing.fnn"}, `fanorona: --net missing.fnn: want "default", "none" or a net file: open missing.fnn: no such file or directory` + "\n"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, c.want, errs, "%v", c.args)
	}
}
