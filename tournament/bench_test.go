package tournament

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/tournament/summary"
)

// BenchmarkRandomSelfplay measures whole runs of random self-play (games, records written
// to disk, summary) at 1 and 2 workers:
//
//	go test ./tournament -run '^$' -bench RandomSelfplay -benchtime 5x
func BenchmarkRandomSelfplay(b *testing.B) {
	const games = 20000
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c := Config{Format: SelfPlay, Players: []string{"random"}, Games: games, Openings: "start",
					Seed: uint64(i + 1), Rules: record.RulesFrom(engine.DefaultRules(), DefaultMaxPlies), Concurrency: workers}
				if _, err := Run(context.Background(), c, Options{Out: b.TempDir()}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkRandomGame measures playing one random game without any recording.
func BenchmarkRandomGame(b *testing.B) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1 << 30, Openings: "start", Seed: 1,
		Rules: record.RulesFrom(engine.DefaultRules(), DefaultMaxPlies)}
	o, _ := ParseOpenings("start", engine.DefaultRules())
	spec, _ := players.ParseSpec("random")
	p := &Plan{Config: c, opening: OpeningSpec{Kind: OpenStart}, openings: o, specs: map[string]players.Spec{"random": spec}} // more games than NewPlan takes
	p.schedule()
	b.ReportAllocs()
	plies := 0
	for i := 0; i < b.N; i++ {
		rec, err := playScheduled(context.Background(), p, p.Game(i), nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		plies += rec.Plies
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkRandomGameParallel plays random games on every core with no recording: the
// ceiling for BenchmarkRandomSelfplay's speed-up.
func BenchmarkRandomGameParallel(b *testing.B) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1 << 30, Openings: "start", Seed: 1,
		Rules: record.RulesFrom(engine.DefaultRules(), DefaultMaxPlies)}
	o, _ := ParseOpenings("start", engine.DefaultRules())
	spec, _ := players.ParseSpec("random")
	p := &Plan{Config: c, opening: OpeningSpec{Kind: OpenStart}, openings: o, specs: map[string]players.Spec{"random": spec}} // more games than NewPlan takes
	p.schedule()
	var next atomic.Int64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := playScheduled(context.Background(), p, p.Game(int(next.Add(1))), nil, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkAccumulatorAdd measures adding one record to the streaming statistics (hashes,
// counts, the pair table); memory per record is what the distinct-game set takes:
//
//	go test ./tournament -run '^$' -bench AccumulatorAdd
func BenchmarkAccumulatorAdd(b *testing.B) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1 << 30, Openings: "start", Seed: 1,
		Rules: record.RulesFrom(engine.DefaultRules(), DefaultMaxPlies), RunID: "0123456789abcdef0123456789abcdef"}
	o, _ := ParseOpenings("start", engine.DefaultRules())
	spec, _ := players.ParseSpec("random")
	p := &Plan{Config: c, opening: OpeningSpec{Kind: OpenStart}, openings: o, specs: map[string]players.Spec{"random": spec}} // more games than NewPlan takes
	p.schedule()
	recs := make([]record.Record, 1000)
	for i := range recs {
		r, err := playScheduled(context.Background(), p, p.Game(i), nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		recs[i] = r
	}
	acc := summary.NewAccumulator(nil, nil, deterministic)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := recs[i%len(recs)]
		r.Index, r.Pair = i, i/2
		r.Seed = uint64(i) // keeps the content distinct; the turns repeat every 1000 games
		acc.Add(&r, "")
	}
}
