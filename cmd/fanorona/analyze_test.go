package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnalyzeJSON(t *testing.T) {
	// White f3, h3 against Black g4: f3-e3 is the only turn winning within 3 plies (see
	// players/tactics_test.go for the hand analysis and the brute-force check).
	fen := "9/6B2/5W1W1/9/9 w 0 10"
	code, out, errs := runCmd(t, "", "analyze", "--fen", fen, "--player", "expert:depth=4", "--seed", "3", "--json")
	require.Equal(t, 0, code, errs)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, 1, strings.Count(out, "\n"), "one object")
	assert.Equal(t, fen, res["fen"])
	assert.Equal(t, "expert:depth=4", res["player"])
	assert.Equal(t, float64(3), res["seed"])
	assert.Equal(t, "f3-e3", res["turn"])
	assert.Equal(t, float64(30000-3), res["score"], "a win in 3 plies")
	pv, ok := res["pv"].([]any)
	require.True(t, ok)
	require.Len(t, pv, 3)
	assert.Equal(t, "f3-e3", pv[0])
	assert.Equal(t, float64(3), res["depth"], "deepening stops once the win is inside the horizon")
	assert.Greater(t, res["nodes"], float64(0))
	assert.Contains(t, res, "nodes_per_second")
}

func TestAnalyzeText(t *testing.T) {
	code, out, _ := runCmd(t, "", "analyze", "--player", "greedy", "--seed", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "best:     ")
	assert.Contains(t, out, "pv:       ")
}

func TestAnalyzeBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"analyze", "--fen", "9/9/9 w"}, "has 3 rows"},
		{[]string{"analyze", "--player", "expert:dpth=3"}, `unknown option "dpth" (known: depth, nodes, time`},
		{[]string{"analyze", "--player", "wizard", "--json"}, `unknown player "wizard"`},
		{[]string{"analyze", "--fen", "9/9/4W4/9/9 b"}, "the game is already over (1-0, no-pieces): nothing to analyze"},
		{[]string{"analyze", "--seed", "-1"}, "invalid argument"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: %q", c.args, errs)
		assert.Contains(t, errs, c.err)
	}
}

func TestAnalyzeFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newAnalyzeCmd, "--player", "expert:depth=3", "--seed", "7", "--json", "--tablebases", "none", "--engine", "name=x,cmd=y")
	assert.Equal(t, "expert:depth=3", o.req.Spec)
	assert.Equal(t, uint64(7), o.req.Seed)
	assert.True(t, o.json)
	assert.Equal(t, "none", o.tb)
	assert.Equal(t, []string{"name=x,cmd=y"}, o.eng.decl)
	assert.Equal(t, engine.StartFEN, o.fen)
}
