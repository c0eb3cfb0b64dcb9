// keep_test.go: the table kept from search to search (keep): the table's rules by hand,
// and what a kept table does to a game's searches.

package players

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

// TestKeptTableByHand: with keep, an entry of an earlier search is read (its own
// generation kept), is replaced by any store of this search, and gives its best turn to
// a store of the same position without one.
func TestKeptTableByHand(t *testing.T) {
	tt := newTransTable(1)
	tt.keep = true
	tt.newSearch()
	const a, b = 0x2000, 0x2000 | 1<<33 // one slot
	tt.store(a, 9, 55, boundLower, 4)
	old := tt.gen
	tt.newSearch()
	e, ok := tt.probe(a)
	require.True(t, ok, "an entry of the last search is read")
	assert.Equal(t, ttEntry{score: 55, move: 5, depth: 9, bound: boundLower, gen: old}, e)
	tt.store(a, 2, 60, boundUpper, -1) // this search, no best turn: the known one (index 4) is kept
	e, ok = tt.probe(a)
	require.True(t, ok)
	assert.Equal(t, ttEntry{score: 60, move: 5, depth: 2, bound: boundUpper, gen: tt.gen}, e)

	tt.newSearch()
	tt.store(b, 1, 70, boundUpper, -1) // another position over an older, deeper entry: replaced
	e, ok = tt.probe(b)
	require.True(t, ok)
	assert.Equal(t, ttEntry{score: 70, move: 0, depth: 1, bound: boundUpper, gen: tt.gen}, e)
	_, ok = tt.probe(a)
	assert.False(t, ok)

	tt.keep = false
	tt.newSearch()
	_, ok = tt.probe(b)
	assert.False(t, ok, "without keep an entry of the last search is not read")
}

// TestKeptTableAcrossTurns: an expert with keep searching a position again finds its
// children in the table (far fewer nodes), while the default searches it afresh (the
// same nodes, the same result); and a game under node limits is the same game when
// played again by new players, with keep as without.
func TestKeptTableAcrossTurns(t *testing.T) {
	p := engine.MustParseFEN(midgameFENs[0])
	r := engine.DefaultRules()
	analyzeTwice := func(keep bool) (Analysis, Analysis) {
		o := DefaultExpertOptions()
		o.Depth, o.KeepTable = 7, keep
		e := NewExpert(o)
		a1, err := e.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		a2, err := e.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		return a1, a2
	}
	d1, d2 := analyzeTwice(false)
	assert.Equal(t, d1, withTime(d2, d1.Time), "the default: a search depends on the position and limits only")
	k1, k2 := analyzeTwice(true)
	assert.Equal(t, withTime(d1, k1.Time), k1, "the first search with keep is the default's")
	assert.Less(t, k2.Nodes*4, k1.Nodes, "the second search reads the first's table")
	assert.Equal(t, 7, k2.Depth)

	for _, keep := range []bool{false, true} {
		play := func() []engine.Turn {
			o := DefaultExpertOptions()
			o.Nodes, o.KeepTable = 3000, keep
			var game []engine.Turn
			white := recordingPlayer{NewExpert(o), &game}
			black := recordingPlayer{NewExpert(o), &game}
			_, _, err := playGame(context.Background(), white, black, engine.MustParseFEN(midgameFENs[1]), r)
			require.NoError(t, err)
			return game
		}
		first := play()
		require.NotEmpty(t, first)
		assert.Equal(t, first, play(), "keep=%v: the same game", keep)
	}
}

// recordingPlayer appends each turn its player chooses to turns.
type recordingPlayer struct {
	Player
	turns *[]engine.Turn
}

func (p recordingPlayer) Choose(ctx context.Context, pos *engine.Position, r engine.Rules) (engine.Turn, error) {
	t, err := p.Player.Choose(ctx, pos, r)
	*p.turns = append(*p.turns, t)
	return t, err
}
