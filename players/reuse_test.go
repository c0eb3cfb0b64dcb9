// reuse_test.go: a player made on the memory of a closed one plays as a player made on new
// memory, turn for turn and node for node, and closed players share nothing.

package players

import (
	"context"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// drainPools empties the pools of reuse.go, so the next players are made on new memory.
func drainPools() {
	for reusedSearcher() != nil {
	}
	tablePools.Range(func(_, pool any) bool {
		for pool.(*sync.Pool).Get() != nil {
		}
		return true
	})
	for mctsNodesPool.Get() != nil {
	}
}

// memoryOf is the largest thing a player hands on when closed: an expert's table, a
// level's searcher, the MCTS tree's first node; nil for none.
func memoryOf(pl Player) any {
	switch p := pl.(type) {
	case *Expert:
		return p.s.tt
	case *Level:
		return p.s
	case *MCTS:
		if cap(p.pool) == 0 {
			return nil
		}
		return &p.pool[:1][0]
	}
	return nil
}

// gameLog is what a game shows of its players: each turn, its score and its nodes.
type gameLog struct {
	Turns  []string
	Scores []int
	Nodes  []uint64
}

// playLog plays plies plies from the start between white and black and closes them.
func playLog(t *testing.T, white, black Analyzer, plies int) gameLog {
	t.Helper()
	r := engine.DefaultRules()
	p := engine.Start()
	var log gameLog
	for range plies {
		if !p.HasTurn() {
			break
		}
		pl := white
		if p.Side == engine.Black {
			pl = black
		}
		a, err := pl.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		log.Turns = append(log.Turns, a.Turn.String())
		log.Scores = append(log.Scores, a.Score)
		log.Nodes = append(log.Nodes, a.Nodes)
		p = p.Play(a.Turn)
	}
	closeIfCloser(white)
	closeIfCloser(black)
	return log
}

// dirtyPositions are searched by the player whose memory is handed on: midgame positions
// unlike the start, so its table, killers, history and stacks hold other positions' data.
var dirtyPositions = []string{
	"BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0",
	"3B2BBB/6B1B/1W5B1/3W5/9 b 0 0",
}

// madeOnDirtyMemory returns make()'s player built on the memory of a player of spec dirty
// that searched dirtyPositions and was closed. The pools may drop what they are given (a
// sync.Pool may, and does at random under the race detector): it tries until the
// player got the closed one's memory.
func madeOnDirtyMemory(t *testing.T, dirty string, make func() Analyzer) Analyzer {
	t.Helper()
	r := engine.DefaultRules()
	for range 50 {
		d, err := NewFromString(dirty, 99)
		require.NoError(t, err)
		for _, f := range dirtyPositions {
			p := engine.MustParseFEN(f)
			_, err := d.(Analyzer).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
		}
		memory := memoryOf(d)
		require.NotNil(t, memory)
		closeIfCloser(d)
		pl := make()
		if memoryOf(pl) == memory {
			return pl
		}
		closeIfCloser(pl)
	}
	t.Fatal("the pools never handed the closed player's memory on")
	return nil
}

func TestReusedMemoryPlaysAsNewMemory(t *testing.T) {
	expert := func(nodes uint64, vary int, seed uint64) func() Analyzer {
		o := DefaultExpertOptions()
		o.Nodes, o.Vary = nodes, vary
		return func() Analyzer { return NewExpertSeeded(o, seed) }
	}
	level := func(lp LevelParams, seed uint64) func() Analyzer {
		return func() Analyzer { return NewLevel(lp, seed) }
	}
	mcts := func(playouts int, seed uint64) func() Analyzer {
		o := DefaultMCTSOptions()
		o.Playouts = playouts
		return func() Analyzer { return NewMCTS(o, seed) }
	}
	for _, c := range []struct {
		name         string
		dirty        string // the spec of the player whose memory is handed on
		white, black func() Analyzer
	}{
		// The tournament's pairing of the measurement in docs/PERFORMANCE.md.
		{"expert", "expert:nodes=30000,threads=2", expert(5000, 0, 1), expert(4000, 0, 2)},
		{"expert vary", "expert:nodes=30000,vary=30", expert(3000, 20, 3), expert(3000, 20, 4)},
		{"levels", "hard", level(HardParams, 5), level(MediumParams, 6)},
		{"mcts", "mcts:playouts=2000", mcts(300, 7), mcts(200, 8)},
	} {
		t.Run(c.name, func(t *testing.T) {
			drainPools()
			want := playLog(t, c.white(), c.black(), 24)
			require.GreaterOrEqual(t, len(want.Turns), 16, "a game long enough to compare")
			drainPools()
			white := madeOnDirtyMemory(t, c.dirty, c.white)
			black := madeOnDirtyMemory(t, c.dirty, c.black)
			assert.Equal(t, want, playLog(t, white, black, 24))
		})
	}
}

// TestClosedPlayersShareNothing: the helpers of a parallel search use their main thread's
// table; closing gives it back once, so two players made next never share one.
func TestClosedPlayersShareNothing(t *testing.T) {
	drainPools()
	o := DefaultExpertOptions()
	o.Nodes, o.Threads = 5000, 3
	for range 20 {
		e := NewExpert(o)
		p := engine.Start()
		_, err := e.Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		require.NoError(t, e.Close())
		a, b := NewExpert(o), NewExpert(o)
		require.True(t, a.s.tt != b.s.tt, "two players on one table")
		for _, x := range []*Expert{a, b} {
			for _, h := range x.helpers {
				assert.True(t, x.s.tt == h.tt, "a helper searches its main thread's table")
				assert.True(t, x.s != h, "a helper has its own searcher")
			}
		}
		assert.True(t, a.s != b.s, "two players on one searcher")
		require.NoError(t, a.Close())
		require.NoError(t, b.Close())
	}
}

func TestClosedPlayerRefusesToSearch(t *testing.T) {
	o := DefaultExpertOptions()
	o.Nodes = 100
	e := NewExpert(o)
	require.NoError(t, e.Close())
	require.NoError(t, e.Close(), "closing twice is harmless")
	p := engine.Start()
	assert.PanicsWithValue(t, "players: Expert used after Close", func() {
		_, _ = e.Analyze(context.Background(), &p, engine.DefaultRules())
	})
	l := NewLevel(EasyParams, 1)
	require.NoError(t, l.Close())
	assert.PanicsWithValue(t, "players: Level used after Close", func() {
		_, _ = l.Analyze(context.Background(), &p, engine.DefaultRules())
	})
}
