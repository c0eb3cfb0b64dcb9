// clock_vary_test.go: time controls, the clock's share of a turn, and the seeded vary
// option of hard and expert.

package players

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

func TestParseTimeControl(t *testing.T) {
	tc, err := ParseTimeControl("10s+100ms")
	require.NoError(t, err)
	assert.Equal(t, TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, tc)
	tc, err = ParseTimeControl("1m")
	require.NoError(t, err)
	assert.Equal(t, TimeControl{Base: time.Minute}, tc)
	// A zero increment is allowed, a zero base is not.
	tc, err = ParseTimeControl("10s+0s")
	require.NoError(t, err)
	assert.Equal(t, TimeControl{Base: 10 * time.Second}, tc)
	for _, bad := range []string{"", "+1s", "10s+", "ten+1s", "-1s+0s", "1s+-5ms", "0s", "0s+1s"} {
		_, err := ParseTimeControl(bad)
		assert.Error(t, err, bad)
	}
	_, err = NewFromString("hard:tc=soon", 1)
	assert.EqualError(t, err, `player spec "hard:tc=soon": option tc=soon: want BASE+INC such as 10s+100ms`)
}

func TestClockBudget(t *testing.T) {
	p := engine.Start()
	// No clock: the fixed limit.
	var c clock
	assert.Equal(t, 200*time.Millisecond, c.budget(&p, 200*time.Millisecond))
	// Own clock 10s+100ms: (10s − 20ms)/25 + 75ms = 474.2ms.
	c = clock{tc: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}
	assert.Equal(t, 474200*time.Microsecond, c.budget(&p, 0))
	c.spent(&p, 2*time.Second) // 10s − 2s + 100ms = 8.1s left
	q := p.Play(p.Turns(engine.DefaultRules(), nil)[0])
	q = q.Play(q.Turns(engine.DefaultRules(), nil)[0])
	assert.Equal(t, (8100*time.Millisecond-clockReserve)/25+75*time.Millisecond, c.budget(&q, 0))
	// at most the fixed limit
	assert.Equal(t, 50*time.Millisecond, c.budget(&q, 50*time.Millisecond))
	// A position earlier than the last turn: a new game, the clock restarts.
	c.spent(&q, time.Second)
	assert.Equal(t, 474200*time.Microsecond, c.budget(&p, 0))
	// The game's clock: 90ms left, no increment: a third of 70ms (below 70/25+0? no: 2.8ms).
	c.set(90*time.Millisecond, 0)
	assert.Equal(t, 2800*time.Microsecond, c.budget(&p, 0))
	// Nearly flagged: 1ms.
	c.set(10*time.Millisecond, 0)
	assert.Equal(t, time.Millisecond, c.budget(&p, 0))
	// A large increment: 980ms/25 + 1.5s is capped at a third of 980ms.
	c.set(time.Second, 2*time.Second)
	assert.Equal(t, 980*time.Millisecond/3, c.budget(&p, 0))
	c.spent(&p, 0)
	// A second game from the same position as the last turn's: the clock restarts too.
	c = clock{tc: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}
	c.budget(&p, 0)
	c.spent(&p, 5*time.Second)
	assert.Equal(t, 474200*time.Microsecond, c.budget(&p, 0))
}

// TestEveryLevelPlaysUnderTime: each searching level under a small per-turn limit and
// under a clock plays a legal turn from a midgame position.
func TestEveryLevelPlaysUnderTime(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN(midgameFENs[4])
	legal := p.Turns(r, nil)
	for _, spec := range []string{"easy:time=5ms", "medium:time=5ms", "hard:time=5ms", "expert:time=5ms", "mcts:time=5ms",
		"easy:tc=1s+10ms", "hard:tc=1s+10ms", "expert:tc=1s+10ms", "mcts:tc=1s+10ms", "hard:depth=12,time=1ms"} {
		pl, err := NewFromString(spec, 3)
		require.NoError(t, err, spec)
		start := time.Now()
		tn, err := pl.Choose(context.Background(), &p, r)
		require.NoError(t, err, spec)
		assert.Contains(t, legal, tn, spec)
		assert.Less(t, time.Since(start), 2*time.Second, spec)
	}
	// A named time replaces mcts's default playouts.
	pl, err := NewFromString("mcts:time=30ms", 1)
	require.NoError(t, err)
	a, err := Analyze(context.Background(), pl, &p, r)
	require.NoError(t, err)
	assert.Equal(t, 1<<30, pl.(*MCTS).opts.Playouts)
	assert.GreaterOrEqual(t, a.Nodes, uint64(64), "the clock is read every 64 playouts")
}

// TestVaryIsSeededAndVaries: with vary, the same seed plays the same turn, several seeds
// play several turns over the midgame positions, and vary=0 is the plain player.
func TestVaryIsSeededAndVaries(t *testing.T) {
	r := engine.DefaultRules()
	for _, spec := range []string{"expert:depth=4,vary=40", "hard:vary=40,slack=0"} {
		distinct := 0
		for _, f := range midgameFENs[:6] {
			p := engine.MustParseFEN(f)
			seen := map[engine.Turn]bool{}
			for seed := uint64(1); seed <= 6; seed++ {
				a, err := NewFromString(spec, seed)
				require.NoError(t, err)
				b, err := NewFromString(spec, seed)
				require.NoError(t, err)
				ta, err := a.Choose(context.Background(), &p, r)
				require.NoError(t, err)
				tb, err := b.Choose(context.Background(), &p, r)
				require.NoError(t, err)
				assert.Equal(t, ta, tb, "%s seed %d at %s", spec, seed, f)
				seen[ta] = true
			}
			if len(seen) > 1 {
				distinct++
			}
		}
		assert.GreaterOrEqual(t, distinct, 2, "%s varies its turn in some positions", spec)
	}
	for _, f := range midgameFENs[:6] {
		p := engine.MustParseFEN(f)
		for _, pair := range [][2]string{{"expert:depth=4", "expert:depth=4,vary=0"}, {"hard", "hard:vary=0"}} {
			a, _ := NewFromString(pair[0], 5)
			b, _ := NewFromString(pair[1], 5)
			ta, err := a.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			tb, err := b.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			assert.Equal(t, ta, tb, "%s at %s", pair[1], f)
		}
	}
}

// TestVaryDrawsEveryBonus: vary=V gives each root turn a bonus drawn from 0..V, both ends
// included (vary=1: 0 or 1).
func TestVaryDrawsEveryBonus(t *testing.T) {
	r := engine.DefaultRules()
	for _, vary := range []int{1, 2} {
		o := DefaultExpertOptions()
		o.Depth, o.Vary = 2, vary
		e := NewExpertSeeded(o, 9)
		seen := map[int]int{}
		for _, f := range midgameFENs {
			p := engine.MustParseFEN(f)
			_, err := e.Analyze(context.Background(), &p, r)
			require.NoError(t, err, f)
			require.Len(t, e.bias, len(p.DistinctTurns(r, nil, &e.seen)), f)
			for _, b := range e.bias {
				seen[b]++
			}
		}
		for b := range seen {
			assert.True(t, b >= 0 && b <= vary, "vary=%d drew %d", vary, b)
		}
		for b := 0; b <= vary; b++ {
			assert.Positive(t, seen[b], "vary=%d never drew %d", vary, b)
		}
	}
}
