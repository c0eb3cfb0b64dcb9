package train

import (
	"errors"
	"math"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequestCheckNamesTheSettingRefused(t *testing.T) {
	require.NoError(t, Request{Config: Defaults(), Plot: "loss.svg"}.Check())
	for _, c := range []struct {
		change  func(*Request)
		setting string
		want    string
	}{
		{func(q *Request) { q.Shape.Hidden = 0; q.Plot = "x.gif" }, "hidden", "hidden 0: must be 1 to 512"},
		{func(q *Request) { q.Lambda = 2 }, "lambda", "lambda 2: must be from 0 to 1"},
		{func(q *Request) { q.Workers = -1 }, "workers", "workers -1: must be 0 (every core) or more"},
		{func(q *Request) { q.Plot = "x.gif" }, "plot", `plot file "x.gif": unknown extension ".gif": use .png or .svg`},
	} {
		q := Request{Config: Defaults()}
		c.change(&q)
		err := q.Check()
		var se *engine.SettingError
		require.True(t, errors.As(err, &se), "%v", err)
		assert.Equal(t, c.setting, se.Name)
		assert.EqualError(t, err, c.want)
	}
}

func TestEpochLabelShowsTheLossesOnceValidated(t *testing.T) {
	assert.Equal(t, "net train: epoch 2", Epoch{Epoch: 2, TrainLoss: 0.5, ValidLoss: math.NaN()}.Label())
	assert.Equal(t, "net train: epoch 3 (train 0.06594, validation 0.17510)", Epoch{Epoch: 3, TrainLoss: 0.065941, ValidLoss: 0.175104}.Label())
}
