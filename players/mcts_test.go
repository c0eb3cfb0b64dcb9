// mcts_test.go: the MCTS player against a plain UCT written in the test from its doc
// comments (a pointer tree, no pool), drawing from the same seeded source.

package players

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
)

type plainNode struct {
	turn     engine.Turn
	parent   *plainNode
	children []*plainNode // nil until expanded
	expanded bool
	visits   float64
	reward   float64 // for the side that played turn
	over     bool
	overWins float64 // result for the side that played turn, when the game is over after it
}

// plainOutcome: the result for the side that just moved into q (win 1, draw ½, loss 0).
func plainOutcome(q *engine.Position, r engine.Rules) (float64, bool) {
	st := r.Status(q)
	if !st.Over() {
		return 0, false
	}
	switch st.Outcome {
	case engine.Draw:
		return 0.5, true
	case engine.WinFor(q.Side): // the side to move won
		return 0, true
	}
	return 1, true
}

// plainPlayout: uniformly random complete turns; after maxPlies turns the side with more
// pieces wins, equal material is a draw. The result is for the side to move at q.
func plainPlayout(q engine.Position, r engine.Rules, rng *rand.Rand, maxPlies int) float64 {
	me := q.Side
	for ply := 0; ; ply++ {
		if v, over := plainOutcome(&q, r); over {
			if q.Side == me {
				return 1 - v
			}
			return v
		}
		if ply == maxPlies {
			own, enemy := q.Pieces[me].Count(), q.Pieces[me^1].Count()
			if own > enemy {
				return 1
			} else if own < enemy {
				return 0
			}
			return 0.5
		}
		turns := q.Turns(r, nil)
		q = q.Play(turns[rng.IntN(len(turns))])
	}
}

// plainMCTS runs o.Playouts iterations of UCT: select by UCB1 (an unvisited child first,
// else the first best of w/n + c·sqrt(ln N / n)), expand a leaf with its distinct turns and
// play out from its first child, back the result up alternating sides. It returns the
// most visited root child (the first on ties), its win rate and the line of most visited
// children from it (at most 32 turns).
func plainMCTS(p engine.Position, r engine.Rules, o MCTSOptions, seed uint64) (engine.Turn, float64, []engine.Turn) {
	rng := positionRand(seed, streamMCTS, &p)
	root := &plainNode{}
	for range o.Playouts {
		n, q := root, p
		for n.expanded && !n.over && len(n.children) > 0 {
			var best *plainNode
			bestV := math.Inf(-1)
			for _, c := range n.children {
				if c.visits == 0 {
					best = c
					break
				}
				if v := c.reward/c.visits + o.Exploration*math.Sqrt(math.Log(n.visits)/c.visits); v > bestV {
					best, bestV = c, v
				}
			}
			n = best
			q = q.Play(n.turn)
		}
		if n != root && !n.expanded && !n.over {
			n.overWins, n.over = plainOutcome(&q, r)
		}
		var res float64
		if n.over {
			res = n.overWins
		} else {
			var seen engine.ResultSet
			for _, t := range q.DistinctTurns(r, nil, &seen) {
				n.children = append(n.children, &plainNode{turn: t, parent: n})
			}
			n.expanded = true
			n = n.children[0]
			q = q.Play(n.turn)
			if v, over := plainOutcome(&q, r); over {
				n.over, n.overWins, res = true, v, v
			} else {
				res = 1 - plainPlayout(q, r, rng, o.MaxPlies)
			}
		}
		for ; n != nil; n = n.parent {
			n.visits++
			n.reward += res
			res = 1 - res
		}
	}
	mostVisited := func(n *plainNode) *plainNode {
		var best *plainNode
		for _, c := range n.children {
			if best == nil || c.visits > best.visits {
				best = c
			}
		}
		return best
	}
	best := mostVisited(root)
	var pv []engine.Turn
	for n := best; n != nil && len(pv) < 32; n = mostVisited(n) {
		if n != best && n.visits == 0 {
			break
		}
		pv = append(pv, n.turn)
	}
	return best.turn, best.reward / best.visits, pv
}

func TestMCTSIsPlainUCT(t *testing.T) {
	r := engine.DefaultRules()
	fens := []string{
		engine.StartFEN,
		midgameFENs[0], midgameFENs[4], midgameFENs[11],
		"9/9/4B4/9/WWB6 w 0 1",       // few pieces: playouts end in wins, losses and draws
		"9/1B7/9/3W5/9 w 0 1",        // one against one
		"9/9/2BWB4/9/9 w 0 1",        // White can take one of two, then loses
		"B8/9/9/9/7WW w 0 1",         // two against one
		"9/9/9/3BWB3/3BWB3 b 0 1",    // crowded, short
		"B1B1B4/9/9/9/4W1W1W w 10 9", // paika counter already running
	}
	configs := []MCTSOptions{
		{Playouts: 300, Exploration: 1.4, MaxPlies: 200},
		{Playouts: 200, Exploration: 0.3, MaxPlies: 6},
		{Playouts: 64, Exploration: 3, MaxPlies: 1},
	}
	for _, f := range fens {
		p, err := engine.ParseFEN(f)
		require.NoError(t, err, f)
		if !p.HasTurn() {
			continue
		}
		for k, o := range configs {
			seed := uint64(5 + k)
			turn, w, pv := plainMCTS(p, r, o, seed)
			a, err := NewMCTS(o, seed).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			assert.Equal(t, turn, a.Turn, "%s %+v", f, o)
			assert.Equal(t, int(math.Round(1000*(2*w-1))), a.Score, "%s %+v", f, o)
			assert.Equal(t, uint64(o.Playouts), a.Nodes)
			assert.Equal(t, pv, a.PV, "%s %+v", f, o)
			assert.Equal(t, len(pv), a.Depth)
		}
	}
}

// TestMCTSLimits: the playout count is the one asked for when no time limit is set, and
// the options are clamped to at least 1 as documented, never lowered otherwise.
func TestMCTSLimits(t *testing.T) {
	p := engine.Start()
	for _, n := range []int{1, 100, 130} {
		a, err := NewMCTS(MCTSOptions{Playouts: n, Exploration: 1.4, MaxPlies: 200}, 3).Analyze(context.Background(), &p, engine.DefaultRules())
		require.NoError(t, err)
		assert.Equal(t, uint64(n), a.Nodes, "playouts run with no time limit")
	}
	m := NewMCTS(DefaultMCTSOptions(), 1)
	assert.Equal(t, MCTSOptions{Playouts: 1000, Exploration: 1.4, MaxPlies: 200}, m.opts)
	m = NewMCTS(MCTSOptions{Playouts: 2, MaxPlies: 2}, 1)
	assert.Equal(t, 2, m.opts.Playouts)
	assert.Equal(t, 2, m.opts.MaxPlies)
	m = NewMCTS(MCTSOptions{Playouts: -4, MaxPlies: 0}, 1)
	assert.Equal(t, 1, m.opts.Playouts)
	assert.Equal(t, 1, m.opts.MaxPlies)
	pl, err := NewFromString("mcts:plies=40", 0)
	require.NoError(t, err)
	assert.Equal(t, 40, pl.(*MCTS).opts.MaxPlies)
}
