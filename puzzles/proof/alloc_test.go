// alloc_test.go: the search allocates nothing per node, the reachable graph nothing per
// position.

package proof

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchAllocatesNothingPerNode: on an opening frontier position, with the committed
// ledger's leaves, a search of 20,480 nodes allocates no more than one of 2,048 (the budget is looked at every 1,024) (the
// frames grown to the deepest line by a first search): what a search allocates is
// per search, not per node.
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	pr, err := NewProver(Options{PaikaLimit: 50, TTEntries: 1 << 16, Ledger: openingLedger(t)})
	require.NoError(t, err)
	p := frontierPositions(t, 50)[0]
	ctx, claim := context.Background(), Claim{engine.Black, Wins}
	search := func(nodes uint64) func() {
		return func() {
			res, err := pr.Search(ctx, p, claim, Budget{Nodes: nodes})
			require.NoError(t, err)
			require.Equal(t, nodes, res.Nodes)
		}
	}
	search(20_480)()
	few, many := testing.AllocsPerRun(3, search(2_048)), testing.AllocsPerRun(3, search(20_480))
	assert.Equal(t, few, many)
	assert.LessOrEqual(t, many, 2.0)
}

// TestReachAllocatesNothingPerPosition: exploring the whole graph of a 4-piece position
// (some 400,000 positions, with the tables of at most 3 pieces) and sweeping it allocate
// per graph (its arrays, grown by doubling, and its classes' slots), not per position.
func TestReachAllocatesNothingPerPosition(t *testing.T) {
	small := FromSet(tablebase.Open(builtTables(t)), 3)
	p := engine.MustParseFEN("9/2B6/2B6/9/5W2W b")
	var positions int
	allocs := testing.AllocsPerRun(2, func() {
		r := newReach(p, small)
		r.explore(func(uint64) bool { return false })
		require.True(t, r.whole())
		r.lostNear(engine.Black)
		positions = len(r.keys)
	})
	require.Greater(t, positions, 300_000)
	assert.Less(t, allocs, 1000.0) // a few hundred: the arrays' doublings, the sweep's
}
