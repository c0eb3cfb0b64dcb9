package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// materialPositions writes a positions file of n random boards, ten a game, whose result
// is the sign of the mover's material lead.
func materialPositions(t *testing.T, dir string, n int) string {
	t.Helper()
	path := filepath.Join(dir, "material.pos")
	var b bytes.Buffer
	require.NoError(t, data.WriteHeader(&b, data.Header{Format: data.FormatName, Version: data.FormatVersion,
		Toolkit: "test", Player: "test", Games: n / 10, Shards: 1, RecordSize: data.RecordSize}))
	rng := rand.New(rand.NewPCG(1, 1))
	buf := make([]byte, data.RecordSize)
	for i := range n {
		var w, bl engine.Bitboard
		for p := range engine.Points {
			switch x := rng.Float64(); {
			case x < 0.3:
				w |= 1 << p
			case x < 0.6:
				bl |= 1 << p
			}
		}
		r := data.Record{White: w, Black: bl, Side: engine.Color(rng.IntN(2)), Exact: data.Unknown, Game: uint32(i / 10)}
		lead := r.Own().Count() - r.Enemy().Count()
		r.Score = int16(40 * lead)
		r.Result = data.Draw
		if lead > 0 {
			r.Result = data.Win
		} else if lead < 0 {
			r.Result = data.Loss
		}
		r.Encode(buf)
		b.Write(buf)
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	return path
}

func TestNetTrainWritesNetCurveAndPlot(t *testing.T) {
	dir := t.TempDir()
	pos := materialPositions(t, dir, 3000)
	out, curve, plot := filepath.Join(dir, "m.fnn"), filepath.Join(dir, "m.csv"), filepath.Join(dir, "m.png")
	code, stdout, stderr := runCmd(t, "", "net", "train", "-o", out, pos, "--hidden", "8", "--layer", "4", "--epochs", "3", "--mirror=false",
		"--batch", "128", "--valid-share", "0.1", "--curve", curve, "--plot", plot, "--description", "a test")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, 1, strings.Count(stdout, "\n"), stdout)
	assert.True(t, strings.HasPrefix(stdout, out+": 8×4, 3000 positions ("), stdout)
	assert.Contains(t, stderr, "net train: epoch")
	assert.Contains(t, stderr, "fanorona: wrote "+out)

	n, err := nnue.Load(out)
	require.NoError(t, err)
	assert.Equal(t, nnue.Shape{Hidden: 8, Layer: 4}, n.Header.Shape)
	require.NotNil(t, n.Header.Training)
	assert.Equal(t, 3000, n.Header.Training.Positions)
	assert.Equal(t, "a test", n.Header.Training.Description)

	csv, err := os.ReadFile(curve)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	assert.Equal(t, "epoch,train_loss,valid_loss,seconds", lines[0])
	assert.Len(t, lines, 1+n.Header.Training.Epochs)
	assert.True(t, strings.HasPrefix(lines[1], "1,"), lines[1])

	img, err := os.ReadFile(plot)
	require.NoError(t, err)
	_, err = png.Decode(bytes.NewReader(img))
	assert.NoError(t, err)

	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	sum := sha256.Sum256(raw)
	code, stdout, stderr = runCmd(t, "", "net", "info", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "sha256: "+hex.EncodeToString(sum[:]))
	assert.Contains(t, stdout, "shape: 8×4")
	assert.Contains(t, stdout, "data: material.pos, 3000 records")
	code, stdout, stderr = runCmd(t, "", "net", "info", out, "--json")
	require.Equal(t, 0, code, stderr)
	var info nnue.Info
	require.NoError(t, json.Unmarshal([]byte(stdout), &info))
	assert.Equal(t, hex.EncodeToString(sum[:]), info.SHA256)
	assert.Equal(t, n.Header, info.Header)

	code, stdout, _ = runCmd(t, "", "net", "info", "default")
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "sha256: "+nnue.Default().SHA256)
}

func TestNetTrainAndInfoRefusals(t *testing.T) {
	dir := t.TempDir()
	pos := materialPositions(t, dir, 200)
	existing := filepath.Join(dir, "old.fnn")
	require.NoError(t, os.WriteFile(existing, []byte("keep me"), 0o644))
	notPos := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(notPos, []byte("hello\n"), 0o644))
	oldPlot := filepath.Join(dir, "old.png")
	require.NoError(t, os.WriteFile(oldPlot, []byte("keep me"), 0o644))
	fresh := filepath.Join(dir, "new.fnn")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"net", "train", "-o", existing, pos}, "-o " + existing + " exists: choose a new file"},
		{[]string{"net", "train", "-o", fresh, pos, "--plot", oldPlot}, "--plot " + oldPlot + " exists"},
		{[]string{"net", "train", "-o", fresh, pos, "--curve", existing}, "--curve " + existing},
		{[]string{"net", "train", "-o", fresh, pos, "--plot", existing}, ".fnn"},
		{[]string{"net", "train", "-o", fresh, pos, "--plot", filepath.Join(dir, "a.jpg")}, `".jpg"`},
		{[]string{"net", "train", "-o", fresh, filepath.Join(dir, "missing.pos")}, "missing.pos"},
		{[]string{"net", "train", "-o", fresh, notPos}, "not a positions file"},
		{[]string{"net", "train", pos}, "-o/--output: required"},
		{[]string{"net", "train", "-o", fresh}, "requires at least 1 arg"},
		{[]string{"net", "train", "-o", fresh, pos, "--lambda", "2"}, "--lambda 2"},
		{[]string{"net", "train", "-o", fresh, pos, "--hidden", "0"}, "--hidden 0"},
		{[]string{"net", "train", "-o", fresh, pos, "--weight-clip", "3"}, "--weight-clip 3"},
		{[]string{"net", "train", "-o", fresh, pos, "--valid-share", "1"}, "--valid-share 1"},
		{[]string{"net", "train", "-o", fresh, pos, "--epochs", "x"}, "--epochs"},
		{[]string{"net", "train", "-o", fresh, pos, "--bogus"}, "--bogus"},
		{[]string{"net", "info", filepath.Join(dir, "missing.fnn")}, "missing.fnn"},
		{[]string{"net", "info", notPos}, "not a net file"},
		{[]string{"net", "info"}, "accepts 1 arg"},
	} {
		code, stdout, stderr := runCmd(t, "", tc.args...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, stderr)
		assert.Empty(t, stdout, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%v: %q", tc.args, stderr)
		assert.Contains(t, stderr, tc.msg, "%v", tc.args)
		assert.NoFileExists(t, fresh, "%v", tc.args)
	}
	for _, path := range []string{existing, oldPlot} {
		kept, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "keep me", string(kept))
	}
}
