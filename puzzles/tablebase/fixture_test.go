// fixture_test.go: files built by an earlier commit are still read as they were written.

package tablebase

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFilesOfFormat2StillRead: the theoretic and limit-10 tables of at most 3 pieces in
// testdata/format2 (built at commit 3860199) hold, for every board, the values of the
// exhaustive solutions. A change of the slot numbering (which set is the primary one, the
// orbit order, the colex ranks), of the value bytes or of the header breaks it.
func TestFilesOfFormat2StillRead(t *testing.T) {
	set := Open("testdata/format2")
	nodes := bruteSolve(t, 2, 3)
	rule := solveWithCounter(nodes, 10, []int{0, 7})
	compared := 0
	for i, n := range nodes {
		if n.pieces < 2 {
			continue
		}
		want := n.value()
		for _, p := range []engine.Position{
			engine.NewPosition(n.white, n.black, engine.White, 0, 0),
			engine.NewPosition(n.black, n.white, engine.Black, 0, 0),
		} {
			got, err := set.Probe(&p, Theoretic)
			require.NoError(t, err, p.FEN())
			if !assert.Equal(t, want, got, "theoretic %s", p.FEN()) {
				return
			}
			for _, c := range []int{0, 7} {
				q := engine.NewPosition(p.Pieces[engine.White], p.Pieces[engine.Black], p.Side, c, 100)
				wv := rule[c][i].value()
				got, err := set.Probe(&q, PaikaRule(10))
				require.NoError(t, err, q.FEN())
				if !assert.Equal(t, wv, got, "limit 10, counter %d: %s", c, q.FEN()) {
					return
				}
				compared++
			}
		}
	}
	assert.Greater(t, compared, 100_000)
}

// TestBestTurnsAgainstExhaustiveValues: for every board of at most 3 pieces, the turns
// BestTurns keeps (theoretic and under a limit) are exactly those whose resulting board has, in the
// exhaustive solutions, the value that gives the parent its own value: theoretic, plies +
// 1 through any turn; under limit 10, 1 ply through a capture (the deciding capture), the
// child's plies + 1 through a paika step, at the child's counter (0 after a capture).
func TestBestTurnsAgainstExhaustiveValues(t *testing.T) {
	set := Open("testdata/format2")
	nodes := bruteSolve(t, 2, 3)
	const limit = 10
	counters := []int{0, 5, 9}
	all := make([]int, limit+1)
	for c := range all {
		all[c] = c
	}
	rule := solveWithCounter(nodes, limit, all)
	index := map[[2]engine.Bitboard]int{}
	for i, n := range nodes {
		index[[2]engine.Bitboard{n.white, n.black}] = i
	}
	theoretic := func(i int) Value { return nodes[i].value() }
	underRule := func(i, c int) Value { return rule[c][i].value() }
	// through returns the parent's value through a turn to a child of value v, written
	// out here rather than taken from Value.Parent and RuleParent, the code under test.
	through := func(v Value, capture bool, ruled bool) Value {
		var p Value
		switch v.Outcome {
		case Draw:
			return Value{}
		case Win:
			p = Value{Loss, v.Plies + 1}
		case Loss:
			p = Value{Win, v.Plies + 1}
		}
		if ruled && capture {
			p.Plies = 1
		}
		return p
	}
	stride, least := 1, 10_000
	if testing.Short() {
		stride, least = 13, 10_000/13 // every 13th board: the mutation runs repeat this suite
	}
	checked := 0
	for i, n := range nodes {
		if n.pieces < 2 || n.white == 0 || n.black == 0 || i%stride != 0 {
			continue
		}
		for _, c := range append([]int{-1}, counters...) { // -1: theoretic
			p := engine.NewPosition(n.white, n.black, engine.White, max(c, 0), 100)
			var want Value
			var got []engine.Turn
			var err error
			if c < 0 {
				want = theoretic(i)
				var v Value
				v, got, err = set.BestTurns(&p, Theoretic)
				require.NoError(t, err)
				require.Equal(t, want, v, p.FEN())
			} else {
				want = underRule(i, c)
				var v Value
				v, got, err = set.BestTurns(&p, PaikaRule(limit))
				require.NoError(t, err)
				require.Equal(t, want, v, p.FEN())
			}
			var seen engine.ResultSet
			var wantBoards, gotBoards [][2]engine.Bitboard
			for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
				q := p.Play(tn)
				board := [2]engine.Bitboard{q.Pieces[engine.White], q.Pieces[engine.Black]}
				var child Value // for Black, to move in q
				if q.Pieces[engine.Black] == 0 {
					child = Value{Loss, 0}
				} else {
					j, ok := index[[2]engine.Bitboard{q.Pieces[engine.Black], q.Pieces[engine.White]}]
					require.True(t, ok, q.FEN())
					if c < 0 {
						child = theoretic(j)
					} else if tn.Captured != 0 {
						child = underRule(j, 0)
					} else {
						child = underRule(j, c+1)
					}
				}
				if through(child, tn.Captured != 0, c >= 0) == want {
					wantBoards = append(wantBoards, board)
				}
			}
			for _, tn := range got {
				q := p.Play(tn)
				gotBoards = append(gotBoards, [2]engine.Bitboard{q.Pieces[engine.White], q.Pieces[engine.Black]})
			}
			if !assert.ElementsMatch(t, wantBoards, gotBoards, "counter %d: %s", c, p.FEN()) {
				return
			}
			checked++
		}
	}
	assert.Greater(t, checked, least)
}

// TestInfoCountsAgainstExhaustiveValues: a table's counts of boards won, drawn and lost,
// its longest win and loss and their example slots (the lowest slot holding each), for the
// classes of at most 3 pieces as built by this code, against the exhaustive solution.
func TestInfoCountsAgainstExhaustiveValues(t *testing.T) {
	dir := smallTables(t)
	nodes := bruteSolve(t, 2, 3)
	type counts struct {
		positions, wins, draws, losses uint64
		longestWin, longestLoss        int
	}
	want := map[Class]*counts{}
	for _, n := range nodes {
		c := Class{Own: n.white.Count(), Enemy: n.black.Count()}
		if c.Own == 0 || c.Enemy == 0 {
			continue
		}
		w := want[c]
		if w == nil {
			w = &counts{}
			want[c] = w
		}
		w.positions++
		switch {
		case !n.resolved:
			w.draws++
		case n.win:
			w.wins++
			w.longestWin = max(w.longestWin, n.plies)
		default:
			w.losses++
			w.longestLoss = max(w.longestLoss, n.plies)
		}
	}
	require.Len(t, want, 3)
	for c, w := range want {
		tb, err := LoadTable(dir, c, Theoretic)
		require.NoError(t, err)
		in := tb.Info()
		assert.Equal(t, *w, counts{in.Positions, in.Wins, in.Draws, in.Losses, in.LongestWin, in.LongestLoss}, "%v", c)
		firstWin, firstLoss := uint64(0), uint64(0)
		foundWin, foundLoss := false, false
		for s := uint64(0); s < tb.Slots(); s++ {
			v := tb.Value(s)
			if !foundWin && v == (Value{Win, w.longestWin}) {
				firstWin, foundWin = s, true
			}
			if !foundLoss && v == (Value{Loss, w.longestLoss}) {
				firstLoss, foundLoss = s, true
			}
		}
		require.True(t, foundWin && foundLoss, "%v", c)
		assert.Equal(t, firstWin, in.WinExample, "%v: the lowest slot of the longest win", c)
		assert.Equal(t, firstLoss, in.LossExample, "%v: the lowest slot of the longest loss", c)
	}
	// Under paika limit 1 distances are short (a loss in 1 is the longest of 1v2): the
	// longest and their first slots, by a scan of the values.
	for _, c := range []Class{{1, 1}, {2, 1}, {1, 2}} {
		tb, err := LoadTable(limitOneTables(t), c, PaikaRule(1))
		require.NoError(t, err)
		in := tb.Info()
		longest := map[Outcome]int{Win: 0, Loss: 0}
		first := map[Outcome]uint64{}
		for s := uint64(0); s < tb.Slots(); s++ {
			if !tb.ix.canonical(s) {
				continue
			}
			v := tb.Value(s)
			if v.Outcome == Draw {
				continue
			}
			if _, ok := first[v.Outcome]; !ok || v.Plies > longest[v.Outcome] {
				longest[v.Outcome], first[v.Outcome] = v.Plies, s
			}
		}
		assert.Equal(t, longest[Win], in.LongestWin, "%v limit 1", c)
		assert.Equal(t, longest[Loss], in.LongestLoss, "%v limit 1", c)
		assert.Equal(t, first[Win], in.WinExample, "%v limit 1", c)
		assert.Equal(t, first[Loss], in.LossExample, "%v limit 1", c)
	}
}

// TestTableWordsHoldTheSlots: a table's words hold its slots, rounded up to whole words.
func TestTableWordsHoldTheSlots(t *testing.T) {
	for _, c := range []Class{{1, 1}, {2, 1}, {2, 2}, {3, 1}} {
		tb := newTable(c, 0)
		size := tb.Slots()
		words := size / 8
		if size%8 != 0 {
			words++
		}
		assert.Equal(t, int(words), len(tb.words), "%v: %d slots", c, size)
		assert.Equal(t, int(size), len(tb.bytes), "%v", c)
	}
}
