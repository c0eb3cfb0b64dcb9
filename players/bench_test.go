// bench_test.go: search speed (nodes/s, allocations) and time to depth 8.

package players

import (
	"context"
	"io"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

// benchFENs are the start and the perft middlegame positions.
var benchFENs = []string{
	engine.StartFEN,
	"BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0",
	"3B2BBB/6B1B/1W5B1/3W5/9 b 0 0",
}

// handExpertOptions are the default expert's on the hand evaluation: the search's figures
// of docs/PERFORMANCE.md are measured there (BenchmarkExpertNodes puts the net beside).
func handExpertOptions() ExpertOptions {
	o := DefaultExpertOptions()
	o.Net = nil
	return o
}

// BenchmarkExpertNodes searches each bench position to a fixed node budget and reports
// nodes/s, with the hand evaluation and with the default net; the search itself must not
// allocate per node.
func BenchmarkExpertNodes(b *testing.B) {
	for _, eval := range []string{"hand", "net"} {
		b.Run(eval, func(b *testing.B) {
			o := handExpertOptions()
			o.Nodes = 200_000
			if eval == "net" {
				o.Net = nnue.Default()
			}
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
		})
	}
}

// BenchmarkEvaluations is one static score of each midgame position: the hand evaluation
// (Evaluate2's weights), and the default net's output from accumulators already made
// (what the search pays at a leaf) and from scratch.
func BenchmarkEvaluations(b *testing.B) {
	pos := make([]engine.Position, len(midgameFENs))
	for i, f := range midgameFENs {
		pos[i] = engine.MustParseFEN(f)
	}
	n := nnue.Default()
	st := n.NewStack(len(pos))
	for i := range pos {
		st.Refresh(i, &pos[i])
	}
	sink := 0
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sink += EvaluateWeights(&pos[i%len(pos)], &Weights2)
		}
	})
	b.Run("net", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			k := i % len(pos)
			sink += st.Evaluate(k, &pos[k])
		}
	})
	b.Run("net-update", func(b *testing.B) {
		// a child's accumulators from its parent's: the cost of a turn played in the search
		r := engine.DefaultRules()
		kids := make([]engine.Position, len(pos))
		for i := range pos {
			kids[i] = pos[i].Play(pos[i].Turns(r, nil)[0])
		}
		up := make([]*nnue.Stack, len(pos))
		for i := range pos {
			up[i] = n.NewStack(2)
			up[i].Refresh(0, &pos[i])
		}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			k := i % len(pos)
			up[k].Update(0, &kids[k])
		}
	})
	_ = sink
}

// BenchmarkExpertDepth8Start is the time to finish depth 8 from the start position.
func BenchmarkExpertDepth8Start(b *testing.B) {
	o := handExpertOptions()
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

// BenchmarkGameMemory plays the first 16 plies of a game between two experts made for the
// game and closed after it, as a tournament worker does, and reports the bytes allocated
// a game: with reuse the players' tables and search buffers come back from the last game.
func BenchmarkGameMemory(b *testing.B) {
	r := engine.DefaultRules()
	white, black := handExpertOptions(), handExpertOptions()
	white.Nodes, black.Nodes = 5000, 4000
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		side := [2]*Expert{NewExpertSeeded(white, uint64(i)), NewExpertSeeded(black, uint64(i))}
		p := engine.Start()
		for ply := 0; ply < 16 && p.HasTurn(); ply++ {
			t, err := side[p.Side].Choose(context.Background(), &p, r)
			if err != nil {
				b.Fatal(err)
			}
			p = p.Play(t)
		}
		for _, e := range side {
			closeIfCloser(e)
		}
	}
}

// closeIfCloser closes p when it holds something to give back, as tournament does.
func closeIfCloser(p any) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}
