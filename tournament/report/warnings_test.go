package report

import (
	"strings"
	"testing"

	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWarnings(t *testing.T) {
	// The same file twice (its records dropped as duplicates), and a corrupt file.
	in, err := Load([]string{selfplayFile, selfplayFile, corruptFile})
	require.NoError(t, err)
	require.Len(t, in.Dropped, 2)
	text := strings.Join(Warnings(in), "\n")
	assert.Contains(t, text, "2 record lines could not be read and were left out, the first: "+corruptFile+":2:")
	assert.Contains(t, text, "12 records repeated a record already read")
	// corrupt.jsonl is a run of its own (no run ids): its 2 good games repeat selfplay's
	// move for move, but easy chooses at random, so they are independent games, no warning.
	assert.NotContains(t, text, "distinct games")
	// Capped: 3 of selfplay's 12 games (4, 10, 11); corrupt's 2 are not capped.
	assert.Contains(t, text, "3 of 14 games (21.4%) were stopped by the ply cap")

	in.Runs = []Run{{Path: "a/run.json", Config: tournament.Config{Seed: 1}}, {Path: "b/run.json", Config: tournament.Config{Seed: 2}}}
	assert.Contains(t, strings.Join(Warnings(in), "\n"), "a/run.json and b/run.json describe different runs")
}
