// delta_test.go: the expert's delta switch, captures in quiescence skipped when even the
// pieces they take and a margin cannot raise alpha.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeltaSkipsCapturesTooSmallToRaiseAlpha: White must capture, and its only turn takes
// one piece. From alpha = static + one piece + deltaMargin the capture is not searched
// (one node, the static score returned); one below, and with delta off, it is.
func TestDeltaSkipsCapturesTooSmallToRaiseAlpha(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("9/9/4W4/3B5/B8 w 0 10")
	turns := p.DistinctTurns(r, nil, new(engine.ResultSet))
	require.Len(t, turns, 1)
	require.Equal(t, 1, turns[0].Captured.Count(), turns[0].String())
	run := func(delta bool, alpha int) (int, uint64) {
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, delta: delta}, nil)
		s.begin(context.Background(), r, 0, 0)
		v := s.qsearch(&p, 0, 0, alpha, alpha+1)
		return v, s.nodes
	}
	static := Evaluate(&p)
	edge := static + PieceValue + deltaMargin

	v, nodes := run(true, edge)
	assert.Equal(t, uint64(1), nodes, "skipped")
	assert.Equal(t, static, v)

	_, nodes = run(true, edge-1)
	assert.Greater(t, nodes, uint64(1), "one below the edge: searched")
	_, nodes = run(false, edge)
	assert.Greater(t, nodes, uint64(1), "delta off: searched")
}
