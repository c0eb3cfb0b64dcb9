package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPerftRequestCheckNamesTheDepth(t *testing.T) {
	for _, depth := range []int{0, -1, 31} {
		err := PerftRequest{Depth: depth}.Check()
		var se *SettingError
		require.True(t, errors.As(err, &se), "depth %d", depth)
		assert.Equal(t, "depth", se.Name)
	}
	assert.EqualError(t, PerftRequest{Depth: 31}.Check(), "depth 31: must be 1 to 30")
	assert.NoError(t, PerftRequest{Depth: 1}.Check())
	assert.NoError(t, PerftRequest{Depth: 30}.Check())
}

// The start position's counts at depth 5 of testdata/perft.json, the two conventions apart.
func TestPerftRequestRunsTheConventionAsked(t *testing.T) {
	p := Start()
	rep, err := PerftRequest{Depth: 5}.Run(context.Background(), &p, DefaultRules())
	require.NoError(t, err)
	assert.Equal(t, uint64(431830), rep.Run.Nodes)
	assert.Equal(t, Distinct, rep.Convention)
	assert.False(t, rep.Divided)

	rep, err = PerftRequest{Depth: 5, Paths: true, Divide: true}.Run(context.Background(), &p, DefaultRules())
	require.NoError(t, err)
	assert.Equal(t, uint64(431852), rep.Run.Nodes)
	assert.Equal(t, Paths, rep.Convention)
	assert.True(t, rep.Divided)
	assert.Len(t, rep.Run.Divide, 5, "the start's five turns")
	assert.Equal(t, StartFEN, rep.FEN)
}
