package tablebase

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// weight returns how many boards the slot stands for, image by image (the boards of its
// orbit under the symmetries; 0 for a slot that is not canonical), so that counts over
// slots give counts of boards.
func (ix *indexer) weight(slot uint64) uint64 {
	orbit := slot / ix.perOrbit
	if ix.orbits.stab[orbit] == 0 {
		return uint64(ix.orbits.weight[orbit])
	}
	own, enemy := ix.position(slot)
	if ix.index(own, enemy) != slot {
		return 0
	}
	var images [engine.NumSymmetries][2]engine.Bitboard
	n := uint64(0)
	for s := engine.Symmetry(0); s < engine.NumSymmetries; s++ {
		img := [2]engine.Bitboard{own.Transform(s), enemy.Transform(s)}
		dup := false
		for _, seen := range images[:n] {
			dup = dup || seen == img
		}
		if !dup {
			images[n] = img
			n++
		}
	}
	return n
}

// slotBySlotInfo counts t's values one slot at a time, each weighed by the boards it
// stands for: the plain reading of Info, against which the orbit histograms are checked.
func slotBySlotInfo(t *Table) Info {
	in := Info{Class: t.info.Class, PaikaLimit: t.info.PaikaLimit, Slots: t.info.Slots, LongestLoss: -1}
	for slot, b := range t.bytes {
		w := t.ix.weight(uint64(slot))
		in.Positions += w
		v := decodeAs(in.PaikaLimit, b)
		switch v.Outcome {
		case Win:
			in.Wins += w
			if v.Plies > in.LongestWin {
				in.LongestWin, in.WinExample = v.Plies, uint64(slot)
			}
		case Loss:
			in.Losses += w
			if v.Plies > in.LongestLoss {
				in.LongestLoss, in.LossExample = v.Plies, uint64(slot)
			}
		default:
			in.Draws += w
		}
	}
	in.LongestLoss = max(in.LongestLoss, 0)
	return in
}

// TestCountsEqualASlotBySlotCount: the counts, longest distances and example slots of every
// table of at most 4 pieces (theoretic) and of at most 3 under paika limit 1, as written in
// their headers and as recounted on 1 and 3 goroutines, equal a count slot by slot.
func TestCountsEqualASlotBySlotCount(t *testing.T) {
	for _, f := range []struct {
		dir  string
		rule Rule
	}{{smallTables(t), Theoretic}, {limitOneTables(t), PaikaRule(1)}} {
		ids, err := Open(f.dir).Tables()
		require.NoError(t, err)
		require.NotEmpty(t, ids)
		for _, id := range ids {
			if id.Rule != f.rule {
				continue
			}
			tb, err := LoadTable(f.dir, id.Class, id.Rule)
			require.NoError(t, err)
			want := slotBySlotInfo(tb)
			own, enemy := uint64(id.Class.Own), uint64(id.Class.Enemy)
			require.Equal(t, binomial(45, own)*binomial(45-own, enemy), want.Positions, "%v: every board once", id.Class)
			assert.Equal(t, want, tb.Info(), "%v %v: the header", id.Class, id.Rule)
			for _, workers := range []int{1, 3} {
				tb.countValues(workers)
				assert.Equal(t, want, tb.Info(), "%v %v on %d goroutines", id.Class, id.Rule, workers)
			}
		}
	}
}

func binomial(n, k uint64) uint64 {
	r := uint64(1)
	for i := uint64(1); i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// boardsOfClasses is the number of boards of the classes a v b with a, b ≥ 1 and
// a + b ≤ n, the side to move's pieces first: C(45, a)·C(45 − a, b) each, independently of
// the tables' numbering.
func boardsOfClasses(n int) uint64 {
	binom := func(n, k int) uint64 {
		r := uint64(1)
		for i := 1; i <= k; i++ {
			r = r * uint64(n-k+i) / uint64(i)
		}
		return r
	}
	var total uint64
	for a := 1; a < n; a++ {
		for b := 1; a+b <= n; b++ {
			total += binom(engine.Points, a) * binom(engine.Points-a, b)
		}
	}
	return total
}

// TestTablesHoldEveryBoardOfTheirClasses: the positions the theoretic files of at most 3
// pieces record (their headers, which tablebase stats sums) are every board of their
// classes; docs/ENDGAMES.md states the same count for 7 pieces, 6,261,651,660.
func TestTablesHoldEveryBoardOfTheirClasses(t *testing.T) {
	set := Open("testdata/format2")
	ids, err := set.Tables()
	require.NoError(t, err)
	var positions uint64
	for _, id := range ids {
		if id.Rule != Theoretic {
			continue
		}
		tb, err := set.Table(id.Class, id.Rule)
		require.NoError(t, err)
		positions += tb.Info().Positions
	}
	assert.Equal(t, boardsOfClasses(3), positions)
	assert.Equal(t, uint64(1980+2*42570), boardsOfClasses(3), "1v1, 2v1 and 1v2 by hand: 45·44, 990·43 twice")
	assert.Equal(t, uint64(6_261_651_660), boardsOfClasses(7))
}
