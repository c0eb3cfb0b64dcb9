// probe_bench_test.go: probe latency from compressed files. Warm: the block is in the
// Set's cache. Cold: every probe reads and decompresses its block (the cache holds one
// block and consecutive probes fall in different blocks; the file itself is in the
// operating system's page cache after the first pass, so this is the decompression cost,
// not a disk seek). The tables are FANORONA_TABLEBASES's 3v2 under limit 50 when built
// there, else 3v2 built for the benchmark.

package tablebase

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/fanorona/fanorona/engine"
)

func benchSet(b *testing.B) *Set {
	dir := os.Getenv("FANORONA_TABLEBASES")
	if dir == "" || !Open(dir).Has(Class{3, 2}, PaikaRule(50)) {
		dir = b.TempDir()
		m := Material{3, 2}
		if _, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, PaikaLimit: 50, Workers: 2}); err != nil {
			b.Fatal(err)
		}
	}
	return Open(dir)
}

// benchPositions returns n boards of 3v2, White to move, whose slots lie in distinct
// blocks in turn (consecutive positions never share a block).
func benchPositions(n int) []engine.Position {
	ix := newIndexer(Class{3, 2})
	r := rand.New(rand.NewPCG(1, 2))
	var out []engine.Position
	last := ^uint64(0)
	for len(out) < n {
		slot := r.Uint64N(ix.size)
		if !ix.canonical(slot) || slot/blockSlots == last {
			continue
		}
		last = slot / blockSlots
		own, enemy := ix.position(slot)
		out = append(out, engine.NewPosition(own, enemy, engine.White, 0, 10))
	}
	return out
}

func BenchmarkProbeRuleWarm(b *testing.B) {
	set := benchSet(b)
	defer set.Close()
	ps := benchPositions(64) // 64 blocks: all stay in the cache
	for i := range ps {
		if _, err := set.Probe(&ps[i], PaikaRule(50)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := set.Probe(&ps[i&63], PaikaRule(50)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProbeRuleCold(b *testing.B) {
	set := benchSet(b)
	defer set.Close()
	set.cache = newBlockCache(1)
	ps := benchPositions(1024)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := set.Probe(&ps[i&1023], PaikaRule(50)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBlockCodec compresses and decompresses the blocks of 3v2 under limit 50 (the
// cost a build pays per slot when it writes, and a cold probe per block).
func BenchmarkBlockCodec(b *testing.B) {
	set := benchSet(b)
	defer set.Close()
	t, err := set.Table(Class{3, 2}, PaikaRule(50))
	if err != nil {
		b.Fatal(err)
	}
	enc, dec := encoderFor(t.Rule()), decoderOf()
	block := t.bytes[blockSlots : 2*blockSlots]
	packed := enc.EncodeAll(block, nil)
	b.Run("compress", func(b *testing.B) {
		b.SetBytes(blockSlots)
		var dst []byte
		for i := 0; i < b.N; i++ {
			dst = enc.EncodeAll(block, dst[:0])
		}
	})
	b.Run("decompress", func(b *testing.B) {
		b.SetBytes(blockSlots)
		dst := make([]byte, blockSlots)
		for i := 0; i < b.N; i++ {
			if _, err := dec.DecodeAll(packed, dst[:0]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
