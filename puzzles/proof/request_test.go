// request_test.go: a proof request refused in its order before any work, a single proof
// run whole with its certificate checked back, and the check of a certificate file.

package proof

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/puzzles/tablebase/tablebasetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dashed names an option as a command's flag.
func dashed(option string) string { return "--" + option }

// twoForTwo: White's e3-f4W-f3A takes both black pieces, a win in one ply.
const twoForTwo = "9/9/2W1W4/3B1B3/9 w"

func TestRequestRefusalsInOrder(t *testing.T) {
	ok := Request{FEN: twoForTwo, Claim: "value", TTEntries: 1 << 10, Budget: Budget{Time: time.Second},
		PaikaLimit: 50, Tablebases: tablebase.Off, Workers: 1, SnapshotEvery: time.Minute}
	with := func(f func(r *Request)) Request { r := ok; f(&r); return r }
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	_, badFEN := engine.ParseFEN("bad")
	for _, c := range []struct {
		r    Request
		want string
	}{
		{with(func(r *Request) { r.FEN = "" }), "--fen: required"},
		{with(func(r *Request) { r.FEN, r.Claim = "bad", "maybe" }), badFEN.Error()},
		{with(func(r *Request) { r.Claim, r.Budget.Time = "maybe", 0 }),
			`--claim: claim "maybe": expected white-wins, white-not-loses, black-wins or black-not-loses`},
		{with(func(r *Request) { r.Budget.Time, r.TTEntries = 0, 1 }), "--time 0s: must be positive"},
		{with(func(r *Request) { r.FEN, r.TTEntries = "9/9/2W1W4/9/9 w", 1 }),
			`--fen "9/9/2W1W4/9/9 w": the side not to move has no pieces; the game ended before this position`},
		{with(func(r *Request) { r.TTEntries, r.PaikaLimit = 1, 999 }), "--tt-entries 1: must be 2 or more"},
		{with(func(r *Request) { r.PaikaLimit = 999 }), "--paika-limit 999: must be 0 (theoretic values, no limit) to 127"},
		{with(func(r *Request) { r.FEN = twoForTwo + " 60 0" }),
			"--fen: paika counter 60 is above --paika-limit 50 (the game was drawn when it reached 50)"},
		{with(func(r *Request) { r.Status = true }), "--status: needs --folder"},
		{with(func(r *Request) { r.Opening = true }), "--opening: needs --folder"},
		{with(func(r *Request) { r.Folder, r.Opening = "f", true }), "--opening: the positions are the start's first turns; --fen is not wanted"},
		{with(func(r *Request) { r.Folder, r.FEN = "f", "" }), "--fen: required"},
		{with(func(r *Request) { r.Folder, r.Output, r.Workers = "f", "c.fpc.gz", 0 }), "--output: with --folder the certificate is written into the folder"},
		{with(func(r *Request) { r.Folder, r.SplitDepth, r.SplitGiven = "f", 7, true }), "--split-depth 7: must be 0 to 6"},
		{with(func(r *Request) { r.Folder, r.SplitDepth, r.Workers = "f", 7, 0 }), "--workers 0: must be 1 or more"},
		{with(func(r *Request) { r.Folder, r.SnapshotEvery = "f", 0 }), "--snapshot-every 0s: must be positive"},
		{with(func(r *Request) { r.Folder, r.TTEntries = "f", 1 }), "--tt-entries 1: must be 2 or more"},
		{with(func(r *Request) { r.Folder = file }), "--folder " + file + ": not a folder"},
	} {
		_, err := Run(context.Background(), c.r, func(FolderEvent) { t.Errorf("%+v: told before refused", c.r) })
		var ie *InputError
		require.ErrorAs(t, err, &ie, "%+v", c.r)
		assert.Equal(t, c.want, ie.Text(dashed), "%+v", c.r)
	}
}

// TestRequestReadyBeforeTables: the caller's check runs after the request's own and
// before the tables' folder is read.
func TestRequestReadyBeforeTables(t *testing.T) {
	r := Request{FEN: twoForTwo, Claim: "value", TTEntries: 1 << 10, Budget: Budget{Time: time.Second}, PaikaLimit: 50,
		Tablebases: filepath.Join(t.TempDir(), "missing"), Output: "c.fpc.gz"}
	ready := errors.New("output taken")
	r.Ready = func() error { return ready }
	_, err := Run(context.Background(), r, nil)
	assert.Equal(t, ready, err)
	r.Output = "" // no output, nothing for Ready to check
	_, err = Run(context.Background(), r, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, tablebase.ErrNoFolder)
	assert.Equal(t, "--tablebases "+r.Tablebases+": no such folder (stat "+r.Tablebases+": no such file or directory)", ie.Text(dashed),
		"the tables package's words")
}

func TestRunProvesAValueAndItsCertificateChecks(t *testing.T) {
	r := Request{FEN: twoForTwo, Claim: "value", TTEntries: 1 << 12, Budget: Budget{Nodes: 10_000, Time: time.Minute},
		PaikaLimit: 50, Tablebases: tablebase.Off, Toolkit: "test"}
	var told []FolderEvent
	a, err := Run(context.Background(), r, func(e FolderEvent) { told = append(told, e) })
	require.NoError(t, err)
	require.NotNil(t, a)
	require.NotNil(t, a.Value)
	assert.True(t, a.Value.Known)
	assert.Equal(t, tablebase.Win, a.Value.Value)
	root := engine.MustParseFEN(twoForTwo)
	assert.Equal(t, []FolderEvent{Proving{"value", root, 50, r.Budget}}, told)
	assert.Equal(t, "proving value about 9/9/2W1W4/3B1B3/9 w 0 0 under paika limit 50 (budget 1m0s, 10000 nodes)", told[0].String())
	data, err := a.Certificate()
	require.NoError(t, err)
	require.NotNil(t, data)
	path := filepath.Join(t.TempDir(), "c.fpc.gz")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	rep, err := CheckFile(path, tablebase.Off)
	require.NoError(t, err)
	assert.Equal(t, []Claim{{engine.White, Wins}}, rep.Claims)

	// A budget that decides nothing leaves no certificate.
	r.FEN, r.Budget = engine.StartFEN, Budget{Nodes: 1, Time: time.Minute}
	a, err = Run(context.Background(), r, func(FolderEvent) {})
	require.NoError(t, err)
	data, err = a.Certificate()
	require.NoError(t, err)
	assert.Nil(t, data)
}

func TestCheckFileRefusals(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.fpc.gz")
	_, err := CheckFile(missing, tablebase.Off)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, ie.Text(dashed), "open "+missing+": no such file or directory")

	// A certificate that cites no table, checked with a folder named that does not exist:
	// refused as every command refuses a missing folder named.
	walk, err := Run(context.Background(), Request{FEN: "9/9/2W1W4/3B1B3/9 w", Claim: "white-not-loses", TTEntries: 1 << 12,
		Budget: Budget{Time: time.Minute}, PaikaLimit: 50, Tablebases: tablebase.Off}, func(FolderEvent) {})
	require.NoError(t, err)
	data, err := walk.Certificate()
	require.NoError(t, err)
	bare := filepath.Join(t.TempDir(), "bare.fpc.gz")
	require.NoError(t, os.WriteFile(bare, data, 0o644))
	_, err = CheckFile(bare, tablebase.Off)
	require.NoError(t, err, "no tables needed, none given")
	nowhere := filepath.Join(t.TempDir(), "nowhere")
	_, err = CheckFile(bare, nowhere)
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "--tablebases "+nowhere+": no such folder (build tables with: fanorona tablebase build --tablebases "+nowhere+")", ie.Text(dashed))

	// Proven by the 2v2 table, checked with a folder of the 3-piece tables only.
	a, err := Run(context.Background(), Request{FEN: twoForTwo, Claim: "value", TTEntries: 1 << 12,
		Budget: Budget{Time: time.Minute}, PaikaLimit: 50, Tablebases: builtTables(t)}, func(FolderEvent) {})
	require.NoError(t, err)
	data, err = a.Certificate()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "c.fpc.gz")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	small := tablebasetest.Tables(t, 3)
	_, err = CheckFile(path, small)
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, path+": --tablebases "+small+": no 2v2.p50.fntb, which the certificate needs at 9/9/2W1W4/3B1B3/9 w 0 0", ie.Text(dashed))
	_, err = CheckFile(path, tablebase.Off)
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, ie.Text(dashed), "--tablebases", "the tables package's words, as required tables")
}
