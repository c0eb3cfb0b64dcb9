package tablebase

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefaultDirHonoursTheEnvironment(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("FANORONA_TABLEBASES", "")
	assert.Equal(t, filepath.Join(cache, "fanorona", "tablebases"), DefaultDir())
	t.Setenv("FANORONA_TABLEBASES", "/some/tables")
	assert.Equal(t, "/some/tables", DefaultDir())
}

// TestResolveByNeed: what each option value names for each need, the default folder
// missing and present.
func TestResolveByNeed(t *testing.T) {
	root := t.TempDir()
	def, dir, file, missing := filepath.Join(root, "default"), filepath.Join(root, "tables"),
		filepath.Join(root, "file"), filepath.Join(root, "missing")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	t.Setenv("FANORONA_TABLEBASES", def)
	for _, defaultExists := range []bool{false, true} {
		if defaultExists {
			require.NoError(t, os.Mkdir(def, 0o755))
		}
		for _, c := range []struct {
			value string
			need  Need
			dir   string
			err   error
		}{
			{"none", Optional, "", nil},
			{"none", Required, "", ErrOff},
			{"none", Create, "", ErrOff},
			{"", Optional, map[bool]string{false: "", true: def}[defaultExists], nil},
			{"", Required, map[bool]string{false: "", true: def}[defaultExists], map[bool]error{false: ErrNoFolder, true: nil}[defaultExists]},
			{"", Create, def, nil},
			{dir, Optional, dir, nil},
			{dir, Required, dir, nil},
			{dir, Create, dir, nil},
			{missing, Optional, "", ErrNoFolder},
			{missing, Required, "", ErrNoFolder},
			{missing, Create, missing, nil},
			{file, Optional, "", ErrNotAFolder},
			{file, Required, "", ErrNotAFolder},
			{file, Create, "", ErrNotAFolder},
		} {
			got, err := Resolve(c.value, c.need)
			assert.Equal(t, c.dir, got, "%q need %d, default exists %v", c.value, c.need, defaultExists)
			if c.err == nil {
				assert.NoError(t, err, "%q need %d", c.value, c.need)
				continue
			}
			require.ErrorIs(t, err, c.err, "%q need %d", c.value, c.need)
			var fe *FolderError
			require.ErrorAs(t, err, &fe)
			named := map[bool]string{true: "none", false: c.value}[c.value == "none"]
			if c.value == "" {
				named = def
			}
			assert.Equal(t, named, fe.Dir)
		}
	}
}

// TestCheckHeadersRefusesAnyDamagedFile: a sound folder passes, one file with a broken
// magic is named, whatever its rule; an empty or missing folder holds nothing to check.
func TestCheckHeadersRefusesAnyDamagedFile(t *testing.T) {
	assert.NoError(t, CheckHeaders("testdata/format2"))
	assert.NoError(t, CheckHeaders(t.TempDir()))
	assert.NoError(t, CheckHeaders(filepath.Join(t.TempDir(), "missing")))
	for _, name := range []string{"2v1.fntb", "1v2.p10.fntb"} {
		dir := t.TempDir()
		require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/format2")))
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		copy(b, "NOTATB!!")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		err = CheckHeaders(dir)
		require.ErrorIs(t, err, ErrDamaged, name)
		assert.Contains(t, err.Error(), p+": not a tablebase file (bad magic)")
	}
}
