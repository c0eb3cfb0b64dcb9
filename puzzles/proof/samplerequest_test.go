// samplerequest_test.go: a sample request refused before anything is written, and run
// over the positions its reader gives.

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
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// positionsOf is a positions file's reader that gives the FENs, one a line.
func positionsOf(fens ...string) func(string) ([]SamplePosition, error) {
	return func(string) ([]SamplePosition, error) {
		var sps []SamplePosition
		for i, f := range fens {
			sps = append(sps, SamplePosition{Position: engine.MustParseFEN(f), Line: i + 1})
		}
		return sps, nil
	}
}

func TestSampleRequestRefusals(t *testing.T) {
	dir := t.TempDir()
	certs := filepath.Join(dir, "certs")
	ok := SampleRequest{Sample: Sample{Count: 2, PaikaLimit: 50, TTEntries: 1 << 10, Budget: Budget{Nodes: 100}, Certificates: certs},
		Tablebases: tablebase.Off, Reference: builtTables(t), PiecesList: "4"}
	with := func(f func(r *SampleRequest)) SampleRequest { r := ok; f(&r); return r }
	readErr := errors.New("positions file: no such file")
	for _, c := range []struct {
		r    SampleRequest
		want string
	}{
		{with(func(r *SampleRequest) { r.Budget = Budget{} }), "--time 0s: must be positive (or --nodes given)"},
		{with(func(r *SampleRequest) { r.PaikaLimit = -1 }), "--paika-limit -1: must be 0 (theoretic values, no limit) to 127"},
		{with(func(r *SampleRequest) { r.TTEntries = 1 }), "--tt-entries 1: must be 2 or more"},
		{with(func(r *SampleRequest) { r.PiecesList = "2" }), `--pieces "2": expected counts of 3 to 44 pieces separated by commas`},
		{with(func(r *SampleRequest) { r.PiecesList = "x,5" }), `--pieces "x,5": expected counts of 3 to 44 pieces separated by commas`},
		{with(func(r *SampleRequest) { r.Reference = "" }), "--reference: required without --positions (the sample's classes are those it holds)"},
		{with(func(r *SampleRequest) { r.Count = 0 }), "--count 0: must be 1 or more"},
		{with(func(r *SampleRequest) { r.Reference = filepath.Join(dir, "none-here") }),
			"--reference " + filepath.Join(dir, "none-here") + ": no such folder (build tables with: fanorona tablebase build --tablebases " + filepath.Join(dir, "none-here") + ")"},
		{with(func(r *SampleRequest) { r.PiecesList = "4,5" }),
			`--pieces "4,5": --reference ` + ok.Reference + " holds no tables of 5 pieces (paika limit 50)"},
		{with(func(r *SampleRequest) { r.PaikaLimit = 30 }),
			`--pieces "4": --reference ` + ok.Reference + " holds no tables of 4 pieces (paika limit 30)"},
		{with(func(r *SampleRequest) { r.File, r.Given = "p.txt", func(o string) bool { return o == "seed" } }),
			"--seed: not with --positions (the file gives the positions)"},
		{with(func(r *SampleRequest) {
			r.File, r.ReadPositions = "p.txt", func(string) ([]SamplePosition, error) { return nil, readErr }
		}), readErr.Error()},
		{with(func(r *SampleRequest) { r.File, r.ReadPositions = "p.txt", positionsOf(twoForTwo, "9/9/2W1W4/9/9 w") }),
			"p.txt:2: 9/9/2W1W4/9/9 w 0 0: the side not to move has no pieces; the game ended before this position"},
		{with(func(r *SampleRequest) {
			r.File, r.ReadPositions, r.PaikaLimit = "p.txt", positionsOf(twoForTwo+" 9 0"), 5
		}),
			"p.txt:1: 9/9/2W1W4/3B1B3/9 w 9 0: paika counter 9 is above --paika-limit 5"},
	} {
		_, err := RunSample(context.Background(), c.r, func(SampleRecord, int) error { t.Errorf("%+v: a record", c.r); return nil })
		var ie *InputError
		require.ErrorAs(t, err, &ie, "%+v", c.r)
		assert.Equal(t, c.want, ie.Text(dashed))
		assert.NoDirExists(t, certs, "nothing written")
	}
	require.NoError(t, os.Mkdir(certs, 0o755))
	_, err := RunSample(context.Background(), ok, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "--certificates "+certs+": mkdir "+certs+": file exists", ie.Text(dashed))
}

func TestRunSampleProvesTheFilesPositions(t *testing.T) {
	certs := filepath.Join(t.TempDir(), "certs")
	r := SampleRequest{Sample: Sample{File: "p.txt", PaikaLimit: 50, TTEntries: 1 << 12,
		Budget: Budget{Nodes: 10_000, Time: time.Minute}, Certificates: certs},
		Tablebases: tablebase.Off, ReadPositions: positionsOf(twoForTwo, "9/9/2W1W4/9/9 b")}
	var recs []SampleRecord
	sum, err := RunSample(context.Background(), r, func(rec SampleRecord, of int) error {
		assert.Equal(t, 2, of)
		recs = append(recs, rec)
		return nil
	})
	require.NoError(t, err)
	require.Len(t, recs, 2)
	// Black to move without pieces has lost; White's capture of both wins.
	assert.Equal(t, []string{"win", "loss"}, []string{recs[0].Proved, recs[1].Proved})
	assert.Equal(t, []int{1, 2}, []int{recs[0].Line, recs[1].Line})
	assert.FileExists(t, filepath.Join(certs, "line1.fpc.gz"))
	assert.Equal(t, 2, sum.Decided)
}

// TestNodeBudgetAloneDropsTheTime: a node budget given without a time budget leaves none,
// so that the result does not depend on the machine's load.
func TestNodeBudgetAloneDropsTheTime(t *testing.T) {
	ref := builtTables(t)
	for _, c := range []struct {
		given func(string) bool
		want  time.Duration
	}{
		{func(o string) bool { return o == "nodes" }, 0},
		{func(o string) bool { return o == "nodes" || o == "time" }, time.Minute},
		{nil, time.Minute}, // a caller that says nothing of its options gave both
	} {
		r := SampleRequest{Sample: Sample{Count: 1, PaikaLimit: 50, TTEntries: 1 << 10, Budget: Budget{Nodes: 100, Time: time.Minute}},
			Tablebases: tablebase.Off, Reference: ref, PiecesList: "4", Given: c.given}
		sm, err := r.sample()
		require.NoError(t, err)
		assert.Equal(t, Budget{Nodes: 100, Time: c.want}, sm.Budget)
	}
}
