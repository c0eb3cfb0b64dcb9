// alloc_test.go: the search allocates nothing per node.

package proof

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
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
