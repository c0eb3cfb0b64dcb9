// proof_test.go: the search's values against the full tables, and its certificates
// through the checker.

package proof

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/puzzles/tablebase/tablebasetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// builtTables returns a folder with every class of at most 4 pieces, theoretic and under
// paika limit 50, built once in the test run.
func builtTables(t testing.TB) string { return tablebasetest.Tables(t, 4) }

func TestMain(m *testing.M) {
	code := m.Run()
	tablebasetest.Cleanup()
	os.Exit(code)
}

// TestValuesEqualTheTables: on a seeded sample of 4-piece positions, the search given
// only the tables of at most 3 pieces proves values equal to the 4-piece tables', under
// the theoretic rules and paika limit 50, and every certificate checks.
func TestValuesEqualTheTables(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	for _, limit := range []int{0, 50} {
		rng := rand.New(rand.NewPCG(7, uint64(limit)))
		small := FromSet(tablebase.Open(dir), 3)
		pr, err := NewProver(Options{PaikaLimit: limit, Tables: small, TTEntries: 1 << 18})
		require.NoError(t, err)
		decided := 0
		const n = 60
		for i := 0; i < n; i++ {
			p := RandomPosition(rng, 4)
			vr, err := pr.Value(context.Background(), p, Budget{Nodes: 300_000}, "test")
			require.NoError(t, err, p.FEN())
			want, err := full.Probe(&p, tablebase.PaikaRule(limit))
			require.NoError(t, err, p.FEN())
			for _, r := range vr.Claims {
				if r.Outcome == Unknown {
					continue
				}
				held := r.Claim
				if r.Outcome == Disproven {
					held = r.Claim.Opposite()
				}
				assert.True(t, held.good(viewOf(want.Outcome, &p, held.Side)), "limit %d %s: %v %v, the table says %v", limit, p.FEN(), r.Claim, r.Outcome, want)
			}
			if !vr.Known {
				continue
			}
			decided++
			assert.Equal(t, want.Outcome, vr.Value, "limit %d %s", limit, p.FEN())
			rep, err := Check(&Certificate{Sections: vr.Sections}, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
			if assert.NoError(t, err, "limit %d %s", limit, p.FEN()) {
				assert.Equal(t, want.Outcome.String(), rep.Value)
				assert.Positive(t, rep.Nodes)
			}
		}
		t.Logf("limit %d: %d of %d decided", limit, decided, n)
		assert.GreaterOrEqual(t, decided, n*3/4, "limit %d", limit)
	}
}

// TestValueSharesItsBudgetBetweenTheClaims: from this position White's win takes the
// search more than 400,000 nodes to settle, while Black's win is disproven in a few
// dozen. Searched in turn, the first claim took the whole budget and nothing was
// established; sharing it, "black-wins" is disproven and its certificate, "white does not
// lose", is checked, as the full tables agree.
func TestValueSharesItsBudgetBetweenTheClaims(t *testing.T) {
	dir := builtTables(t)
	p, err := engine.ParseFEN("9/5B3/5B3/2W1W4/9 w")
	require.NoError(t, err)
	pr, err := NewProver(Options{PaikaLimit: 0, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 18})
	require.NoError(t, err)
	vr, err := pr.Value(context.Background(), p, Budget{Nodes: 100_000}, "test")
	require.NoError(t, err)
	assert.LessOrEqual(t, vr.Nodes, uint64(101_000), "within the budget in all (each search looks at it every few hundred nodes)")
	require.Len(t, vr.Claims, 2)
	assert.Equal(t, Result{Claim: Claim{engine.Black, Wins}, Outcome: Disproven}, Result{Claim: vr.Claims[1].Claim, Outcome: vr.Claims[1].Outcome})
	assert.Equal(t, Unknown, vr.Claims[0].Outcome, "white-wins takes more than the budget")
	assert.False(t, vr.Known)
	require.Len(t, vr.Sections, 1)
	rep, err := Check(&Certificate{Sections: vr.Sections}, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
	require.NoError(t, err)
	assert.Equal(t, []Claim{{engine.White, DoesNotLose}}, rep.Claims)
	want, err := tablebase.Open(dir).Probe(&p, tablebase.PaikaRule(0))
	require.NoError(t, err)
	assert.NotEqual(t, tablebase.Loss, want.Outcome, "the full tables: White does not lose")
}
