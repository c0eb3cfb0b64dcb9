// puzzles_cmd_test.go: the puzzles subcommands' flags and their refusals.

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestPuzzlesFlagsBecomeOptions stops each subcommand after flag parsing.
func TestPuzzlesFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newPuzzlesListCmd, "--json")
	assert.Equal(t, puzzlesOptions{json: true}, *o)
	o = parsedOptions(t, newPuzzlesShowCmd, "longest-3v2", "-o", "p.svg", "--force")
	assert.Equal(t, []string{"longest-3v2"}, o.args)
	assert.Equal(t, "p.svg", o.pic.output)
	o = parsedOptions(t, newPuzzlesSolveCmd, "longest-2v1", "--tablebases", "tb", "--time", "3s", "--json")
	assert.Equal(t, puzzlesOptions{args: []string{"longest-2v1"}, dir: "tb", time: 3 * time.Second, json: true}, *o)
	o = parsedOptions(t, newPuzzlesSolveCmd, "longest-2v1")
	assert.Equal(t, 10*time.Second, o.time)
}

// TestPuzzlesRefuseBadFlags: one line, exit 2, before anything runs.
func TestPuzzlesRefuseBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzles", "list", "--bogus"}, "fanorona: unknown flag: --bogus\n"},
		{[]string{"puzzles", "list", "extra"}, `fanorona: unknown command "extra" for "fanorona puzzles list"` + "\n"},
		{[]string{"puzzles", "show"}, "fanorona: accepts 1 arg(s), received 0\n"},
		{[]string{"puzzles", "show", "nope"}, `fanorona: no puzzle named "nope" (see: fanorona puzzles list)` + "\n"},
		{[]string{"puzzles", "solve", "longest-3v2", "--time", "0s"}, "fanorona: --time 0s: must be positive\n"},
		{[]string{"puzzles", "solve", "longest-3v2", "--time", "x"}, `fanorona: invalid argument "x" for "--time" flag: time: invalid duration "x"` + "\n"},
		{[]string{"solve", "--max-depth", "-1"}, "fanorona: --max-depth -1: must be 0 or more\n"},
		{[]string{"solve", "--fen", "9/9/2W1W4/3B1B3/9 w 60 0"},
			"fanorona: --fen: paika counter 60 is above --paika-limit 50 (the game was drawn when it reached 50)\n"},
		{[]string{"solve", "--bogus"}, "fanorona: unknown flag: --bogus\n"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, c.want, errs, "%v", c.args)
	}
}
