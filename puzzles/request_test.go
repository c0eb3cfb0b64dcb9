// request_test.go: a solve's record and line, and a puzzle's check of a solve.

package puzzles

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordSaysTheSolve(t *testing.T) {
	p := engine.MustParseFEN("9/9/9/9/W1B6 w")
	turn, err := p.ParseTurn(engine.TheoreticRules(), "a1-b1A")
	require.NoError(t, err)
	res := Result{Known: true, Value: tablebase.Value{Outcome: tablebase.Win, Plies: 1}, Exact: true, Source: "tablebase", Line: []engine.Turn{turn}}
	assert.Equal(t, "9/9/9/9/W1B6 w 0 0  win in 1 (theoretic, no paika limit) [tablebase]  line: a1-b1A", res.Record(&p, 0).String())
	res.Source, res.Exact = "proof", false
	rec := res.Record(&p, 50)
	assert.Nil(t, rec.Plies, "a proof gives no distance")
	assert.Equal(t, "9/9/9/9/W1B6 w 0 0  win under paika limit 50 (plies to the deciding capture) [proof]  line: a1-b1A", rec.String())
	assert.Equal(t, "9/9/9/9/W1B6 w 0 0  unknown within budget (searched 3 plies, 99 nodes)", Result{Depth: 3, Nodes: 99}.Record(&p, 0).String())
}

func TestPuzzleCheck(t *testing.T) {
	pz, err := Named("longest-3v2")
	require.NoError(t, err)
	assert.NoError(t, pz.Check(Result{}), "unknown is no error")
	assert.NoError(t, pz.Check(Result{Known: true, Value: pz.Value, Exact: true}))
	assert.NoError(t, pz.Check(Result{Known: true, Value: tablebase.Value{Outcome: tablebase.Win, Plies: 61}}), "an inexact distance only bounds")
	assert.EqualError(t, pz.Check(Result{Known: true, Value: tablebase.Value{Outcome: tablebase.Draw}, Exact: true}),
		"longest-3v2: solved as draw, the collection says win in 59")
	e := pz.Entry()
	assert.Equal(t, "win", e.Value)
	require.NotNil(t, e.Plies)
	assert.Equal(t, 59, *e.Plies)
}
