package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startReport is the divided perft 2 of the start: testdata/perft.json gives 39 nodes
// below its 5 root turns.
func startReport(t *testing.T) PerftReport {
	t.Helper()
	p := MustParseFEN(StartFEN)
	run, err := RunPerft(context.Background(), &p, DefaultRules(), 2, Paths, true)
	require.NoError(t, err)
	return PerftReport{FEN: StartFEN, Depth: 2, Convention: Paths, Divided: true, Run: run}
}

func TestPerftReportJSON(t *testing.T) {
	var b strings.Builder
	require.NoError(t, startReport(t).WriteJSON(&b))
	assert.Equal(t, 1, strings.Count(b.String(), "\n"), "one line")
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(b.String()), &got))
	assert.Equal(t, StartFEN, got["fen"])
	assert.Equal(t, 2.0, got["depth"])
	assert.Equal(t, "paths", got["convention"])
	assert.Equal(t, 39.0, got["nodes"])
	assert.Contains(t, got, "seconds")
	assert.Contains(t, got, "nodes_per_second")
	divide, ok := got["divide"].(map[string]any)
	require.True(t, ok, "divide is an object: %v", got["divide"])
	assert.Len(t, divide, 5)

	// Asked for no divide: the key is absent.
	r := startReport(t)
	r.Divided, r.Run.Divide = false, nil
	b.Reset()
	require.NoError(t, r.WriteJSON(&b))
	assert.NotContains(t, b.String(), "divide")
}

func TestPerftReportText(t *testing.T) {
	var b strings.Builder
	startReport(t).WriteText(&b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 6, "a line a root turn, then the count")
	assert.Regexp(t, `^d2-e3A \d+$`, lines[0])
	assert.Regexp(t, `^perft 2 \(paths\): 39 nodes in \d+\.\d{3} s, \d+ nodes/s$`, lines[5])
}

func TestWriteTurns(t *testing.T) {
	p := MustParseFEN(StartFEN)
	list := ListTurns(&p, DefaultRules())
	var b strings.Builder
	require.NoError(t, WriteTurns(&b, list, false))
	assert.Equal(t, "d2-e3A\nd3-e3A\nd3-e3W\ne2-e3A\nf2-e3A\n", b.String())
	b.Reset()
	require.NoError(t, WriteTurns(&b, list[2:3], true))
	assert.JSONEq(t, `{"turn":"d3-e3W","fen":"BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b 0 1","captured":["c3"]}`, b.String())
}

func TestPerftReportWritesJSONOrText(t *testing.T) {
	r := PerftReport{FEN: StartFEN, Depth: 1, Run: PerftRun{Nodes: 5, Seconds: 1}}
	var asJSON, asText strings.Builder
	require.NoError(t, r.Write(&asJSON, true))
	require.NoError(t, r.Write(&asText, false))
	var obj map[string]any
	require.NoError(t, json.Unmarshal([]byte(asJSON.String()), &obj))
	assert.Equal(t, float64(5), obj["nodes"])
	assert.Equal(t, "perft 1 (distinct): 5 nodes in 1.000 s, 5 nodes/s\n", asText.String())
}
