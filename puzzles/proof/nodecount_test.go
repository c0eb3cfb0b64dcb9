// nodecount_test.go: the search's order, pinned by its node counts on a fixed sample.

package proof

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNodeCountsOfASample: the values of 40 seeded 4-piece positions under each rule, with
// the tables of at most 3 pieces and a table of 4,096 entries (so that entries are
// replaced), take the nodes the current code takes, pinned as a regression guard: a change
// in which nodes the search expands changes them, one in a node's cost does not.
func TestNodeCountsOfASample(t *testing.T) {
	dir := builtTables(t)
	for _, c := range []struct {
		limit          int
		nodes, decided uint64
	}{{0, 288_617, 38}, {50, 716_983, 33}} {
		rng := rand.New(rand.NewPCG(11, uint64(c.limit)))
		pr, err := NewProver(Options{PaikaLimit: c.limit, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 12})
		require.NoError(t, err)
		var nodes, decided uint64
		for range 40 {
			vr, err := pr.Value(context.Background(), RandomPosition(rng, 4), Budget{Nodes: 100_000}, "test")
			require.NoError(t, err)
			nodes += vr.Nodes
			if vr.Known {
				decided++
			}
		}
		assert.Equal(t, c.nodes, nodes, "limit %d", c.limit)
		assert.Equal(t, c.decided, decided, "limit %d", c.limit)
	}
}
