// vectors_test.go: the independent reference data in testdata/ (perft counts, move lists,
// the rule pages' worked example), asserted against the generator.

package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type perftFile struct {
	Positions []struct {
		Name     string   `json:"name"`
		FEN      string   `json:"fen"`
		Distinct []uint64 `json:"distinct"`
		Paths    []uint64 `json:"paths"`
	} `json:"positions"`
}

func loadPerft(t testing.TB) perftFile {
	data, err := os.ReadFile("../testdata/perft.json")
	require.NoError(t, err)
	var f perftFile
	require.NoError(t, json.Unmarshal(data, &f))
	require.NotEmpty(t, f.Positions)
	return f
}

// perftDepthLimit keeps the slow start-position depths (5, 6) out of -short runs.
func perftDepthLimit(t *testing.T, depth int, nodes uint64) {
	if testing.Short() && nodes > 100000 {
		t.Skipf("depth %d (%d nodes) skipped in -short mode", depth, nodes)
	}
}

func TestPerftVectors(t *testing.T) {
	f := loadPerft(t)
	for _, pos := range f.Positions {
		for _, conv := range []PerftConvention{Distinct, Paths} {
			want := pos.Distinct
			if conv == Paths {
				want = pos.Paths
			}
			for i, n := range want {
				depth := i + 1
				name := fmt.Sprintf("%s/%s/%d", pos.Name, conv, depth)
				t.Run(name, func(t *testing.T) {
					perftDepthLimit(t, depth, n)
					p := MustParseFEN(pos.FEN)
					before := p
					got := Perft(&p, DefaultRules(), depth, conv)
					assert.Equal(t, before, p, "perft must leave the position unchanged")
					if !assert.Equal(t, n, got) {
						for _, e := range PerftDivide(&p, DefaultRules(), depth, conv) {
							t.Logf("divide %s %d", e.Turn, e.Nodes)
						}
					}
				})
			}
		}
	}
}

// TestPerftSymmetries: each board mirror and the colour swap map the game tree onto an
// equivalent one, so every count must be unchanged.
func TestPerftSymmetries(t *testing.T) {
	f := loadPerft(t)
	for _, pos := range f.Positions {
		p := MustParseFEN(pos.FEN)
		depth := len(pos.Distinct)
		if depth > 4 {
			depth = 4
		}
		if !testing.Short() && pos.Name == "start" {
			depth = 5
		}
		variants := map[string]Position{
			"mirror-lr":  p.Transform(MirrorLR),
			"mirror-tb":  p.Transform(MirrorTB),
			"rotate-180": p.Transform(Rotate180),
			"colours":    p.SwapColors(),
		}
		for name, q := range variants {
			require.NotEqual(t, p.Pieces, q.Pieces, "%s %s should move pieces", pos.Name, name)
			for _, conv := range []PerftConvention{Distinct, Paths} {
				want := pos.Distinct[depth-1]
				if conv == Paths {
					want = pos.Paths[depth-1]
				}
				assert.Equal(t, want, Perft(&q, DefaultRules(), depth, conv), "%s %s %s depth %d", pos.Name, name, conv, depth)
			}
		}
	}
}

type movegenCase struct {
	FEN      string   `json:"fen"`
	Turns    []string `json:"turns"`
	Distinct int      `json:"distinct_results"`
}

func loadMovegen(t testing.TB) []movegenCase {
	fh, err := os.Open("../testdata/movegen.jsonl")
	require.NoError(t, err)
	defer fh.Close()
	var cases []movegenCase
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c movegenCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		cases = append(cases, c)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, cases)
	return cases
}

func sortedNotation(ts []Turn) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	sort.Strings(out)
	return out
}

func TestMovegenVectors(t *testing.T) {
	for i, c := range loadMovegen(t) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			p := MustParseFEN(c.FEN)
			turns := p.Turns(DefaultRules(), nil)
			assert.Equal(t, c.Turns, sortedNotation(turns), c.FEN)
			var seen ResultSet
			assert.Len(t, p.DistinctTurns(DefaultRules(), nil, &seen), c.Distinct, c.FEN)
			assert.Equal(t, len(c.Turns), p.CountTurns(DefaultRules(), Paths, nil))
			assert.Equal(t, c.Distinct, p.CountTurns(DefaultRules(), Distinct, &seen))
			// Every listed turn parses back to itself.
			for _, s := range c.Turns {
				got, err := p.ParseTurn(DefaultRules(), s)
				if assert.NoError(t, err, s) {
					assert.Equal(t, s, got.String())
				}
			}
		})
	}
}

func TestRulePageExample(t *testing.T) {
	data, err := os.ReadFile("../testdata/examples.json")
	require.NoError(t, err)
	var f struct {
		Cases []struct {
			Before    string   `json:"before"`
			Turn      string   `json:"turn"`
			AfterRows string   `json:"after_rows"`
			Captured  []string `json:"captured"`
		} `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &f))
	require.NotEmpty(t, f.Cases)
	for _, c := range f.Cases {
		p := MustParseFEN(c.Before)
		turn, err := p.ParseTurn(DefaultRules(), c.Turn)
		require.NoError(t, err)
		after := p.Play(turn)
		assert.Equal(t, c.AfterRows, after.BoardFEN())
		var got []string
		for _, q := range p.CaptureOrder(turn) {
			got = append(got, q.String())
		}
		assert.Equal(t, c.Captured, got)
		// The same diagram in the P/p style of the rule page parses to the same position.
		pp := MustParseFEN("pppp1p1pp/pppppPppp/pP1PPp1pP/PPPpPPPPP/PPPP1PPPP b")
		assert.Equal(t, p.Pieces, pp.Pieces)
	}
}
