package summary

import (
	"fmt"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatsReadsOneSetOrComparesTwo: the summary is of the first set (its duplicates told
// before the second set is read), the comparison of both sets' lengths is
// CompareLengths' (lengths 1, 1, 2 against 3, 3, 3, 4: D = 1, p = 2/35), and a set that
// does not read is the error.
func TestStatsReadsOneSetOrComparesTwo(t *testing.T) {
	game := func(run string, i, plies int) record.Record {
		turns := make([]string, plies)
		for j := range turns {
			turns[j] = fmt.Sprintf("%s%d.%d", run[:1], i, j)
		}
		return rec(run, i, i/2, "A", "B", "1-0", turns...)
	}
	a0 := game(runA, 0, 1)
	setA := writeFile(t, a0, game(runA, 1, 1), game(runA, 2, 2), a0)
	setB := writeFile(t, game(runB, 0, 3), game(runB, 1, 3), game(runB, 2, 3), game(runB, 3, 4))
	var told []int
	req := StatsRequest{Set: []string{setA}, Duplicates: func(n int) { told = append(told, n) }}

	res, err := Stats(req)
	require.NoError(t, err)
	assert.Equal(t, 3, res.Summary.Games)
	assert.Nil(t, res.Lengths)
	assert.Nil(t, res.LengthKS)
	assert.Equal(t, []int{1}, told)

	told = nil
	req.Compare = []string{setB, setB}
	res, err = Stats(req)
	require.NoError(t, err)
	assert.Equal(t, 3, res.Summary.Games, "the summary is of the first set")
	require.NotNil(t, res.Lengths)
	assert.Equal(t, 1.0, res.Lengths.D)
	assert.InDelta(t, 2.0/35, res.Lengths.PValue, 1e-12)
	assert.Equal(t, [2]int{3, 4}, [2]int{res.Lengths.N, res.Lengths.M})
	assert.Equal(t, res.Lengths.JSON(), res.LengthKS)
	assert.Equal(t, []int{1, 4}, told, "each set's duplicates, in reading order")

	req.Compare = []string{setB + ".missing"}
	_, err = Stats(req)
	assert.ErrorContains(t, err, "no such file")
}

// TestStatsSizesARun: --detect takes the draw rate of the set's games (here 10 of 40) and
// answers by the normal approximation, checked by hand: with draw rate d a game's score
// has sd sqrt(¼ − d/4) under H0 (0.433013 at d = ¼) and sqrt(m − d/4 − m²) at mean m under
// H1 (0.430116 at m = 0.55); 0.55 against 0.5 at α 0.05 (1.959964) and power 0.8
// (0.841621) takes ((1.959964·0.433013 + 0.841621·0.430116)/0.05)² = 586.3, so 587 games;
// 40 games have power Φ((0.05·√40 − 1.959964·0.433013)/0.430116) = Φ(−1.23795) = 0.10787.
func TestStatsSizesARun(t *testing.T) {
	var recs []record.Record
	for i := 0; i < 40; i++ {
		result := []string{"1-0", "0-1", "1/2-1/2", "1-0"}[i%4] // 20 wins, 10 losses, 10 draws for White
		recs = append(recs, rec(runA, i, i/2, "A", "A", result, fmt.Sprintf("t%d", i)))
	}
	set := writeFile(t, recs...)
	res, err := Stats(StatsRequest{Set: []string{set}, Detect: 0.05})
	require.NoError(t, err)
	ss := res.SampleSize
	require.NotNil(t, ss)
	assert.InDelta(t, 0.25, ss.DrawRate, 1e-12)
	assert.Equal(t, 0.8, ss.Power, "the default power")
	assert.Equal(t, 587, ss.GamesNeeded)
	assert.Equal(t, 40, ss.Games)
	assert.InDelta(t, 0.10787, ss.PowerOfGames, 5e-5)

	res, err = Stats(StatsRequest{Set: []string{set}})
	require.NoError(t, err)
	assert.Nil(t, res.SampleSize, "no sizing unless asked")
	for _, bad := range []StatsRequest{{Detect: 0.5}, {Detect: -0.7}, {DetectPower: 0.9}, {Detect: 0.02, DetectPower: 1}} {
		bad.Set = []string{set}
		_, err := Stats(bad)
		assert.Error(t, err, "%+v", bad)
	}
}
