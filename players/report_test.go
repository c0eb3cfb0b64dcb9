package players

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

func TestReportOfAnAnalysis(t *testing.T) {
	p := engine.MustParseFEN(engine.StartFEN)
	r := engine.DefaultRules()
	first, err := p.ParseTurn(r, "d3-e3W")
	require.NoError(t, err)
	q := p.Play(first)
	reply, err := q.ParseTurn(r, q.Turns(r, nil)[0].String())
	require.NoError(t, err)
	a := Analysis{Turn: first, Score: 150, PV: []engine.Turn{first, reply}, Depth: 2, Nodes: 1000}
	rep := NewReport(&p, "greedy", 4, a)
	assert.Equal(t, []string{"d3-e3W", reply.String()}, rep.PV)
	assert.Equal(t, "d3-e3W", rep.Turn)
	assert.Equal(t, engine.StartFEN, rep.FEN)

	var b bytes.Buffer
	rep.WriteText(&b)
	assert.Contains(t, b.String(), "player:   greedy (seed 4)\nbest:     d3-e3W\nscore:    150 (+1.50)\n")
	assert.Contains(t, b.String(), "depth:    2\nnodes:    1000 (")
}

func TestReportWritesOneJSONLineOrText(t *testing.T) {
	r := Report{FEN: engine.StartFEN, Player: "greedy", Turn: "e2-e3A", PV: []string{"e2-e3A"}, Depth: 1}
	var asJSON, asText bytes.Buffer
	require.NoError(t, r.Write(&asJSON, true))
	require.NoError(t, r.Write(&asText, false))
	assert.Equal(t, `{"fen":"`+engine.StartFEN+`","player":"greedy","seed":0,"turn":"e2-e3A","score":0,"pv":["e2-e3A"],"depth":1,"nodes":0,"nodes_per_second":0}`+"\n", asJSON.String())
	assert.True(t, strings.HasPrefix(asText.String(), "position: "+engine.StartFEN+"\nplayer:   greedy (seed 0)\n"), asText.String())
}
