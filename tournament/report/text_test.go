package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handRecord is one hand-written game between named players.
func handRecord(index, pair int, white, black, result string, turns ...string) record.Record {
	reason := "no-pieces"
	if result == "1/2-1/2" {
		reason = "paika-limit"
	}
	return record.Record{Run: "0123456789abcdef0123456789abcdef", Index: index, Pair: pair,
		Opening: engine.StartFEN, White: white, Black: black, Seed: uint64(index),
		Rules: record.RulesFrom(engine.DefaultRules(), 1000), Result: result, Reason: reason,
		Plies: len(turns), Turns: turns, Seconds: 0.5}
}

// TestTextShowsTheCountedTables: the text tables carry rows counted by hand from the games:
//
//	A: wins g0 g3 g4 g5, draws g1 g6 g12a, losses g2 g7 → +4 =3 −2
//	   with White g0 W, g2 L, g4 W, g6 D, g12a D        → +2 =2 −1
//	   with Black g1 D, g3 W, g5 W, g7 L                → +2 =1 −1
//	C against A, pair 3 (g6 draw with A White, g7 C wins with White): C 1½ of 2, so C's
//	pentanomial is [0 0 0 1 0]; with g12a (unpaired draw) C's games against A: +1 =2 −0.
func TestTextShowsTheCountedTables(t *testing.T) {
	recs := []record.Record{
		handRecord(0, 0, "A", "B", "1-0", "g0"),
		handRecord(1, 0, "B", "A", "1/2-1/2", "g1"),
		handRecord(2, 1, "A", "B", "0-1", "g2"),
		handRecord(3, 1, "B", "A", "0-1", "g3"),
		handRecord(4, 2, "A", "B", "1-0", "g4"),
		handRecord(5, 2, "B", "A", "0-1", "g5"),
		handRecord(6, 3, "A", "C", "1/2-1/2", "g6"),
		handRecord(7, 3, "C", "A", "1-0", "g7"),
		handRecord(8, 4, "B", "C", "1-0", "g8"),
		handRecord(9, 4, "C", "B", "1-0", "g9"),
		handRecord(10, 5, "B", "C", "0-1", "g10"),
		handRecord(11, 5, "C", "B", "1/2-1/2", "g11"),
		handRecord(12, 6, "A", "C", "1/2-1/2", "g12a"),
	}
	acc := summary.NewAccumulator(nil, []string{"C", "A", "B"}, summary.SpecDeterministic)
	for i := range recs {
		acc.Add(&recs[i], "")
	}
	var out bytes.Buffer
	require.NoError(t, WriteText(&out, acc.Summary()))
	text := out.String()
	var a, ca []string
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) > 8 && f[0] == "A" && a == nil:
			a = f
		case len(f) > 2 && f[0] == "C" && f[1] == "A":
			ca = f
		}
	}
	require.NotEmpty(t, a, text)
	assert.Equal(t, []string{"A", "9", "9", "all", "games", "+4", "=3", "-2"}, a[:8])
	assert.Equal(t, []string{"+2", "=2", "-1", "+2", "=1", "-1"}, a[len(a)-6:])
	require.NotEmpty(t, ca, text)
	row := strings.Join(ca, " ")
	assert.Contains(t, row, "+1 =2 -0")
	assert.Contains(t, row, "[0 0 0 1 0]")
}

func TestStatsTextEndsWithTheLengthComparison(t *testing.T) {
	sum := summary.Summarize([]record.Record{handRecord(0, 0, "A", "B", "1-0", "g0"), handRecord(1, 0, "B", "A", "1-0", "g1")}, nil, nil)
	res := &summary.StatsResult{Comparison: summary.Comparison{Summary: sum}}
	var alone, both bytes.Buffer
	require.NoError(t, WriteStats(&alone, res, []string{"a.jsonl"}, nil, false))
	assert.True(t, strings.HasPrefix(alone.String(), "2 games, 2 distinct games, 1 distinct openings, 1 run;"), alone.String())
	assert.NotContains(t, alone.String(), "Game lengths,")

	res.Lengths = &summary.LengthComparison{N: 2, M: 3, Method: summary.MethodAll}
	res.Lengths.D, res.Lengths.PValue, res.Lengths.Exact = 0.5, 0.25, true
	require.NoError(t, WriteStats(&both, res, []string{"a.jsonl", "b.jsonl"}, []string{"c.jsonl"}, false))
	assert.Equal(t, alone.String()+"\nGame lengths, a.jsonl b.jsonl (2) vs c.jsonl (3), "+summary.MethodAll+
		": two-sample Kolmogorov–Smirnov D = 0.5000, p = 0.25 (exact)\n", both.String())

	// --json: the comparison as one indented object, the summary under "summary".
	var js bytes.Buffer
	require.NoError(t, WriteStats(&js, res, nil, nil, true))
	assert.True(t, strings.HasPrefix(js.String(), "{\n  \"summary\": {\n    \"games\": 2,"), js.String())
	var back struct {
		Summary struct{ Games int } `json:"summary"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	assert.Equal(t, 2, back.Summary.Games)
}
