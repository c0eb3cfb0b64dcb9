package puzzles

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomPoints draws n distinct points not in avoid, uniformly.
func randomPoints(r *rand.Rand, n int, avoid engine.Bitboard) engine.Bitboard {
	var b engine.Bitboard
	for b.Count() < n {
		if p := engine.Point(r.IntN(engine.Points)); !(avoid | b).Has(p) {
			b |= engine.Bit(p)
		}
	}
	return b
}

// TestTeloNohoDimyCaptureBoards reproduces the sample of docs/ENDGAMES.md: uniformly drawn
// 3-against-5 boards whose side to move must capture are proven exactly one ply from the
// 7-piece tablebases. It needs FANORONA_TABLEBASES with 4v3 and 5v2 built. The documented
// shares come from 400,000 boards a side drawn the same way (same generator and seed, the
// three to move first); this draws 20,000 a side and allows 1.5 points.
func TestTeloNohoDimyCaptureBoards(t *testing.T) {
	set := envTables()
	if set == nil {
		t.Skip("set FANORONA_TABLEBASES to a directory with the 7-piece tablebases")
	}
	if !set.Has(tablebase.Class{Own: 4, Enemy: 3}, tablebase.Theoretic) || !set.Has(tablebase.Class{Own: 5, Enemy: 2}, tablebase.Theoretic) {
		t.Skip("the 7-piece tablebases 4v3 and 5v2 are not built in FANORONA_TABLEBASES")
	}
	const n = 20000
	// Documented shares of all boards, in percent: capture, five win, draw, five lose.
	want := map[string][4]float64{"three": {90.60, 30.95, 35.74, 23.92}, "five": {90.85, 87.64, 2.62, 0.59}}
	r := rand.New(rand.NewPCG(1, 2))
	for _, side := range []string{"three", "five"} {
		var capture int
		var five [3]int // five win, draw, five lose
		for i := 0; i < n; i++ {
			three := randomPoints(r, 3, 0)
			fives := randomPoints(r, 5, three)
			mover := engine.White
			if side == "five" {
				mover = engine.Black
			}
			p := engine.NewPosition(three, fives, mover, 0, 0)
			if !p.CanCapture() {
				continue
			}
			capture++
			res, err := Search(context.Background(), p, set, Limits{MaxDepth: 1})
			require.NoError(t, err)
			require.True(t, res.Known && res.Exact, "%s: a capture board is decided one ply from the tablebases", p.FEN())
			o := res.Value.Outcome
			switch {
			case o == tablebase.Draw:
				five[1]++
			case (o == tablebase.Win) == (side == "five"):
				five[0]++
			default:
				five[2]++
			}
		}
		got := [4]float64{100 * float64(capture) / n, 100 * float64(five[0]) / n, 100 * float64(five[1]) / n, 100 * float64(five[2]) / n}
		t.Logf("%s to move: capture %.2f%%, five win %.2f%%, draw %.2f%%, five lose %.2f%%", side, got[0], got[1], got[2], got[3])
		for i := range got {
			assert.InDelta(t, want[side][i], got[i], 1.5, "%s to move, column %d", side, i)
		}
	}
}
