// speed_test.go: the speed of an epoch, in positions a second, and its allocations.

package train

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkEpoch trains one epoch a loop of 200,000 random positions at shape 32×16 with
// 2 workers and batches of 4096 (the defaults but the workers).
func BenchmarkEpoch(b *testing.B) {
	const n = 200000
	path := writePositions(b, "bench.pos", materialRecords(1, n))
	cfg := Defaults()
	cfg.Workers = 2
	s, err := readSamples(context.Background(), []string{path}, cfg.Seed, cfg.ValidShare, false)
	require.NoError(b, err)
	s.setTargets(cfg.Lambda, 100)
	t := newTrainer(cfg, s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		_, err := t.epoch(context.Background(), i+1, nil)
		require.NoError(b, err)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
