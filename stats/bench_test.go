package stats

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkSPRT(b *testing.B) {
	p := Pentanomial{60, 240, 620, 250, 70}
	b.ReportAllocs()
	for b.Loop() {
		SPRT(p, 0, 10, 0.05, 0.05)
	}
}

func BenchmarkWDLScoreInterval(b *testing.B) {
	w := WDL{Wins: 420, Draws: 310, Losses: 270}
	b.ReportAllocs()
	for b.Loop() {
		w.ScoreInterval(0.95)
	}
}

func BenchmarkPentanomialScoreInterval(b *testing.B) {
	p := Pentanomial{60, 240, 620, 250, 70}
	b.ReportAllocs()
	for b.Loop() {
		p.ScoreInterval(0.95)
	}
}

func BenchmarkLengthCountsAdd(b *testing.B) {
	var c LengthCounts
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Add(10+i%200, i%50 == 0)
	}
}

func BenchmarkLengthCountsStats(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	plies, capped := randomLengths(rng, 1_000_000)
	c := countLengths(plies, capped)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Stats(); err != nil {
			b.Fatal(err)
		}
	}
}
