// cycle_test.go: certificates of theoretic wins whose proofs, in the search's table, lean
// on one another.

package proof

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWinCertificatesAvoidTheirOwnWalk: under the theoretic rules, with a transposition
// table so small that entries are overwritten all the time, a win the search proves may be
// held in the table only through a turn back into the line that needs it (graph-history
// interaction). Every win proven on a seeded sample of 4-piece positions, with the tables of
// at most 3 pieces, still gets a certificate; it checks, and the 4-piece tables agree.
func TestWinCertificatesAvoidTheirOwnWalk(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 3)
	rng := rand.New(rand.NewPCG(11, 456))
	ctx := context.Background()
	proven := 0
	for i := 0; i < 300; i++ {
		p := RandomPosition(rng, 4)
		want, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err, p.FEN())
		pr, err := NewProver(Options{Tables: small, TTEntries: 1 << 8})
		require.NoError(t, err)
		for _, c := range []Claim{{p.Side, Wins}, {p.Side.Other(), Wins}} {
			res, err := pr.Search(ctx, p, c, Budget{Nodes: 200_000})
			require.NoError(t, err, p.FEN())
			if res.Outcome != Proven {
				continue
			}
			proven++
			assert.Equal(t, tablebase.Win, viewOf(want.Outcome, &p, c.Side), "%s: %v proven, the table says %v", p.FEN(), c, want)
			sec, err := pr.Certificate(ctx, p, res, "test", Budget{Nodes: 200_000})
			if !assert.NoError(t, err, "%s: %v", p.FEN(), c) {
				continue
			}
			_, err = CheckSection(&sec, small, FileVerifier(dir))
			assert.NoError(t, err, "%s: %v", p.FEN(), c)
		}
	}
	t.Logf("%d wins proven", proven)
	assert.Greater(t, proven, 100)
}
