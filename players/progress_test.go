// progress_test.go: the expert under the paika limit: scores pulled toward the draw as the
// counter nears the limit, and an ending two pieces up converted before the limit.

package players

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

func TestProgressScale(t *testing.T) {
	// Limit 50: unchanged up to 10 plies, then v·(50 − c)/40, 0 at the limit.
	for _, c := range []struct{ v, paika, limit, want int }{
		{200, 0, 50, 200},
		{200, 10, 50, 200},
		{200, 11, 50, 195}, // 200·39/40
		{200, 30, 50, 100}, // 200·20/40
		{-200, 46, 50, -20},
		{200, 49, 50, 5},
		{200, 50, 50, 0},
		{200, 60, 50, 0},
		{200, 40, 0, 200}, // no limit, no scaling
	} {
		assert.Equal(t, c.want, ProgressScale(c.v, c.paika, c.limit), "%+v", c)
	}
}

// TestPaikaLimitIsADrawInTheTree: one ply before the limit, the side two pieces up that
// cannot capture scores the position as a draw (the limit is reached after any turn), with
// or without progress scaling, while without the limit it is two pieces up.
func TestPaikaLimitIsADrawInTheTree(t *testing.T) {
	p := engine.MustParseFEN("8B/9/4W2B1/3W1W3/8W w 49 57")
	require.False(t, p.CanCapture())
	for _, prog := range []bool{false, true} {
		o := DefaultExpertOptions()
		o.Depth, o.Progress = 3, prog
		a, err := NewExpert(o).Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		assert.Equal(t, 0, a.Score, "progress=%v", prog)
		a, err = NewExpert(o).Analyze(context.Background(), &p, engine.TheoreticRules())
		require.NoError(t, err)
		assert.Greater(t, a.Score, PieceValue, "progress=%v, no limit", prog)
	}
}

// TestConvertsNearTheLimit plays endings from our own games (expert against expert, a
// paika-limit draw with one side two pieces up; the counter set to 36 of 50) with the
// expert on both sides, 20000 nodes a turn each: the stronger side converts before the
// limit.
func TestConvertsNearTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games of up to 150 plies")
	}
	r := engine.DefaultRules()
	for _, fen := range []string{
		"8B/9/4W2B1/3W1W3/8W b 36 57",      // White 4 against 2
		"5B2B/6B2/2W1W4/1W5W1/2W6 b 36 33", // White 5 against 3
	} {
		play := func(strong string) engine.Status {
			p := engine.MustParseFEN(fen)
			ws, err := NewFromString(strong, 1)
			require.NoError(t, err)
			bd, err := NewFromString("expert:nodes=20000", 2)
			require.NoError(t, err)
			for i := 0; i < 300 && !r.Status(&p).Over(); i++ {
				pl := bd
				if p.Side == engine.White {
					pl = ws
				}
				tn, err := pl.Choose(context.Background(), &p, r)
				require.NoError(t, err)
				p = p.Play(tn)
			}
			return r.Status(&p)
		}
		got := play("expert:nodes=20000")
		assert.Equal(t, engine.WhiteWins, got.Outcome, "at %s (%s)", fen, got.Reason)
	}
}
