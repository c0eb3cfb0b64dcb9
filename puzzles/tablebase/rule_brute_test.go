// rule_brute_test.go: the rule-aware tables against an independent solution of tiny
// materials with the paika counter as part of the state. Every board of 1v1, 1v2, 2v1 and
// 2v2 (2v2 not with -short), White to move, is a node of the explicit graph of
// brute_test.go over engine.Turns (every capture path, no symmetry, no slot numbering, no
// distances stored by the tables); the value of (board, counter) follows from the game's own rules: the
// side to move with no pieces or no turn has lost, a counter at the limit is a draw, a
// capture restarts the counter at 0, a paika step adds one. The counter only grows along
// paika steps and captures lead to fewer pieces, so backward induction (pieces up, then
// counter down from the limit) solves every state exactly.

package tablebase

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counterValue is the value of a state for the side to move: outcome and the plies to the
// turn that decides the game under the rule (the capture, or the move that leaves the
// other side without a turn).
type counterValue struct {
	outcome Outcome
	plies   int16
}

// value is w as a Value (a draw has no plies).
func (w counterValue) value() Value {
	if w.outcome == Draw {
		return Value{}
	}
	return Value{w.outcome, int(w.plies)}
}

// solveWithCounter returns, for each wanted counter, the value of every node at that
// counter under paika limit limit.
func solveWithCounter(nodes []bruteNode, limit int, wanted []int) map[int][]counterValue {
	atZero := make([]counterValue, len(nodes)) // counter 0, final once a piece total is done
	out := map[int][]counterValue{}
	for _, c := range wanted {
		out[c] = make([]counterValue, len(nodes))
	}
	above := make([]counterValue, len(nodes)) // values at counter c+1
	cur := make([]counterValue, len(nodes))
	for pieces := 2; pieces <= 4; pieces++ {
		for c := limit; c >= 0; c-- {
			for i := range nodes {
				n := &nodes[i]
				if n.pieces != pieces {
					continue
				}
				cur[i] = stateValue(n, c, limit, atZero, above)
			}
			for _, w := range wanted {
				if w == c {
					for i := range nodes {
						if nodes[i].pieces == pieces {
							out[w][i] = cur[i]
						}
					}
				}
			}
			above, cur = cur, above
		}
		for i := range nodes {
			if nodes[i].pieces == pieces {
				atZero[i] = above[i] // the last layer computed: counter 0
			}
		}
	}
	return out
}

// stateValue applies the rules to one state from its successors' values.
func stateValue(n *bruteNode, c, limit int, atZero, above []counterValue) counterValue {
	if len(n.next) == 0 {
		return counterValue{Loss, 0} // no legal turn: lost, whatever the counter
	}
	if c >= limit {
		return counterValue{Draw, 0} // the paika limit is reached
	}
	bestWin, slowestLoss := -1, -1
	allWin := true
	for _, id := range n.next {
		child := counterValue{Loss, 0} // no pieces left
		switch {
		case id >= 0 && n.capture:
			child = atZero[id]
		case id >= 0:
			child = above[id]
		}
		plies := int(child.plies) + 1
		if n.capture {
			plies = 1 // the capture is the deciding turn
		}
		switch child.outcome {
		case Loss:
			allWin = false
			if bestWin < 0 || plies < bestWin {
				bestWin = plies
			}
		case Win:
			slowestLoss = max(slowestLoss, plies)
		default:
			allWin = false
		}
	}
	switch {
	case bestWin > 0:
		return counterValue{Win, int16(bestWin)}
	case allWin:
		return counterValue{Loss, int16(slowestLoss)}
	}
	return counterValue{Draw, 0}
}

func TestRuleTablesMatchCounterValueIteration(t *testing.T) {
	pieces := 4
	if testing.Short() {
		pieces = 3
	}
	nodes := bruteGraph(t, 2, pieces)
	// Counters 0, 25 and 49 under limit 50; under limit 10 counters above 9 are refused
	// (checked below), so 0, 5 and 9 there; the limit itself (drawn unless no turn) too.
	for limit, counters := range map[int][]int{50: {0, 25, 49, 50}, 10: {0, 5, 9, 10}} {
		dir := t.TempDir()
		_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 4, Workers: 2, PaikaLimit: limit})
		require.NoError(t, err)
		set := Open(dir)
		want := solveWithCounter(nodes, limit, counters)
		mismatches, wins, cursed := 0, 0, 0
		for _, c := range counters {
			for i, n := range nodes {
				wv := want[c][i].value()
				if wv.Outcome == Win {
					wins++
				}
				for _, p := range []engine.Position{
					engine.NewPosition(n.white, n.black, engine.White, c, 100),
					engine.NewPosition(n.black, n.white, engine.Black, c, 100),
				} {
					got, err := set.Probe(&p, PaikaRule(limit))
					require.NoError(t, err)
					if got != wv {
						mismatches++
						if mismatches <= 10 {
							t.Errorf("limit %d: %s: table %v, counter value iteration %v", limit, p.FEN(), got, wv)
						}
					}
				}
			}
		}
		assert.Zero(t, mismatches, "limit %d", limit)
		over := engine.NewPosition(nodes[0].white, nodes[0].black, engine.White, limit+1, 100)
		_, err = set.Probe(&over, PaikaRule(limit))
		assert.Error(t, err, "a counter above the limit is refused")
		// The comparison is not vacuous: wins exist, and at limit 10 some wins of the
		// theoretic game are drawn by the rule at counter 0.
		assert.Positive(t, wins)
		if limit == 10 && pieces == 4 {
			theo := Open(smallTables(t))
			for i, n := range nodes {
				p := engine.NewPosition(n.white, n.black, engine.White, 0, 100)
				tv, err := theo.Probe(&p, Theoretic)
				require.NoError(t, err)
				if tv.Outcome == Win && want[0][i].outcome == Draw {
					cursed++
				}
			}
			assert.Positive(t, cursed, "no theoretic win is cursed at limit 10")
		}
		t.Logf("limit %d: %d states compared, %d wins, %d cursed wins at counter 0", limit, 2*len(nodes)*len(counters), wins, cursed)
	}
}
