// build_bench_test.go: the cost of a build per slot. The dependencies of the material are
// built once into a temporary folder; each operation removes the material's files and
// builds it alone again (init, the distance levels, counting, compression, writing).

package tablebase

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBuild builds 3v2 (both classes, 6.7 million slots) theoretic and under limit
// 50 on two workers and reports ns/slot: the time of one material over its slots. Under
// the limit it builds alone, and from 3v2's theoretic values as a build of both rules does.
func BenchmarkBuild(b *testing.B) {
	m := Material{3, 2}
	for _, run := range []struct {
		limit         int
		fromTheoretic bool
	}{{0, false}, {50, false}, {50, true}} {
		limit := run.limit
		name := fmt.Sprintf("%v/limit=%d", m, limit)
		if run.fromTheoretic {
			name += "/from-theoretic"
		}
		b.Run(name, func(b *testing.B) {
			dir := b.TempDir()
			if run.fromTheoretic {
				if _, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, Workers: 2}); err != nil {
					b.Fatal(err)
				}
			}
			for _, d := range m.Dependencies() {
				if _, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &d, PaikaLimit: limit, Workers: 2}); err != nil {
					b.Fatal(err)
				}
			}
			opts := BuildOptions{Dir: dir, Target: &m, Only: true, PaikaLimit: limit, Workers: 2}
			b.ReportAllocs()
			for b.Loop() {
				for _, c := range m.Classes() {
					if err := os.Remove(filepath.Join(dir, FileName(c, PaikaRule(limit)))); err != nil && !os.IsNotExist(err) {
						b.Fatal(err)
					}
				}
				reps, err := Build(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				if reps[0].FromTheoretic != run.fromTheoretic {
					b.Fatalf("FromTheoretic %v, want %v", reps[0].FromTheoretic, run.fromTheoretic)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.Slots()), "ns/slot")
		})
	}
}

// BenchmarkCountValues counts the values of 4v1 and 1v4 (4.1 million slots, many of 1v4's
// in orbits with a stabiliser) slot by slot, as the builder did, and by orbit histograms on
// one goroutine, and reports ns/slot.
func BenchmarkCountValues(b *testing.B) {
	m := Material{4, 1}
	dir := b.TempDir()
	if _, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, Workers: 2}); err != nil {
		b.Fatal(err)
	}
	var tables []*Table
	slots := uint64(0)
	for _, c := range m.Classes() {
		t, err := LoadTable(dir, c, Theoretic)
		if err != nil {
			b.Fatal(err)
		}
		tables, slots = append(tables, t), slots+t.Slots()
	}
	for _, way := range []string{"slot-by-slot", "histograms"} {
		b.Run(way, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, t := range tables {
					if way == "histograms" {
						t.countValues(1)
					} else {
						t.info = slotBySlotInfo(t)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(slots), "ns/slot")
		})
	}
}

// BenchmarkCompressBlocks compresses the blocks of 3v3's table (theoretic, 41.8 million
// slots of values less alike than a smaller class's, as an 8-piece material's are) on one
// and on two workers and reports ns/slot: the compression of a build's write stage, which
// for an 8-piece material takes minutes.
func BenchmarkCompressBlocks(b *testing.B) {
	m := Material{3, 3}
	dir := b.TempDir()
	if _, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, Workers: 2}); err != nil {
		b.Fatal(err)
	}
	t, err := LoadTable(dir, m.Classes()[0], Theoretic)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := t.compressBlocks(workers, func(int, []byte) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(t.Slots()), "ns/slot")
		})
	}
}
