package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// requireInputError asserts err is an *InputError with the message want.
func requireInputError(t *testing.T, err error, want string) {
	t.Helper()
	var ie *InputError
	require.ErrorAs(t, err, &ie, want)
	assert.EqualError(t, err, want)
}

// TestBuildRequestRefusesEachOptionByName: a refused option is named as typed, the
// folder first, then in the order of the flags' help; the texts are the command's (the
// tablebase build of docs/CLI.md).
func TestBuildRequestRefusesEachOptionByName(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	dir := t.TempDir()
	for _, tc := range []struct {
		req  BuildRequest
		want string
	}{
		{BuildRequest{Folder: file, MaxPieces: 3, PaikaLimit: 999, Workers: -1}, "--tablebases " + file + ": not a folder"},
		{BuildRequest{Folder: dir, MaxPieces: 9, PaikaLimit: 999, Workers: -1}, "--paika-limit 999: must be 0 (theoretic values, no limit) to 127"},
		{BuildRequest{Folder: dir, MaxPieces: 9, PaikaLimit: -1}, "--paika-limit -1: must be 0 (theoretic values, no limit) to 127"},
		{BuildRequest{Folder: dir, MaxPieces: 9, CheckpointEvery: -time.Second}, "--checkpoint-every -1s: must be 0 (never) or more"},
		{BuildRequest{Folder: dir, MaxPieces: 9, Workers: -1}, "--max-pieces 9: classes of more than 8 pieces do not fit in memory; use --material"},
		{BuildRequest{Folder: dir}, "--max-pieces 0: must be 2 or more (or give --material)"},
		{BuildRequest{Folder: dir, Material: "3x5"}, `tablebase: material "3x5": want the form 3v5 (pieces of the side to move, then of the other)`},
		{BuildRequest{Folder: dir, MaxPieces: 3, Material: "1v2"}, "give --max-pieces or --material 1v2, not both"},
		{BuildRequest{Folder: dir, MaxPieces: 3, Only: true}, "--only needs --material"},
		{BuildRequest{Folder: dir, MaxPieces: 3, Workers: -1}, "--workers -1: must be 0 (all cores) or more"},
	} {
		_, err := tc.req.Prepare()
		requireInputError(t, err, tc.want)
	}
	req := BuildRequest{Folder: dir, Material: "1v2", Only: true, Theoretic: true}
	est, err := req.Prepare()
	require.NoError(t, err)
	assert.Equal(t, dir, req.Dir)
	assert.Equal(t, &Material{2, 1}, req.Target, "1v2 is a class of material 2v1")
	require.Len(t, est.Materials, 1, "--only: the material alone")
	assert.Equal(t, Material{2, 1}, est.Materials[0].Material)
}

// TestFailedBuildSaysWhatItMeans: a material built alone without what it needs, or a
// damaged file, is bad input; an interrupt says how the build goes on.
func TestFailedBuildSaysWhatItMeans(t *testing.T) {
	req := BuildRequest{Only: true, Target: &Material{3, 2}}
	notBuilt := fmt.Errorf("tablebase: 2v2 in D: %w", ErrNotBuilt)
	requireInputError(t, req.explain(notBuilt),
		"--only --material 3v2: tablebase: 2v2 in D: class not built (build what it needs first; fanorona tablebase plan --material 3v2 lists it)")
	req.Only = false
	assert.Same(t, notBuilt, req.explain(notBuilt), "built with what it needs, a missing class is not the user's")
	damaged := fmt.Errorf("tablebase: D/1v1.fntb: %w", ErrDamaged)
	requireInputError(t, req.explain(damaged), damaged.Error())
	err := req.explain(fmt.Errorf("build 3v2: %w", context.Canceled))
	assert.ErrorIs(t, err, context.Canceled)
	assert.EqualError(t, err, "interrupted; finished materials are kept, and the next build continues from them and from the checkpoint of the material under way (--checkpoint-every): build 3v2: context canceled")
	var ie *InputError
	assert.False(t, errors.As(err, &ie), "an interrupt is not bad input")
}

// TestCheckedPlanOfAMaterial: 1v2 is material 2v1, which needs 1v1 (plan_test's layers).
func TestCheckedPlanOfAMaterial(t *testing.T) {
	recs, err := CheckedPlan(PlanRequest{Material: "1v2"})
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Equal(t, PlanRecord{Layer: 0, Material: "1v1", Pieces: 2, Needs: []string{}, MemoryBytes: Material{1, 1}.Slots()}, recs[0])
	assert.Equal(t, PlanRecord{Layer: 1, Material: "2v1", Pieces: 3, Needs: []string{"1v1"}, MemoryBytes: Material{2, 1}.Slots() + Material{1, 1}.Slots()}, recs[1])
	_, err = CheckedPlan(PlanRequest{MaxPieces: 1})
	requireInputError(t, err, "--max-pieces 1: must be 2 or more (or give --material)")
}

// TestVerifyRequestRefusesItsOptionsBeforeTheFolder: the order of the command's checks
// (paika limit, workers, folder, material), each named.
func TestVerifyRequestRefusesItsOptionsBeforeTheFolder(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	limit := 200
	for _, tc := range []struct {
		req  VerifyRequest
		want string
	}{
		{VerifyRequest{Folder: missing, PaikaLimit: limit, PaikaLimitGiven: true, Workers: -1}, "--paika-limit 200: must be 0 (theoretic values, no limit) to 127"},
		{VerifyRequest{Folder: missing, Workers: -1, Material: "3q2"}, "--workers -1: must be 0 (all cores) or more"},
		{VerifyRequest{Folder: missing, Material: "3q2"},
			"--tablebases " + missing + ": no such folder (build tables with: fanorona tablebase build --tablebases " + missing + ")"},
		{VerifyRequest{Folder: "testdata/format2", Material: "3q2"}, `tablebase: material "3q2": want the form 3v5 (pieces of the side to move, then of the other)`},
	} {
		_, err := VerifyFolder(t.Context(), tc.req)
		requireInputError(t, err, tc.want)
	}
}

// TestVerifyReportsText: a line a table, "all consistent" only when no position is not.
func TestVerifyReportsText(t *testing.T) {
	reps := VerifyReports{{Class: Class{2, 1}, Checked: 10}, {Class: Class{1, 2}, PaikaLimit: 10, Checked: 12}}
	var b strings.Builder
	reps.WriteText(&b)
	assert.Equal(t, "2v1                    10 positions checked (one per symmetry class), 0 inconsistent\n"+
		"1v2 (paika limit 10)   12 positions checked (one per symmetry class), 0 inconsistent\nall consistent\n", b.String())
	assert.Zero(t, reps.Inconsistent())
	assert.NoError(t, reps.Err())
	reps[0].Bad, reps[1].Bad = 2, 3
	b.Reset()
	reps.WriteText(&b)
	assert.NotContains(t, b.String(), "all consistent")
	assert.Equal(t, uint64(5), reps.Inconsistent())
	assert.EqualError(t, reps.Err(), "verify: 5 inconsistent positions")
}

// TestOptionErrorNamesTheFlag: a required folder that is missing comes with the command
// that builds it; every other refusal is the folder's error after the flag.
func TestOptionErrorNamesTheFlag(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	_, err := Stats(missing)
	requireInputError(t, err, "--tablebases "+missing+": no such folder (build tables with: fanorona tablebase build --tablebases "+missing+")")
	_, err = OpenFolder(Off, Use{Need: Required})
	requireInputError(t, OptionError(err, Required), "--tablebases none: this command needs a tablebase folder")
	assert.ErrorIs(t, OptionError(err, Required), ErrOff)
	assert.NoError(t, OptionError(nil, Required))
}

// TestPlayersUseChecksTheirRule: the players' tables are optional, loaded and checked
// before play, of the one rule asked or of every rule.
func TestPlayersUseChecksTheirRule(t *testing.T) {
	assert.Equal(t, Use{Need: Optional, Players: true, Check: true, Rules: []Rule{PaikaRule(50)}}, PlayersUse(50))
	assert.Equal(t, Use{Need: Optional, Players: true, Check: true}, PlayersUse(AnyPaikaLimit))
}
