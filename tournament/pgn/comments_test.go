package pgn_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func intp(v int) *int { return &v }

// A record's move data is written as a comment after each turn and read back to the same
// record: every kind of score (none, zero, pieces, forced ends both ways, a tablebase
// win) and an entry with nothing, which writes no comment.
func TestMoveDataRoundTrips(t *testing.T) {
	rec := play(t, 3, engine.Start(), engine.DefaultRules(), 9)
	require.Len(t, rec.Turns, 9)
	rec.MoveData = []record.MoveData{
		{Score: intp(0), Depth: 1, Nodes: 1, MS: 0},
		{Score: intp(-274), Depth: 3, Nodes: 5000, MS: 1234},
		{},
		{Score: intp(29995), Depth: 8, Nodes: 70000, MS: 200},
		{Score: intp(-29997), Depth: 6, Nodes: 12, MS: 61000},
		{Score: intp(28990), Depth: 2, Nodes: 40, MS: 7},
		{Depth: 4, Nodes: 900, MS: 15},
		{Score: intp(35), Depth: 8, Nodes: 2000, MS: 200},
		{Score: intp(-5)},
	}
	require.NoError(t, rec.Validate())
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	require.NoError(t, w.Write(&rec))
	require.NoError(t, w.Flush())
	text := buf.String()
	for _, c := range []string{"{+0.00/1 0.000s 1n}", "{-2.74/3 1.234s 5000n}", "{+M5/8 0.200s 70000n}", "{-M3/6 61.000s 12n}",
		"{+289.90/2 0.007s 40n}", "{?/4 0.015s 900n}", "{+0.35/8 0.200s 2000n}", "{-0.05/0 0.000s 0n}"} {
		assert.Contains(t, text, c)
	}
	assert.Equal(t, 8, strings.Count(text, "{"), "the empty entry writes no comment")
	back, err := pgn.ReadAll(strings.NewReader(text), "games.pgn")
	require.NoError(t, err)
	require.Len(t, back, 1)
	assert.Equal(t, rec.MoveData, back[0].MoveData)
	rec.Seconds = back[0].Seconds
	assert.Equal(t, rec, back[0])
}

// Comments of another kind (a note, another tool's) are dropped; a record without move
// data writes no comment and reads back without any.
func TestOtherCommentsAreNotMoveData(t *testing.T) {
	rec := play(t, 4, engine.Start(), engine.DefaultRules(), 4)
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	require.NoError(t, w.Write(&rec))
	require.NoError(t, w.Flush())
	assert.NotContains(t, buf.String(), "{")
	text := strings.Replace(buf.String(), rec.Turns[0], rec.Turns[0]+" {a fine turn} {+0.10/2 0.001s}", 1)
	back, err := pgn.ReadAll(strings.NewReader(text), "noted.pgn")
	require.NoError(t, err)
	require.Len(t, back, 1)
	assert.Nil(t, back[0].MoveData)
	text = strings.Replace(buf.String(), rec.Turns[1], rec.Turns[1]+" {+0.10/2\n0.001s 3n}", 1)
	back, err = pgn.ReadAll(strings.NewReader(text), "split.pgn")
	require.NoError(t, err)
	require.Len(t, back, 1)
	require.Len(t, back[0].MoveData, 4)
	assert.Equal(t, record.MoveData{Score: intp(10), Depth: 2, Nodes: 3, MS: 1}, back[0].MoveData[1])
	assert.Equal(t, record.MoveData{}, back[0].MoveData[0])
}
