package record

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// movesLine is a record as selfplay --player easy --max-plies 4 --move-data wrote it.
const movesLine = `{"run":"659d69a7179bd5afab4473f5dd341375","index":0,"pair":0,"opening":"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0","white":"easy","black":"easy","seed":16490336266968443936,"rules":{"paika_limit":50,"no_moves_draw":false,"first_turn_no_chain":false,"max_plies":4},"result":"1/2-1/2","reason":"max-plies","plies":4,"captured":{"white":2,"black":3},"turns":["d3-e3A","f4-f3A","e3-f4A","h4-g5W"],"seconds":0.000118947,"move_data":[{"score":-99,"depth":2,"nodes":40},{"score":-212,"depth":2,"nodes":38},{"score":0,"depth":2,"nodes":105,"ms":3},{}]}`

// A record with move data reads and writes back byte for byte (a zero score kept, an
// empty entry kept) and replays; without the field it is the record it always was.
func TestMoveDataRoundTripsJSON(t *testing.T) {
	recs, bad, err := ReadRecords(strings.NewReader(movesLine+"\n"), "games.jsonl")
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, recs, 1)
	r := recs[0]
	require.Len(t, r.MoveData, 4)
	require.NotNil(t, r.MoveData[2].Score)
	assert.Equal(t, 0, *r.MoveData[2].Score)
	assert.Equal(t, int64(3), r.MoveData[2].MS)
	assert.Equal(t, MoveData{}, r.MoveData[3])
	assert.NoError(t, Replay(&r))
	var buf bytes.Buffer
	require.NoError(t, WriteRecords(&buf, recs))
	assert.Equal(t, movesLine+"\n", buf.String())

	old := strings.Replace(movesLine, `,"move_data":[{"score":-99,"depth":2,"nodes":40},{"score":-212,"depth":2,"nodes":38},{"score":0,"depth":2,"nodes":105,"ms":3},{}]`, "", 1)
	require.NotEqual(t, movesLine, old)
	recs, bad, err = ReadRecords(strings.NewReader(old+"\n"), "old.jsonl")
	require.NoError(t, err)
	require.Empty(t, bad)
	assert.Nil(t, recs[0].MoveData)
	buf.Reset()
	require.NoError(t, WriteRecords(&buf, recs))
	assert.Equal(t, old+"\n", buf.String(), "a record without move data writes no field")
}

// The array has one entry a turn.
func TestMoveDataLengthIsChecked(t *testing.T) {
	line := strings.Replace(movesLine, `,{}]`, `]`, 1)
	_, bad, err := ReadRecords(strings.NewReader(line+"\n"), "short.jsonl")
	require.NoError(t, err)
	require.Len(t, bad, 1)
	assert.Equal(t, "short.jsonl:1: move_data has 3 entries but the game 4 turns", bad[0].Error())
}

// The reasons of adjudication by score: a resignation is decisive, the draw a draw, and
// either ends a game the rules had not ended.
func TestScoreAdjudicationReasons(t *testing.T) {
	r := rec(runA, 0, 0, "easy", "easy", "0-1", "d3-e3A", "f4-f3A")
	r.Reason = ResignReason
	assert.NoError(t, r.Validate())
	r.Result = "1/2-1/2"
	assert.ErrorContains(t, r.Validate(), "a resignation is a loss")
	r.Reason = DrawReason
	assert.NoError(t, r.Validate())
	r.Captured = Captured{White: 1, Black: 2}
	assert.NoError(t, Replay(&r))
	r.Result = "1-0"
	assert.ErrorContains(t, r.Validate(), "that ending is a draw")

	recs, _, err := ReadRecords(strings.NewReader(movesLine+"\n"), "games.jsonl")
	require.NoError(t, err)
	capped := recs[0]
	capped.Reason, capped.Result, capped.Rules.MaxPlies = ResignReason, "1-0", 3
	capped.Turns, capped.Plies, capped.MoveData = capped.Turns[:3], 3, capped.MoveData[:3]
	capped.Captured.Black = 0
	assert.ErrorContains(t, Replay(&capped), "recorded a resign-adjudication, but the game was over (1/2-1/2, max-plies)")
}
