package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const chainFEN = "BBBBBBBBB/B1BBBBBBB/BW1B1BWBW/WWW1WWWWW/WWWW1WWWW w 0 2"

func TestShowDrawsAPicture(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "chain.svg")
	code, out, errs := runCmd(t, "", "show", "--fen", chainFEN, "--turn", "d1d2Ae3Ad4Ac3Wb4Ac5Wd5W", "-o", svg)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out, "the picture goes to the file")
	assert.Equal(t, "fanorona: wrote "+svg+"\n", errs)
	data, err := os.ReadFile(svg)
	require.NoError(t, err)
	s := string(data)
	// The title names the position and the turn in canonical notation; the chain takes
	// ten pieces (hand count in package board's tests).
	assert.Contains(t, s, "<title>"+chainFEN+", d1-d2A-e3A-d4A-c3W-b4A-c5W-d5W</title>")
	assert.Equal(t, 10, strings.Count(s, `<g class="captured"`))
	assert.Equal(t, 19, strings.Count(s, `<circle class="white"`)) // 3 + 8 + 8 on ranks 3, 2, 1
	assert.Equal(t, 21, strings.Count(s, `<circle class="black"`)) // 9 + 8 + 4 on ranks 5, 4, 3

	pngPath := filepath.Join(dir, "start.PNG")
	code, _, errs = runCmd(t, "", "show", "-o", pngPath)
	require.Equal(t, 0, code, errs)
	data, err = os.ReadFile(pngPath)
	require.NoError(t, err)
	_, err = png.Decode(bytes.NewReader(data))
	assert.NoError(t, err)
}

func TestShowMarksTheTurnInTheDiagram(t *testing.T) {
	code, out, errs := runCmd(t, "", "show", "--turn", "e2-e3A")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(out, "\n")
	// Rank 5 first: e5 and e4 captured (b), e3 the landing point (*), e2 the mover (w).
	assert.Equal(t, "5  B---B---B---B---b---B---B---B---B", lines[0])
	assert.Equal(t, "4  B---B---B---B---b---B---B---B---B", lines[2])
	assert.Equal(t, "3  B---W---B---W---*---B---W---B---W", lines[4])
	assert.Equal(t, "2  W---W---W---W---w---W---W---W---W", lines[6])
}

func TestShowRefusesBadPictures(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.svg")
	require.NoError(t, os.WriteFile(kept, []byte("mine"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "--turn", "e2-e4", "-o", filepath.Join(dir, "a.svg")}, "--turn"},
		{[]string{"show", "--turn", "e2-e3", "-o", filepath.Join(dir, "a.svg")}, "capture"},
		{[]string{"show", "--turn", "zz", "-o", filepath.Join(dir, "a.svg")}, "--turn"},
		{[]string{"show", "-o", filepath.Join(dir, "a.gif")}, ".gif"},
		{[]string{"show", "-o", filepath.Join(dir, "no-such", "a.svg")}, "does not exist"},
		{[]string{"show", "-o", kept}, "already exists"},
		{[]string{"puzzles", "show", "quiet-2v2", "-o", kept}, "already exists"},
		{[]string{"puzzles", "show", "quiet-2v2", "-o", filepath.Join(dir, "a.jpg")}, ".jpg"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
		assert.Contains(t, errs, c.want, "%v", c.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing written")
	data, err := os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data), "not overwritten")

	code, _, errs := runCmd(t, "", "show", "-o", kept, "--force")
	require.Equal(t, 0, code, errs)
	data, err = os.ReadFile(kept)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(data, []byte("<svg ")), "--force overwrites")
}

func TestPuzzlesShowDrawsTheFirstTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.svg")
	code, out, errs := runCmd(t, "", "puzzles", "show", "telo-noho-dimy-one-of-22", "-o", path)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	s := string(data)
	assert.Contains(t, s, "<title>WW1B5/5B3/2BWB4/3B5/9 w 0 0, d3-d4W-e5W-e4A</title>")
	for _, p := range []string{"c3", "d2", "e3"} {
		assert.Contains(t, s, `<g class="captured" data-point="`+p+`">`)
	}
	assert.Equal(t, 3, strings.Count(s, `<g class="captured"`))
}
