package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteSlots counts a class's slots as the indexing defines them, without its tables:
// every k-set of the smaller side (the side to move's on a tie) is brought to its least
// image under the board's symmetries, and each distinct one leaves C(45−k, other) ways to
// place the other side, counted here by Pascal's rule.
func bruteSlots(c Class) uint64 {
	k, other := min(c.Own, c.Enemy), max(c.Own, c.Enemy)
	reps := map[engine.Bitboard]bool{}
	var visit func(from int, set engine.Bitboard, left int)
	visit = func(from int, set engine.Bitboard, left int) {
		if left == 0 {
			least := set
			for s := engine.Symmetry(0); s < engine.NumSymmetries; s++ {
				least = min(least, set.Transform(s))
			}
			reps[least] = true
			return
		}
		for p := from; p < engine.Points; p++ {
			visit(p+1, set|engine.Bit(engine.Point(p)), left-1)
		}
	}
	visit(0, 0, k)
	choose := func(n, r int) uint64 {
		row := []uint64{1}
		for range n {
			next := make([]uint64, len(row)+1)
			next[0], next[len(row)] = 1, 1
			for i := 1; i < len(row); i++ {
				next[i] = row[i-1] + row[i]
			}
			row = next
		}
		return row[r]
	}
	return uint64(len(reps)) * choose(engine.Points-k, other)
}

func TestBruteSlotsByHand(t *testing.T) {
	// Burnside on the 9×5 board (identity, two mirrors, the half turn): single points
	// (45 + 5 + 9 + 1) / 4 = 15 orbits, pairs (990 + 30 + 54 + 22) / 4 = 274.
	assert.Equal(t, uint64(15*44), bruteSlots(Class{1, 1}))
	assert.Equal(t, uint64(274*903), bruteSlots(Class{2, 2}))
}

func TestEstimateCountsTheSlotsOfWhatIsNotBuilt(t *testing.T) {
	dir := t.TempDir()
	// 1v1 and 2v1 are built (Estimate only looks for their files), 3v1 and 2v2 are not.
	for _, c := range []Class{{1, 1}, {1, 2}, {2, 1}} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, FileName(c, Theoretic)), nil, 0o644))
	}
	e, err := EstimateBuild(BuildOptions{Dir: dir, MaxPieces: 4, Workers: 1}, []int{0, 50})
	require.NoError(t, err)
	// Theoretic: 3v1 and 2v2; under the rule, nothing is built yet.
	type row struct {
		m     Material
		limit int
	}
	var got []row
	for _, me := range e.Materials {
		got = append(got, row{me.Material, me.PaikaLimit})
	}
	assert.Equal(t, []row{{Material{3, 1}, 0}, {Material{2, 2}, 0},
		{Material{1, 1}, 50}, {Material{2, 1}, 50}, {Material{3, 1}, 50}, {Material{2, 2}, 50}}, got)
	assert.Equal(t, 2, e.Built)

	var slots uint64
	var cpu time.Duration
	for _, me := range e.Materials {
		var want uint64
		for _, c := range me.Material.Classes() {
			want += bruteSlots(c)
		}
		assert.Equal(t, want, me.Slots, "%v", me.Material)
		// Under the rule, each material's theoretic tables are there or built first.
		rate, fileRate := TheoreticCPUPerSlot, TheoreticFileBytesPerSlot
		if me.PaikaLimit > 0 {
			rate, fileRate = RuleFromTheoreticCPUPerSlot, RuleFileBytesPerSlot
		}
		assert.Equal(t, me.PaikaLimit > 0, me.FromTheoretic, "%v", me.Material)
		assert.Equal(t, time.Duration(want)*rate, me.CPU, "%v", me.Material)
		assert.Equal(t, me.CPU, me.Wall, "one worker: the wall time is the CPU time")
		assert.Equal(t, uint64(float64(want)*fileRate), me.FileBytes)
		slots += want
		cpu += me.CPU
	}
	assert.Equal(t, slots, e.Slots)
	assert.Equal(t, cpu, e.CPU)
	// 2 × (3v1 + 2v2) + 1v1 + 2v1, the classes counted by hand above and in bruteSlots.
	assert.Equal(t, 2*(2*bruteSlots(Class{1, 3})+bruteSlots(Class{2, 2}))+660+2*bruteSlots(Class{1, 2}), e.Slots)
}

func TestEstimateWallTimeSharesTheCPUTimeAmongTheCores(t *testing.T) {
	target := Material{3, 2}
	dir := t.TempDir()
	e, err := EstimateBuild(BuildOptions{Dir: dir, Target: &target, Only: true, Workers: 2}, []int{50})
	require.NoError(t, err)
	require.Len(t, e.Materials, 1)
	cores := min(2, runtime.NumCPU())
	assert.Equal(t, cores, e.Cores)
	slots := 2 * bruteSlots(Class{2, 3})
	assert.Equal(t, slots, e.Slots)
	assert.False(t, e.Materials[0].FromTheoretic, "no theoretic tables in the folder")
	assert.Equal(t, time.Duration(slots)*RuleCPUPerSlot/time.Duration(cores), e.Wall)

	// With 3v2's theoretic files there (the estimate only looks for them), the rule-aware
	// build starts from them, at its own rate.
	for _, c := range target.Classes() {
		require.NoError(t, os.WriteFile(filepath.Join(dir, FileName(c, Theoretic)), nil, 0o644))
	}
	e, err = EstimateBuild(BuildOptions{Dir: dir, Target: &target, Only: true, Workers: 2}, []int{50})
	require.NoError(t, err)
	require.Len(t, e.Materials, 1)
	assert.True(t, e.Materials[0].FromTheoretic)
	assert.Equal(t, time.Duration(slots)*RuleFromTheoreticCPUPerSlot/time.Duration(cores), e.Wall)
}

func TestEstimatePeakHoldsTheTablesOfOneMaterial(t *testing.T) {
	// 6v1 alone, theoretic then under the rule: each Build holds 6v1's two classes and
	// those of 5v1, 4v1, 3v1, 2v1 and 1v1 it reads, and frees them all before the next.
	target := Material{6, 1}
	e, err := EstimateBuild(BuildOptions{Dir: t.TempDir(), Target: &target, Only: true, Workers: 1}, []int{0, 50})
	require.NoError(t, err)
	require.Len(t, e.Materials, 2)
	var deps uint64
	for n := 1; n <= 5; n++ {
		deps += bruteSlots(Class{n, 1}) + bruteSlots(Class{1, n})
	}
	deps -= bruteSlots(Class{1, 1}) // one class when both sides have one piece
	own := 2 * bruteSlots(Class{1, 6})
	require.Equal(t, uint64(2*105_885_780), own)
	theo, rule := e.Materials[0], e.Materials[1]
	assert.Equal(t, ProcessBaseBytes+deps+own, theo.PeakBytes)
	assert.Equal(t, ProcessBaseBytes+deps+own, rule.PeakBytes)
	assert.Equal(t, max(theo.PeakBytes, rule.PeakBytes), e.PeakBytes)
}

func TestEstimatePeakFollowsTheBuildsTables(t *testing.T) {
	// Every material of at most 5 pieces, both rules, in one process: the most bytes of
	// tables held at once, counted as the builder makes and frees them and read at every
	// report of progress (each material reports after its tables are made), is what the
	// estimate says of its largest material; and once the build returns none is left.
	dir := t.TempDir()
	opts := BuildOptions{Dir: dir, MaxPieces: 5, Workers: 2}
	limits := []int{0, 50}
	e, err := EstimateBuild(opts, limits)
	require.NoError(t, err)
	var want, all uint64
	for _, me := range e.Materials {
		want = max(want, me.PeakBytes-ProcessBaseBytes)
		all += me.Slots
	}
	before := liveTableBytes.Load()
	peak := before
	opts.Progress = func(Progress) { peak = max(peak, liveTableBytes.Load()) }
	for _, limit := range limits {
		opts.PaikaLimit = limit
		_, err := Build(context.Background(), opts)
		require.NoError(t, err)
	}
	assert.Equal(t, want, peak-before)
	assert.Equal(t, before, liveTableBytes.Load(), "tables left in memory")
	assert.Less(t, 2*want, all, "a build holding every table would hold more than twice as much")
}

func TestRemainingScalesTheEstimateByTheFinishedMaterials(t *testing.T) {
	est := BuildEstimate{Materials: []MaterialEstimate{
		{Material: Material{1, 1}, Wall: 10 * time.Second},
		{Material: Material{2, 1}, Wall: 30 * time.Second},
		{Material: Material{3, 1}, Wall: 60 * time.Second},
	}, Wall: 100 * time.Second}
	r := NewRemaining(est)
	t0 := time.Unix(1000, 0)
	place, left := r.Observe(Material{1, 1}, 0, t0)
	assert.Equal(t, 1, place)
	assert.Equal(t, 100*time.Second, left)
	place, left = r.Observe(Material{1, 1}, 0, t0.Add(4*time.Second))
	assert.Equal(t, 1, place)
	assert.Equal(t, 96*time.Second, left)
	// 1v1 took 30 s against 10 estimated: 90 s ahead become 90·(30+90)/(10+90) = 108 s.
	place, left = r.Observe(Material{2, 1}, 0, t0.Add(30*time.Second))
	assert.Equal(t, 2, place)
	assert.Equal(t, 108*time.Second, left)
	// Past its own estimate, 2v1 still has 3v1 after it: 60·1.2 = 72 s.
	_, left = r.Observe(Material{2, 1}, 0, t0.Add(100*time.Second))
	assert.Equal(t, 72*time.Second, left)
	// Another rule's 2v1 is no material of this estimate.
	place, _ = r.Observe(Material{2, 1}, 50, t0.Add(101*time.Second))
	assert.Equal(t, 0, place)
}
