// fixtures_test.go: positions files for the tests: random boards labelled by their
// material (a target a net can learn), or by coin flips (one it cannot).

package train

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/stretchr/testify/require"
)

// randomRecord returns a random board (each point white, black or empty with the given
// chances) with a random side to move, in game game.
func randomRecord(rng *rand.Rand, game uint32) data.Record {
	var w, b engine.Bitboard
	for p := range engine.Points {
		switch x := rng.Float64(); {
		case x < 0.3:
			w |= 1 << p
		case x < 0.6:
			b |= 1 << p
		}
	}
	return data.Record{White: w, Black: b, Side: engine.Color(rng.IntN(2)), Ply: 20, Depth: 4, Exact: data.Unknown, Game: game}
}

// materialRecords returns n random boards, ten a game, whose result is the sign of the
// mover's material lead and whose score is 40 a piece of lead.
func materialRecords(seed uint64, n int) []data.Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	recs := make([]data.Record, n)
	for i := range recs {
		r := randomRecord(rng, uint32(i/10))
		lead := r.Own().Count() - r.Enemy().Count()
		r.Score = int16(40 * lead)
		switch {
		case lead > 0:
			r.Result = data.Win
		case lead < 0:
			r.Result = data.Loss
		default:
			r.Result = data.Draw
		}
		recs[i] = r
	}
	return recs
}

// noiseRecords returns n random boards, ten a game, whose result is a coin flip and whose
// score is 0: nothing to learn, so a big net only overfits.
func noiseRecords(seed uint64, n int) []data.Record {
	rng := rand.New(rand.NewPCG(seed, 2))
	recs := make([]data.Record, n)
	for i := range recs {
		r := randomRecord(rng, uint32(i/10))
		r.Result = uint8(2 * rng.IntN(2))
		recs[i] = r
	}
	return recs
}

// writePositions writes recs as a positions file in a temporary folder.
func writePositions(t testing.TB, name string, recs []data.Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, data.WriteHeader(f, data.Header{Format: data.FormatName, Version: data.FormatVersion,
		Toolkit: "test", Player: "test", Games: len(recs)/10 + 1, Shards: 1, RecordSize: data.RecordSize}))
	buf := make([]byte, data.RecordSize)
	for i := range recs {
		recs[i].Encode(buf)
		_, err := f.Write(buf)
		require.NoError(t, err)
	}
	return path
}
