package tablebasetest

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

func tableFiles(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".fntb") { // not the builders' lock files
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

func TestEachSetHoldsExactlyItsClassesUnderBothRules(t *testing.T) {
	two, three := Tables(t, 2), Tables(t, 3)
	assert.Equal(t, []string{"1v1.fntb", "1v1.p50.fntb"}, tableFiles(t, two))
	var want []string
	for _, c := range []string{"1v1", "1v2", "2v1"} {
		want = append(want, c+".fntb", c+".p50.fntb")
	}
	sort.Strings(want)
	assert.Equal(t, want, tableFiles(t, three), "the 3-piece set, and no more")
	assert.Equal(t, three, Tables(t, 3), "built once")
	assert.NotEqual(t, two, three, "a folder a set")
}
