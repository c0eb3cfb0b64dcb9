// bench_test.go: search speed (nodes/s, allocations) and time to depth 8.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
)

// benchFENs are the start and the perft middlegame positions.
var benchFENs = []string{
	engine.StartFEN,
	"BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0",
	"3B2BBB/6B1B/1W5B1/3W5/9 b 0 0",
}

// BenchmarkExpertNodes searches each bench position to a fixed node budget and reports
// nodes/s; the search itself must not allocate per node.
func BenchmarkExpertNodes(b *testing.B) {
	o := DefaultExpertOptions()
	o.Nodes = 200_000
	e := NewExpert(o)
	r := engine.DefaultRules()
	pos := make([]engine.Position, len(benchFENs))
	for i, f := range benchFENs {
		pos[i] = engine.MustParseFEN(f)
	}
	b.ReportAllocs()
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &pos[i%len(pos)]
		a, err := e.Analyze(context.Background(), p, r)
		if err != nil {
			b.Fatal(err)
		}
		nodes += a.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkExpertDepth8Start is the time to finish depth 8 from the start position.
func BenchmarkExpertDepth8Start(b *testing.B) {
	o := DefaultExpertOptions()
	o.Depth = 8
	e := NewExpert(o)
	p := engine.Start()
	r := engine.DefaultRules()
	b.ReportAllocs()
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, err := e.Analyze(context.Background(), &p, r)
		if err != nil || a.Depth != 8 {
			b.Fatal(err, a.Depth)
		}
		nodes += a.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
