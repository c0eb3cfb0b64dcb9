// bench_test.go: the search's speed and its allocations per node.

package proof

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/require"
)

// BenchmarkSearch: df-pn of "White wins" under the theoretic rules on a quiet 5-piece
// position (3v2) with the tables of at most 3 pieces (proven in 5,916 nodes; budget 200,000);
// it reports nodes a second, nodes a CPU-second and allocations (none per node: the
// frames and the table are allocated once, in the first iteration).
func BenchmarkSearch(b *testing.B) {
	dir := builtTables(b)
	pr, err := NewProver(Options{Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 20})
	require.NoError(b, err)
	p := engine.MustParseFEN("W7W/9/4W4/9/B7B w")
	require.False(b, p.CanCapture())
	ctx := context.Background()
	_, err = pr.Search(ctx, p, Claim{engine.White, Wins}, Budget{Nodes: 200_000})
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		res, err := pr.Search(ctx, p, Claim{engine.White, Wins}, Budget{Nodes: 200_000})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}
