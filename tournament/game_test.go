package tournament

import (
	"context"
	"errors"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type forfeitErr struct{ reason string }

func (e forfeitErr) Error() string { return "engine failed" }

func (e forfeitErr) Forfeit() (reason, text string) { return e.reason, "it said so" }

func TestForfeitedNamesTheReason(t *testing.T) {
	reason, text, ok := forfeited(forfeitErr{"crash"})
	assert.True(t, ok)
	assert.Equal(t, "crash", reason)
	assert.Equal(t, "it said so", text)
	_, _, ok = forfeited(forfeitErr{"bored"})
	assert.False(t, ok)
	_, _, ok = forfeited(errors.New("plain"))
	assert.False(t, ok)
	_, _, ok = forfeited(nil)
	assert.False(t, ok)
}

// firstTurn plays the first legal turn and notes the sides it was asked to move; it
// fails with err at its failAt-th call (1-based; 0: never).
type firstTurn struct {
	sides  []engine.Color
	failAt int
	err    error
}

func (f *firstTurn) Choose(_ context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	f.sides = append(f.sides, p.Side)
	if len(f.sides) == f.failAt {
		return engine.Turn{}, f.err
	}
	return p.Turns(r, nil)[0], nil
}

// openingAtPly2 is the start position after two turns.
func openingAtPly2(t *testing.T) engine.Position {
	p := engine.Start()
	r := engine.DefaultRules()
	for range 2 {
		p = p.Play(p.Turns(r, nil)[0])
	}
	require.Equal(t, 2, p.Ply)
	return p
}

// TestPlayGameCapCountsFromTheOpening: from an opening at ply 2 with a cap of 4 plies, the
// game is 4 turns long, White and Black each moving only on their own turns.
func TestPlayGameCapCountsFromTheOpening(t *testing.T) {
	opening := openingAtPly2(t)
	w, b := &firstTurn{}, &firstTurn{}
	rec, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 4)
	require.NoError(t, err)
	assert.Equal(t, 4, rec.Plies)
	assert.Equal(t, "max-plies", rec.Reason)
	assert.Equal(t, []engine.Color{engine.White, engine.White}, w.sides)
	assert.Equal(t, []engine.Color{engine.Black, engine.Black}, b.sides)
}

// TestPlayGameErrorNamesThePlyFromTheOpening: a player failing on the game's second turn
// (ply 4 of the position, ply 2 from the opening) is reported at ply 2.
func TestPlayGameErrorNamesThePlyFromTheOpening(t *testing.T) {
	opening := openingAtPly2(t)
	w, b := &firstTurn{}, &firstTurn{failAt: 1, err: errors.New("broken")}
	_, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 10)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ply 2 (")
	assert.Contains(t, err.Error(), "broken")
	// A forfeit ends the game as a loss for the failing side instead.
	w, b = &firstTurn{}, &firstTurn{failAt: 1, err: forfeitErr{"crash"}}
	rec, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 10)
	require.NoError(t, err)
	assert.Equal(t, "1-0", rec.Result)
	assert.Equal(t, "crash", rec.Reason)
	assert.Equal(t, 1, rec.Plies)
}
