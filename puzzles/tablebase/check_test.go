package tablebase

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// damageBlock copies the tables of src into a new folder and flips one byte in block
// `block` of file name, found through the file's own index (offset at 16·block of the
// index, which follows the 128-byte header).
func damageBlock(t *testing.T, src, name string, block int) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(src)))
	p := filepath.Join(dir, name)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Greater(t, int(binary.LittleEndian.Uint32(b[84:])), block, "%s has too few blocks", name)
	e := b[128+16*block:]
	off, n := binary.LittleEndian.Uint64(e), binary.LittleEndian.Uint32(e[8:])
	b[off+uint64(n/2)] ^= 0x40
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return dir
}

func TestCheckNamesEveryFileWithItsHeaderSums(t *testing.T) {
	dir := smallTables(t)
	set := Open(dir)
	ids, err := set.Tables()
	require.NoError(t, err)
	require.Len(t, ids, 6) // 1v1, 2v1, 1v2, 2v2, 3v1, 1v3
	sums, err := set.Check(ids)
	require.NoError(t, err)
	require.Len(t, sums, len(ids))
	for i, id := range ids {
		b, err := os.ReadFile(filepath.Join(dir, FileName(id.Class, id.Rule)))
		require.NoError(t, err)
		le := binary.LittleEndian
		assert.Equal(t, FileSum{File: id.Class.String() + ".fntb", Bytes: uint64(len(b)),
			ValuesCRC32C: fmt.Sprintf("%08x", le.Uint32(b[116:])), HeaderCRC32C: fmt.Sprintf("%08x", le.Uint32(b[124:]))}, sums[i])
	}
}

func TestCheckRefusesADamagedBlockThatProbesWouldReadLater(t *testing.T) {
	// 1v3 (2v2's blocks are as many): block 1 is not the one the probe below reads, so
	// only a check of every block finds the damage before play.
	dir := damageBlock(t, smallTables(t), "1v3.fntb", 1)
	set := Open(dir)
	c13 := Class{1, 3}
	_, err := set.Check([]TableID{{Class{1, 1}, Theoretic}, {c13, Theoretic}, {Class{2, 2}, Theoretic}})
	require.ErrorIs(t, err, ErrDamaged)
	assert.EqualError(t, err, "tablebase: "+filepath.Join(dir, "1v3.fntb")+": block 1 checksum mismatch: "+ErrDamaged.Error())
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w") // 1v1: still probed
	_, err = set.Probe(&p, Theoretic)
	assert.NoError(t, err)
	q := engine.MustParseFEN("B8/9/9/9/4W1B1B w") // 1v3: refused from now on, whichever block
	_, err = set.Probe(&q, Theoretic)
	assert.ErrorIs(t, err, ErrDamaged)
}

func TestCheckReportsATableThatFailedToLoadWhole(t *testing.T) {
	dir := damageBlock(t, smallTables(t), "2v2.fntb", 0)
	set := Open(dir)
	set.LoadWhole(1 << 26)
	_, err := set.Table(Class{2, 2}, Theoretic)
	require.ErrorIs(t, err, ErrDamaged)
	_, err = set.Check([]TableID{{Class{2, 2}, Theoretic}})
	assert.ErrorIs(t, err, ErrDamaged)
	assert.Contains(t, err.Error(), "2v2.fntb: block 0 checksum mismatch")
}

// BenchmarkCheck reads every file of the folder FANORONA_TABLEBASES (by default the
// 4-piece tables) through: header, index, every block's checksum. Once the files are in
// the page cache, bytes/s is the cost of checking a larger set before a run.
func BenchmarkCheck(b *testing.B) {
	dir := os.Getenv("FANORONA_TABLEBASES")
	if dir == "" {
		dir = small.get(&testing.T{})
	}
	set := Open(dir)
	ids, err := set.Tables()
	require.NoError(b, err)
	sums, err := set.Check(ids)
	require.NoError(b, err)
	var bytes int64
	for _, s := range sums {
		bytes += int64(s.Bytes)
	}
	b.SetBytes(bytes)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Open(dir).Check(ids); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFileSHA256OfTheFormat2Files: the sums of two files of testdata/format2 as sha256sum
// prints them, kept after the first call (a copy rewritten afterwards still gives the
// first sum); a class not built wraps ErrNotBuilt.
func TestFileSHA256OfTheFormat2Files(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/format2")))
	set := Open(dir)
	for _, tc := range []struct {
		c    Class
		r    Rule
		name string
		sum  string // sha256sum testdata/format2/NAME
	}{
		{Class{2, 1}, Theoretic, "2v1.fntb", "7afcf5a5de6991ff2601ea20bbece08456b1b8740090db6c754e7484ba7fb451"},
		{Class{1, 2}, PaikaRule(10), "1v2.p10.fntb", "e5ec28b515842a0c7eae14360ee82ee1523dd76650eb127d69922567a49b8a3b"},
	} {
		path, sum, err := set.FileSHA256(tc.c, tc.r)
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(dir, tc.name), path)
		assert.Equal(t, tc.sum, sum, tc.name)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "2v1.fntb"), []byte("rewritten"), 0o644))
	_, sum, err := set.FileSHA256(Class{2, 1}, Theoretic)
	require.NoError(t, err)
	assert.Equal(t, "7afcf5a5de6991ff2601ea20bbece08456b1b8740090db6c754e7484ba7fb451", sum, "the first sum is kept")
	_, _, err = set.FileSHA256(Class{2, 2}, Theoretic)
	assert.ErrorIs(t, err, ErrNotBuilt)
	_, _, err = set.FileSHA256(Class{2, 1}, PaikaRule(50))
	assert.ErrorIs(t, err, ErrNotBuilt)
}
