package summary

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRatingsFitInListingOrder: the joint fit is FitRatingsCounted over one entry per
// (White, Black, outcome), listed by White's place, then Black's, then wins, draws and
// losses; a floating-point fit depends on that order, and the order must not depend on
// map iteration, so every summary of the same games gives the same bits.
func TestRatingsFitInListingOrder(t *testing.T) {
	recs := threePlayers()
	num := map[string]int{"A": 0, "B": 1, "C": 2}
	type key struct{ w, b int }
	counts := map[key]*[3]int{}
	for _, r := range recs {
		k := key{num[r.White], num[r.Black]}
		if counts[k] == nil {
			counts[k] = &[3]int{}
		}
		counts[k][map[string]int{"1-0": 0, "1/2-1/2": 1, "0-1": 2}[r.Result]]++
	}
	var keys []key
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].w != keys[j].w {
			return keys[i].w < keys[j].w
		}
		return keys[i].b < keys[j].b
	})
	var games []stats.CountedGame
	for _, k := range keys {
		for o, score := range []float64{1, 0.5, 0} {
			if n := counts[k][o]; n > 0 {
				games = append(games, stats.CountedGame{Game: stats.Game{White: k.w, Black: k.b, Score: score}, Count: n})
			}
		}
	}
	want, err := stats.FitRatingsCounted(3, games, Confidence)
	require.NoError(t, err)
	for range 20 {
		s := Summarize(recs, nil, deterministic)
		require.NotNil(t, s.Ratings)
		for i := range 3 {
			assert.Equal(t, est(want.Elo[i]), s.Ratings.Elo[i])
		}
		assert.Equal(t, est(want.FirstMove), s.Ratings.FirstMove)
		assert.Equal(t, Num(want.DrawElo), s.Ratings.DrawElo)
	}
}

// eloOf is the logistic Elo of a score, written out here rather than taken from package
// stats: −400·log10(1/s − 1).
func eloOf(s float64) float64 { return -400 * math.Log10(1/s-1) }

// threePlayers is thirteen hand-written games among A, B and C in six colour-swapped
// pairs and one unpaired game, every game different (distinct turns). The comments give
// each game from White's side and the pair's points for the first-named player.
func threePlayers() []record.Record {
	return []record.Record{
		rec(runA, 0, 0, "A", "B", "1-0", "g0"),        // A wins with White
		rec(runA, 1, 0, "B", "A", "1/2-1/2", "g1"),    // draw: pair 0, A 1½
		rec(runA, 2, 1, "A", "B", "0-1", "g2"),        // A loses with White
		rec(runA, 3, 1, "B", "A", "0-1", "g3"),        // A wins with Black: pair 1, A 1
		rec(runA, 4, 2, "A", "B", "1-0", "g4"),        // A wins with White
		rec(runA, 5, 2, "B", "A", "0-1", "g5"),        // A wins with Black: pair 2, A 2
		rec(runA, 6, 3, "A", "C", "1/2-1/2", "g6"),    // draw
		rec(runA, 7, 3, "C", "A", "1-0", "g7"),        // C wins with White: pair 3, A ½, C 1½
		rec(runA, 8, 4, "B", "C", "1-0", "g8"),        // B wins with White
		rec(runA, 9, 4, "C", "B", "1-0", "g9"),        // C wins with White: pair 4, B 1, C 1
		rec(runA, 10, 5, "B", "C", "0-1", "g10"),      // C wins with Black
		rec(runA, 11, 5, "C", "B", "1/2-1/2", "g11"),  // draw: pair 5, B ½, C 1½
		rec(runA, 12, 6, "A", "C", "1/2-1/2", "g12a"), // unpaired draw
	}
}

func accumulate(recs []record.Record, sprt *SPRTConfig, order []string) *Summary {
	a := NewAccumulator(sprt, order, deterministic)
	for i := range recs {
		a.Add(&recs[i], "")
	}
	return a.Summary()
}

// TestStandingsCountedByHand recomputes the standings of threePlayers from the game list:
//
//	A: wins g0 g3 g4 g5, draws g1 g6 g12a, losses g2 g7      → +4 =3 −2, 5.5/9
//	   with White g0 W, g2 L, g4 W, g6 D, g12a D             → +2 =2 −1
//	   with Black g1 D, g3 W, g5 W, g7 L                     → +2 =1 −1
//	B: wins g2 g8, draws g1 g11, losses g0 g3 g4 g5 g9 g10   → +2 =2 −6, 3/10
//	   with White g1 D, g3 L, g5 L, g8 W, g10 L              → +1 =1 −3
//	   with Black g0 L, g2 W, g4 L, g9 L, g11 D              → +1 =1 −3
//	C: wins g7 g9 g10, draws g6 g11 g12a, loss g8            → +3 =3 −1, 4.5/7
//	   with White g7 W, g9 W, g11 D                          → +2 =1 −0
//	   with Black g6 D, g8 L, g10 W, g12a D                  → +1 =2 −1
func TestStandingsCountedByHand(t *testing.T) {
	want := map[string]struct {
		wdl, white, black stats.WDL
		score             float64
	}{
		"A": {stats.WDL{Wins: 4, Draws: 3, Losses: 2}, stats.WDL{Wins: 2, Draws: 2, Losses: 1}, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, 5.5 / 9},
		"B": {stats.WDL{Wins: 2, Draws: 2, Losses: 6}, stats.WDL{Wins: 1, Draws: 1, Losses: 3}, stats.WDL{Wins: 1, Draws: 1, Losses: 3}, 3.0 / 10},
		"C": {stats.WDL{Wins: 3, Draws: 3, Losses: 1}, stats.WDL{Wins: 2, Draws: 1, Losses: 0}, stats.WDL{Wins: 1, Draws: 2, Losses: 1}, 4.5 / 7},
	}
	for _, order := range [][]string{nil, {"C", "A", "B"}} {
		s := accumulate(threePlayers(), nil, order)
		require.Len(t, s.Players, 3)
		names := []string{}
		for _, p := range s.Players {
			names = append(names, p.Player)
			w := want[p.Player]
			assert.Equal(t, w.wdl, p.WDL, "%s: results", p.Player)
			assert.Equal(t, w.white, p.AsWhite, "%s: results with White", p.Player)
			assert.Equal(t, w.black, p.AsBlack, "%s: results with Black", p.Player)
			assert.Equal(t, w.wdl.Wins+w.wdl.Draws+w.wdl.Losses, p.Games)
			assert.Equal(t, MethodAll, p.Method)
			assert.InDelta(t, w.score, float64(p.Score.Value), 1e-12, p.Player)
			// Each player's Elo is from its own score (A +78.5, B −147.2, C +102.1).
			assert.InDelta(t, eloOf(w.score), float64(p.Elo.Value), 1e-9, p.Player)
			assert.True(t, float64(p.Score.Lo) < w.score && w.score < float64(p.Score.Hi), p.Player)
			assert.True(t, float64(p.Elo.Lo) < float64(p.Elo.Value) && float64(p.Elo.Value) < float64(p.Elo.Hi), p.Player)
		}
		if order == nil {
			assert.Equal(t, []string{"A", "B", "C"}, names, "alphabetical without a run order")
		} else {
			assert.Equal(t, order, names, "the run's order")
		}
		assert.Equal(t, 13, s.Games)
		assert.Equal(t, 13, s.DistinctGames)
	}
	// By hand: A 400·log10(5.5/3.5) = +78.52, B −400·log10(7/3) = −147.19,
	// C 400·log10(4.5/2.5) = +102.11 Elo.
	assert.InDelta(t, 78.52, eloOf(5.5/9), 0.01)
	assert.InDelta(t, -147.19, eloOf(0.3), 0.01)
	assert.InDelta(t, 102.11, eloOf(4.5/7), 0.01)
}

// TestHeadToHeadFromTheListedSide recomputes the pair rows of threePlayers: the WDL and
// the pentanomial are the first-listed player's, whichever order the players come in.
func TestHeadToHeadFromTheListedSide(t *testing.T) {
	type row struct {
		a, b   string
		wdl    stats.WDL
		pent   [5]int
		score  float64 // from the WDL
		pscore float64 // per game, from the pentanomial
	}
	check := func(order []string, want []row) {
		t.Helper()
		s := accumulate(threePlayers(), nil, order)
		require.Len(t, s.Pairs, len(want))
		for i, w := range want {
			p := s.Pairs[i]
			assert.Equal(t, [2]string{w.a, w.b}, [2]string{p.A, p.B}, "row %d", i)
			assert.Equal(t, w.wdl, p.WDL, "%s vs %s", w.a, w.b)
			assert.Equal(t, w.pent, p.Pentanomial, "%s vs %s: %s's pairs", w.a, w.b, w.a)
			assert.Equal(t, w.wdl.Wins+w.wdl.Draws+w.wdl.Losses, p.Games)
			assert.InDelta(t, w.score, float64(p.Score.Value), 1e-12, "%s vs %s", w.a, w.b)
			assert.InDelta(t, eloOf(w.score), float64(p.Elo.Value), 1e-9, "%s vs %s", w.a, w.b)
			assert.InDelta(t, eloOf(w.pscore), float64(p.PairElo.Value), 1e-9, "%s vs %s", w.a, w.b)
			// LOS Φ((W−L)/√(W+L)) from the listed side: above ½ exactly when W > L.
			assert.Equal(t, w.wdl.Wins > w.wdl.Losses, float64(p.LOS) > 0.5, "%s vs %s: LOS %v", w.a, w.b, p.LOS)
		}
	}
	// Alphabetical. A vs B: g0 W, g1 D, g2 L, g3 W, g4 W, g5 W → +4 =1 −1; pairs 1½, 1, 2
	// → [0 0 1 1 1], per game (¾ + ½ + 1)/3 = ¾. A vs C: g6 D, g7 L, g12a D → +0 =2 −1;
	// pair 3 gives A ½ → [0 1 0 0 0], ¼ (g12a has no partner). B vs C: g8 W, g9 L, g10 L,
	// g11 D → +1 =1 −2; pairs 1, ½ → [0 1 1 0 0], (½ + ¼)/2 = 3/8.
	check(nil, []row{
		{"A", "B", stats.WDL{Wins: 4, Draws: 1, Losses: 1}, [5]int{0, 0, 1, 1, 1}, 4.5 / 6, 0.75},
		{"A", "C", stats.WDL{Wins: 0, Draws: 2, Losses: 1}, [5]int{0, 1, 0, 0, 0}, 1.0 / 3, 0.25},
		{"B", "C", stats.WDL{Wins: 1, Draws: 1, Losses: 2}, [5]int{0, 1, 1, 0, 0}, 1.5 / 4, 0.375},
	})
	// In the run order C, A, B the rows are C vs A, C vs B, A vs B, each from its first
	// player's side: C vs A +1 =2 −0, pair 3 gives C 1½ → [0 0 0 1 0]; C vs B +2 =1 −1,
	// pairs 1, 1½ → [0 0 1 1 0], (½ + ¾)/2 = 5/8.
	check([]string{"C", "A", "B"}, []row{
		{"C", "A", stats.WDL{Wins: 1, Draws: 2, Losses: 0}, [5]int{0, 0, 0, 1, 0}, 2.0 / 3, 0.75},
		{"C", "B", stats.WDL{Wins: 2, Draws: 1, Losses: 1}, [5]int{0, 0, 1, 1, 0}, 2.5 / 4, 0.625},
		{"A", "B", stats.WDL{Wins: 4, Draws: 1, Losses: 1}, [5]int{0, 0, 1, 1, 1}, 4.5 / 6, 0.75},
	})
}

// TestFirstMoveCountedByHand: White's results per matchup and over all games.
func TestFirstMoveCountedByHand(t *testing.T) {
	s := accumulate(threePlayers(), nil, nil)
	got := map[string]FirstMoveStats{}
	for _, f := range s.FirstMove {
		got[f.Matchup] = f
	}
	require.Len(t, got, 4)
	// A vs B: g0 1-0, g1 ½, g2 0-1, g3 0-1, g4 1-0, g5 0-1 → White +2 =1 −3.
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 3}, got["A vs B"].White)
	// A vs C: g6 ½, g7 1-0, g12a ½ → +1 =2 −0. B vs C: g8 1-0, g9 1-0, g10 0-1, g11 ½.
	assert.Equal(t, stats.WDL{Wins: 1, Draws: 2, Losses: 0}, got["A vs C"].White)
	assert.Equal(t, stats.WDL{Wins: 2, Draws: 1, Losses: 1}, got["B vs C"].White)
	all := got["all"]
	assert.Equal(t, stats.WDL{Wins: 5, Draws: 4, Losses: 4}, all.White)
	assert.Equal(t, 13, all.Games)
	assert.InDelta(t, 7.0/13, float64(all.Score.Value), 1e-12) // (5 + 4/2)/13
	assert.InDelta(t, 5.0/13, float64(all.WinRate.Value), 1e-12)
	assert.InDelta(t, 4.0/13, float64(all.Loss.Value), 1e-12)
	// Sign test on 5 White wins against 4 Black wins: no outcome of 9 fair coins is more
	// likely than 5 heads (126/512, as likely as 4), so p = 1.
	assert.InDelta(t, 1, float64(all.PValue), 1e-12)
}

// TestSPRTDecisionsInTheSummary: A meets B in colour-swapped pairs, every game different.
// With elo0 = 0, elo1 = 100 and α = β = 0.05 the LLR of whole pairs won or lost is
// W·ln(s1/s0) + L·ln((1−s1)/(1−s0)) = W·0.246962 − L·0.328685 (s1 = 0.640065) against
// bounds ±ln 19 = ±2.944439 (package stats' tests derive the same by hand).
func TestSPRTDecisionsInTheSummary(t *testing.T) {
	pairs := func(aWins, aLoses int) []record.Record {
		var recs []record.Record
		for k := 0; k < aWins+aLoses; k++ {
			r1, r2 := "1-0", "0-1" // A wins with White, then with Black
			if k >= aWins {
				r1, r2 = r2, r1
			}
			recs = append(recs,
				rec(runA, 2*k, k, "A", "B", r1, fmt.Sprintf("a%d", k)),
				rec(runA, 2*k+1, k, "B", "A", r2, fmt.Sprintf("b%d", k)))
		}
		return recs
	}
	sprt := &SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		won, lost int
		order     []string
		first     string
		llr       float64
		decision  string
	}{
		{12, 0, nil, "A", 12 * 0.24696163496644355, "H1"},                    // 2.9635 ≥ 2.9444
		{11, 0, nil, "A", 11 * 0.24696163496644355, "continue"},              // 2.7166
		{0, 9, nil, "A", 9 * -0.328684638282068, "H0"},                       // −2.9582 ≤ −2.9444
		{0, 9, []string{"B", "A"}, "B", 9 * 0.24696163496644355, "continue"}, // B won 9: 2.2227
		{0, 12, []string{"B", "A"}, "B", 12 * 0.24696163496644355, "H1"},
		{12, 0, []string{"B", "A"}, "B", 12 * -0.328684638282068, "H0"}, // −3.9442
	} {
		s := accumulate(pairs(c.won, c.lost), sprt, c.order)
		require.Len(t, s.Pairs, 1)
		p := s.Pairs[0]
		require.NotNil(t, p.SPRT)
		assert.Equal(t, c.first, p.A)
		assert.InDelta(t, c.llr, float64(p.SPRT.LLR), 1e-9, "%+v", c)
		assert.Equal(t, c.decision, p.SPRT.Decision, "%+v", c)
		assert.InDelta(t, -2.9444389791664403, float64(p.SPRT.Lower), 1e-12)
		assert.InDelta(t, 2.9444389791664403, float64(p.SPRT.Upper), 1e-12)
		assert.Equal(t, [4]float64{0, 100, 0.05, 0.05}, [4]float64{p.SPRT.Elo0, p.SPRT.Elo1, p.SPRT.Alpha, p.SPRT.Beta})
		// The accumulator stops a run once every pair has decided, by the same test as
		// the summary's (of the first-listed player).
		acc := NewAccumulator(sprt, c.order, deterministic)
		for _, r := range pairs(c.won, c.lost) {
			acc.Add(&r, "")
		}
		assert.Equal(t, c.decision != "continue", acc.SPRTDecided(1), "%+v", c)
	}
	// No test without a configuration.
	s := accumulate(pairs(12, 0), nil, nil)
	assert.Nil(t, s.Pairs[0].SPRT)
	assert.False(t, NewAccumulator(nil, nil, deterministic).SPRTDecided(1))
}

// TestCompareLengthsComparesTheTwoSets: lengths 1, 1, 2 against 3, 3, 3, 4 plies. The
// empirical CDFs are apart by 1 at 2 plies (all of the first set, none of the second), so
// D = 1; the exact p-value is the share of the C(7,3) = 35 orderings of 7 values that
// separate the sets completely, 2/35.
func TestCompareLengthsComparesTheTwoSets(t *testing.T) {
	set := func(run string, lengths ...int) *Accumulator {
		acc := NewAccumulator(nil, nil, deterministic)
		for i, n := range lengths {
			turns := make([]string, n)
			for j := range turns {
				turns[j] = fmt.Sprintf("%s%d.%d", run[:1], i, j)
			}
			r := rec(run, i, i/2, "A", "B", "1-0", turns...)
			acc.Add(&r, "")
		}
		return acc
	}
	a, b := set(runA, 1, 1, 2), set(runB, 3, 3, 3, 4)
	ks := CompareLengths(a, b)
	assert.Equal(t, 1.0, ks.D)
	assert.InDelta(t, 2.0/35, ks.PValue, 1e-12)
	assert.True(t, ks.Exact)
	assert.Equal(t, [2]int{3, 4}, [2]int{ks.N, ks.M})
	assert.Equal(t, MethodAll, ks.Method)
	// And the other way round: the same D and p, the counts swapped.
	ks = CompareLengths(b, a)
	assert.Equal(t, 1.0, ks.D)
	assert.Equal(t, [2]int{4, 3}, [2]int{ks.N, ks.M})
	// Overlapping sets 1, 2, 3 and 2, 3, 4: at 1 ply the CDFs are ⅓ and 0, at 2 ⅔ and ⅓,
	// at 3 1 and ⅔: D = ⅓.
	ks = CompareLengths(set(runA, 1, 2, 3), set(runB, 2, 3, 4))
	assert.InDelta(t, 1.0/3, ks.D, 1e-12)
}

// TestRatingsAndRowOrderByHand: the ratings row is package stats' fit of the games listed
// here one by one (player numbers in the run's order), and the per-matchup rows come in
// the run's order.
func TestRatingsAndRowOrderByHand(t *testing.T) {
	for _, c := range []struct {
		order, players, matchups, pairs []string
	}{
		// Alphabetical: A vs B (ranks 0, 1), A vs C (0, 2), B vs C (1, 2).
		{nil, []string{"A", "B", "C"}, []string{"A vs B", "A vs C", "B vs C", "all"}, []string{"A-B", "A-C", "B-C"}},
		// C, A, B: A vs C (ranks 1, 0 → 0, 1), B vs C (2, 0 → 0, 2), A vs B (1, 2). Head to
		// head lists the earlier-listed player first: C-A, C-B, A-B.
		{[]string{"C", "A", "B"}, []string{"C", "A", "B"}, []string{"A vs C", "B vs C", "A vs B", "all"}, []string{"C-A", "C-B", "A-B"}},
	} {
		s := accumulate(threePlayers(), nil, c.order)
		var h2h []string
		for _, p := range s.Pairs {
			h2h = append(h2h, p.A+"-"+p.B)
		}
		assert.Equal(t, c.pairs, h2h, "head-to-head rows, order %v", c.order)
		var fm, ln []string
		for _, f := range s.FirstMove {
			fm = append(fm, f.Matchup)
		}
		for _, l := range s.Lengths {
			ln = append(ln, l.Matchup)
		}
		assert.Equal(t, c.matchups, fm, "first-move rows, order %v", c.order)
		assert.Equal(t, c.matchups, ln, "length rows, order %v", c.order)

		num := map[string]int{}
		for i, n := range c.players {
			num[n] = i
		}
		var games []stats.Game
		for _, r := range threePlayers() {
			score := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[r.Result]
			games = append(games, stats.Game{White: num[r.White], Black: num[r.Black], Score: score})
		}
		want, err := stats.FitRatings(3, games, Confidence)
		require.NoError(t, err)
		require.NotNil(t, s.Ratings)
		assert.Empty(t, s.Ratings.Error)
		assert.Equal(t, c.players, s.Ratings.Players)
		assert.Equal(t, MethodAll, s.Ratings.Method)
		for i := range c.players {
			assert.InDelta(t, want.Elo[i].Value, float64(s.Ratings.Elo[i].Value), 1e-6, "%s", c.players[i])
			assert.InDelta(t, want.Elo[i].Lo, float64(s.Ratings.Elo[i].Lo), 1e-6, "%s", c.players[i])
		}
		assert.InDelta(t, want.FirstMove.Value, float64(s.Ratings.FirstMove.Value), 1e-6)
		assert.InDelta(t, want.DrawElo, float64(s.Ratings.DrawElo), 1e-6)
	}
	// One player: no ratings row, one matchup and no "all" row.
	one := accumulate([]record.Record{rec(runA, 0, 0, "A", "A", "1-0", "x")}, nil, nil)
	assert.Nil(t, one.Ratings)
	require.Len(t, one.FirstMove, 1)
	assert.Equal(t, "A", one.FirstMove[0].Matchup)
	assert.Len(t, one.Lengths, 1)

	// A self-play matchup sorts by its player's place: in the order C, A, B the matchups
	// rank (0, 1) A vs C, (0, 2) B vs C, (1, 1) A, (1, 2) A vs B.
	recs := append(threePlayers(), rec(runA, 13, 7, "A", "A", "1-0", "self"))
	var fm []string
	for _, f := range accumulate(recs, nil, []string{"C", "A", "B"}).FirstMove {
		fm = append(fm, f.Matchup)
	}
	assert.Equal(t, []string{"A vs C", "B vs C", "A", "A vs B", "all"}, fm)

	// A pair with no complete colour-swapped pair has no pair Elo (null in JSON).
	lone := accumulate([]record.Record{rec(runA, 0, 0, "A", "B", "1-0", "x")}, nil, nil)
	pe := lone.Pairs[0].PairElo
	assert.True(t, math.IsNaN(float64(pe.Value)) && math.IsNaN(float64(pe.Lo)) && math.IsNaN(float64(pe.Hi)), "%+v", pe)
}

// Two deterministic players (fixed search, no randomness): a game between them can
// repeat as the same game; A sorts first.
const fixedA, fixedB = "expert:depth=1", "expert:depth=2"

// TestRepeatedPairCountsOnce: a colour-swapped pair of two deterministic players A and B
// (only their games can repeat as the same game) played twice with the same
// turns (the same two games) and one different pair. Every game, A's side: p won, q lost,
// p won, q lost, r won, s won → +4 −2; pairs 1, 1, 2 points → [0 0 2 0 1]. Distinct
// games p, q, r, s → +3 −1; distinct pairs 1 and 2 points → [0 0 1 0 1].
func TestRepeatedPairCountsOnce(t *testing.T) {
	recs := []record.Record{
		rec(runA, 0, 0, fixedA, fixedB, "1-0", "p"),
		rec(runA, 1, 0, fixedB, fixedA, "1-0", "q"),
		rec(runA, 2, 1, fixedA, fixedB, "1-0", "p"), // the same game as 0
		rec(runA, 3, 1, fixedB, fixedA, "1-0", "q"), // the same game as 1
		rec(runA, 4, 2, fixedA, fixedB, "1-0", "r"),
		rec(runA, 5, 2, fixedB, fixedA, "0-1", "s"),
	}
	sprt := &SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	s := accumulate(recs, sprt, nil)
	require.Len(t, s.Pairs, 1)
	p := s.Pairs[0]
	assert.Equal(t, 6, p.Games)
	assert.Equal(t, 4, p.DistinctGames)
	assert.Equal(t, MethodDistinct, p.Method)
	assert.Equal(t, stats.WDL{Wins: 4, Draws: 0, Losses: 2}, p.WDL)
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 0, Losses: 1}, p.DistinctWDL)
	assert.Equal(t, [5]int{0, 0, 2, 0, 1}, p.Pentanomial)
	assert.Equal(t, [5]int{0, 0, 1, 0, 1}, p.DistinctPentanomial)
	// The estimates count the distinct games: score 3/4, pair Elo from (½ + 1)/2 = ¾, the
	// SPRT over the distinct pentanomial.
	assert.InDelta(t, 0.75, float64(p.Score.Value), 1e-12)
	assert.InDelta(t, eloOf(0.75), float64(p.PairElo.Value), 1e-9)
	assert.Equal(t, stats.SPRT(stats.Pentanomial{0, 0, 1, 0, 1}, 0, 100, 0.05, 0.05).LLR, float64(p.SPRT.LLR))
	// Standings and first move count the distinct games too.
	assert.Equal(t, MethodDistinct, s.Players[0].Method)
	assert.InDelta(t, 0.75, float64(s.Players[0].Score.Value), 1e-12)
	assert.Equal(t, MethodDistinct, s.Ratings.Method)
	// The ratings fit the four distinct games p, q, r, s.
	want, err := stats.FitRatings(2, []stats.Game{{White: 0, Black: 1, Score: 1}, {White: 1, Black: 0, Score: 1},
		{White: 0, Black: 1, Score: 1}, {White: 1, Black: 0, Score: 0}}, Confidence)
	require.NoError(t, err)
	assert.InDelta(t, want.Elo[0].Value, float64(s.Ratings.Elo[0].Value), 1e-6)
	assert.InDelta(t, want.FirstMove.Value, float64(s.Ratings.FirstMove.Value), 1e-6)
	f := s.FirstMove[0]
	assert.Equal(t, MethodDistinct, f.Method)
	assert.Equal(t, stats.WDL{Wins: 3, Draws: 0, Losses: 1}, f.DistinctWhite) // p, q, r White wins; s Black wins
	assert.InDelta(t, 0.75, float64(f.Score.Value), 1e-12)
}

// TestSPRTStopCountsDistinctPairs: one winning pair repeated twelve times with the same
// turns is one distinct pair, LLR 0.246962, far from the bound 2.944; counted twelve
// times it would be 2.9635 and stop the run.
func TestSPRTStopCountsDistinctPairs(t *testing.T) {
	sprt := &SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	acc := NewAccumulator(sprt, nil, deterministic)
	for k := 0; k < 12; k++ {
		w, b := rec(runA, 2*k, k, fixedA, fixedB, "1-0", "same-w"), rec(runA, 2*k+1, k, fixedB, fixedA, "0-1", "same-b")
		acc.Add(&w, "")
		acc.Add(&b, "")
	}
	assert.False(t, acc.SPRTDecided(1))
	p := acc.Summary().Pairs[0]
	assert.Equal(t, [5]int{0, 0, 0, 0, 12}, p.Pentanomial)
	assert.Equal(t, [5]int{0, 0, 0, 0, 1}, p.DistinctPentanomial)
	assert.InDelta(t, 0.24696163496644355, float64(p.SPRT.LLR), 1e-12)
	assert.Equal(t, "continue", p.SPRT.Decision)
}

// TestRecordCapIsTheCountedBound: a record's ply cap may reach exactly the longest game the
// length statistics count, so no valid record is refused by them.
func TestRecordCapIsTheCountedBound(t *testing.T) {
	assert.Equal(t, stats.MaxCountedPlies, record.MaxPlies)
}

// TestSPRTUndecidedWhileAPairingHasNoGames: a decided pair does not make the run's tests
// decided while another of its tested pairings has played nothing.
func TestSPRTUndecidedWhileAPairingHasNoGames(t *testing.T) {
	acc := NewAccumulator(&SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}, nil, deterministic)
	for k := 0; k < 20; k++ { // A wins both games of 20 pairs: H1 (LLR 4.94)
		for _, r := range []record.Record{rec(runA, 2*k, k, "A", "B", "1-0", fmt.Sprintf("a%d", k)),
			rec(runA, 2*k+1, k, "B", "A", "0-1", fmt.Sprintf("b%d", k))} {
			acc.Add(&r, "")
		}
	}
	require.True(t, acc.SPRTDecided(1), "the one pair with games has decided")
	assert.False(t, acc.SPRTDecided(2), "a second tested pairing has no games yet")
}
