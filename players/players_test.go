// players_test.go: every level plays only legal turns, seeded play is reproducible,
// random is uniform over the turn paths, greedy takes the most pieces, limits and
// cancellation are honoured, the search allocates nothing per node.

package players

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// testSpecs is one of every kind of player, with budgets small enough for unit tests.
var testSpecs = []string{"random", "greedy", "easy", "medium", "hard", "expert:nodes=20000", "expert:depth=3", "mcts:playouts=100"}

type vector struct {
	fen   string
	legal []string // every legal turn, canonical, from the reference data
}

// loadVectors reads the positions of testdata/movegen.jsonl (with their reference turn
// lists) and testdata/perft.json (turns from the perft-verified engine).
func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("../testdata/movegen.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			FEN   string   `json:"fen"`
			Turns []string `json:"turns"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		vs = append(vs, vector{rec.FEN, rec.Turns})
	}
	require.NoError(t, sc.Err())
	data, err := os.ReadFile("../testdata/perft.json")
	require.NoError(t, err)
	var perft struct {
		Positions []struct {
			FEN string `json:"fen"`
		} `json:"positions"`
	}
	require.NoError(t, json.Unmarshal(data, &perft))
	for _, pp := range perft.Positions {
		p := engine.MustParseFEN(pp.FEN)
		var legal []string
		for _, tn := range p.Turns(engine.DefaultRules(), nil) {
			legal = append(legal, tn.String())
		}
		vs = append(vs, vector{pp.FEN, legal})
	}
	require.Greater(t, len(vs), 60)
	return vs
}

// shortVectors is loadVectors, every fourth vector only with -short: the two tests that
// run every player over every vector take half a minute, and mutation testing runs the
// package's -short suite once per mutant.
func shortVectors(t *testing.T) []vector {
	skipUnderRace(t)
	vs := loadVectors(t)
	if !testing.Short() {
		return vs
	}
	var out []vector
	for i := 0; i < len(vs); i += 4 {
		out = append(out, vs[i])
	}
	return out
}

// skipUnderRace skips a long single-goroutine test in a -race -short run.
func skipUnderRace(t *testing.T) {
	if raceDetector && testing.Short() {
		t.Skip("single-goroutine search: run without -race")
	}
}

func TestEveryLevelPlaysLegalTurns(t *testing.T) {
	vs := shortVectors(t)
	r := engine.DefaultRules()
	for _, spec := range testSpecs {
		t.Run(spec, func(t *testing.T) {
			pl, err := NewFromString(spec, 7)
			require.NoError(t, err)
			for _, v := range vs {
				p := engine.MustParseFEN(v.fen)
				require.NotEmpty(t, v.legal, v.fen)
				a, err := Analyze(context.Background(), pl, &p, r)
				require.NoError(t, err, v.fen)
				assert.Contains(t, v.legal, a.Turn.String(), "%s at %s", spec, v.fen)
				require.NotEmpty(t, a.PV, v.fen)
				assert.Equal(t, a.Turn, a.PV[0], "the PV starts with the turn")
				// The PV is a legal line.
				q := p
				for _, tn := range a.PV {
					require.True(t, slices.Contains(q.Turns(r, nil), tn), "PV %v at %s", a.PV, v.fen)
					q = q.Play(tn)
				}
			}
		})
	}
}

func TestNoTurnIsAnError(t *testing.T) {
	p := engine.MustParseFEN("9/9/4W4/9/9 b") // Black has no pieces
	for _, spec := range testSpecs {
		pl, err := NewFromString(spec, 1)
		require.NoError(t, err)
		_, err = pl.Choose(context.Background(), &p, engine.DefaultRules())
		assert.ErrorIs(t, err, ErrNoTurn, spec)
	}
}

func TestSeededChoicesAreReproducible(t *testing.T) {
	vs := shortVectors(t)
	r := engine.DefaultRules()
	for _, spec := range testSpecs {
		first, err := NewFromString(spec, 42)
		require.NoError(t, err)
		second, err := NewFromString(spec, 42)
		require.NoError(t, err)
		want := make([]engine.Turn, len(vs))
		for i, v := range vs {
			p := engine.MustParseFEN(v.fen)
			want[i], err = first.Choose(context.Background(), &p, r)
			require.NoError(t, err)
		}
		// A fresh player, positions in reverse order: a choice depends only on the
		// spec, the seed and the position, not on the calls before.
		for i := len(vs) - 1; i >= 0; i-- {
			p := engine.MustParseFEN(vs[i].fen)
			got, err := second.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			assert.Equal(t, want[i].String(), got.String(), "%s at %s", spec, vs[i].fen)
		}
	}
}

func TestSeedsMatter(t *testing.T) {
	vs := loadVectors(t)
	r := engine.DefaultRules()
	for _, spec := range []string{"random", "greedy", "easy", "mcts:playouts=50"} {
		a, _ := NewFromString(spec, 1)
		b, _ := NewFromString(spec, 2)
		differ := 0
		for _, v := range vs {
			p := engine.MustParseFEN(v.fen)
			ta, err := a.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			tb, err := b.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			if ta != tb {
				differ++
			}
		}
		assert.Greater(t, differ, 0, "%s: seeds 1 and 2 chose alike on all %d positions", spec, len(vs))
	}
}

func TestSeededGamesAreIdentical(t *testing.T) {
	r := engine.DefaultRules()
	r.MaxPlies = 200
	record := func(white, black string, seed uint64) []string {
		w, err := NewFromString(white, seed)
		require.NoError(t, err)
		b, err := NewFromString(black, seed+1)
		require.NoError(t, err)
		var moves []string
		p := engine.Start()
		for !r.Status(&p).Over() {
			pl := w
			if p.Side == engine.Black {
				pl = b
			}
			tn, err := pl.Choose(context.Background(), &p, r)
			require.NoError(t, err)
			moves = append(moves, tn.String())
			p = p.Play(tn)
		}
		return moves
	}
	for _, m := range [][2]string{{"random", "greedy"}, {"easy", "medium"}, {"mcts:playouts=30", "expert:nodes=3000"}} {
		g1 := record(m[0], m[1], 5)
		g2 := record(m[0], m[1], 5)
		require.NotEmpty(t, g1)
		assert.Equal(t, g1, g2, "%s vs %s", m[0], m[1])
	}
	assert.NotEqual(t, record("random", "random", 5), record("random", "random", 6))
}

// pathsPosition returns a position reached from the start in which two capture paths give
// the same board (perft paths 431852 ≠ distinct 431830 at depth 5 says one exists at depth 4).
func pathsPosition(t *testing.T) engine.Position {
	r := engine.DefaultRules()
	var seen engine.ResultSet
	var walk func(p engine.Position, depth int) (engine.Position, bool)
	walk = func(p engine.Position, depth int) (engine.Position, bool) {
		if len(p.Turns(r, nil)) != len(p.DistinctTurns(r, nil, &seen)) {
			return p, true
		}
		if depth == 0 {
			return p, false
		}
		for _, tn := range p.Turns(r, nil) {
			if q, ok := walk(p.Play(tn), depth-1); ok {
				return q, true
			}
		}
		return p, false
	}
	p, ok := walk(engine.Start(), 4)
	require.True(t, ok, "no position with duplicate paths within 4 plies")
	return p
}

func TestRandomIsUniformOverPaths(t *testing.T) {
	r := engine.DefaultRules()
	p := pathsPosition(t)
	turns := p.Turns(r, nil)
	var seen engine.ResultSet
	require.Less(t, len(p.DistinctTurns(r, nil, &seen)), len(turns))
	const perTurn = 400
	n := perTurn * len(turns)
	count := map[engine.Turn]int{}
	for seed := 0; seed < n; seed++ {
		tn, err := NewRandom(uint64(seed)).Choose(context.Background(), &p, r)
		require.NoError(t, err)
		count[tn]++
	}
	// Pearson's chi-squared against the uniform distribution over the paths, k-1 degrees
	// of freedom (the turns with the same board included, so uniform over boards fails).
	chi2 := 0.0
	for _, tn := range turns {
		d := float64(count[tn] - perTurn)
		chi2 += d * d / perTurn
	}
	pValue := 1 - distuv.ChiSquared{K: float64(len(turns) - 1)}.CDF(chi2)
	assert.Greater(t, pValue, 0.001, "chi2 %.1f over %d turns", chi2, len(turns))
	assert.Len(t, count, len(turns), "every path was drawn")
}

func TestGreedyCapturesMost(t *testing.T) {
	r := engine.DefaultRules()
	for _, v := range loadVectors(t) {
		p := engine.MustParseFEN(v.fen)
		most := 0
		for _, s := range v.legal {
			tn, err := p.ParseTurn(r, s)
			require.NoError(t, err)
			most = max(most, len(p.CaptureOrder(tn)))
		}
		for seed := uint64(0); seed < 5; seed++ {
			tn, err := NewGreedy(seed).Choose(context.Background(), &p, r)
			require.NoError(t, err)
			assert.Len(t, p.CaptureOrder(tn), most, v.fen)
		}
	}
}

// TestTimeLimitAndCancel holds on a slow machine and under -race: the position is
// midgame-2, whose depth 1 costs about 1,200 nodes (under a millisecond here, some tens
// under -race on a loaded machine), so an iteration always completes within the limit,
// while depth 63 never does. The upper bounds only say "stopped by the clock or the
// context": the search polls them every 4096 nodes, and without them it would run for
// hours.
func TestTimeLimitAndCancel(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	const limit = 100 * time.Millisecond
	pl, err := NewFromString("expert:time=100ms", 0)
	require.NoError(t, err)
	start := time.Now()
	a, err := Analyze(context.Background(), pl, &p, r)
	elapsed := time.Since(start)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, elapsed, limit, "the search stopped before its time limit")
	assert.Less(t, elapsed, limit+3*time.Second, "the clock was not honoured")
	assert.GreaterOrEqual(t, a.Depth, 1, "no iteration completed")
	assert.Less(t, a.Depth, maxPly/2-1, "stopped by the depth, not the clock")
	assert.True(t, slices.Contains(p.Turns(r, nil), a.Turn))

	// No limit at all but the context: cancelled after 30 ms, it returns with the
	// context's error and still a legal turn, from the start position (whose depth 1
	// takes longer than 30 ms under -race: the turn then comes from the move ordering).
	q := engine.Start()
	e := NewExpert(DefaultExpertOptions())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	a, err = e.Analyze(ctx, &q, r)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 3*time.Second, "the context was not honoured")
	assert.True(t, slices.Contains(q.Turns(r, nil), a.Turn))

	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for _, spec := range testSpecs {
		pl, _ := NewFromString(spec, 0)
		_, err := pl.Choose(cancelled, &p, r)
		assert.ErrorIs(t, err, context.Canceled, spec)
	}
}

func TestNodeLimitIsExactAndReproducible(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	pl, _ := NewFromString("expert:nodes=30000", 0)
	a1, err := Analyze(context.Background(), pl, &p, r)
	require.NoError(t, err)
	a2, err := Analyze(context.Background(), pl, &p, r)
	require.NoError(t, err)
	assert.Equal(t, uint64(30000), a1.Nodes)
	assert.Equal(t, a1, withTime(a2, a1.Time))
}

func withTime(a Analysis, d time.Duration) Analysis { a.Time = d; return a }

// TestSearchAllocatesNothingPerNode, with the hand evaluation and with a net (whose
// accumulators are made and read on every node).
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	r := engine.DefaultRules()
	p := engine.Start()
	for _, net := range []*nnue.Net{nil, seededNet(t, 9)} {
		for _, nodes := range []uint64{5_000, 100_000} {
			o := DefaultExpertOptions()
			o.Nodes = nodes
			o.Net = net
			e := NewExpert(o)
			allocs := testing.AllocsPerRun(3, func() {
				if _, err := e.Analyze(context.Background(), &p, r); err != nil {
					t.Fatal(err)
				}
			})
			// A few slices per search (the PV), independent of the nodes searched.
			assert.LessOrEqual(t, allocs, 16.0, "%d nodes, net %v", nodes, net != nil)
		}
	}
}

func TestEvaluate(t *testing.T) {
	// Independent values: e3 is strong and central (3 + 4 + 2 = 9), a1 a corner (3 + 0 +
	// 0), b1 weak on the edge (0 + 1 + 0), e5 strong mid-edge (3 + 4 + 0).
	assert.Equal(t, 9, PointBonus(engine.PointAt(4, 2)))
	assert.Equal(t, 3, PointBonus(engine.PointAt(0, 0)))
	assert.Equal(t, 1, PointBonus(engine.PointAt(1, 0)))
	assert.Equal(t, 7, PointBonus(engine.PointAt(4, 4)))
	start := engine.Start()
	assert.Equal(t, 0, Evaluate(&start), "the start is symmetric")
	// White e3, a1 against Black b1: 2-1 pieces, 9+3-1 bonus.
	p := engine.MustParseFEN("9/9/4W4/9/WB7 w")
	assert.Equal(t, 100+11, Evaluate(&p))
	q := engine.MustParseFEN("9/9/4W4/9/WB7 b")
	assert.Equal(t, -111, Evaluate(&q))
}

// TestGreedyScoresItsTurnForItself: greedy's score is the position after its turn, for
// the side that played it: 100 a piece plus the points' bonuses, by a plain count.
func TestGreedyScoresItsTurnForItself(t *testing.T) {
	r := engine.DefaultRules()
	g := NewGreedy(4)
	positive := 0
	for _, f := range append([]string{engine.StartFEN}, midgameFENs...) {
		p := engine.MustParseFEN(f)
		a, err := g.Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		q := p.Play(a.Turn)
		me, them := q.Pieces[p.Side], q.Pieces[p.Side^1]
		b1, _, _, _ := plainSide(me, them)
		b2, _, _, _ := plainSide(them, me)
		want := 100*(me.Count()-them.Count()) + b1 - b2
		assert.Equal(t, want, a.Score, f)
		if want > 0 {
			positive++
		}
	}
	assert.Positive(t, positive)
}
