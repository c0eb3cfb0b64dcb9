// sample_test.go: the positions of a seeded sample.

package proof

import (
	"testing"

	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBalancedSampleTakesValuesInTurn: a balanced sample's positions have the reference's
// values win, draw, loss, win… for the side to move, under either rule.
func TestBalancedSampleTakesValuesInTurn(t *testing.T) {
	ref := tablebase.Open(builtTables(t))
	for _, limit := range []int{0, 50} {
		s := &Sample{Seed: 3, Pieces: []int{4}, Count: 9, Balanced: true, Reference: ref, PaikaLimit: limit}
		next := s.source()
		for i := 0; i < s.Count; i++ {
			sp, ok := next()
			require.True(t, ok)
			v, err := ref.Probe(&sp.Position, tablebase.PaikaRule(limit))
			require.NoError(t, err)
			want := []tablebase.Outcome{tablebase.Win, tablebase.Draw, tablebase.Loss}[i%3]
			assert.Equal(t, want, v.Outcome, "limit %d, position %d %s", limit, i, sp.Position.FEN())
		}
		_, ok := next()
		assert.False(t, ok)
	}
}
