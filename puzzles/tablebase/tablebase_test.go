package tablebase

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// builtOnce builds the tables of opts once per test binary, in a temporary folder that
// TestMain removes, for the tests that only read them.
type builtOnce struct {
	opts BuildOptions
	once sync.Once
	dir  string
	err  error
}

func (b *builtOnce) get(t *testing.T) string {
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "tablebase-test")
		if b.err == nil {
			b.opts.Dir = b.dir
			_, b.err = Build(context.Background(), b.opts)
		}
	})
	require.NoError(t, b.err)
	return b.dir
}

var (
	// every class of at most 4 pieces, theoretic
	small = builtOnce{opts: BuildOptions{MaxPieces: 4, Workers: 2}}
	// every class of at most 3 pieces under paika limit 1
	limitOne = builtOnce{opts: BuildOptions{MaxPieces: 3, Workers: 1, PaikaLimit: 1}}
)

// smallTables builds every class of at most 4 pieces once.
func smallTables(t *testing.T) string { return small.get(t) }

// limitOneTables builds the paika-limit-1 tables of at most 3 pieces once.
func limitOneTables(t *testing.T) string { return limitOne.get(t) }

func TestMain(m *testing.M) {
	code := m.Run()
	for _, b := range []*builtOnce{&small, &limitOne} {
		if b.dir != "" {
			os.RemoveAll(b.dir)
		}
	}
	os.Exit(code)
}

func TestIndexRoundTripAndBoardCounts(t *testing.T) {
	for _, c := range []Class{{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 4}, {2, 3}} {
		ix := newIndexer(c)
		var boards uint64
		bad := 0
		for s := uint64(0); s < ix.size; s++ {
			own, enemy := ix.position(s)
			// Checked by hand: an assertion per slot would be slow.
			if own.Count() != c.Own || enemy.Count() != c.Enemy || own&enemy != 0 ||
				ix.canonical(s) && ix.index(own, enemy) != s {
				bad++
				if bad <= 5 {
					t.Errorf("%v slot %d: own %x enemy %x index %d", c, s, own, enemy, ix.index(own, enemy))
				}
			}
			boards += ix.weight(s)
		}
		// Every board is counted once: C(45,a)·C(45−a,b).
		assert.Equal(t, Binomial(45, c.Own)*Binomial(45-c.Own, c.Enemy), boards, "%v", c)
		// The symmetries cut the slots to about a quarter of the boards (a third when the
		// smaller side is one piece: 15 orbits of 45 points).
		assert.Less(t, float64(ix.size), 0.34*float64(boards), "%v", c)
	}
}

func TestSymmetricPositionsShareValues(t *testing.T) {
	set := Open(smallTables(t))
	for _, fen := range []string{"9/9/9/9/4W2B1 w", "9/1B7/9/4W4/2W6 b", "B8/9/2W3B2/9/8W w"} {
		p := engine.MustParseFEN(fen)
		want, err := set.Probe(&p, Theoretic)
		require.NoError(t, err)
		for s := engine.Symmetry(0); s < engine.NumSymmetries; s++ {
			q := p.Transform(s)
			got, err := set.Probe(&q, Theoretic)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s under symmetry %d", fen, s)
			sw := q.SwapColors()
			got, err = set.Probe(&sw, Theoretic)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s under symmetry %d, colours swapped", fen, s)
		}
	}
}

func TestVerifyPasses(t *testing.T) {
	reps, err := Verify(context.Background(), smallTables(t), nil, 2, nil)
	require.NoError(t, err)
	require.Len(t, reps, 6) // 1v1, 2v1, 1v2, 2v2, 3v1, 1v3
	for _, r := range reps {
		assert.Zero(t, r.Bad, "%v: %v", r.Class, r.Examples)
		assert.NotZero(t, r.Checked)
	}
}

func TestVerifyFindsAWrongValue(t *testing.T) {
	dir := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 3})
	require.NoError(t, err)
	tab, err := LoadTable(dir, Class{2, 1}, Theoretic)
	require.NoError(t, err)
	// Rewrite a slot with a wrong value, with valid checksums: only verify can tell.
	slot := tab.info.WinExample
	tab.bytes[slot] = encode(Value{Win, 1})
	_, err = tab.writeFile(dir, 1)
	require.NoError(t, err)
	reps, err := Verify(context.Background(), dir, []TableID{{Class{2, 1}, Theoretic}}, 1, nil)
	require.NoError(t, err)
	require.Len(t, reps, 1)
	assert.Equal(t, uint64(1), reps[0].Bad)
}

// TestBestLinesCountDown follows best turns from many positions: each ply must bring the
// distance down by one and flip the outcome, ending at a side with no turn or no pieces.
func TestBestLinesCountDown(t *testing.T) {
	set := Open(smallTables(t))
	for _, c := range []Class{{2, 2}, {3, 1}, {1, 3}} {
		tab, err := set.Table(c, Theoretic)
		require.NoError(t, err)
		for slot := uint64(0); slot < tab.Slots(); slot += 997 {
			if !tab.ix.canonical(slot) {
				continue
			}
			p := tab.Position(slot)
			line, values, err := set.BestLine(p, Theoretic, 300)
			require.NoError(t, err)
			v := values[0]
			if v.Outcome == Draw {
				for _, x := range values {
					assert.Equal(t, Draw, x.Outcome, "%s", p.FEN())
				}
				continue
			}
			require.Len(t, line, v.Plies, "%s: %v", p.FEN(), v)
			for i := 1; i < len(values); i++ {
				assert.Equal(t, values[i].Parent(), values[i-1], "%s ply %d", p.FEN(), i)
			}
			end := p
			for _, tn := range line {
				end = end.Play(tn)
			}
			assert.True(t, end.Own() == 0 || !end.HasTurn(), "%s: line ends at %s", p.FEN(), end.FEN())
		}
	}
}

func TestDamagedFilesAreRefused(t *testing.T) {
	src := smallTables(t)
	data, err := os.ReadFile(filepath.Join(src, "2v1.fntb"))
	require.NoError(t, err)
	cases := []struct {
		name   string
		file   string
		mutate func([]byte) []byte
	}{
		{"value byte flipped", "2v1.fntb", func(b []byte) []byte { b[headerSize+100] ^= 1; return b }},
		{"header byte flipped", "2v1.fntb", func(b []byte) []byte { b[30] ^= 1; return b }},
		{"truncated", "2v1.fntb", func(b []byte) []byte { return b[:len(b)-10] }},
		{"not a tablebase", "2v1.fntb", func(b []byte) []byte { return []byte("hello, world") }},
		{"another class's file", "1v2.fntb", func(b []byte) []byte { return b }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			b := tc.mutate(append([]byte(nil), data...))
			require.NoError(t, os.WriteFile(filepath.Join(dir, tc.file), b, 0o644))
			c, err := ParseClass(tc.file[:3])
			require.NoError(t, err)
			_, err = LoadTable(dir, c, Theoretic)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrDamaged)
			assert.Contains(t, err.Error(), tc.file)
			p := engine.MustParseFEN("9/9/9/9/4W2B1 w") // 1v1: another class, unaffected
			_, err = Open(dir).Probe(&p, Theoretic)
			assert.ErrorIs(t, err, ErrNotBuilt)
		})
	}
}

func TestInterruptedBuildContinues(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	// Stop as soon as the 2v2 material starts: the smaller ones are finished by then.
	_, err := Build(ctx, BuildOptions{Dir: dir, MaxPieces: 4, Workers: 1, Progress: func(p Progress) {
		if p.Material == (Material{2, 2}) {
			cancel()
		}
	}})
	require.ErrorIs(t, err, context.Canceled)
	_, err = os.Stat(filepath.Join(dir, "3v1.fntb"))
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, "2v2.fntb"))
	require.ErrorIs(t, err, fs.ErrNotExist)
	reps, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 4, Workers: 2})
	require.NoError(t, err)
	built := map[Material]bool{}
	for _, r := range reps {
		built[r.Material] = r.Built
	}
	assert.False(t, built[Material{3, 1}], "3v1 was kept")
	assert.True(t, built[Material{2, 2}], "2v2 was built")
}

func TestParseClass(t *testing.T) {
	c, err := ParseClass("3v5")
	require.NoError(t, err)
	assert.Equal(t, Class{3, 5}, c)
	for _, bad := range []string{"", "3", "3v", "v5", "3x5", "0v5", "3v5v", " 3v5", "6v6"} {
		_, err := ParseClass(bad)
		assert.Error(t, err, bad)
	}
}

func TestProbeEdges(t *testing.T) {
	set := Open(smallTables(t))
	p := engine.MustParseFEN("9/9/9/9/4B4 w") // White to move with no pieces: lost
	v, err := set.Probe(&p, Theoretic)
	require.NoError(t, err)
	assert.Equal(t, Value{Loss, 0}, v)
	p = engine.MustParseFEN("9/9/9/9/4W4 w") // Black already has nothing
	_, err = set.Probe(&p, Theoretic)
	assert.Error(t, err)
	p = engine.MustParseFEN("9/9/9/9/WWWB5 w")
	v, err = set.Probe(&p, Theoretic)
	require.NoError(t, err) // 3v1 is built
	mirrored := engine.MustParseFEN("9/9/9/9/5BWWW w")
	w, err := set.Probe(&mirrored, Theoretic)
	require.NoError(t, err)
	assert.Equal(t, v, w, "a position and its mirror image have one value")
}

// TestRetrogradeLoopsAllocateNothing runs the per-position work of a build (the first
// pass and a distance level, backward and forward, over a 2v2 chunk) and the lookups of a
// probe.
func TestRetrogradeLoopsAllocateNothing(t *testing.T) {
	set := Open(smallTables(t))
	b := &builder{ctx: context.Background(), workers: 1, material: Material{2, 2}}
	for _, c := range []Class{{1, 2}, {2, 1}} {
		tab, err := set.Table(c, Theoretic)
		require.NoError(t, err)
		b.deps[c.Own][c.Enemy] = tab
	}
	b.tables[0] = newTable(Class{2, 2}, 0)
	b.tables[1] = b.tables[0]
	w := &worker{turns: make([]engine.Turn, 0, engine.MaxTurnsHint)}
	tab := b.tables[0]
	assert.Zero(t, testing.AllocsPerRun(3, func() { b.initRange(w, tab, 0, 4096) }))
	require.NoError(t, b.countCodes()) // the codes each chunk holds, which a level reads first
	// Distance 1: wins in 1 (captures of the last pieces) are plentiful among these slots.
	assert.Zero(t, testing.AllocsPerRun(3, func() { b.levelRange(w, tab, tab, 2, b.next(2), 0, 512) }))
	assert.Zero(t, testing.AllocsPerRun(3, func() { b.forwardRange(w, tab, tab, 2, b.next(2), 0, 512) }))
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w")
	_, err := set.Probe(&p, Theoretic)
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = set.Probe(&p, Theoretic) }))
}

// TestRuleFileOfAnotherLimitIsRefused: the limit is part of the header; a file renamed to
// another limit's name is refused, as is a limit a byte cannot hold.
func TestRuleFileOfAnotherLimitIsRefused(t *testing.T) {
	dir := t.TempDir()
	_, err := Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 2, PaikaLimit: 50})
	require.NoError(t, err)
	require.NoError(t, os.Rename(filepath.Join(dir, "1v1.p50.fntb"), filepath.Join(dir, "1v1.p40.fntb")))
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w")
	_, err = Open(dir).Probe(&p, PaikaRule(40))
	require.ErrorIs(t, err, ErrDamaged)
	assert.Contains(t, err.Error(), "paika limit 50, expected 40")
	_, err = Build(context.Background(), BuildOptions{Dir: dir, MaxPieces: 2, PaikaLimit: MaxPaikaLimit + 1})
	assert.Error(t, err)
}

// TestLoadWholeAgreesWithBlocks: a Set that loads small tables whole and one that reads
// blocks answer alike, and the first really holds the table whole.
func TestLoadWholeAgreesWithBlocks(t *testing.T) {
	dir := smallTables(t)
	blocks, whole := Open(dir), Open(dir)
	whole.LoadWhole(1 << 20)
	for _, fen := range []string{"9/9/9/9/4W2B1 w", "9/1B7/9/4W4/2W6 b", "B8/9/2W3B2/9/8W w", "9/9/B8/9/3WW3B w"} {
		p := engine.MustParseFEN(fen)
		a, err := blocks.Probe(&p, Theoretic)
		require.NoError(t, err)
		b, err := whole.Probe(&p, Theoretic)
		require.NoError(t, err)
		assert.Equal(t, a, b, fen)
	}
	assert.NotNil(t, whole.whole(TableID{Class{2, 2}, Theoretic}))
	assert.Nil(t, blocks.whole(TableID{Class{2, 2}, Theoretic}))
}

// TestProbeOfAWholeTableDoesNotWaitForTheLock: a probe of a table held whole reads it
// without the lock that disk reads hold (here held by the test, as a read of another
// table's block would), so workers probing memory never queue behind one reading disk.
func TestProbeOfAWholeTableDoesNotWaitForTheLock(t *testing.T) {
	s := Open(smallTables(t))
	s.LoadWhole(1 << 20)
	p := engine.MustParseFEN("9/1B7/9/4W4/2W6 b")
	want, err := s.Probe(&p, Theoretic) // loads the class whole
	require.NoError(t, err)
	s.mu.Lock()
	got := make(chan Value, 1)
	go func() {
		v, err := s.Probe(&p, Theoretic)
		assert.NoError(t, err)
		got <- v
	}()
	select {
	case v := <-got:
		assert.Equal(t, want, v)
	case <-time.After(5 * time.Second):
		t.Error("the probe waited for the lock")
	}
	s.mu.Unlock()
}

// TestProbeByRule: the theoretic probe ignores the counters (the same board at paika
// counter 1, ply 9 has its value at 0); under paika limit 1 a position at counter 1 has no
// ply left for a paika step, so by AtCounter's rule it is a draw unless its side to move is
// lost in 0, and a counter above the limit is refused. The rules print as they are named.
func TestProbeByRule(t *testing.T) {
	theoretic, rule := Open(smallTables(t)), Open(limitOneTables(t))
	// b1 takes c1 by withdrawal to a1: won in 1 at counter 0 under any rule.
	won := engine.MustParseFEN("9/9/9/9/1WB6 w")
	v, err := rule.Probe(&won, PaikaRule(1))
	require.NoError(t, err)
	require.Equal(t, Value{Win, 1}, v)
	for _, fen := range []string{"9/9/9/9/1WB6 w", "9/9/9/9/4W2B1 w", "9/1B7/9/4W4/2W6 b"} {
		p, q := engine.MustParseFEN(fen+" 0 0"), engine.MustParseFEN(fen+" 1 9")
		want, err := theoretic.Probe(&p, Theoretic)
		require.NoError(t, err)
		got, err := theoretic.Probe(&q, Theoretic)
		require.NoError(t, err)
		assert.Equal(t, want, got, fen)
		atZero, err := rule.Probe(&p, PaikaRule(1))
		require.NoError(t, err)
		atOne, err := rule.Probe(&q, PaikaRule(1))
		require.NoError(t, err)
		assert.Equal(t, atZero.AtCounter(1, 1), atOne, fen)
		if atOne != (Value{Loss, 0}) {
			assert.Equal(t, Value{}, atOne, fen)
		}
		over := engine.MustParseFEN(fen + " 2 9")
		_, err = rule.Probe(&over, PaikaRule(1))
		assert.ErrorContains(t, err, "paika counter 2 is above the limit 1", fen)
	}
	assert.Equal(t, "theoretic", Theoretic.String())
	assert.Equal(t, "paika limit 50", PaikaRule(50).String())
	assert.Equal(t, PaikaRule(50), RuleOf(engine.Rules{PaikaLimit: 50}))
	assert.Equal(t, Theoretic, RuleOf(engine.TheoreticRules()))
	assert.True(t, PaikaRule(0).IsTheoretic())
}

// stalledDisk is a file whose reads wait until release is closed, announcing each on
// entered: a disk that hangs.
type stalledDisk struct {
	io.ReaderAt
	entered chan struct{}
	release chan struct{}
}

func (d stalledDisk) ReadAt(b []byte, off int64) (int, error) {
	d.entered <- struct{}{}
	<-d.release
	return d.ReaderAt.ReadAt(b, off)
}

// TestProbeOfAKeptBlockDoesNotWaitForADiskRead: while one probe is stuck reading a block
// of 2v2 from disk, probes of a block already kept, of the same file and of another,
// answer (and answer right); the stuck probe answers once the disk does.
func TestProbeOfAKeptBlockDoesNotWaitForADiskRead(t *testing.T) {
	dir := smallTables(t)
	set := Open(dir)
	defer set.Close()
	c := Class{2, 2}
	whole, err := LoadTable(dir, c, Theoretic)
	require.NoError(t, err)
	at := func(slot uint64) engine.Position { return whole.Position(slot) }
	kept, far := at(blockSlots/2), at(3*blockSlots+5) // blocks 0 and 3
	other := engine.MustParseFEN("9/9/9/9/4W2B1 w")   // 1v1, another file
	want := map[string]Value{}
	for _, p := range []engine.Position{kept, other} {
		v, err := set.Probe(&p, Theoretic)
		require.NoError(t, err)
		want[p.FEN()] = v
	}
	require.Equal(t, whole.Value(blockSlots/2), want[kept.FEN()])
	set.mu.Lock()
	tf := set.files[TableID{c, Theoretic}]
	set.mu.Unlock()
	require.NotNil(t, tf)
	disk := stalledDisk{tf.blocks, make(chan struct{}), make(chan struct{})}
	tf.blocks = disk

	stuck := make(chan Value, 1)
	go func() {
		v, err := set.Probe(&far, Theoretic)
		assert.NoError(t, err)
		stuck <- v
	}()
	<-disk.entered // the far probe is in its read
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		for _, p := range []engine.Position{kept, other} {
			v, err := set.Probe(&p, Theoretic)
			assert.NoError(t, err)
			assert.Equal(t, want[p.FEN()], v, p.FEN())
		}
	}()
	select {
	case <-answered:
	case <-time.After(5 * time.Second):
		t.Error("a probe of a kept block waited for another probe's disk read")
	}
	close(disk.release)
	assert.Equal(t, whole.Value(3*blockSlots+5), <-stuck)
	<-answered
}
