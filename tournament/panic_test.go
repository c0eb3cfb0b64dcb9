package tournament

import (
	"context"
	"errors"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/panics"
	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// panickingOracle is a tablebase that fails as a bug would: its probe panics.
type panickingOracle struct{}

func (panickingOracle) Probe(*engine.Position, engine.Rules) (int, int, bool) {
	panic("probe of a broken table")
}

// TestPanicInAGameIsTheRunsError: a panic on a worker goroutine ends the run with a
// *panics.Error (the command's exit 70), not a crash of the process.
func TestPanicInAGameIsTheRunsError(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"expert:depth=2"}, Games: 4, Openings: "start",
		Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 2}
	_, err := Run(context.Background(), c, Options{Out: t.TempDir(),
		PlayerOptions: []players.Option{players.WithOracle(panickingOracle{})}})
	require.Error(t, err)
	var pe *panics.Error
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Equal(t, "probe of a broken table", pe.Value)
}
