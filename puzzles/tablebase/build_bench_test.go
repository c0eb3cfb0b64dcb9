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
// 50 on two workers and reports ns/slot: the time of one material over its slots.
func BenchmarkBuild(b *testing.B) {
	m := Material{3, 2}
	for _, limit := range []int{0, 50} {
		b.Run(fmt.Sprintf("%v/limit=%d", m, limit), func(b *testing.B) {
			dir := b.TempDir()
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
				if _, err := Build(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.Slots()), "ns/slot")
		})
	}
}
