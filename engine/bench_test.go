// bench_test.go: speed of perft and turn generation (figures in docs/PERFORMANCE.md).

package engine

import (
	"testing"
)

// BenchmarkPerft7 is the target: perft 7 (distinct) from the start, one core.
//
//	go test ./engine -run '^$' -bench 'Perft7' -benchtime 1x -cpu 1
func BenchmarkPerft7(b *testing.B) {
	p := Start()
	b.ReportAllocs()
	var n uint64
	for i := 0; i < b.N; i++ {
		n = Perft(&p, DefaultRules(), 7, Distinct)
	}
	if n != 175212423 {
		b.Fatalf("perft 7 = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft5(b *testing.B) {
	p := Start()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Perft(&p, DefaultRules(), 5, Distinct)
	}
	b.ReportMetric(431830*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func benchmarkTurns(b *testing.B, fen string) {
	p := MustParseFEN(fen)
	buf := make([]Turn, 0, MaxTurnsHint)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.Turns(DefaultRules(), buf[:0])
	}
}

// BenchmarkTurnsChains: a position with chains up to five steps (midgame-2).
func BenchmarkTurnsChains(b *testing.B) {
	benchmarkTurns(b, "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
}

// BenchmarkTurnsPaika: a position without captures (midgame-1).
func BenchmarkTurnsPaika(b *testing.B) { benchmarkTurns(b, "3B2BBB/6B1B/1W5B1/3W5/9 b 0 0") }

func BenchmarkDistinctTurns(b *testing.B) {
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	buf := make([]Turn, 0, MaxTurnsHint)
	var seen ResultSet
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.DistinctTurns(DefaultRules(), buf[:0], &seen)
	}
}
