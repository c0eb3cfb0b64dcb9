package uci_test

import (
	"context"
	"io"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/stretchr/testify/require"
)

// benchEngines declares the random player as an engine, served in this process over
// pipes ("pipe") or by fanorona engine as a program ("process").
func benchEngines(b *testing.B, how string) *uci.Engines {
	e := uci.NewEngines("", nil)
	cfg := uci.EngineConfig{Name: "bench-" + how}
	switch how {
	case "pipe":
		cfg.Server = &uci.ServerConfig{Player: "random", Rules: engine.DefaultRules()}
	case "process":
		fanorona, _ := binaries(b)
		cfg.Command = []string{fanorona, "engine", "--player", "random", "--tablebases", "none"}
	}
	require.NoError(b, e.Declare(cfg))
	_, err := e.Start()
	require.NoError(b, err)
	b.Cleanup(e.Close)
	return e
}

// BenchmarkRoundTrip is one turn asked of an engine: position, go, bestmove, checked
// against the position, with the random player (no search) on the other side.
func BenchmarkRoundTrip(b *testing.B) {
	for _, how := range []string{"pipe", "process"} {
		b.Run(how, func(b *testing.B) {
			benchEngines(b, how)
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
