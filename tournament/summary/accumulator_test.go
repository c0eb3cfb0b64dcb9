package summary

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/engine/record/recordtest"
	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scan streams files into an accumulator the way the stats command does.
func scan(t *testing.T, paths ...string) (*Summary, record.ScanStats) {
	t.Helper()
	acc := NewAccumulator(nil, nil, deterministic)
	st, err := record.ScanRecords(paths, record.ScanOptions{}, func(r *record.Record, at record.Place) error {
		acc.Add(r, at.File)
		return nil
	})
	require.NoError(t, err)
	return acc.Summary(), st
}

func TestNumJSONStatesInfinities(t *testing.T) {
	type row struct{ A, B, C, D Num }
	in := row{Num(math.Inf(1)), Num(math.Inf(-1)), Num(math.NaN()), 0.25}
	data, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, `{"A":"+inf","B":"-inf","C":null,"D":0.25}`, string(data))
	var out row
	require.NoError(t, json.Unmarshal(data, &out))
	assert.True(t, math.IsInf(float64(out.A), 1))
	assert.True(t, math.IsInf(float64(out.B), -1))
	assert.True(t, math.IsNaN(float64(out.C)))
	assert.Equal(t, Num(0.25), out.D)
	assert.Error(t, json.Unmarshal([]byte(`{"A":"inf"}`), &out))
}

// TestSummaryCountedByHand checks the tables against counts made by hand from six
// records: A and B play two colour-swapped pairs, C plays itself twice.
func TestSummaryCountedByHand(t *testing.T) {
	path := writeFile(t,
		rec(runA, 0, 0, "A", "B", "1-0", "a1"),       // A wins with White
		rec(runA, 1, 0, "B", "A", "1-0", "b1"),       // A loses with Black
		rec(runA, 2, 1, "A", "B", "1/2-1/2", "a2"),   // draw
		rec(runA, 3, 1, "B", "A", "0-1", "b2", "b3"), // A wins with Black
		rec(runA, 4, 2, "C", "C", "0-1", "c1"),       // self-play: Black wins
		rec(runA, 5, 2, "C", "C", "1-0", "c2", "c3")) // self-play: White wins
	s, st := scan(t, path)
	assert.Equal(t, record.ScanStats{Records: 6}, st)
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 6, s.DistinctGames)
	assert.Equal(t, 1, s.Runs)
	assert.Equal(t, 1, s.DistinctOpenings)

	// Standings exclude self-play: A +2 =1 -1 (twice White: +1 =1; twice Black: +1 -1).
	require.Len(t, s.Players, 2)
	a := s.Players[0]
	assert.Equal(t, "A", a.Player)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, a.WDL)
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 1, Losses: 0}, a.AsWhite)
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 0, Losses: 1}, a.AsBlack)
	assert.Equal(t, MethodAll, a.Method)
	assert.InDelta(t, 2.5/4, float64(a.Score.Value), 1e-12)
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 1, Losses: 2}, s.Players[1].WDL)

	// Head to head: pair 0 gives A 1 + 0 = 1 point, pair 1 gives ½ + 1 = 1½.
	require.Len(t, s.Pairs, 1)
	assert.Equal(t, [2]string{"A", "B"}, [2]string{s.Pairs[0].A, s.Pairs[0].B})
	assert.Equal(t, [5]int{0, 0, 1, 1, 0}, s.Pairs[0].Pentanomial)

	// White's results: A-B games 1-0, 1-0, ½, 0-1 → +2 =1 -1; C's games 0-1, 1-0 → +1 -1.
	require.Len(t, s.FirstMove, 3)
	byName := map[string]FirstMoveStats{}
	for _, f := range s.FirstMove {
		byName[f.Matchup] = f
	}
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, byName["A vs B"].White)
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 0, Losses: 1}, byName["C"].White)
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 1, Losses: 2}, byName["all"].White)
	want := stats.FirstMove(stats.WDL{Wins: 3, Draws: 1, Losses: 2}, Confidence)
	assert.InDelta(t, want.Score.Lo, float64(byName["all"].Score.Lo), 1e-12)

	// Lengths: 1, 1, 1, 2, 1, 2 plies.
	all := s.Lengths[len(s.Lengths)-1]
	assert.Equal(t, "all", all.Matchup)
	assert.Equal(t, 6, all.Natural.Count)
	assert.InDelta(t, 8.0/6, float64(all.Natural.Mean), 1e-12)
	assert.Equal(t, map[string]int{"no-pieces": 5, "paika-limit": 1}, all.Reasons)
}

func TestDuplicatesAreDroppedOnce(t *testing.T) {
	g0, g1 := rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runA, 1, 0, "B", "A", "1/2-1/2", "y")
	dup := g0
	dup.Seconds = 9 // the wall time is not part of the game
	path := writeFile(t, g0, g1, dup)

	// The same record twice in one file.
	s, st := scan(t, path)
	assert.Equal(t, 1, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, [5]int{0, 0, 0, 1, 0}, s.Pairs[0].Pentanomial) // 1 + ½

	// stats X X: every record of the second copy is a duplicate.
	s, st = scan(t, path, path)
	assert.Equal(t, 4, st.Duplicates)
	assert.Equal(t, 2, s.Games)

	// A run plus one of its shards (another file, the same run id).
	shard := writeFile(t, g1)
	s, st = scan(t, path, shard)
	assert.Equal(t, 2, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Pairs[0].Pentanomial[3])

	// Records without a run id: the file is the run, so X X is still one run.
	old0, old1 := g0, g1
	old0.Run, old1.Run = "", ""
	legacy := writeFile(t, old0, old1)
	s, st = scan(t, legacy, legacy)
	assert.Equal(t, 2, st.Duplicates)
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Runs)
}

// Two runs both have a pair 0: keyed by (run, pair), each is a pair of its own.
func TestTwoRunsCombinePairsByRun(t *testing.T) {
	// Interleaved, as in a file that concatenates two runs' records in finishing order.
	a := writeFile(t, rec(runA, 0, 0, "A", "B", "1-0", "x"), rec(runB, 0, 0, "A", "B", "0-1", "p"))
	b := writeFile(t, rec(runA, 1, 0, "B", "A", "0-1", "y"), rec(runB, 1, 0, "B", "A", "1-0", "q"))
	s, st := scan(t, a, b)
	assert.Equal(t, 0, st.Duplicates)
	assert.Equal(t, 2, s.Runs)
	assert.Equal(t, 4, s.Games)
	// Run A's pair: A scores 2; run B's pair: 0. Mixed by pair number they would give two
	// pairs of 1 (or drop the games).
	assert.Equal(t, [5]int{1, 0, 0, 0, 1}, s.Pairs[0].Pentanomial)

	// The same for two files without run ids: each file is a run.
	x := writeFile(t, rec("", 0, 0, "A", "B", "1-0", "x"), rec("", 1, 0, "B", "A", "0-1", "y"))
	y := writeFile(t, rec("", 0, 0, "A", "B", "0-1", "p"), rec("", 1, 0, "B", "A", "1-0", "q"))
	s, _ = scan(t, x, y)
	assert.Equal(t, 2, s.Runs)
	assert.Equal(t, [5]int{1, 0, 0, 0, 1}, s.Pairs[0].Pentanomial)
}

// Repeated games count once in the estimates: six records that are two distinct games.
func TestRepeatedGamesCountOnce(t *testing.T) {
	const fixed = "expert:depth=2" // deterministic: a repeat is the same game again
	var recs []record.Record
	for i := 0; i < 6; i++ {
		if i%3 == 2 {
			recs = append(recs, rec(runA, i, i/2, fixed, fixed, "1/2-1/2", "d1", "d2"))
		} else {
			recs = append(recs, rec(runA, i, i/2, fixed, fixed, "1-0", "w1"))
		}
	}
	s, _ := scan(t, writeFile(t, recs...))
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 2, s.DistinctGames)
	f := s.FirstMove[0]
	assert.Equal(t, MethodDistinct, f.Method)
	assert.Equal(t, stats.WDL{Wins: 4, Draws: 2, Losses: 0}, f.White)
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 1, Losses: 0}, f.DistinctWhite)
	want := stats.FirstMove(stats.WDL{Wins: 1, Draws: 1}, Confidence)
	assert.InDelta(t, want.Score.Lo, float64(f.Score.Lo), 1e-12)
	assert.InDelta(t, want.Score.Hi, float64(f.Score.Hi), 1e-12)
	assert.InDelta(t, want.PValue, float64(f.PValue), 1e-12)
}

// Identical games of players that choose at random (or lost by an engine's failure) are
// independent results: each counts.
func TestChanceRepeatsCountEach(t *testing.T) {
	var recs []record.Record
	for i := 0; i < 4; i++ {
		recs = append(recs, rec(runA, i, i/2, "greedy", "greedy", "1-0", "w1"))
	}
	recs = append(recs, rec(runA, 4, 2, "expert:depth=2,vary=10", "expert:depth=2,vary=10", "1-0", "w1"))
	recs = append(recs, rec(runA, 5, 2, "expert:depth=2,vary=10", "expert:depth=2,vary=10", "1-0", "w1"))
	s, _ := scan(t, writeFile(t, recs...))
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 6, s.DistinctGames)
	for _, f := range s.FirstMove {
		assert.Equal(t, MethodAll, f.Method, f.Matchup)
	}
}

// deterministic stands for package tournament's Deterministic on the specs these tests
// use: the fixed-depth experts choose the same turn whatever their seed; the others
// (greedy, an expert with vary) draw among turns.
func deterministic(spec string) bool {
	switch spec {
	case "expert:depth=1", "expert:depth=2":
		return true
	}
	return false
}

// Hand-built records (package recordtest).
const runA, runB = recordtest.RunA, recordtest.RunB

var rec, writeFile = recordtest.Rec, recordtest.WriteFile

// A record's ply cap is bounded so that its game length can always be counted.
func TestRecordCapIsCountable(t *testing.T) {
	assert.Equal(t, stats.MaxCountedPlies, record.MaxPlies)
}

func TestMatchupIgnoresColour(t *testing.T) {
	for _, c := range []struct {
		white, black, name string
		players            []string
	}{
		{"medium", "easy", "easy vs medium", []string{"easy", "medium"}},
		{"easy", "medium", "easy vs medium", []string{"easy", "medium"}},
		{"expert:depth=3", "expert:depth=3", "expert:depth=3", []string{"expert:depth=3"}},
	} {
		m := MatchupOf(c.white, c.black)
		assert.Equal(t, c.name, m.String(), "%s against %s", c.white, c.black)
		assert.Equal(t, c.players, m.Players(), "%s against %s", c.white, c.black)
	}
}
