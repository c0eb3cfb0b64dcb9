package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpeningsFromGames: --openings games:PATH plays from each game's last position of a
// file of opening lines, saying which set it is; a game that does not read is one line
// naming the file and its line, exit 2, nothing written.
func TestOpeningsFromGames(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book.pgn")
	require.NoError(t, os.WriteFile(book, []byte("[Event \"book\"]\n\n1. d2-e3A c3-d2A *\n\n[Event \"book\"]\n\n1. d3-e3W *\n"), 0o644))
	out := filepath.Join(t.TempDir(), "run")
	code, stdout, errs := runCmd(t, "", "tournament", "--players", "random,greedy", "--games", "4", "--seed", "1",
		"--openings", "games:"+book, "-o", out)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "fanorona: openings games:"+book+" (sha256 ")
	assert.Contains(t, errs, "the first 2 positions in file order, one per pair (2 distinct)\n")
	assert.Contains(t, stdout, "4 games, 4 distinct games, 2 distinct openings")

	bad := filepath.Join(t.TempDir(), "bad.pgn")
	require.NoError(t, os.WriteFile(bad, []byte("[Event \"book\"]\n\n1. d2-e3A c3-d2A *\n\n[Event \"book\"]\n\n2. d3-e3W *\n"), 0o644))
	out = filepath.Join(t.TempDir(), "bad-run")
	code, stdout, errs = runCmd(t, "", "tournament", "--players", "random,greedy", "--games", "4", "--seed", "1",
		"--openings", "games:"+bad+":1", "-o", out)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "fanorona: "+bad+":7: move number \"2.\" where \"1.\" was expected (turn 1 of the game)\n", errs)
	assert.NoDirExists(t, out)
}
