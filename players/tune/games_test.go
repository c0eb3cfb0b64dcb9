package tune

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

// pieceOracle knows every position of at most max pieces: a win for the side to move.
type pieceOracle struct{ max, probes int }

func (o *pieceOracle) Probe(p *engine.Position, _ engine.Rules) (int, int, bool) {
	o.probes++
	if (p.Own() | p.Enemy()).Count() > o.max {
		return 0, 0, false
	}
	return 1, 3, true
}

func (o *pieceOracle) MaxPieces() int { return o.max }

// TestGameSamplesByHand: one white piece on a1 and one black on i1 step toward each other;
// no position before the last turn offers a capture (the pieces are three or more points
// apart), so the three positions before each turn are the samples, and the one after the
// last is not.
func TestGameSamplesByHand(t *testing.T) {
	start := engine.MustParseFEN("9/9/9/9/W7B w 0 0")
	turns := []string{"a1-b1", "i1-h1", "b1-c1"}
	r := engine.DefaultRules()
	fens := []string{"9/9/9/9/W7B w", "9/9/9/9/1W6B b", "9/9/9/9/1W5B1 w"}

	got, err := GameSamples(start, turns, r, 1, nil)
	require.NoError(t, err)
	require.Len(t, got, 3)
	assert.Zero(t, byTables(got))
	for i, s := range got {
		assert.Contains(t, s.FEN, fens[i]+" ", "sample %d", i)
	}
	// White won: 1 where White is to move, 0 where Black is.
	assert.Equal(t, []float64{1, 0, 1}, []float64{got[0].Result, got[1].Result, got[2].Result})

	got, err = GameSamples(start, turns, r, 0.5, nil)
	require.NoError(t, err)
	assert.Equal(t, []float64{0.5, 0.5, 0.5}, []float64{got[0].Result, got[1].Result, got[2].Result})

	// An oracle that knows these 2-piece positions labels them (a win for the side to move),
	// whatever the game's result; one that covers only a single piece is never asked.
	o := &pieceOracle{max: 2}
	got, err = GameSamples(start, turns, r, 0, o)
	require.NoError(t, err)
	assert.Equal(t, 3, byTables(got))
	assert.Equal(t, []float64{1, 1, 1}, []float64{got[0].Result, got[1].Result, got[2].Result})
	small := &pieceOracle{max: 1}
	got, err = GameSamples(start, turns, r, 0, small)
	require.NoError(t, err)
	assert.Zero(t, byTables(got))
	assert.Zero(t, small.probes)
	assert.Equal(t, []float64{0, 1, 0}, []float64{got[0].Result, got[1].Result, got[2].Result})
}

// TestGameSamplesSkipsCaptures: White on a1 takes the black piece on c1 by approach, so
// the start is not quiet and the game ends: no sample. A turn after the end, or one that
// is not legal, is an error naming its ply.
func TestGameSamplesSkipsCaptures(t *testing.T) {
	start := engine.MustParseFEN("9/9/9/9/W1B6 w 0 0")
	r := engine.DefaultRules()
	got, err := GameSamples(start, []string{"a1-b1A"}, r, 1, nil)
	require.NoError(t, err)
	assert.Empty(t, got)

	_, err = GameSamples(start, []string{"a1-b1A", "c1-d1"}, r, 1, nil)
	assert.ErrorContains(t, err, `ply 2, turn "c1-d1": the game is already over`)
	_, err = GameSamples(start, []string{"a1-a3"}, r, 1, nil)
	assert.ErrorContains(t, err, `ply 1, turn "a1-a3"`)
}

func byTables(samples []Sample) int {
	n := 0
	for _, s := range samples {
		if s.Tablebase {
			n++
		}
	}
	return n
}

func TestGameSamplesAfterTheEndNamesWhy(t *testing.T) {
	start := engine.MustParseFEN("9/9/9/9/W1B6 w 0 0")
	_, err := GameSamples(start, []string{"a1-b1A", "c1-d1"}, engine.DefaultRules(), 1, nil)
	var over *engine.GameOverError
	require.ErrorAs(t, err, &over)
	assert.Equal(t, engine.NoPieces, over.Status.Reason)
}
