package uci

import (
	"testing"

	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoresOfProvenEndsAreMates(t *testing.T) {
	for _, c := range []struct {
		score, limit int
		want         string
	}{
		{37, 50, "cp 37"},
		{-120, 0, "cp -120"},
		{players.MateScore - 5, 50, "mate 5"}, // a search's forced win in 5 plies
		{-(players.MateScore - 6), 0, "mate -6"},
		// A tablebase win 7 plies from the end, theoretic: a forced end in 7 plies.
		{players.TBWinScore - 7, 0, "mate 7"},
		{-(players.TBWinScore - 12), 0, "mate -12"},
		// Under a paika limit the tables count to the deciding capture, not the end.
		{players.TBWinScore - 7, 50, "cp 28992"},
	} {
		assert.Equal(t, c.want, formatScore(c.score, c.limit), "%d under %d", c.score, c.limit)
	}
}

func TestParseNotation(t *testing.T) {
	n, err := ParseNotation("dashed")
	require.NoError(t, err)
	assert.Equal(t, Dashed, n)
	n, err = ParseNotation("compact")
	require.NoError(t, err)
	assert.Equal(t, Compact, n)
	_, err = ParseNotation("Dashed")
	assert.EqualError(t, err, `"Dashed": expected compact or dashed`)
}
