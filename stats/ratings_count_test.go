package stats

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Counted games must fit exactly as the same games listed one by one: the list is the
// reference, the counts the constant-memory form the tournament summary passes.
func TestFitRatingsCountsEqualListedGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const players = 4
	var listed []Game
	var counted []CountedGame
	for w := 0; w < players; w++ {
		for b := 0; b < players; b++ {
			for _, score := range []float64{1, 0.5, 0} {
				n := rng.IntN(6)
				if n == 0 {
					continue
				}
				counted = append(counted, CountedGame{Game{White: w, Black: b, Score: score}, n})
				for range n {
					listed = append(listed, Game{White: w, Black: b, Score: score})
				}
			}
		}
	}
	require.Greater(t, len(listed), 2*len(counted), "the data must have repeats to mean anything")
	want, err := FitRatings(players, listed, 0.95)
	require.NoError(t, err)
	got, err := FitRatingsCounted(players, counted, 0.95)
	require.NoError(t, err)
	for i := range want.Elo {
		assert.InDelta(t, want.Elo[i].Value, got.Elo[i].Value, 1e-6, "player %d", i)
		assert.InDelta(t, want.Elo[i].Lo, got.Elo[i].Lo, 1e-6, "player %d", i)
		assert.InDelta(t, want.Elo[i].Hi, got.Elo[i].Hi, 1e-6, "player %d", i)
	}
	assert.InDelta(t, want.FirstMove.Value, got.FirstMove.Value, 1e-6)
	assert.InDelta(t, want.DrawElo, got.DrawElo, 1e-6)

	_, err = FitRatingsCounted(players, []CountedGame{{Game{White: 0, Black: 1, Score: 1}, -1}}, 0.95)
	assert.ErrorContains(t, err, "negative count")
}
