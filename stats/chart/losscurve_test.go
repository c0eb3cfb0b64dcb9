package chart

import (
	"bytes"
	"image/png"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLossCurve(t *testing.T) {
	c, err := BuildLossCurve([]float64{0.2, 0.1, 0.08}, []float64{0.21, 0.12, 0.13}, 2, 0.24)
	require.NoError(t, err)
	f, err := PlotLossCurve(c)
	require.NoError(t, err)
	assert.Contains(t, f.Title, "best 2, validation loss 0.12")
	b, err := f.Encode("curve.png")
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	assert.Equal(t, 945, img.Bounds().Dx())
	svg, err := f.Encode("curve.svg")
	require.NoError(t, err)
	assert.Contains(t, string(svg), "validation (at the epoch")
	again, err := f.Encode("curve.svg")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(svg, again), "the same curve draws the same bytes")
}

func TestLossCurveRefuses(t *testing.T) {
	for _, tc := range []struct {
		train, valid []float64
		best         int
		constant     float64
		msg          string
	}{
		{nil, nil, 0, 0, "no epochs"},
		{[]float64{0.1, 0.2}, []float64{0.1}, 1, 0, "2 training losses but 1"},
		{[]float64{0.1}, []float64{math.NaN()}, 1, 0, "epoch 1"},
		{[]float64{0.1}, []float64{-0.1}, 1, 0, "epoch 1"},
		{[]float64{0.1}, []float64{0.1}, 2, 0, "best epoch 2 of 1"},
		{[]float64{0.1}, []float64{0.1}, 1, math.Inf(1), "constant"},
	} {
		_, err := BuildLossCurve(tc.train, tc.valid, tc.best, tc.constant)
		assert.ErrorContains(t, err, tc.msg)
	}
}

func TestFractionTicks(t *testing.T) {
	var labels []string
	for _, tk := range fractionTicks(0, 0.26) {
		labels = append(labels, tk.Label)
	}
	assert.Equal(t, []string{"0", "0.05", "0.1", "0.15", "0.2", "0.25"}, labels)
	labels = nil
	for _, tk := range fractionTicks(0, 0.013) {
		labels = append(labels, tk.Label)
	}
	assert.Equal(t, []string{"0", "0.0025", "0.005", "0.0075", "0.01", "0.0125"}, labels)
}
