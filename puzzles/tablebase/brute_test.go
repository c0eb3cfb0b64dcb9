// brute_test.go: the tablebase against an independent exhaustive solution of tiny
// materials: every board of 1v1, 1v2, 2v1 and 2v2 (not with -short) as an explicit graph over engine.Turns
// (every path, no symmetry, no slot numbering), solved by value iteration to the end.

package tablebase

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteNode is one board with White to move: its successors (as node numbers, −1 for a
// board where the side to move has no pieces), whether its turns capture, and its value
// once resolved.
type bruteNode struct {
	white, black engine.Bitboard
	pieces       int
	next         []int32
	capture      bool
	resolved     bool
	win          bool
	plies        int
}

// value is the node's solved value for White, to move (a draw when unresolved).
func (n *bruteNode) value() Value {
	switch {
	case !n.resolved:
		return Value{}
	case n.win:
		return Value{Win, n.plies}
	}
	return Value{Loss, n.plies}
}

// subsets returns every set of k points.
func subsets(k int, from engine.Bitboard) []engine.Bitboard {
	if k == 0 {
		return []engine.Bitboard{0}
	}
	var out []engine.Bitboard
	for b := from; b != 0; b &= b - 1 {
		p := b & -b
		for _, rest := range subsets(k-1, b&^p&^(p-1)&from) {
			out = append(out, p|rest)
		}
	}
	return out
}

// bruteGraph returns every board with at most maxSide pieces a side (and maxPieces in
// all), White to move (Black to move is the same board with colours swapped), with its
// successors by engine.Turns: every capture path, no symmetry, no slot numbering.
func bruteGraph(t *testing.T, maxSide, maxPieces int) []bruteNode {
	ids := map[[2]engine.Bitboard]int32{}
	var nodes []bruteNode
	for w := 1; w <= maxSide; w++ {
		for b := 1; b <= maxSide && w+b <= maxPieces; b++ {
			for _, ws := range subsets(w, engine.AllPoints) {
				for _, bs := range subsets(b, engine.AllPoints&^ws) {
					ids[[2]engine.Bitboard{ws, bs}] = int32(len(nodes))
					nodes = append(nodes, bruteNode{white: ws, black: bs, pieces: w + b})
				}
			}
		}
	}
	rules := engine.TheoreticRules()
	var buf []engine.Turn
	for i := range nodes {
		n := &nodes[i]
		p := engine.NewPosition(n.white, n.black, engine.White, 0, 2)
		buf = p.Turns(rules, buf[:0])
		for _, tn := range buf {
			n.capture = tn.Captured != 0
			q := p.Play(tn)
			if q.Pieces[engine.Black] == 0 {
				n.next = append(n.next, -1)
				continue
			}
			// The colour swap: Black to move on q is White to move on the swapped board.
			id, ok := ids[[2]engine.Bitboard{q.Pieces[engine.Black], q.Pieces[engine.White]}]
			if !ok {
				require.FailNow(t, "successor outside the solved materials", "%v after %v", q.FEN(), p.FEN())
			}
			n.next = append(n.next, id)
		}
	}
	return nodes
}

// bruteSolve solves every board of bruteGraph by value iteration to the end.
func bruteSolve(t *testing.T, maxSide, maxPieces int) []bruteNode {
	nodes := bruteGraph(t, maxSide, maxPieces)
	for i := range nodes {
		if len(nodes[i].next) == 0 {
			nodes[i].resolved, nodes[i].plies = true, 0
		}
	}
	// Value iteration on a snapshot: after pass d exactly the boards decided within d plies
	// are resolved, each with its exact distance.
	for changed := true; changed; {
		changed = false
		type value struct {
			resolved, win bool
			plies         int
		}
		snap := make([]value, len(nodes))
		for i, n := range nodes {
			snap[i] = value{n.resolved, n.win, n.plies}
		}
		for i := range nodes {
			n := &nodes[i]
			if n.resolved {
				continue
			}
			fastest, slowest, allWin := -1, -1, true
			for _, c := range n.next {
				cw, cp, cr := false, 0, true
				if c >= 0 {
					cw, cp, cr = snap[c].win, snap[c].plies, snap[c].resolved
				}
				switch {
				case cr && !cw:
					if fastest < 0 || cp < fastest {
						fastest = cp
					}
				case cr && cw:
					slowest = max(slowest, cp)
				default:
					allWin = false
				}
			}
			if fastest >= 0 {
				n.resolved, n.win, n.plies, changed = true, true, fastest+1, true
			} else if allWin {
				n.resolved, n.win, n.plies, changed = true, false, slowest+1, true
			}
		}
	}
	return nodes
}

func TestBuildMatchesExhaustiveSearch(t *testing.T) {
	dir := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 4, Workers: 2})
	require.NoError(t, err)
	set := Open(dir)
	pieces := 4
	if testing.Short() {
		pieces = 3 // 2v2 takes a few seconds more
	}
	nodes := bruteSolve(t, 2, pieces)
	require.NotEmpty(t, nodes)
	mismatches := 0
	for _, n := range nodes {
		want := n.value()
		for _, p := range []engine.Position{
			engine.NewPosition(n.white, n.black, engine.White, 0, 0),
			engine.NewPosition(n.black, n.white, engine.Black, 0, 0),
		} {
			got, err := set.Probe(&p, Theoretic)
			require.NoError(t, err)
			if got != want {
				mismatches++
				if mismatches <= 10 {
					t.Errorf("%s: tablebase %v, exhaustive search %v", p.FEN(), got, want)
				}
			}
		}
	}
	assert.Zero(t, mismatches)
}
