package tablebase

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLayersOfFourPiecesByHand(t *testing.T) {
	// 1v1 captures into the end of the game; 2v1 (one to move against two) captures into
	// 1v1; 3v1's side of one captures into 2v1 or 1v1, 2v2's into 2v1.
	assert.Equal(t, []Layer{{{1, 1}}, {{2, 1}}, {{3, 1}, {2, 2}}}, Layers(4, nil))
	target := Material{3, 1}
	assert.Equal(t, []Layer{{{1, 1}}, {{2, 1}}, {{3, 1}}}, Layers(0, &target))
}

func TestLayersHoldEveryMaterialOnceAfterWhatItNeeds(t *testing.T) {
	layers := Layers(8, nil)
	layerOf := map[Material]int{}
	for i, ms := range layers {
		for _, m := range ms {
			_, twice := layerOf[m]
			require.False(t, twice, "%v in two layers", m)
			layerOf[m] = i
		}
	}
	// Every material of 2..8 pieces, counted independently: n/2 splits of n pieces.
	want := 0
	for n := 2; n <= 8; n++ {
		want += n / 2
	}
	assert.Len(t, layerOf, want)
	for m, i := range layerOf {
		latest := -1
		for _, d := range m.Dependencies() {
			require.Contains(t, layerOf, d)
			assert.Less(t, layerOf[d], i, "%v in layer %d needs %v of layer %d", m, i, d, layerOf[d])
			latest = max(latest, layerOf[d])
		}
		assert.Equal(t, latest+1, i, "%v is not in the first layer it can be built in", m)
	}
}

func TestMaterialSlotsAreItsClassesSlots(t *testing.T) {
	dir := smallTables(t)
	for _, m := range []Material{{2, 1}, {2, 2}, {3, 1}} {
		var want uint64
		for _, c := range m.Classes() {
			tb, err := LoadTable(dir, c, Theoretic)
			require.NoError(t, err)
			want += tb.Slots()
		}
		assert.Equal(t, want, m.Slots(), "%v", m)
	}
}

// readFiles returns the contents of the table files of dir by name.
func readFiles(t *testing.T, dir string) map[string][]byte {
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), fileSuffix) {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			require.NoError(t, err)
			files[e.Name()] = b
		}
	}
	return files
}

func copyFile(t *testing.T, from, to string) {
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, b, 0o644))
}

func TestOnlyBuildsOneMaterialFromCopiedDependencies(t *testing.T) {
	whole := smallTables(t) // every material of at most 4 pieces in one run
	target := Material{3, 1}

	alone := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: alone, Target: &target, Only: true, Workers: 2})
	require.ErrorIs(t, err, ErrNotBuilt, "the dependencies are missing")
	assert.Empty(t, readFiles(t, alone))

	for _, d := range target.Dependencies() {
		for _, c := range d.Classes() {
			copyFile(t, filepath.Join(whole, FileName(c, Theoretic)), filepath.Join(alone, FileName(c, Theoretic)))
		}
	}
	reps, err := Build(context.Background(), BuildOptions{Dir: alone, Target: &target, Only: true, Workers: 2})
	require.NoError(t, err)
	require.Len(t, reps, 1)
	assert.Equal(t, target, reps[0].Material)
	assert.True(t, reps[0].Built)
	got, want := readFiles(t, alone), readFiles(t, whole)
	for _, c := range target.Classes() {
		require.Contains(t, got, FileName(c, Theoretic))
		assert.True(t, bytes.Equal(want[FileName(c, Theoretic)], got[FileName(c, Theoretic)]), "%v differs from the one-run build", c)
	}
	// 3v1's two classes beside the copied 2v1 (two classes) and 1v1: nothing else built.
	assert.ElementsMatch(t, []string{"1v1.fntb", "1v2.fntb", "2v1.fntb", "1v3.fntb", "3v1.fntb"}, slices.Collect(maps.Keys(got)))
}

func TestBuilderWaitsForTheMaterialsLock(t *testing.T) {
	dir := t.TempDir()
	m := Material{2, 1}
	unlock, err := lockMaterial(context.Background(), dir, m, 0, func(string) { t.Error("a free lock was waited for") })
	require.NoError(t, err)

	var mu sync.Mutex
	var stages []string
	done := make(chan error, 1)
	go func() {
		_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 3, Workers: 1, Progress: func(p Progress) {
			mu.Lock()
			defer mu.Unlock()
			stages = append(stages, p.Material.String()+" "+p.Stage)
		}})
		done <- err
	}()
	// While the lock is held the build of 2v1 must not start (1v1, unlocked, may finish).
	waiting := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(stages) > 0 && stages[len(stages)-1] == "2v1 waiting for another builder (2v1.lock)"
	}
	for !waiting() {
		select {
		case err := <-done:
			t.Fatalf("the build finished while another held the lock of 2v1 (err %v)", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	_, statErr := os.Stat(filepath.Join(dir, FileName(Class{1, 2}, Theoretic)))
	assert.True(t, errors.Is(statErr, os.ErrNotExist), "2v1 written under another's lock")
	unlock()
	require.NoError(t, <-done)
	assert.Equal(t, readFiles(t, smallTablesOf(t, 3)), readFiles(t, dir))
}

// smallTablesOf returns the theoretic files of at most n pieces (n ≤ 4) built in one run.
func smallTablesOf(t *testing.T, n int) string {
	all, dir := smallTables(t), t.TempDir()
	for name := range readFiles(t, all) {
		if c, err := ParseClass(strings.TrimSuffix(name, fileSuffix)); err == nil && c.Pieces() <= n {
			copyFile(t, filepath.Join(all, name), filepath.Join(dir, name))
		}
	}
	return dir
}

func TestBuildersOfOneFolderAtOnceWriteTheOneRunFiles(t *testing.T) {
	dir := t.TempDir()
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 4, Workers: 1})
			errs <- err
		}()
	}
	for range 3 {
		require.NoError(t, <-errs)
	}
	assert.Equal(t, readFiles(t, smallTables(t)), readFiles(t, dir))
}

func TestOnlyBuildsUnderTheRuleTheFilesOfOneRun(t *testing.T) {
	target, rule := Material{2, 2}, PaikaRule(50)
	whole := t.TempDir() // 1v1, 2v1 and 2v2 under the rule in one run
	_, err := Build(context.Background(), BuildOptions{Dir: whole, Target: &target, PaikaLimit: 50, Workers: 2})
	require.NoError(t, err)

	alone := t.TempDir() // 2v1, copied, is all that 2v2's captures lead into
	require.Equal(t, []Material{{2, 1}}, target.Dependencies())
	for _, c := range []Class{{1, 2}, {2, 1}} {
		copyFile(t, filepath.Join(whole, FileName(c, rule)), filepath.Join(alone, FileName(c, rule)))
	}
	reps, err := Build(context.Background(), BuildOptions{Dir: alone, Target: &target, Only: true, PaikaLimit: 50, Workers: 2})
	require.NoError(t, err)
	require.Len(t, reps, 1)
	assert.True(t, reps[0].Built)
	got, want := readFiles(t, alone), readFiles(t, whole)
	name := FileName(Class{2, 2}, rule)
	require.Contains(t, got, name)
	assert.True(t, bytes.Equal(want[name], got[name]), "2v2 under the rule differs from the one-run build")
	assert.Len(t, got, 3)
}
