package uci_test

import (
	"context"
	"io"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci/ucitest"
	"github.com/stretchr/testify/require"
)

// BenchmarkRoundTrip is one turn asked of an engine: position, go, bestmove, checked
// against the position, with the random player (no search) on the other side.
func BenchmarkRoundTrip(b *testing.B) {
	for _, how := range []string{"pipe", "process"} {
		b.Run(how, func(b *testing.B) {
			ucitest.BenchEngines(b, how)
			pl, err := players.NewFromString("bench-"+how+":depth=1", 1)
			require.NoError(b, err)
			defer pl.(io.Closer).Close()
			p, r := engine.Start(), engine.DefaultRules()
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := pl.Choose(ctx, &p, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
