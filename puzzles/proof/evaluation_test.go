// evaluation_test.go: the learned evaluation as the proof numbers' initialisation: the
// number it scales and by how much, and that it changes the search's path, never what
// the search proves.

package proof

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvaluationScalesTheNumberTheClaimFaces: a child the net scores for the claim's
// side has its disproof number doubled once for each 100 hundredths of a piece (at most
// five times), a child scored against it its proof number; the score read from the
// search's accumulators, made child by child from the root's, equals the net's score
// computed from scratch.
func TestEvaluationScalesTheNumberTheClaimFaces(t *testing.T) {
	net := nnue.Default()
	pr, err := NewProver(Options{PaikaLimit: 50, Evaluation: net, TTEntries: 1 << 10})
	require.NoError(t, err)
	for _, tc := range []struct {
		fen   string
		claim Claim
	}{
		{"9/1W5W1/3B5/9/W1W3W2 w 0 0", Claim{engine.White, Wins}},   // White far ahead
		{"9/1W5W1/3B5/9/W1W3W2 w 0 0", Claim{engine.Black, Wins}},   // the same, against the claim
		{"BB7/9/4W4/9/7BB b 0 0", Claim{engine.White, DoesNotLose}}, // Black ahead, White to hold
		{"BBBBBBBBB/BBBBBBBBB/BW1B2WBW/WWWWWWWWW/WWWWWWWWW w 0 2", Claim{engine.Black, Wins}},
	} {
		p, err := engine.ParseFEN(tc.fen)
		require.NoError(t, err)
		pr.claim = tc.claim
		pr.acc.Refresh(0, &p)
		var seen engine.ResultSet
		turns := p.DistinctTurns(pr.rules, nil, &seen)
		require.NotEmpty(t, turns, tc.fen)
		// scaled is what the numbers pn, dn of q must become: the net's score of q, computed
		// from scratch, for the claim's side; a doubling each 100 of it, at most 5.
		scaled := func(q *engine.Position, pn, dn uint32) (want [2]uint32, e, shift int) {
			e = net.Evaluate(q)
			if q.Side != tc.claim.Side {
				e = -e
			}
			shift = min(max(e/100, -5), 5)
			if shift > 0 {
				return [2]uint32{pn, dn << shift}, e, shift
			}
			return [2]uint32{pn << -shift, dn}, e, shift
		}
		shifted := 0
		for _, turn := range turns {
			c := p.Play(turn)
			want, e, shift := scaled(&c, 3, 7)
			pn, dn := pr.scaleByEvaluation(0, &c, 3, 7)
			assert.Equal(t, want, [2]uint32{pn, dn}, "%s %v after %v: score %d", tc.fen, tc.claim, turn, e)
			if shift != 0 {
				shifted++
			}
			// One ply further, as the search goes: the child's accumulators made from the
			// root's when its own first child is scored.
			pr.acc.Played(0, &c)
			var seen2 engine.ResultSet
			for _, t2 := range c.DistinctTurns(pr.rules, nil, &seen2) {
				g := c.Play(t2)
				want, e, _ := scaled(&g, 1, 1)
				pn, dn := pr.scaleByEvaluation(1, &g, 1, 1)
				assert.Equal(t, want, [2]uint32{pn, dn}, "%s %v after %v %v: score %d", tc.fen, tc.claim, turn, t2, e)
			}
		}
		if tc.claim.Side == engine.White && tc.claim.Kind == Wins {
			assert.Positive(t, shifted, "%s: White far ahead, yet no child's numbers scaled", tc.fen)
		}
	}
}

// TestEvaluationKeepsTheValues: on a seeded sample of 4-piece positions, the search with
// the net proves the values the 4-piece tables hold (given only those of at most 3
// pieces), every certificate checks, and its node counts differ from the search
// without: the net changes the path, not the answers.
func TestEvaluationKeepsTheValues(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	for _, limit := range []int{0, 50} {
		nodes := map[bool]uint64{}
		for _, withNet := range []bool{false, true} {
			opts := Options{PaikaLimit: limit, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 18}
			if withNet {
				opts.Evaluation = nnue.Default()
			}
			pr, err := NewProver(opts)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(11, uint64(limit)))
			decided := 0
			for range 30 {
				p := RandomPosition(rng, 4)
				vr, err := pr.Value(context.Background(), p, Budget{Nodes: 200_000}, "test")
				require.NoError(t, err, p.FEN())
				for _, r := range vr.Claims {
					nodes[withNet] += r.Nodes
				}
				if !vr.Known {
					continue
				}
				decided++
				want, err := full.Probe(&p, tablebase.PaikaRule(limit))
				require.NoError(t, err, p.FEN())
				assert.Equal(t, want.Outcome, vr.Value, "limit %d net %v %s", limit, withNet, p.FEN())
				_, err = Check(&Certificate{Sections: vr.Sections}, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
				assert.NoError(t, err, "limit %d net %v %s", limit, withNet, p.FEN())
			}
			assert.GreaterOrEqual(t, decided, 20, "limit %d net %v", limit, withNet)
		}
		assert.NotEqual(t, nodes[false], nodes[true], "limit %d: the net left every search as it was", limit)
		t.Logf("limit %d: nodes without the net %d, with %d", limit, nodes[false], nodes[true])
	}
}
