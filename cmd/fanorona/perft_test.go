package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPerftMovesShowFlagsBecomeOptions(t *testing.T) {
	p := parsedOptions(t, newPerftCmd, "--depth", "4", "--paths", "--divide", "--no-moves-draw")
	assert.Equal(t, 4, p.req.Depth)
	assert.True(t, p.req.Paths)
	assert.True(t, p.req.Divide)
	assert.False(t, p.json)
	assert.True(t, p.rules.noMovesDraw)

	m := parsedOptions(t, newMovesCmd, "--json", "--fen", "9/9/9/9/W7B w 0 0")
	assert.True(t, m.json)
	assert.Equal(t, "9/9/9/9/W7B w 0 0", m.fen)

	s := parsedOptions(t, newShowCmd, "--turn", "e2-e3A", "-o", "x.svg", "--force")
	assert.Equal(t, "e2-e3A", s.turn)
	assert.Equal(t, pictureFlags{output: "x.svg", force: true}, s.pic)
}
