package tablebase

import (
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

func TestNoTurnLosesWhateverTheCounter(t *testing.T) {
	// AtCounter's doc: a side with no legal turn has lost whatever the counter.
	for _, counter := range []int{0, 3, 5, 6, 40} {
		assert.Equal(t, Value{Loss, 0}, Value{Loss, 0}.AtCounter(5, counter), "counter %d", counter)
	}
	// A loss further away than the plies left is a draw.
	assert.Equal(t, Value{}, Value{Loss, 4}.AtCounter(5, 2))
	assert.Equal(t, Value{Loss, 3}, Value{Loss, 3}.AtCounter(5, 2))
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

// TestBestTurnsAreTheDistanceBest: BestTurns (probe's `turns`) lists, of the turns that
// keep a win, only those that win fastest: among the theoretic 2v1 boards some winning
// turns win more slowly and are left out, as docs/FORMATS.md says.
func TestBestTurnsAreTheDistanceBest(t *testing.T) {
	set := Open("testdata/format2")
	strict, won := 0, 0
	for a := 0; a < engine.Points; a++ {
		for b := a + 1; b < engine.Points; b++ {
			for c := 0; c < engine.Points; c++ {
				if c == a || c == b {
					continue
				}
				p := engine.NewPosition(engine.Bitboard(1)<<a|engine.Bitboard(1)<<b, engine.Bitboard(1)<<c, engine.White, 0, 0)
				v, best, err := set.BestTurns(&p, Theoretic)
				require.NoError(t, err, p.FEN())
				if v.Outcome != Win {
					continue
				}
				won++
				keeping, fastest := 0, -1
				var seen engine.ResultSet
				for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
					q := p.Play(tn)
					cv, err := set.Probe(&q, Theoretic)
					require.NoError(t, err, q.FEN())
					if cv.Parent().Outcome != Win {
						continue
					}
					keeping++
					if plies := cv.Parent().Plies; fastest < 0 || plies < fastest {
						fastest = plies
					}
				}
				require.NotEmpty(t, best, p.FEN())
				for _, tn := range best {
					q := p.Play(tn)
					cv, err := set.Probe(&q, Theoretic)
					require.NoError(t, err)
					assert.Equal(t, fastest, cv.Parent().Plies, "%s: %v is a fastest win", p.FEN(), tn)
				}
				if len(best) < keeping {
					strict++
				}
			}
		}
	}
	assert.Positive(t, won)
	assert.Positive(t, strict, "some wins have slower winning turns, which are not listed")
	t.Logf("%d of %d won 2v1 boards have winning turns not listed", strict, won)
}
