package tablebase

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProbeOfAFENAndOfABatch: the 1v1 win of example_test (win in 7, e1-f2) from a FEN
// and from a batch on Stdin, as the text lines of the command.
func TestProbeOfAFENAndOfABatch(t *testing.T) {
	recs, err := Probe(ProbeRequest{Folder: "testdata/format2", FEN: "9/9/9/9/4W2B1 w"})
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, "win", recs[0].Value)
	require.NotNil(t, recs[0].Plies)
	assert.Equal(t, 7, *recs[0].Plies)
	assert.Equal(t, []string{"e1-f2"}, recs[0].Turns)

	batch := "# two boards\n9/9/9/9/4W2B1 w\n\n9/9/9/9/4W2B1 w\n"
	recs, err = Probe(ProbeRequest{Folder: "testdata/format2", Batch: "-", Stdin: strings.NewReader(batch)})
	require.NoError(t, err)
	var b strings.Builder
	WriteProbeText(&b, recs)
	line := "9/9/9/9/4W2B1 w 0 0  win in 7 (theoretic, plies to the end)  best: e1-f2\n"
	assert.Equal(t, line+line, b.String())
}

// TestProbeRefusesBeforeProbing: each refusal names the option, the batch line or the
// class to build, as the command prints it.
func TestProbeRefusesBeforeProbing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	batch := filepath.Join(t.TempDir(), "batch")
	require.NoError(t, os.WriteFile(batch, []byte("9/9/9/9/4W2B1 w\n9/9/4WW3/3BB4/9 w\n"), 0o644))
	for _, tc := range []struct {
		req  ProbeRequest
		want string
	}{
		{ProbeRequest{Folder: missing, PaikaLimit: 999}, "give exactly one of --fen and --batch"},
		{ProbeRequest{Folder: missing, FEN: "bad", Batch: "-"}, "give exactly one of --fen and --batch"},
		{ProbeRequest{Folder: missing, FEN: "bad", PaikaLimit: 999}, "--paika-limit 999: must be 0 (theoretic values, no limit) to 127"},
		{ProbeRequest{Folder: missing, FEN: "bad"},
			"--tablebases " + missing + ": no such folder (build tables with: fanorona tablebase build --tablebases " + missing + ")"},
		{ProbeRequest{Folder: "testdata/format2", FEN: "9/9/4W4/3B5 w"}, `FEN "9/9/4W4/3B5 w": has 4 rows, expected 5 separated by '/' (row 5 first)`},
		{ProbeRequest{Folder: "testdata/format2", FEN: "9/9/9/9/4W2B1 w 11 20", PaikaLimit: 10},
			"--fen: paika counter 11 is above --paika-limit 10 (the game was drawn when it reached 10)"},
		{ProbeRequest{Folder: "testdata/format2", Batch: "-", Stdin: strings.NewReader("9/9/9/9/4W2B1 w\n9/9/4W4/9/9 w\n")},
			"- line 2: the side not to move has no pieces; the game ended before this position"},
		{ProbeRequest{Folder: "testdata/format2", FEN: "9/9/4WW3/3BB4/9 w"},
			"tablebase: 2v2 in testdata/format2: class not built (build it with: fanorona tablebase build --material 2v2 --paika-limit 0 --tablebases testdata/format2)"},
		{ProbeRequest{Folder: "testdata/format2", Batch: batch},
			batch + " line 2: tablebase: 2v2 in testdata/format2: class not built (build it with: fanorona tablebase build --material 2v2 --paika-limit 0 --tablebases testdata/format2)"},
	} {
		_, err := Probe(tc.req)
		requireInputError(t, err, tc.want)
	}
	_, err := Probe(ProbeRequest{Folder: "testdata/format2", Batch: missing})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, fs.ErrNotExist)

	dir := damageLastByte(t, "1v1.fntb")
	_, err = Probe(ProbeRequest{Folder: dir, FEN: "9/9/9/9/4W2B1 w"})
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, ErrDamaged, "a table in reach is checked whole first")
	assert.True(t, strings.HasPrefix(err.Error(), "--tablebases "+dir+": "), err.Error())
}
