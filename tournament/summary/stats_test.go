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
