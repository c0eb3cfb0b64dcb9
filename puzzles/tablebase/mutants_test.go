package tablebase

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTableIDString(t *testing.T) {
	// The doc comment's own examples.
	assert.Equal(t, "3v5", TableID{Class{3, 5}, Theoretic}.String())
	assert.Equal(t, "3v5 (paika limit 50)", TableID{Class{3, 5}, PaikaRule(50)}.String())
}

func TestLimitBoundsAreRefusedBeforeTheFileIsSought(t *testing.T) {
	// MaxPaikaLimit itself fits in a table (its doc: limits 1 to 127).
	assert.NoError(t, CheckRules(engine.Rules{PaikaLimit: MaxPaikaLimit}, nil))
	assert.Error(t, CheckRules(engine.Rules{PaikaLimit: MaxPaikaLimit + 1}, nil))

	set := Open(t.TempDir())
	// A limit no table can hold is refused as such, not reported as a table not built.
	_, err := set.Table(Class{1, 1}, PaikaRule(MaxPaikaLimit+1))
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrNotBuilt)
	assert.Contains(t, err.Error(), "paika limit")
	// Limit 1 is a valid rule limit: an empty folder answers "not built".
	p := engine.MustParseFEN("B8/9/9/9/4W4 w")
	_, err = set.Probe(&p, PaikaRule(1))
	assert.ErrorIs(t, err, ErrNotBuilt)
}

func TestTablesListsByPiecesThenClass(t *testing.T) {
	// The order of the class table in docs/ENDGAMES.md; theoretic files first, then by limit.
	want := []Class{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}, {1, 3}, {3, 2}, {2, 3}, {4, 1}, {1, 4}}
	dir := t.TempDir()
	for i := len(want) - 1; i >= 0; i-- { // written backwards: the listing must sort them
		for _, limit := range []int{0, 1, 7} {
			require.NoError(t, os.WriteFile(filepath.Join(dir, FileName(want[i], PaikaRule(limit))), nil, 0o644))
		}
	}
	// Not tables: a limit of 0 or with a leading zero, not a number, another suffix.
	for _, name := range []string{"2v1.p0.fntb", "2v1.p07.fntb", "2v1.px.fntb", "2v1.fntb.tmp"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o644))
	}
	ids, err := Open(dir).Tables()
	require.NoError(t, err)
	var wantIDs []TableID
	for _, limit := range []int{0, 1, 7} {
		for _, c := range want {
			wantIDs = append(wantIDs, TableID{c, PaikaRule(limit)})
		}
	}
	assert.Equal(t, wantIDs, ids)
}

func TestLoadWholeLoadsOnTheFirstProbeUpToTheSlotCount(t *testing.T) {
	dir := smallTables(t)
	id := TableID{Class{2, 2}, Theoretic}
	info, err := ReadInfo(dir, id.Class, Theoretic)
	require.NoError(t, err)
	p := engine.MustParseFEN("B8/9/2W3B2/9/8W w")

	exact := Open(dir)
	exact.LoadWhole(info.Slots) // "at most slots slots": a table of exactly that many loads whole
	_, err = exact.Probe(&p, Theoretic)
	require.NoError(t, err)
	assert.NotNil(t, exact.whole(id), "loaded whole on the first probe")
	assert.Nil(t, exact.files[id])

	short := Open(dir)
	short.LoadWhole(info.Slots - 1)
	_, err = short.Probe(&p, Theoretic)
	require.NoError(t, err)
	assert.Nil(t, short.whole(id), "one slot too many: read by blocks")
	assert.NotNil(t, short.files[id])
}

func TestBestRuleTurnsAtAndBelowTheLimit(t *testing.T) {
	set := Open(limitOneTables(t))
	defer set.Close()

	// 1v1 far apart, limit 1, counter 0: no capture is possible, and every step reaches the
	// limit, which draws (docs/RULES.md). So the value is a draw and every turn keeps it.
	p := engine.MustParseFEN("B8/9/9/9/4W4 w")
	v, best, err := set.BestTurns(&p, PaikaRule(1))
	require.NoError(t, err)
	assert.Equal(t, Value{Draw, 0}, v)
	var seen engine.ResultSet
	all := p.DistinctTurns(engine.TheoreticRules(), nil, &seen)
	require.NotEmpty(t, all)
	assert.Len(t, best, len(all))

	// At the limit the game is already drawn: no turn is best, even a capture into a draw
	// (here W takes f1 by withdrawal, leaving 1v1 far apart).
	q := engine.MustParseFEN("B8/9/9/9/4WB3 w")
	q.Paika = 1
	v, best, err = set.BestTurns(&q, PaikaRule(1))
	require.NoError(t, err)
	assert.Equal(t, Value{Draw, 0}, v)
	assert.Empty(t, best)
}

func TestBestLineOfNoPliesHoldsTheStartValue(t *testing.T) {
	set := Open(smallTables(t))
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w")
	want, err := set.Probe(&p, Theoretic)
	require.NoError(t, err)
	line, values, err := set.BestLine(p, Theoretic, 0)
	require.NoError(t, err)
	assert.Empty(t, line)
	assert.Equal(t, []Value{want}, values, "the value of every position along the line, p first")
}

func TestBlockCacheKeepsItsCapacityOfBlocks(t *testing.T) {
	dir := smallTables(t)
	c := Class{2, 2}
	whole, err := LoadTable(dir, c, Theoretic)
	require.NoError(t, err)
	tf, err := openTableFile(filepath.Join(dir, FileName(c, Theoretic)), c, 0)
	require.NoError(t, err)
	defer tf.f.Close()
	blocks := (tf.info.Slots + tf.perBlock - 1) / tf.perBlock
	require.GreaterOrEqual(t, blocks, uint64(3))

	// "keep the last CacheBlocks blocks": a cache of 2 holds 2 blocks after 3, never more
	// nor fewer, and every block it hands out is the table's own bytes.
	cache := newBlockCache(2)
	for _, b := range []uint64{0, 1, 2, 0, blocks - 1, 1} {
		n := tf.blockLen(b)
		if _, ok := cache.value(tf, b, 0); !ok {
			data := cache.spare(n)
			_, err := tf.readBlock(b, data, nil)
			require.NoError(t, err)
			cache.insert(tf, b, data)
		}
		lo := b * tf.perBlock
		for _, i := range []uint64{0, n / 3, n - 1} {
			got, ok := cache.value(tf, b, i)
			require.True(t, ok, "block %d kept", b)
			assert.Equal(t, whole.bytes[lo+i], got, "block %d byte %d", b, i)
		}
		assert.LessOrEqual(t, len(cache.entries), 2)
	}
	assert.Len(t, cache.entries, 2)
}

func TestTheoreticByteEncoding(t *testing.T) {
	// The value byte (docs/ENDGAMES.md): 0 = draw; otherwise plies + 1, odd plies a win.
	for _, c := range []struct {
		v Value
		b byte
	}{{Value{}, 0}, {Value{Loss, 0}, 1}, {Value{Win, 1}, 2}, {Value{Loss, 6}, 7}, {Value{Win, 7}, 8}} {
		assert.Equal(t, c.b, encode(c.v), "%v", c.v)
		assert.Equal(t, c.v, decode(c.b), "%d", c.b)
	}
}

func TestNoTurnLosesWhateverTheCounter(t *testing.T) {
	// AtCounter's doc: a side with no legal turn has lost whatever the counter.
	for _, counter := range []int{0, 3, 5, 6, 40} {
		assert.Equal(t, Value{Loss, 0}, Value{Loss, 0}.AtCounter(5, counter), "counter %d", counter)
	}
	// A loss further away than the plies left is a draw.
	assert.Equal(t, Value{}, Value{Loss, 4}.AtCounter(5, 2))
	assert.Equal(t, Value{Loss, 3}, Value{Loss, 3}.AtCounter(5, 2))
}

// TestNonCanonicalSlotsStayZero: of a group of slots that are mirror images of one board,
// only the lowest holds the value; the others stay 0 (docs: index.go's canonical), in the
// built theoretic and limit-1 tables alike.
func TestNonCanonicalSlotsStayZero(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		limit   int
		classes []Class
	}{
		{smallTables(t), 0, []Class{{2, 2}, {1, 3}, {3, 1}, {2, 1}}},
		{limitOneTables(t), 1, []Class{{2, 1}, {1, 2}}},
	} {
		for _, c := range tc.classes {
			tb, err := LoadTable(tc.dir, c, PaikaRule(tc.limit))
			require.NoError(t, err, "%v", c)
			others, decided := 0, 0
			for s := uint64(0); s < tb.Slots(); s++ {
				if tb.ix.canonical(s) {
					if tb.bytes[s] != 0 {
						decided++
					}
					continue
				}
				others++
				if tb.bytes[s] != 0 {
					t.Fatalf("%v limit %d: slot %d, not the board's slot, holds %d", c, tc.limit, s, tb.bytes[s])
				}
			}
			assert.Positive(t, others, "%v has mirror-image slots", c)
			assert.Positive(t, decided, "%v has decided boards", c)
		}
	}
}

// TestBlocksCoverTheSlotsExactly: a table is cut into ⌈slots / 65,536⌉ blocks, the last
// one short, at the sizes around a block boundary too (no table of at most 7 pieces, nor
// 3v5 or 5v3, has them), and the reader expects that count (blocksFor).
func TestBlocksCoverTheSlotsExactly(t *testing.T) {
	_, dec := codecs()
	for _, n := range []uint64{1, blockSlots - 1, blockSlots, blockSlots + 1, 2*blockSlots - 1, 2 * blockSlots} {
		tb := &Table{ix: &indexer{size: n}, bytes: make([]byte, n)}
		for i := range tb.bytes {
			tb.bytes[i] = byte(i*7 + i>>16)
		}
		blocks, err := tb.compressBlocks(2)
		require.NoError(t, err)
		whole := n / blockSlots // blocks of 65,536, then one more for the rest
		if n%blockSlots != 0 {
			whole++
		}
		require.Len(t, blocks, int(whole), "slots %d", n)
		assert.Equal(t, whole, blocksFor(n, blockSlots), "slots %d", n)
		var all []byte
		for i, b := range blocks {
			raw, err := dec.DecodeAll(b, nil)
			require.NoError(t, err)
			if i < len(blocks)-1 {
				assert.Equal(t, blockSlots, len(raw), "slots %d block %d", n, i)
			}
			all = append(all, raw...)
		}
		assert.True(t, bytes.Equal(tb.bytes, all), "slots %d: the blocks decode to the values", n)
	}
}

// TestFailedWriteLeavesNoTemporaryFile: when the finished file cannot be put in place (here
// a folder holds its name), the write fails, removes its temporary file and leaves what
// was there.
func TestFailedWriteLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	c := Class{Own: 1, Enemy: 1}
	inTheWay := filepath.Join(dir, FileName(c, Theoretic))
	require.NoError(t, os.MkdirAll(filepath.Join(inTheWay, "kept"), 0o755))
	_, err := newTable(c, 0).writeFile(dir, 1)
	require.Error(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the folder in the way is left")
	assert.Equal(t, FileName(c, Theoretic), entries[0].Name())
	assert.DirExists(t, filepath.Join(inTheWay, "kept"))
}

// TestVerifyCountsEverySlotAndEveryBadOne: verify checks each canonical slot once, with
// any worker count (0: all cores), and reports every wrong value (and the slots whose
// turns lead to one and now disagree with it), with at most 5 examples
// from a chunk of 16,384 slots and 10 in all, each naming the stored and expected values.
func TestVerifyCountsEverySlotAndEveryBadOne(t *testing.T) {
	small := smallTables(t)
	dir := t.TempDir()
	for _, c := range []Class{{2, 2}, {1, 2}} { // 2v2 and what its turns lead into
		data, err := os.ReadFile(filepath.Join(small, FileName(c, Theoretic)))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, FileName(c, Theoretic)), data, 0o644))
	}
	c := Class{2, 2}
	tab, err := LoadTable(dir, c, Theoretic)
	require.NoError(t, err)
	canonical := uint64(0)
	for s := uint64(0); s < tab.Slots(); s++ {
		if tab.ix.canonical(s) {
			canonical++
		}
	}
	for _, workers := range []int{0, 1} {
		reps, err := Verify(context.Background(), dir, []TableID{{c, Theoretic}}, workers, nil)
		require.NoError(t, err)
		require.Len(t, reps, 1)
		assert.Equal(t, canonical, reps[0].Checked, "workers %d", workers)
		assert.Zero(t, reps[0].Bad)
	}
	// Corrupt 6 decided slots in each of the first 3 chunks: a win in 1 where there is none.
	wrong := Value{Win, 1}
	stored := map[string]Value{}
	for k := uint64(0); k < 3; k++ {
		n := 0
		for s := k * chunk; n < 6; s++ {
			if v := tab.Value(s); tab.ix.canonical(s) && v.Outcome != Draw && v != wrong {
				tab.bytes[s] = encode(wrong)
				p := tab.Position(s)
				stored[p.FEN()] = v
				n++
			}
		}
	}
	_, err = tab.writeFile(dir, 1)
	require.NoError(t, err)
	reps, err := Verify(context.Background(), dir, []TableID{{c, Theoretic}}, 2, nil)
	require.NoError(t, err)
	require.Len(t, reps, 1)
	// Every corrupted slot, and the few whose turns now lead to one and disagree with it.
	assert.GreaterOrEqual(t, reps[0].Bad, uint64(18))
	assert.Len(t, reps[0].Examples, 10)
	perChunk := map[uint64]int{}
	for _, x := range reps[0].Examples {
		assert.NotEqual(t, x.Stored, x.Expected, x.FEN)
		if want, ok := stored[x.FEN]; ok {
			assert.Equal(t, wrong, x.Stored, x.FEN)
			assert.Equal(t, want, x.Expected, x.FEN)
		}
		p := engine.MustParseFEN(x.FEN)
		perChunk[tab.ix.index(p.Own(), p.Enemy())/chunk]++
	}
	for k, n := range perChunk {
		assert.LessOrEqual(t, n, 5, "chunk %d", k)
	}
}

// TestKeepBlocksSetsTheCache: KeepBlocks(n) makes probes keep n blocks, through Close too,
// and block-by-block probes still give the whole table's values.
func TestKeepBlocksSetsTheCache(t *testing.T) {
	dir := smallTables(t)
	c := Class{2, 2}
	whole, err := LoadTable(dir, c, Theoretic)
	require.NoError(t, err)
	ix := newIndexer(c)
	require.Greater(t, ix.size, uint64(3*blockSlots), "2v2 spans at least four blocks")

	set := Open(dir)
	defer set.Close()
	assert.Equal(t, CacheBlocks, set.cache.capacity)
	set.KeepBlocks(2)
	probed := 0
	for slot := uint64(0); slot < ix.size; slot += blockSlots/2 + 7 {
		if !ix.canonical(slot) {
			continue
		}
		own, enemy := ix.position(slot)
		code, err := set.code(TableID{c, Theoretic}, own, enemy)
		require.NoError(t, err)
		assert.Equal(t, whole.lookup(own, enemy), code, "slot %d", slot)
		probed++
	}
	require.Greater(t, probed, 6, "positions in several blocks")
	assert.Len(t, set.cache.entries, 2, "two blocks kept")
	require.NoError(t, set.Close())
	assert.Equal(t, 2, set.cache.capacity, "Close keeps the capacity")
}
