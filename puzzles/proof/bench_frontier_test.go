// bench_frontier_test.go: the search's cost per node on the opening's frontier, the
// positions the ledger campaign works on.

package proof

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/require"
)

// frontierJobs are opening jobs (White's first turn, Black's reply) still open in the
// ledger: 40 pieces less the captures of two turns, White to move.
var frontierJobs = [][2]string{
	{"d3-e3A", "c3-d3A"},
	{"d3-e3A", "c3-d3W"},
	{"e2-e3A", "f4-e5W"},
	{"f2-e3A", "c3-d4W"},
	{"d2-e3A", "c3-d2A"},
	{"d3-e3W", "b4-c3A"},
}

// openingLedger returns the committed ledger of the opening.
func openingLedger(tb testing.TB) *Ledger {
	l, err := ReadLedger(filepath.Join("..", "..", "docs", "results", "opening"))
	require.NoError(tb, err)
	require.NotEmpty(tb, l.Entries)
	return l
}

// frontierPositions returns the positions of frontierJobs under paika limit limit.
func frontierPositions(tb testing.TB, limit int) []engine.Position {
	targets := map[string]engine.Position{}
	for _, t := range OpeningTargets(limit) {
		targets[t.Name] = t.Position
	}
	var ps []engine.Position
	for _, j := range frontierJobs {
		p, ok := targets[j[0]]
		require.True(tb, ok, j[0])
		t, err := p.ParseTurn(Rules(limit), j[1])
		require.NoError(tb, err, j[1])
		ps = append(ps, p.Play(t))
	}
	return ps
}

// BenchmarkOpeningFrontier: df-pn of the campaign's claim "Black wins" under paika limit
// 50 on each frontier position, 100,000 nodes each an iteration, with the committed
// ledger's decided positions as leaves, as the campaign runs them, and the tables of at
// most 3 pieces (which no node of these searches reaches: every probe is a miss, as on
// the frontier with the 7-piece tables); initial numbers from turn counts (none) and
// scaled by the embedded net (net). It reports nodes a CPU-second (user + system of the
// process, so the collector counts), nodes a second and allocations.
func BenchmarkOpeningFrontier(b *testing.B) {
	for _, bc := range []struct {
		name string
		net  *nnue.Net
	}{{"none", nil}, {"net", nnue.Default()}} {
		b.Run(bc.name, func(b *testing.B) { benchmarkFrontier(b, bc.net) })
	}
}

func benchmarkFrontier(b *testing.B, net *nnue.Net) {
	dir := builtTables(b)
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 20, Ledger: openingLedger(b), Evaluation: net})
	require.NoError(b, err)
	ps := frontierPositions(b, 50)
	ctx := context.Background()
	claim := Claim{engine.Black, Wins}
	_, err = pr.Search(ctx, ps[0], claim, Budget{Nodes: 1000})
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			res, err := pr.Search(ctx, p, claim, Budget{Nodes: 100_000})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}
