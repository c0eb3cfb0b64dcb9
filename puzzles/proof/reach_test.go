// reach_test.go: the greatest closed set over the reachable positions: exact once the
// graph is whole (against the full tables), sound while it is not (every set it gives
// checks), a win's proof from a whole graph, one graph for a board and its images under
// the symmetries, and the graph and its sweep as a plain walk keyed by boards finds them.

package proof

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReachDecidesAsTheTables: with the tables of at most 2 pieces, the graph of a
// 3-piece position is whole at once, and "does not lose" is proven for each side exactly
// when the 3-piece table says it holds; every set checks.
func TestReachDecidesAsTheTables(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 2)
	pr, err := NewProver(Options{Tables: small})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(11, 0))
	proven, refused := 0, 0
	for i := 0; i < 12; i++ {
		p := RandomPosition(rng, 3)
		want, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err)
		for _, side := range []engine.Color{engine.White, engine.Black} {
			c := Claim{side, DoesNotLose}
			sec, ok, _, err := pr.reachClosedSet(context.Background(), p, c, Budget{}, "test")
			require.NoError(t, err, p.FEN())
			require.True(t, pr.reach.whole(), p.FEN())
			assert.Equal(t, claimHolds(c.String(), want, p.Side), ok, "%s %s", p.FEN(), c)
			if !ok {
				refused++
				continue
			}
			proven++
			_, err = CheckSection(&sec, small, FileVerifier(dir))
			assert.NoError(t, err, "%s %s", p.FEN(), c)
		}
	}
	t.Logf("%d claims proven, %d lost", proven, refused)
	assert.Positive(t, proven)
	assert.Positive(t, refused)
}

// TestReachPartialGraphIsSound: a graph cut short counts its unexplored positions as
// lost, so a set it gives checks, and a claim the full tables refuse is never proven.
func TestReachPartialGraphIsSound(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 3)
	rng := rand.New(rand.NewPCG(12, 0))
	partial, proven := 0, 0
	for i := 0; i < 16; i++ {
		p := RandomPosition(rng, 4)
		want, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err)
		for _, side := range []engine.Color{engine.White, engine.Black} {
			c := Claim{side, DoesNotLose}
			pr, err := NewProver(Options{Tables: small})
			require.NoError(t, err)
			sec, ok, _, err := pr.reachClosedSet(context.Background(), p, c, Budget{Nodes: 2048}, "test")
			require.NoError(t, err, p.FEN())
			if !pr.reach.whole() {
				partial++
			}
			if !ok {
				continue
			}
			proven++
			assert.True(t, claimHolds(c.String(), want, p.Side), "%s %s", p.FEN(), c)
			_, err = CheckSection(&sec, small, FileVerifier(dir))
			assert.NoError(t, err, "%s %s", p.FEN(), c)
		}
	}
	t.Logf("%d claims proven, %d graphs cut short", proven, partial)
	assert.Positive(t, partial)
	assert.Positive(t, proven)
}

// TestCanonicalIsOneKeyForTheImages: a board and its images under the four symmetries
// have one key, itself one of theirs.
func TestCanonicalIsOneKeyForTheImages(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 0))
	for i := 0; i < 200; i++ {
		p := RandomPosition(rng, 2+rng.IntN(6))
		k := canonical(&p)
		among := false
		for s := engine.Identity; s < engine.NumSymmetries; s++ {
			q := p.Transform(s)
			assert.Equal(t, k, canonical(&q), p.FEN())
			qk, _ := keyOf(&q, 0)
			among = among || qk == k
		}
		assert.True(t, among, p.FEN())
	}
}

// TestReachSetTamperedIsRefused: a set written from the graph, with one of its positions
// removed or a leaf's value changed, is refused at that position.
func TestReachSetTamperedIsRefused(t *testing.T) {
	dir := builtTables(t)
	small := FromSet(tablebase.Open(dir), 2)
	pr, err := NewProver(Options{Tables: small})
	require.NoError(t, err)
	p, err := engine.ParseFEN("9/9/3W5/9/2W3B2 w 0 0")
	require.NoError(t, err)
	sec, ok, _, err := pr.reachClosedSet(context.Background(), p, Claim{engine.White, DoesNotLose}, Budget{}, "test")
	require.NoError(t, err)
	require.True(t, ok)
	_, err = CheckSection(&sec, small, FileVerifier(dir))
	require.NoError(t, err)
	var r *Refusal
	cut, table := 0, 0
	for i := 1; i < len(sec.Records) && cut < 20; i += max(1, len(sec.Records)/20) {
		bad := copySection(sec)
		gone := bad.Records[i].FEN
		bad.Records = append(bad.Records[:i], bad.Records[i+1:]...)
		_, err := CheckSection(&bad, small, FileVerifier(dir))
		require.True(t, errors.As(err, &r), "record %d removed: want a refusal, got %v", i, err)
		assert.Equal(t, gone, r.FEN)
		cut++
	}
	for i := range sec.Records {
		if sec.Records[i].Type != RecordTable || sec.Records[i].Value == "loss" {
			continue
		}
		bad := copySection(sec)
		bad.Records[i].Value = "loss"
		_, err := CheckSection(&bad, small, FileVerifier(dir))
		require.True(t, errors.As(err, &r), "leaf %d changed: want a refusal, got %v", i, err)
		assert.Equal(t, sec.Records[i].FEN, r.FEN)
		table++
		break
	}
	assert.Positive(t, cut)
	assert.Positive(t, table)
}

// TestReachWinsAsTheTables: once the graph of a 3-piece position is whole (the tables of
// at most 2 pieces), "wins" is proven for each side exactly when the 3-piece table says
// it wins, by a proof that checks (no line of it returns).
func TestReachWinsAsTheTables(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 2)
	pr, err := NewProver(Options{Tables: small})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(14, 0))
	proven := 0
	for i := 0; i < 12; i++ {
		p := RandomPosition(rng, 3)
		want, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err)
		for _, side := range []engine.Color{engine.White, engine.Black} {
			c := Claim{side, Wins}
			_, _, _, err := pr.reachClosedSet(context.Background(), p, c.Opposite(), Budget{}, "test")
			require.NoError(t, err)
			sec, ok, err := pr.reachWin(p, c, time.Time{}, "test")
			require.NoError(t, err, p.FEN())
			assert.Equal(t, claimHolds(c.String(), want, p.Side), ok, "%s %s", p.FEN(), c)
			if ok {
				proven++
				_, err = CheckSection(&sec, small, FileVerifier(dir))
				assert.NoError(t, err, "%s %s", p.FEN(), c)
			}
		}
	}
	assert.Positive(t, proven)
}

// TestReachGraphAsKeyedWalk: the graph numbered by table slots is the one a plain walk
// keyed by each board's least image finds (the same positions, each with the same
// successors), whole or cut short; and its sweep marks lost what repeating the rule until
// nothing changes marks.
func TestReachGraphAsKeyedWalk(t *testing.T) {
	dir := builtTables(t)
	rng := rand.New(rand.NewPCG(15, 0))
	partial := 0
	for i := 0; i < 8; i++ {
		n, small, budget := 3, FromSet(tablebase.Open(dir), 2), uint64(0)
		if i%2 == 1 {
			n, small, budget = 4, FromSet(tablebase.Open(dir), 3), 1000
		}
		p := RandomPosition(rng, n)
		r := newReach(p, small)
		r.explore(func(expanded uint64) bool { return budget > 0 && expanded >= budget })
		require.NoError(t, r.err)
		if !r.whole() {
			partial++
		}
		expanded := map[key]bool{}
		for j := 0; j < int(r.expanded); j++ {
			q := keyPosition(r.keys[j])
			expanded[canonical(&q)] = true
		}

		// The walk, by least keys, expanding what r expanded (where a cut graph stops
		// depends on the order).
		succ := map[key][]key{}
		root := normalise(p, 0)
		stack := []key{canonical(&root)}
		succ[stack[0]] = nil
		var seen engine.ResultSet
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			q := keyPosition(k)
			if !expanded[k] || r.rules.Status(&q).Over() {
				continue
			}
			if _, found, err := small.Probe(&q, 0); err == nil && found {
				continue
			}
			for _, tn := range q.DistinctTurns(r.rules, nil, &seen) {
				c := normalise(q.Play(tn), 0)
				ck := canonical(&c)
				succ[k] = append(succ[k], ck)
				if _, ok := succ[ck]; !ok {
					succ[ck] = nil
					stack = append(stack, ck)
				}
			}
		}
		require.Equal(t, len(succ), len(r.keys), p.FEN())
		of := map[key]int{}
		for j := range r.keys {
			q := keyPosition(r.keys[j])
			k := canonical(&q)
			of[k] = j
			want, ok := succ[k]
			require.True(t, ok, "%s position %d", p.FEN(), j)
			var got []key
			if j < int(r.expanded) {
				for _, x := range r.succ[r.start[j]:r.start[j+1]] {
					q := keyPosition(r.keys[x])
					got = append(got, canonical(&q))
				}
			}
			assert.ElementsMatch(t, want, got, "%s position %d", p.FEN(), j)
		}

		// The rule repeated: lost where the leaf loses or unexplored, where the claim side's
		// turns all lead to lost, or one of the other side's does.
		for _, side := range []engine.Color{engine.White, engine.Black} {
			losing := reachWhiteLoses
			if side == engine.Black {
				losing = reachBlackLoses
			}
			lost := map[key]bool{}
			for changed := true; changed; {
				changed = false
				for k, next := range succ {
					if lost[k] {
						continue
					}
					leaf := r.leaf[of[k]]
					l := leaf == losing || (leaf == reachInner && !expanded[k])
					if leaf == reachInner && expanded[k] {
						all, any := true, false
						for _, x := range next {
							all = all && lost[x]
							any = any || lost[x]
						}
						l = all
						if k.side() != side {
							l = any
						}
					}
					if l {
						lost[k], changed = true, true
					}
				}
			}
			got := r.lost(side)
			assert.Equal(t, got, r.lost(side), "%s %v: the predecessors kept", p.FEN(), side)
			for k, j := range of {
				assert.Equal(t, lost[k], got[j], "%s %v position %d", p.FEN(), side, j)
			}
		}
	}
	assert.Positive(t, partial)
}

// TestReachAfterUnextractedSearch: on a 3v2 draw with the tables of at most 3 pieces,
// df-pn disproves "Black wins" within its share and its certificate cannot be extracted
// (the disproof rests on repetitions of its own lines); the reachable graph proves "White
// does not lose" with the rest of the budget, and the set checks.
func TestReachAfterUnextractedSearch(t *testing.T) {
	dir := builtTables(t)
	small := FromSet(tablebase.Open(dir), 3)
	p := engine.MustParseFEN("9/4B3W/B4W3/9/3W5 b") // a draw in the 5-piece tables
	pr, err := NewProver(Options{Tables: small, ClosedSets: true})
	require.NoError(t, err)
	c := Claim{engine.Black, Wins}
	res, err := pr.Search(context.Background(), p, c, Budget{Nodes: 1 << 17})
	require.NoError(t, err)
	require.Equal(t, Disproven, res.Outcome)
	_, err = pr.Certificate(context.Background(), p, res, "test", Budget{Nodes: 1 << 17})
	require.Error(t, err)

	res, sec, err := pr.Prove(context.Background(), p, c, Budget{Nodes: 2 << 20}, "test")
	require.NoError(t, err)
	assert.Equal(t, Disproven, res.Outcome)
	require.NotNil(t, sec)
	assert.Equal(t, "white-not-loses", sec.Header.Claim)
	_, err = CheckSection(sec, small, FileVerifier(dir))
	assert.NoError(t, err)
}

// TestReachWholeGraphDecidesWithoutSearch: once the graph of a 3-piece position is whole
// (the tables of at most 2 pieces), Prove decides "wins" for each side from it with no
// search (no node searched), as the 3-piece table says, by a certificate that checks.
func TestReachWholeGraphDecidesWithoutSearch(t *testing.T) {
	dir := builtTables(t)
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 2)
	pr, err := NewProver(Options{Tables: small, ClosedSets: true})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(16, 0))
	decided := 0
	for i := 0; i < 8; i++ {
		p := RandomPosition(rng, 3)
		want, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err)
		_, _, _, err = pr.reachClosedSet(context.Background(), p, Claim{engine.White, DoesNotLose}, Budget{}, "test")
		require.NoError(t, err)
		require.NotNil(t, pr.wholeGraph(&p), p.FEN())
		for _, side := range []engine.Color{engine.White, engine.Black} {
			c := Claim{side, Wins}
			res, sec, err := pr.Prove(context.Background(), p, c, Budget{Time: time.Minute}, "test")
			require.NoError(t, err, p.FEN())
			assert.Zero(t, res.Nodes, "%s %s", p.FEN(), c)
			require.NotEqual(t, Unknown, res.Outcome, "%s %s", p.FEN(), c)
			require.NotNil(t, sec)
			assert.Equal(t, claimHolds(c.String(), want, p.Side), res.Outcome == Proven, "%s %s", p.FEN(), c)
			_, err = CheckSection(sec, small, FileVerifier(dir))
			assert.NoError(t, err, "%s %s", p.FEN(), c)
			decided++
		}
	}
	assert.Equal(t, 16, decided)
}

// TestReachNearCuts: a sweep cut in an order is the plain sweep of the graph with the
// positions after those it kept counted unexplored (never the root), the root not lost
// there and lost with one more cut: in the exploration's order the graph explored to its
// fewest first positions, in heldOrder a permutation of them. lostNear is the cut that
// leaves fewer positions not lost, and the set written from it checks.
func TestReachNearCuts(t *testing.T) {
	dir := builtTables(t)
	rng := rand.New(rand.NewPCG(17, 0))
	cut, held := 0, 0
	for i := 0; i < 12; i++ {
		n, small := 3, FromSet(tablebase.Open(dir), 2)
		if i%2 == 1 {
			n, small = 4, FromSet(tablebase.Open(dir), 3)
		}
		p := RandomPosition(rng, n)
		r := newReach(p, small)
		r.explore(func(uint64) bool { return false })
		require.NoError(t, r.err)
		require.True(t, r.whole())
		for _, side := range []engine.Color{engine.White, engine.Black} {
			near := r.lostNear(side)
			whole := r.lost(side)
			if whole[0] {
				assert.True(t, near[0], "%s %v", p.FEN(), side)
				continue
			}
			order := r.heldOrder(side, whole)
			assert.Equal(t, identity(int(r.expanded)), slices.Sorted(slices.Values(order)))
			var lost [2][]bool
			var left [2]int
			for o, ord := range [][]int32{nil, order} {
				var kept int
				lost[o], left[o], kept = lostCut(r, side, ord)
				if ord == nil {
					ord = identity(int(r.expanded))
				}
				// The plain sweep with the positions after the first m of ord cut.
				within := func(m int) []bool {
					out := map[int32]bool{}
					for _, j := range ord[m:] {
						out[j] = j != 0
					}
					return plainLost(r, side, out)
				}
				assert.Zero(t, differ(within(kept), lost[o]), "%s %v order %d: %d kept of %d", p.FEN(), side, o, kept, r.expanded)
				if kept > 0 {
					assert.True(t, within(kept - 1)[0], "%s %v order %d: %d kept of %d", p.FEN(), side, o, kept, r.expanded)
				}
				if kept < int(r.expanded) {
					cut++
				}
			}
			want := lost[0]
			if left[1] < left[0] {
				want = lost[1]
				held++
			}
			assert.Zero(t, differ(want, near), "%s %v", p.FEN(), side)
			sec, ok, err := r.section(normalise(p, 0), Claim{side, DoesNotLose}, near, nil, small, "test", time.Time{})
			require.NoError(t, err)
			require.True(t, ok)
			_, err = CheckSection(&sec, small, FileVerifier(dir))
			assert.NoError(t, err, "%s %v", p.FEN(), side)
		}
	}
	assert.Positive(t, cut)
	assert.Positive(t, held)
}

// differ returns how many of a and b differ.
func differ(a, b []bool) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n + max(len(a), len(b)) - min(len(a), len(b))
}

// identity returns 0, 1, ..., n-1.
func identity(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// plainLost is r.lost(side) with the inner positions of cut counted unexplored: the
// positions lost at the start, then a position of the other side with a turn into one
// lost, or of side with all its turns, until none is left to see to.
func plainLost(r *reach, side engine.Color, cut map[int32]bool) []bool {
	losing := reachWhiteLoses
	if side == engine.Black {
		losing = reachBlackLoses
	}
	n := len(r.keys)
	preds := make([][]int, n)
	open := make([]int, n) // a side's position: its turns not known lost
	lost := make([]bool, n)
	var todo []int
	for j := 0; j < n; j++ {
		inner := r.leaf[j] == reachInner
		if r.leaf[j] == losing || inner && (j >= int(r.expanded) || cut[int32(j)]) {
			lost[j] = true
			todo = append(todo, j)
			continue
		}
		if inner {
			for _, x := range r.succ[r.start[j]:r.start[j+1]] {
				preds[x] = append(preds[x], j)
			}
			open[j] = int(r.start[j+1] - r.start[j])
		}
	}
	for len(todo) > 0 {
		x := todo[0]
		todo = todo[1:]
		for _, j := range preds[x] {
			if lost[j] {
				continue
			}
			if open[j]--; r.side[j] == side && open[j] > 0 {
				continue
			}
			lost[j] = true
			todo = append(todo, j)
		}
	}
	return lost
}

// lostCut is r's lost, cut in order (nil: the exploration's) as lostNear does, from a
// sweep of its own: the positions left not lost and how many of order the cut kept.
func lostCut(r *reach, side engine.Color, order []int32) (lost []bool, held, kept int) {
	w := r.sweep(side, false)
	if w.left[0] < 0 {
		return w.lost(), 0, 0
	}
	return w.cut(order)
}
