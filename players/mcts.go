// mcts.go: Monte-Carlo tree search, UCT with uniformly random playouts.

package players

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// MCTSOptions are the budget and constants of the MCTS player.
type MCTSOptions struct {
	Playouts    int           // playouts per choice
	Exploration float64       // UCT constant c in w/n + c·sqrt(ln N / n)
	MaxPlies    int           // a playout still going after this many plies is judged by material
	Time        time.Duration // wall-clock limit a turn (0 = none), checked every 64 playouts
	Clock       TimeControl   // game clock (see Clocked); zero = none
}

// DefaultMCTSOptions returns 1000 playouts, c = 1.4, playouts of at most 200 plies.
func DefaultMCTSOptions() MCTSOptions {
	return MCTSOptions{Playouts: 1000, Exploration: 1.4, MaxPlies: 200}
}

type mctsNode struct {
	turn       engine.Turn
	first      int32 // index of the first child in the pool; -1 until expanded
	count      int32 // number of children
	parent     int32
	visits     float64
	reward     float64 // sum of results for the side that played turn (0 loss, ½ draw, 1 win)
	terminal   bool
	termReward float64 // result for the side that played turn, when terminal
}

// MCTS is UCT over the distinct turns, with playouts uniform over the complete legal
// turns, exactly like Random. The turn played is the root child visited most (ties: the
// first generated). Its Analysis reports Score = round(1000·(2w − 1)), w the win rate of
// that turn, and Nodes = playouts.
type MCTS struct {
	opts       MCTSOptions
	seed       uint64
	pool       []mctsNode
	seen       engine.ResultSet
	buf        []engine.Turn
	clock      clock
	lastSearch // the last search, for LastSearch (Reporter)
}

// NewMCTS returns an MCTS player.
func NewMCTS(o MCTSOptions, seed uint64) *MCTS {
	if o.Playouts < 1 {
		o.Playouts = 1
	}
	if o.MaxPlies < 1 {
		o.MaxPlies = 1
	}
	m := &MCTS{opts: o, seed: seed, buf: make([]engine.Turn, 0, engine.MaxTurnsHint), clock: clock{tc: o.Clock},
		lastSearch: lastSearch{unscored: true}} // its score is a win rate, not pieces
	if nodes, ok := mctsNodesPool.Get().(*[]mctsNode); ok {
		m.pool = (*nodes)[:0]
	}
	return m
}

// mctsNodesPool holds the node slices of closed players (reuse.go).
var mctsNodesPool sync.Pool // *[]mctsNode

// Close gives the player's tree nodes to the next player made (reuse.go).
func (m *MCTS) Close() error {
	if nodes := m.pool; nodes != nil {
		mctsNodesPool.Put(&nodes)
		m.pool = nil
	}
	return nil
}

// SetClock implements Clocked.
func (m *MCTS) SetClock(remaining, increment time.Duration) { m.clock.set(remaining, increment) }

// Choose implements Player.
func (m *MCTS) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := m.Analyze(ctx, p, r)
	return a.Turn, err
}

// result returns the outcome for the side that just moved into q, if the game is over.
func mctsResult(q *engine.Position, r engine.Rules) (float64, bool) {
	st := r.Status(q)
	switch st.Outcome {
	case engine.Ongoing:
		return 0, false
	case engine.Draw:
		return 0.5, true
	case engine.WinFor(q.Side):
		return 0, true
	}
	return 1, true
}

// Analyze implements Analyzer.
func (m *MCTS) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	a, err := m.analyze(ctx, p, r)
	m.keep(a, err)
	return a, err
}

func (m *MCTS) analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	if !p.HasTurn() {
		return Analysis{}, ErrNoTurn
	}
	start := time.Now()
	var deadline time.Time
	if limit := m.clock.budget(p, m.opts.Time); limit > 0 {
		deadline = start.Add(limit)
	}
	defer func() { m.clock.spent(p, time.Since(start)) }()
	rng := positionRand(m.seed, streamMCTS, p)
	m.pool = append(m.pool[:0], mctsNode{first: -1, parent: -1})
	playouts := 0
	for ; playouts < m.opts.Playouts; playouts++ {
		if playouts&63 == 0 {
			if ctx.Err() != nil {
				return Analysis{}, ctx.Err()
			}
			if playouts > 0 && !deadline.IsZero() && time.Now().After(deadline) {
				break
			}
		}
		// Selection.
		q := *p
		n := int32(0)
		for m.pool[n].first >= 0 && !m.pool[n].terminal && m.pool[n].count > 0 {
			n = m.selectChild(n)
			q = q.Play(m.pool[n].turn)
		}
		// Expansion and simulation, the result for the side that moved into n.
		if n != 0 && m.pool[n].first < 0 && !m.pool[n].terminal {
			if v, over := mctsResult(&q, r); over {
				m.pool[n].terminal, m.pool[n].termReward = true, v
			}
		}
		var res float64
		if m.pool[n].terminal {
			res = m.pool[n].termReward
		} else {
			m.expand(n, &q, r)
			n = m.pool[n].first // the first child of a node just expanded
			q = q.Play(m.pool[n].turn)
			if v, over := mctsResult(&q, r); over {
				m.pool[n].terminal, m.pool[n].termReward = true, v
				res = v
			} else {
				res = 1 - m.playout(&q, r, rng) // playout returns the result for q's side to move
			}
		}
		// Backpropagation.
		for n >= 0 {
			m.pool[n].visits++
			m.pool[n].reward += res
			res = 1 - res
			n = m.pool[n].parent
		}
	}
	root := m.pool[0]
	best := root.first
	for i := root.first; i < root.first+root.count; i++ {
		if m.pool[i].visits > m.pool[best].visits {
			best = i
		}
	}
	w := m.pool[best].reward / max(1, m.pool[best].visits)
	a := Analysis{Turn: m.pool[best].turn, Score: int(math.Round(1000 * (2*w - 1))), Nodes: uint64(playouts), Time: time.Since(start)}
	// PV: follow the most visited children.
	for n := best; ; {
		a.PV = append(a.PV, m.pool[n].turn)
		if m.pool[n].first < 0 || m.pool[n].count == 0 || len(a.PV) >= 32 {
			break
		}
		c := m.pool[n].first
		for i := c; i < m.pool[n].first+m.pool[n].count; i++ {
			if m.pool[i].visits > m.pool[c].visits {
				c = i
			}
		}
		if m.pool[c].visits == 0 {
			break
		}
		n = c
	}
	a.Depth = len(a.PV)
	return a, nil
}

// selectChild returns the child of n maximising UCB1; unvisited children first.
func (m *MCTS) selectChild(n int32) int32 {
	nd := &m.pool[n]
	logN := math.Log(nd.visits)
	best, bestV := nd.first, math.Inf(-1)
	for i := nd.first; i < nd.first+nd.count; i++ {
		c := &m.pool[i]
		if c.visits == 0 {
			return i
		}
		v := c.reward/c.visits + m.opts.Exploration*math.Sqrt(logN/c.visits)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

func (m *MCTS) expand(n int32, q *engine.Position, r engine.Rules) {
	turns := q.DistinctTurns(r, m.buf[:0], &m.seen)
	m.buf = turns[:0]
	m.pool[n].first = int32(len(m.pool))
	m.pool[n].count = int32(len(turns))
	for _, t := range turns {
		m.pool = append(m.pool, mctsNode{turn: t, first: -1, parent: n})
	}
}

// playout plays uniformly random complete turns from q and returns the result for the
// side to move at q: 1 win, ½ draw, 0 loss. After MaxPlies the side with more pieces wins.
func (m *MCTS) playout(q *engine.Position, r engine.Rules, rng *rand.Rand) float64 {
	me := q.Side
	pos := *q
	for i := 0; ; i++ {
		st := r.Status(&pos)
		if st.Over() {
			switch st.Outcome {
			case engine.Draw:
				return 0.5
			case engine.WinFor(me):
				return 1
			}
			return 0
		}
		if i >= m.opts.MaxPlies {
			d := pos.Pieces[me].Count() - pos.Pieces[me^1].Count()
			switch {
			case d > 0:
				return 1
			case d < 0:
				return 0
			}
			return 0.5
		}
		turns := pos.Turns(r, m.buf[:0])
		m.buf = turns[:0]
		pos = pos.Play(turns[rng.IntN(len(turns))])
	}
}
