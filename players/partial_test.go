// partial_test.go: the expert's partial switch, an unfinished iteration's best turn
// played, checked against the plain minimax of search_test.go; and the spec options of
// the five switches of repetition_test.go, this file, delta_test.go, qtt_test.go and
// qforced_test.go.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPartialPlaysAFullySearchedTurn: a search with no pruning, table or aspiration (the
// root window is then open above, so a turn that beats alpha gets its exact score) is
// stopped by node limits between the ends of iterations 4 and 5. Without partial it plays
// the depth-4 result. With partial, where it plays something else, the turn played must
// have the score reported at depth 5 by plain minimax: it was searched in full. Some limit
// must give a different result, or the comparison would show nothing.
func TestPartialPlaysAFullySearchedTurn(t *testing.T) {
	skipUnderRace(t)
	r := engine.DefaultRules()
	differed := 0
	for _, f := range append([]string{"2W4BB/9/5B3/W8/WW4W1W b 0 0"}, lmrSuite...) {
		p := engine.MustParseFEN(f)
		nodesTo := func(depth int) uint64 {
			a, err := NewExpert(fixedDepthOptions(depth, false)).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			require.Equal(t, depth, a.Depth, f)
			return a.Nodes
		}
		n4, n5 := nodesTo(4), nodesTo(5)
		for k := uint64(1); k < 16; k++ {
			limit := n4 + (n5-n4)*k/16
			o := fixedDepthOptions(20, false)
			o.Nodes = limit
			plain, err := NewExpert(o).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			require.Equal(t, 4, plain.Depth, "%s limit %d", f, limit)
			o.Partial = true
			a, err := NewExpert(o).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			assert.Equal(t, 4, a.Depth, "%s limit %d: the depth completed", f, limit)
			if a.Turn == plain.Turn && a.Score == plain.Score {
				continue
			}
			differed++
			q := p.Play(a.Turn)
			assert.Equal(t, -plainMinimax(&q, r, 4, 1), a.Score, "%s limit %d: %s", f, limit, a.Turn)
		}
	}
	assert.Positive(t, differed, "partial never changed the result")
}

// TestSearchSwitchesFromTheSpec: rep, partial, delta, qtt, qforced, keep and clmr are off
// by default and each spec option turns on its own switch of the search, and only that
// one.
func TestSearchSwitchesFromTheSpec(t *testing.T) {
	switches := func(c searchConfig) [7]bool {
		return [7]bool{c.repetition, c.partial, c.delta, c.qsTable, c.qsForced, c.keepTable, c.captureLMR}
	}
	pl, err := New("expert", 0)
	require.NoError(t, err)
	assert.Equal(t, [7]bool{}, switches(pl.(*Expert).s.cfg), "default")
	for i, name := range []string{"rep", "partial", "delta", "qtt", "qforced", "keep", "clmr"} {
		pl, err := New("expert:"+name+"=true", 0)
		require.NoError(t, err, name)
		var want [7]bool
		want[i] = true
		assert.Equal(t, want, switches(pl.(*Expert).s.cfg), name)
		pl, err = New("expert:v=1,"+name+"=true", 0)
		require.NoError(t, err, name)
		assert.Equal(t, [7]bool{}, switches(pl.(*Expert).s.cfg), "%s ignored by v=1", name)
	}
}
