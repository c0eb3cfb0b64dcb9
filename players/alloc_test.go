package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
)

func TestRandomChooseAllocatesNothing(t *testing.T) {
	pl := NewRandom(7)
	p := engine.Start()
	ctx := context.Background()
	for _, seed := range []uint64{1, 7, 99} {
		want := positionRand(seed, streamRandom, &p).Uint64()
		got := newChoiceRand().at(seed, streamRandom, &p).Uint64()
		assert.Equal(t, want, got, "the reseeded source is positionRand's")
	}
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = pl.Choose(ctx, &p, engine.DefaultRules())
	})
	assert.Zero(t, allocs)
}
