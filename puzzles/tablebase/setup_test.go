package tablebase

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// damageLastByte copies testdata/format2 and flips the last byte of the file name, in
// its last compressed block: its header still reads, a check of its blocks fails.
func damageLastByte(t *testing.T, name string) string {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/format2")))
	p := filepath.Join(dir, name)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	b[len(b)-1] ^= 0xff
	require.NoError(t, os.WriteFile(p, b, 0o644))
	require.NoError(t, CheckHeaders(dir), "a damaged block leaves the headers sound")
	return dir
}

// TestOpenFolderChecksTheTablesInReach: the files of testdata/format2 (its README: every
// class of at most 3 pieces, theoretic and of paika limit 10) checked by rule and pieces,
// and a damaged block refused only when in reach.
func TestOpenFolderChecksTheTablesInReach(t *testing.T) {
	ts, err := OpenFolder(Off, Use{Need: Optional, Players: true, Check: true})
	require.NoError(t, err)
	assert.Equal(t, Setup{}, ts, "tables off")

	ts, err = OpenFolder("testdata/format2", Use{Need: Optional, Players: true, Check: true, Rules: []Rule{PaikaRule(10)}})
	require.NoError(t, err)
	var files []string
	for _, f := range ts.Files {
		files = append(files, f.File)
	}
	assert.Equal(t, []string{"1v1.p10.fntb", "2v1.p10.fntb", "1v2.p10.fntb"}, files)
	assert.Equal(t, "3 tables", ts.Summary())
	require.NotNil(t, ts.Oracle)
	assert.Equal(t, 3, ts.Oracle.MaxPieces())
	assert.Same(t, ts.Set, ts.Oracle.Set())

	ts, err = OpenFolder("testdata/format2", Use{Need: Required, Check: true, Rules: []Rule{Theoretic}, Pieces: 2})
	require.NoError(t, err)
	require.Len(t, ts.Files, 1)
	assert.Equal(t, "1v1.fntb", ts.Files[0].File)
	assert.Nil(t, ts.Oracle, "no oracle unless asked")

	dir := damageLastByte(t, "2v1.p10.fntb")
	ts, err = OpenFolder(dir, Use{Need: Optional, Check: true, Rules: []Rule{Theoretic}})
	require.NoError(t, err, "the damaged table is of another rule")
	err = ts.Check(Use{Rules: []Rule{PaikaRule(10)}})
	var fe *FolderError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, dir, fe.Dir)
	assert.ErrorIs(t, err, ErrDamaged)
	_, err = OpenFolder(dir, Use{Need: Optional, Players: true, Check: true})
	assert.ErrorIs(t, err, ErrDamaged, "every rule in reach")
}

// TestOpenFolderRefusesBeforeReading: a missing folder named, a broken header refused
// for Optional use before any table is checked, an empty folder with no oracle.
func TestOpenFolderRefusesBeforeReading(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	_, err := OpenFolder(missing, Use{Need: Required})
	assert.ErrorIs(t, err, ErrNoFolder)

	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/format2")))
	p := filepath.Join(dir, "1v2.fntb")
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	copy(b, "NOTATB!!")
	require.NoError(t, os.WriteFile(p, b, 0o644))
	_, err = OpenFolder(dir, Use{Need: Optional})
	assert.ErrorIs(t, err, ErrDamaged)
	assert.EqualError(t, err, dir+": tablebase: "+p+": not a tablebase file (bad magic): "+ErrDamaged.Error())

	ts, err := OpenFolder(t.TempDir(), Use{Need: Optional, Players: true, Check: true})
	require.NoError(t, err)
	assert.Nil(t, ts.Oracle, "no table, no oracle")
	assert.Empty(t, ts.Files)
	assert.NotNil(t, ts.Set)
}
