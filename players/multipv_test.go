package players

import (
	"context"
	"encoding/json"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

func TestMultiPVLinesAreTheBestRootTurnsOfAReferenceSearch(t *testing.T) {
	r := engine.DefaultRules()
	// White f3, h3 against Black g4: f3-e3 is the only turn winning within 3 plies
	// (tactics_test.go gives the hand analysis and its brute-force check).
	p := engine.MustParseFEN("9/6B2/5W1W1/9/9 w 0 10")
	rep, err := AnalyzeRequest{Spec: "expert:depth=6", MultiPV: 3}.Run(context.Background(), "given", &p, r)
	require.NoError(t, err)
	require.Len(t, rep.Lines, 3)
	assert.Equal(t, "f3-e3", rep.Lines[0].Turn)
	assert.Equal(t, MateScore-3, rep.Lines[0].Score)
	assert.Equal(t, rep.Turn, rep.Lines[0].Turn, "the best line is the search's turn")

	// The reference: each distinct root turn's position searched on its own by the plain
	// search (no pruning, reductions or aspiration), 5 plies, its score negated.
	ref := map[string]int{}
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(r, nil, &seen) {
		q := p.Play(tn)
		require.False(t, r.Status(&q).Over())
		a, err := NewExpert(ExpertOptions{Depth: 5, HashMB: 1, Quiesce: true}).Analyze(context.Background(), &q, r)
		require.NoError(t, err)
		score := -a.Score
		if score >= MateBound {
			score-- // one ply further from the root
		}
		ref[tn.String()] = score
	}
	require.Len(t, ref, 8, "White's 8 steps")
	var best []int
	for _, s := range ref {
		best = append(best, s)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(best)))
	turns := map[string]bool{}
	for i, l := range rep.Lines {
		assert.Equal(t, ref[l.Turn], l.Score, "line %d, %s: the reference's score", i+1, l.Turn)
		assert.Equal(t, best[i], l.Score, "line %d: the %d-th best score", i+1, i+1)
		assert.Equal(t, l.Turn, l.PV[0], "a line's variation starts with its turn")
		assert.False(t, turns[l.Turn], "line %d, %s: a turn given twice", i+1, l.Turn)
		turns[l.Turn] = true
	}
}

func TestOneLineAddsNothingToTheReport(t *testing.T) {
	p := engine.MustParseFEN("9/6B2/5W1W1/9/9 w 0 10")
	rep, err := AnalyzeRequest{Spec: "expert:depth=4", MultiPV: 1}.Run(context.Background(), "given", &p, engine.DefaultRules())
	require.NoError(t, err)
	assert.Empty(t, rep.Lines)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"lines"`)
}

func TestLinesOfAForcedPositionAreTheSearchsOwn(t *testing.T) {
	// Black's only turn is the compulsory d5-c5A (tactics_test.go).
	r := engine.DefaultRules()
	p := engine.MustParseFEN("1W1BB4/WB1W5/9/5W3/9 w 0 10")
	p = p.Play(mustTurn(t, &p, r, "d4-c4A"))
	e := NewExpert(ExpertOptions{Depth: 4, HashMB: 1, Quiesce: true})
	a, err := e.Analyze(context.Background(), &p, r)
	require.NoError(t, err)
	lines, nodes, err := e.Lines(context.Background(), &p, r, a, 3)
	require.NoError(t, err)
	assert.Equal(t, []Line{{a.Score, a.PV}}, lines)
	assert.Zero(t, nodes, "nothing more searched")
}

func mustTurn(t *testing.T, p *engine.Position, r engine.Rules, s string) engine.Turn {
	t.Helper()
	tn, err := p.ParseTurn(r, s)
	require.NoError(t, err)
	return tn
}
