package main

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/tournament/summary"
)

// BenchmarkExpertSelfplayGC plays a small expert self-play (the experts' 16 MB tables are
// live data) as the command runs it, with no soft memory limit (what runs use) and with
// the 64 MiB limit that runs once set, side by side; it reports collections per run.
//
//	go test ./cmd/fanorona -run '^$' -bench ExpertSelfplayGC -benchtime 3x -count 3
func BenchmarkExpertSelfplayGC(b *testing.B) {
	for _, limit := range []int64{0, summary.HeapSoftLimit} {
		name := "no-limit"
		if limit > 0 {
			name = "limit-" + strconv.FormatInt(limit>>20, 10) + "MiB"
		}
		b.Run(name, func(b *testing.B) {
			if limit > 0 {
				defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dir := filepath.Join(b.TempDir(), "run")
				code := run(context.Background(), []string{"selfplay", "--player", "expert:nodes=5000",
					"--games", "20", "--openings", "distinct:4", "--workers", "2", "--tablebases", "none", "-o", dir},
					&streams{strings.NewReader(""), io.Discard, io.Discard})
				if code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.NumGC-before.NumGC)/float64(b.N), "GCs/op")
		})
	}
}
