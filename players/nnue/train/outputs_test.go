package train

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/players/nnue"
)

func TestCheckFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.pos")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	assert.NoError(t, CheckFiles([]string{file}))
	assert.EqualError(t, CheckFiles([]string{file, dir}), dir+" is a folder: give positions files")
	assert.ErrorIs(t, CheckFiles([]string{filepath.Join(dir, "missing.pos")}), os.ErrNotExist)
}

func TestPositionsSeen(t *testing.T) {
	r := Result{Curve: []Epoch{{Of: 90}, {Of: 90}, {Of: 90}}}
	assert.Equal(t, 270, r.PositionsSeen())
}

func TestOutputs(t *testing.T) {
	path := writePositions(t, "material.pos", materialRecords(1, 2000))
	cfg := smallConfig()
	cfg.MaxEpochs = 2
	res, err := Run(context.Background(), cfg, []string{path}, nil)
	require.NoError(t, err)

	outs, err := res.Outputs("n.fnn", "c.csv", "l.svg")
	require.NoError(t, err)
	require.Len(t, outs, 3)
	assert.Equal(t, []string{"n.fnn", "c.csv", "l.svg"}, []string{outs[0].Path, outs[1].Path, outs[2].Path})
	net, err := nnue.Parse(outs[0].Data, "n.fnn")
	require.NoError(t, err, "the net file reads back")
	assert.Equal(t, cfg.Shape, net.Header.Shape)
	assert.Equal(t, CurveCSV(res.Curve), outs[1].Data)
	assert.Contains(t, string(outs[2].Data), "<svg")

	outs, err = res.Outputs("n.fnn", "", "")
	require.NoError(t, err)
	assert.Len(t, outs, 1, "the net alone")
}

func TestSummary(t *testing.T) {
	r := Result{Curve: []Epoch{{TrainLoss: 0.2, ValidLoss: 0.25, Of: 900}, {TrainLoss: 0.1, ValidLoss: 0.125, Of: 900}},
		BestEpoch: 2, ScoreScale: 320, Positions: 1000, Validation: 100, ConstantLoss: 0.5}
	// 1800 positions seen in 2 s: 900 a second.
	assert.Equal(t, "n.fnn: 16×8, 1000 positions (100 held out), best epoch 2 of 2: validation loss 0.12500 (constant 0.50000), train loss 0.10000, score scale 320; 900 positions/s over 2 s",
		r.Summary("n.fnn", nnue.Shape{Hidden: 16, Layer: 8}, 2))
}
