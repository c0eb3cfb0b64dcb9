// bench_tables_test.go: the node rate the endgame tables leave the search.

package players

import (
	"context"
	"os"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// tableBenchFENs are positions of 10–13 pieces from the conversion sample (200 positions
// of 8–16 pieces from our games, one side two pieces up)
// (docs/LEVELS.md), two pieces apart, each side to move in half: a search from them
// reaches positions of 8 pieces and fewer within a few captures.
var tableBenchFENs = []string{
	"8B/4B3B/1W6W/WW6W/WW6W b 0 13",
	"5B2B/4B3B/1W6W/7WW/WWW6 b 0 15",
	"BB4B2/2W4B1/5W3/2WW5/1W2W1W1W w 0 28",
	"7B1/3B5/9/6WWW/WW3W1WW w 0 16",
}

// BenchmarkExpertWithTables searches each of tableBenchFENs to 200,000 nodes with the
// tables of the folder $FANORONA_TABLEBASES (skipped when unset) and without tables, and
// reports nodes/s. The first search of the run loads what the tables hold whole; it is
// done before the timer starts.
func BenchmarkExpertWithTables(b *testing.B) {
	dir := os.Getenv("FANORONA_TABLEBASES")
	if dir == "" {
		b.Skip("FANORONA_TABLEBASES names no tablebase folder")
	}
	oracle := tablebase.NewOracle(tablebase.Open(dir))
	if oracle == nil {
		b.Fatalf("no tables in %s", dir)
	}
	pos := make([]engine.Position, len(tableBenchFENs))
	for i, f := range tableBenchFENs {
		pos[i] = engine.MustParseFEN(f)
	}
	r := engine.DefaultRules()
	for _, c := range []struct {
		name   string
		oracle Oracle
	}{{"tables", oracle}, {"none", nil}} {
		b.Run(c.name, func(b *testing.B) {
			o := handExpertOptions()
			o.Nodes = 200_000
			o.Oracle = c.oracle
			e := NewExpert(o)
			for i := range pos { // warm: tables loaded, blocks read once
				if _, err := e.Analyze(context.Background(), &pos[i], r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			var nodes uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				a, err := e.Analyze(context.Background(), &pos[i%len(pos)], r)
				if err != nil {
					b.Fatal(err)
				}
				nodes += a.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
