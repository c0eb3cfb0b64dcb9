package uci

import (
	"testing"
	"time"

	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
)

// An info line's score (cp or mate, in plies from the mover's view), depth, nodes and
// time are read; a line without a score leaves the answer unscored.
func TestParseInfoReadsTheReportedFigures(t *testing.T) {
	var ans answer
	parseInfo("info depth 7 seldepth 12 score cp -37 nodes 51234 nps 900000 time 56 pv d3-e3A f4-f3A", &ans)
	assert.True(t, ans.scored)
	assert.Equal(t, -37, ans.a.Score)
	assert.Equal(t, 7, ans.a.Depth)
	assert.Equal(t, uint64(51234), ans.a.Nodes)
	assert.Equal(t, 56*time.Millisecond, ans.infoTime)
	assert.Equal(t, time.Duration(0), ans.a.Time, "the search's own time is measured by the caller")
	assert.Equal(t, []string{"d3-e3A", "f4-f3A"}, ans.pv)

	ans = answer{}
	parseInfo("info depth 9 score mate -4 nodes 10", &ans)
	assert.True(t, ans.scored)
	assert.Equal(t, -(players.MateScore - 4), ans.a.Score)

	ans = answer{}
	parseInfo("info depth 3 nodes 800 time 2", &ans)
	parseInfo("info string no score here", &ans)
	assert.False(t, ans.scored)
	assert.Equal(t, 3, ans.a.Depth)
}

// With MultiPV the first line is the analysis of the turn played; the others' scores and
// variations are of other turns and leave it as it was.
func TestParseInfoKeepsTheFirstOfSeveralLines(t *testing.T) {
	var ans answer
	parseInfo("info depth 6 multipv 1 score cp 40 nodes 9000 pv d3-e3A f4-f3A", &ans)
	parseInfo("info depth 6 multipv 2 score cp -120 nodes 9000 pv e2-e3A", &ans)
	assert.Equal(t, 40, ans.a.Score)
	assert.Equal(t, []string{"d3-e3A", "f4-f3A"}, ans.pv)
	parseInfo("info depth 7 multipv 1 score cp 35 nodes 12000 pv d3-e3A", &ans)
	assert.Equal(t, 35, ans.a.Score)
	assert.Equal(t, 7, ans.a.Depth)
}
