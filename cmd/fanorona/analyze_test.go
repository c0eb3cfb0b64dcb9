package main

import (
	"encoding/json"
	"regexp"
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
		{[]string{"analyze", "--multipv", "0"}, "--multipv 0: want a whole number from 1 to 500"},
		{[]string{"analyze", "--multipv", "two"}, `invalid argument "two" for "--multipv"`},
		{[]string{"analyze", "--player", "greedy", "--multipv", "2"}, "--multipv 2: only the expert gives several lines, not greedy"},
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

func TestAnalyzeOneLineIsTheOutputOfBefore(t *testing.T) {
	// The output of the analyze command before --multipv existed, nodes/s (a clock
	// reading) masked.
	fen := "9/6B2/5W1W1/9/9 w 0 10"
	wantText := "position: 9/6B2/5W1W1/9/9 w 0 10\nplayer:   expert:depth=6 (seed 0)\nbest:     f3-e3\nscore:    29997 (win in 3)\npv:       f3-e3 g4-f4 e3-d2W\ndepth:    3\nnodes:    101 (N nodes/s)\n"
	wantJSON := `{"fen":"9/6B2/5W1W1/9/9 w 0 10","player":"expert:depth=6","seed":0,"turn":"f3-e3","score":29997,"pv":["f3-e3","g4-f4","e3-d2W"],"depth":3,"nodes":101,"nodes_per_second":N}` + "\n"
	mask := regexp.MustCompile(`\(\d+ nodes/s\)|"nodes_per_second":[0-9.e+]+`)
	masked := func(s string) string {
		return mask.ReplaceAllStringFunc(s, func(m string) string {
			if strings.HasPrefix(m, "(") {
				return "(N nodes/s)"
			}
			return `"nodes_per_second":N`
		})
	}
	for _, extra := range [][]string{nil, {"--multipv", "1"}} {
		args := append([]string{"analyze", "--fen", fen, "--player", "expert:depth=6"}, extra...)
		code, out, errs := runCmd(t, "", args...)
		require.Equal(t, 0, code, errs)
		assert.Equal(t, wantText, masked(out), "%v", extra)
		code, out, errs = runCmd(t, "", append(args, "--json")...)
		require.Equal(t, 0, code, errs)
		assert.Equal(t, wantJSON, masked(out), "%v", extra)
	}
}

func TestAnalyzeMultiPVListsTheBestTurns(t *testing.T) {
	fen := "9/6B2/5W1W1/9/9 w 0 10"
	code, out, errs := runCmd(t, "", "analyze", "--fen", fen, "--player", "expert:depth=6", "--multipv", "3")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "best:     f3-e3\n", "the fields of one line first, as before")
	assert.Contains(t, out, "\nline 1:   f3-e3  score 29997 (win in 3)  pv f3-e3 g4-f4 e3-d2W\n")
	assert.Equal(t, 3, strings.Count(out, "\nline "))

	code, out, errs = runCmd(t, "", "analyze", "--fen", fen, "--player", "expert:depth=6", "--multipv", "3", "--json")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(out, `{"fen":"9/6B2/5W1W1/9/9 w 0 10","player":"expert:depth=6","seed":0,"turn":"f3-e3",`), out)
	var res struct {
		Lines []struct {
			Turn  string   `json:"turn"`
			Score int      `json:"score"`
			PV    []string `json:"pv"`
		} `json:"lines"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Len(t, res.Lines, 3)
	assert.Equal(t, "f3-e3", res.Lines[0].Turn)
	assert.Equal(t, 29997, res.Lines[0].Score)
	for i := 1; i < 3; i++ {
		assert.LessOrEqual(t, res.Lines[i].Score, res.Lines[i-1].Score, "sorted")
		assert.NotEqual(t, res.Lines[0].Turn, res.Lines[i].Turn)
	}
}
