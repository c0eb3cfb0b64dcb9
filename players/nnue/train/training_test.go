// training_test.go: training learns a learnable target, gives the same bytes twice
// whatever the workers, keeps the best epoch when it stops early, records its data by their
// records' digest, and refuses bad input.

package train

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func smallConfig() Config {
	c := Defaults()
	c.Shape.Hidden, c.Shape.Layer = 16, 8
	c.Mirror = false // the tests count positions as written
	c.BatchSize = 256
	c.LearnRate = 0.003
	c.MaxEpochs = 12
	c.ValidShare = 0.1
	c.Workers = 2
	return c
}

func TestLearnsTheMaterialLead(t *testing.T) {
	path := writePositions(t, "material.pos", materialRecords(1, 20000))
	cfg := smallConfig()
	cfg.Lambda = 0 // the result alone: the sign of the material lead
	var seen []Epoch
	res, err := Run(context.Background(), cfg, []string{path}, func(e Epoch) { seen = append(seen, e) })
	require.NoError(t, err)
	require.NotEmpty(t, res.Curve)
	best := res.Curve[res.BestEpoch-1]
	t.Logf("constant %.4f, best epoch %d: train %.4f, validation %.4f", res.ConstantLoss, res.BestEpoch, best.TrainLoss, best.ValidLoss)
	assert.Less(t, best.ValidLoss, res.ConstantLoss/4, "far better than the best constant")
	assert.Less(t, res.Curve[len(res.Curve)-1].TrainLoss, res.Curve[0].TrainLoss)
	assert.InDelta(t, 20000*cfg.ValidShare, float64(res.Validation), 20000*cfg.ValidShare/3)
	assert.Equal(t, 20000, res.Positions)
	// Every epoch was reported once done, in order.
	var done []Epoch
	for _, e := range seen {
		if e.Done {
			done = append(done, e)
		}
	}
	assert.Equal(t, res.Curve, done)
	// The header says how the net was made.
	tr := res.Net.Header.Training
	require.NotNil(t, tr)
	require.Len(t, tr.Data, 1)
	assert.Equal(t, "material.pos", tr.Data[0].Name)
	assert.Len(t, tr.Data[0].SHA256, 64)
	assert.Equal(t, 20000, tr.Data[0].Records)
	assert.Equal(t, res.BestEpoch, tr.BestEpoch)
	assert.Equal(t, best.ValidLoss, tr.ValidLoss)
	assert.Equal(t, res.ScoreScale, tr.ScoreScale)
	assert.Equal(t, float32(math.Round(res.ScoreScale)), res.Float.Scale)
	assert.Equal(t, cfg.ValidShare, tr.ValidShare)
	assert.Equal(t, cfg.BatchSize, tr.BatchSize)
	assert.Equal(t, len(res.Curve), tr.Epochs)
}

func TestTheSplitKeepsGamesWhole(t *testing.T) {
	recs := materialRecords(3, 5000)
	path := writePositions(t, "split.pos", recs)
	s, err := readSamples(context.Background(), []string{path}, 7, 0.2, false)
	require.NoError(t, err)
	side := map[uint32]bool{}
	for _, i := range s.valid {
		side[recs[i].Game] = true
	}
	for _, i := range s.train {
		assert.False(t, side[recs[i].Game], "game %d on both sides", recs[i].Game)
	}
	assert.InDelta(t, 0.2, float64(len(s.valid))/5000, 0.06)
	// Another seed, another split.
	s2, err := readSamples(context.Background(), []string{path}, 8, 0.2, false)
	require.NoError(t, err)
	assert.NotEqual(t, s.valid, s2.valid)
}

// With mirror each position is followed by its a↔i image, on the same side of the split,
// with the same labels; the image of the image is the position.
func TestMirrorAddsEachPositionsImage(t *testing.T) {
	recs := materialRecords(4, 3000)
	path := writePositions(t, "mirror.pos", recs)
	plain, err := readSamples(context.Background(), []string{path}, 7, 0.2, false)
	require.NoError(t, err)
	s, err := readSamples(context.Background(), []string{path}, 7, 0.2, true)
	require.NoError(t, err)
	require.Len(t, s.all, 2*len(plain.all))
	assert.Equal(t, 2*len(plain.valid), len(s.valid))
	moved := 0
	for i, sm := range plain.all {
		img := s.all[2*i+1]
		assert.Equal(t, sm, s.all[2*i])
		assert.Equal(t, sm.white.Transform(engine.MirrorLR), img.white)
		assert.Equal(t, sm.black.Transform(engine.MirrorLR), img.black)
		assert.Equal(t, sm.white, img.white.Transform(engine.MirrorLR))
		assert.Equal(t, [3]any{sm.side, sm.score, sm.value}, [3]any{img.side, img.score, img.value})
		assert.Equal(t, sm.white.Count(), img.white.Count())
		if sm.white != img.white {
			moved++
		}
	}
	assert.Greater(t, moved, len(plain.all)/2)
	for k, i := range plain.valid {
		assert.Equal(t, []uint32{2 * i, 2*i + 1}, s.valid[2*k:2*k+2])
	}
}

func TestFittedScoreScale(t *testing.T) {
	// Results drawn with chance sigmoid(score/300): the fit finds about 300.
	var bins []scoreBin
	for s := -1000; s <= 1000; s += 10 {
		p := sigmoid(float64(s) / 300)
		bins = append(bins, scoreBin{score: float64(s), n: [3]float64{1000 * (1 - p), 0, 1000 * p}})
	}
	assert.InDelta(t, 300, fitScoreScale(bins), 3)
}

func TestSameBytesWhateverTheWorkers(t *testing.T) {
	path := writePositions(t, "material.pos", materialRecords(2, 6000))
	cfg := smallConfig()
	cfg.MaxEpochs = 3
	var nets [][]byte
	for _, workers := range []int{1, 2, 3} {
		cfg.Workers = workers
		res, err := Run(context.Background(), cfg, []string{path}, nil)
		require.NoError(t, err)
		b, err := res.Net.Encode()
		require.NoError(t, err)
		nets = append(nets, b)
	}
	assert.Equal(t, nets[0], nets[1], "1 and 2 workers")
	assert.Equal(t, nets[0], nets[2], "1 and 3 workers")
	cfg.Seed++
	res, err := Run(context.Background(), cfg, []string{path}, nil)
	require.NoError(t, err)
	b, err := res.Net.Encode()
	require.NoError(t, err)
	assert.NotEqual(t, nets[0], b, "another seed, another net")
}

func TestEarlyStoppingKeepsTheBestEpoch(t *testing.T) {
	// Coin-flip results and a big net: the validation loss soon rises as it overfits.
	path := writePositions(t, "noise.pos", noiseRecords(4, 3000))
	cfg := smallConfig()
	cfg.Shape.Hidden, cfg.Shape.Layer = 64, 16
	cfg.BatchSize, cfg.LearnRate, cfg.Lambda = 32, 0.01, 0
	cfg.MaxEpochs, cfg.Patience = 40, 3
	cfg.ValidShare = 0.3
	res, err := Run(context.Background(), cfg, []string{path}, nil)
	require.NoError(t, err)
	require.Less(t, len(res.Curve), cfg.MaxEpochs, "stopped early")
	assert.Equal(t, res.BestEpoch+cfg.Patience, len(res.Curve), "after patience epochs without a better loss")
	low := math.Inf(1)
	for _, e := range res.Curve {
		assert.GreaterOrEqual(t, e.ValidLoss, res.Curve[res.BestEpoch-1].ValidLoss)
		assert.Equal(t, e.ValidLoss < low, e.Best, "epoch %d: best so far", e.Epoch)
		low = math.Min(low, e.ValidLoss)
	}
	last := res.Curve[len(res.Curve)-1].ValidLoss
	require.Greater(t, last, res.Curve[res.BestEpoch-1].ValidLoss, "the last epoch is worse than the best")
	// The net returned has the best epoch's validation loss, by Float.Forward.
	s, err := readSamples(context.Background(), []string{path}, cfg.Seed, cfg.ValidShare, false)
	require.NoError(t, err)
	s.setTargets(cfg.Lambda, res.ScoreScale)
	var sum float64
	for _, i := range s.valid {
		sm := s.all[i]
		p := engine.NewPosition(sm.white, sm.black, sm.side, 0, 0)
		d := sigmoid(float64(res.Float.Forward(&p))) - float64(sm.target)
		sum += d * d
	}
	assert.InDelta(t, res.Curve[res.BestEpoch-1].ValidLoss, sum/float64(len(s.valid)), 1e-6)
}

func TestRunRefuses(t *testing.T) {
	path := writePositions(t, "material.pos", materialRecords(2, 500))
	bad := smallConfig()
	bad.WeightClip = 2.5
	_, err := Run(context.Background(), bad, []string{path}, nil)
	assert.ErrorContains(t, err, "weight-clip")

	_, err = Run(context.Background(), smallConfig(), []string{path + ".missing"}, nil)
	assert.ErrorIs(t, err, os.ErrNotExist)

	require.NoError(t, os.WriteFile(data.ProgressPath(path), []byte("{}"), 0o644))
	_, err = Run(context.Background(), smallConfig(), []string{path}, nil)
	assert.ErrorIs(t, err, ErrStillWritten)
	require.NoError(t, os.Remove(data.ProgressPath(path)))

	one := writePositions(t, "onegame.pos", materialRecords(2, 10)) // one game: one side of the split is empty
	_, err = Run(context.Background(), smallConfig(), []string{one}, nil)
	assert.ErrorIs(t, err, ErrNoValidation)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Run(ctx, smallConfig(), []string{path}, nil)
	assert.ErrorIs(t, err, context.Canceled)
}

// The data's digest in a net's header is of the records alone: a file made again by another
// build (whose header names that build) gives the same net bytes.
func TestTheDataDigestIsOfTheRecords(t *testing.T) {
	recs := materialRecords(5, 300)
	path := writePositions(t, "a.pos", recs)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	first := bytes.IndexByte(raw, '\n')
	header := bytes.IndexByte(raw[first+1:], '\n') + first + 2
	want := sha256.Sum256(raw[header:])
	require.Equal(t, len(recs)*data.RecordSize, len(raw)-header)

	other := filepath.Join(t.TempDir(), "b.pos")
	rebuilt := append([]byte(nil), raw[:header]...)
	rebuilt = bytes.Replace(rebuilt, []byte(`"toolkit":"test"`), []byte(`"toolkit":"v9.9.9, another build"`), 1)
	require.NotEqual(t, raw[:header], rebuilt)
	require.NoError(t, os.WriteFile(other, append(rebuilt, raw[header:]...), 0o644))

	for _, p := range []string{path, other} {
		s, err := readSamples(context.Background(), []string{p}, 1, 0.1, false)
		require.NoError(t, err)
		require.Len(t, s.files, 1)
		assert.Equal(t, hex.EncodeToString(want[:]), s.files[0].SHA256, p)
		assert.Equal(t, len(recs), s.files[0].Records, p)
	}
}
