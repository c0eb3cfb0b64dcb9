// help_test.go: every command's help from the help document (help.txt).

package main

import (
	"strings"
	"testing"

	"github.com/fanorona/fanorona/internal/helptext"
	"github.com/fanorona/fanorona/players"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestApplyHelpRefusesASectionOfNoCommand(t *testing.T) {
	root := newRootCmd(&streams{strings.NewReader(""), new(strings.Builder), new(strings.Builder)})
	assert.PanicsWithValue(t, `help.txt: section "fanorona tablebase frob" names no command`,
		func() { applyHelp(root, helpText+"\n# fanorona tablebase frob\nFrob the tables\n") })
	assert.PanicsWithValue(t, "help.txt: fanorona net: a blank line must follow the short description",
		func() { applyHelp(root, "# fanorona net\nShort\nLong at once\n") })
}

// TestEveryCommandGetsItsHelp checks the help of the whole tree as built: every command
// of ours described in one line, cobra's own keeping their descriptions and getting our
// examples, and texts as they were written in code before help.txt held them.
func TestEveryCommandGetsItsHelp(t *testing.T) {
	root := newRootCmd(&streams{strings.NewReader(""), new(strings.Builder), new(strings.Builder)})
	sections, err := helptext.Parse(helpText)
	require.NoError(t, err)
	paths := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		paths++
		path := c.CommandPath()
		h, ok := sections[path]
		cobras := c.Name() == "help" || strings.HasPrefix(path, "fanorona completion")
		if assert.True(t, ok, "%q has no section in help.txt", path) {
			assert.Equal(t, !cobras, h.Described, "%q", path)
			assert.Equal(t, h.Example, c.Example, "%q", path)
		}
		assert.NotEmpty(t, c.Short, "%q", path)
		assert.NotContains(t, c.Short, "\n", "%q", path)
		assert.NotContains(t, c.Short+c.Long, "{{", "%q: a placeholder left", path)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	assert.Equal(t, 46, paths, "command paths, hidden and cobra's own included")

	find := func(args ...string) *cobra.Command {
		c, _, err := root.Find(args)
		require.NoError(t, err)
		return c
	}
	assert.Equal(t, "Research toolkit for Fanorona: perft, AI levels, tournaments, statistics, charts, endgames", root.Short)
	assert.Equal(t, "Help about any command", find("help").Short)
	assert.Equal(t, "Generate the autocompletion script for bash", find("completion", "bash").Short)
	assert.Equal(t, "  source <(fanorona completion bash)", find("completion", "bash").Example)
	assert.Equal(t, "Heat map of pairwise scores", find("plot", "matrix").Short)
	assert.Equal(t, "Print the best turn of a player (default "+players.DefaultAnalyzer+"; "+strings.Join(players.Names(), ", ")+
		") for a position, its score for the side to move (+1.00 = one piece), principal variation, depth, nodes and nodes/s.", find("analyze").Long)
	assert.Equal(t, `Play a game in the terminal, each side "human" or a player spec (`+strings.Join(players.Names(), ", ")+
		"), a turn typed whole (f4-e4W-e3A) or step by step; type help at the prompt for the commands.", find("play").Long)
	assert.Equal(t, `Statistics of existing games.jsonl records (files or run folders), read one line at a time,
or of PGN-style files (as export writes them: named .pgn or beginning with a tag pair).

Exact duplicate records (same run, index and content) are dropped with one warning; two
different records of the same game are an error. With --compare, the files before "--" are
one set and the files after it the other: their game lengths are compared by a two-sample
Kolmogorov–Smirnov test (stats A1 A2 --compare -- B1 B2).`, find("stats").Long)
	assert.Equal(t, `  # 200 games of medium against itself, colours swapped in pairs, records in out/selfplay-7
  fanorona selfplay --player medium --games 200 --seed 7
  # the same run in 4 shards (one machine each, the same --run-id), merged afterwards
  fanorona selfplay --player medium --games 200 --seed 7 --shard 0/4 --run-id 0123456789abcdef0123456789abcdef -o shard0`, find("selfplay").Example)
	assert.Equal(t, "Fit the weights of the expert's evaluation to game results and table values (Texel's method)", find("tune").Short)
}
