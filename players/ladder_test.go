// ladder_test.go: the strength ladder. Each rung is a match of colour-swapped game pairs
// between a level and the one below it. The cheap rungs (random < greedy < easy < medium)
// are asserted in the default suite; the expensive ones (hard, expert) in a slow test:
//
//	FANORONA_LADDER=1 go test -run TestLadderSlowRungs -v -timeout 0 ./players/
//
// TestLadder prints the table of docs/LEVELS.md, played only when FANORONA_LADDER is set
// (it takes minutes):
//
//	FANORONA_LADDER=1 GOMAXPROCS=1 go test -run TestLadder -v -timeout 0 ./players/
//
// FANORONA_LADDER_PAIRS sets the pairs per rung (default 50); FANORONA_LADDER_RUNGS
// picks rungs by their upper level, e.g. "easy,hard".

package players

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ladderRules bound every game: the default rules (paika limit 50) plus a 1000-ply cap.
func ladderRules() engine.Rules {
	r := engine.DefaultRules()
	r.MaxPlies = 1000
	return r
}

// ladderRungs are the matches: each upper spec against the spec below it.
var ladderRungs = [][2]string{
	{"greedy", "random"},
	{"easy", "greedy"},
	{"medium", "easy"},
	{"hard", "medium"},
	{"expert", "hard"},
}

// playGame plays white against black from start under r and returns the final status and
// the plies played. Every turn is checked against the legal list.
func playGame(ctx context.Context, white, black Player, start engine.Position, r engine.Rules) (engine.Status, int, error) {
	p := start
	var seen engine.ResultSet
	for {
		st := r.Status(&p)
		if st.Over() {
			return st, p.Ply - start.Ply, nil
		}
		pl := white
		if p.Side == engine.Black {
			pl = black
		}
		t, err := pl.Choose(ctx, &p, r)
		if err != nil {
			return st, p.Ply - start.Ply, err
		}
		legal := false
		for _, u := range p.DistinctTurns(r, nil, &seen) {
			legal = legal || u.SameResult(t)
		}
		if !legal {
			return st, p.Ply - start.Ply, fmt.Errorf("illegal turn %s at %s", t, p.FEN())
		}
		p = p.Play(t)
	}
}

// ladderOpening returns the position after two uniformly random turns (seeded by pair),
// which both games of a pair start from.
func ladderOpening(pair uint64, r engine.Rules) engine.Position {
	p := engine.Start()
	rnd := NewRandom(0x6f70656e + pair) // "open"
	for i := 0; i < 2; i++ {
		t, err := rnd.Choose(context.Background(), &p, r)
		if err != nil {
			panic(err)
		}
		p = p.Play(t)
	}
	return p
}

type matchResult struct {
	wins, draws, losses int // for the upper player
	plies               int
	limitDraws          int // draws by paika limit or ply cap
}

func (m matchResult) games() int { return m.wins + m.draws + m.losses }

func (m matchResult) score() float64 {
	return (float64(m.wins) + 0.5*float64(m.draws)) / float64(m.games())
}

// playMatch plays pairs colour-swapped pairs of upper against lower. Pair i seeds both
// players with i and starts from ladderOpening(i).
func playMatch(t *testing.T, upper, lower string, pairs int) matchResult {
	r := ladderRules()
	var m matchResult
	for i := 0; i < pairs; i++ {
		open := ladderOpening(uint64(i), r)
		for swap := 0; swap < 2; swap++ {
			up, err := NewFromString(upper, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			lo, err := NewFromString(lower, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			white, black, upColor := up, lo, engine.White
			if swap == 1 {
				white, black, upColor = lo, up, engine.Black
			}
			st, plies, err := playGame(context.Background(), white, black, open, r)
			if err != nil {
				t.Fatal(err)
			}
			m.plies += plies
			switch st.Outcome {
			case engine.Draw:
				m.draws++
				m.limitDraws++
			case engine.WinFor(upColor):
				m.wins++
			default:
				m.losses++
			}
		}
	}
	return m
}

func TestLadder(t *testing.T) {
	if os.Getenv("FANORONA_LADDER") == "" {
		t.Skip("set FANORONA_LADDER=1 to play the strength ladder (minutes)")
	}
	pairs := 50
	if s := os.Getenv("FANORONA_LADDER_PAIRS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("FANORONA_LADDER_PAIRS=%q: want a whole number ≥ 1", s)
		}
		pairs = n
	}
	var only []string
	if s := os.Getenv("FANORONA_LADDER_RUNGS"); s != "" {
		only = strings.Split(s, ",")
	}
	fmt.Printf("| upper | lower | games | W | D | L | score | mean plies | time |\n")
	fmt.Printf("|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, rung := range ladderRungs {
		if only != nil && !slices.Contains(only, strings.SplitN(rung[0], ":", 2)[0]) {
			continue
		}
		start := time.Now()
		m := playMatch(t, rung[0], rung[1], pairs)
		fmt.Printf("| %s | %s | %d | %d | %d | %d | %.3f | %.0f | %s |\n", rung[0], rung[1], m.games(),
			m.wins, m.draws, m.losses, m.score(), float64(m.plies)/float64(m.games()), time.Since(start).Round(time.Second))
	}
}

// ladderMargins: the fewest wins of the upper player in 100 games (pairs 0..49) each rung
// must reach. Each is the smallest k with P(Bin(100, p0) < k) < 1e-4, where p0 is a
// conservative win rate: the rate measured over 400 games (pairs 0..199, 2026-11-30)
// minus about two standard errors. So a correct player fails with probability below 1e-4
// whatever the seeds, treating the games as independent (the two games of a pair share
// their opening, which the margin of p0 absorbs); a player no better than the one below
// it (p = 0.5) passes with probability below 3e-4 (greedy), 1e-9 (the others).
//
//	rung            measured (400 games)      p0     k    P(X<k | p0)  P(X≥k | 0.5)
//	greedy-random   345 W 14 D 41 L (0.863)   0.83   68   7.4e-5       2.0e-4
//	easy-greedy     389 W  4 D  7 L (0.973)   0.95   85   3.7e-5       2.4e-13
//	medium-easy     377 W 10 D 13 L (0.943)   0.92   80   3.7e-5       5.6e-10
//	hard-medium     376 W 16 D  8 L (0.940)   0.92   80   3.7e-5       5.6e-10
//	expert-hard     78 W 21 D 1 L of 100      0.70   52   5.2e-5       1.0e-2 (p = 0.4)
var ladderMargins = map[[2]string]int{
	{"greedy", "random"}: 68,
	{"easy", "greedy"}:   85,
	{"medium", "easy"}:   80,
	{"hard", "medium"}:   80,
	{"expert", "hard"}:   52,
}

func assertRung(t *testing.T, upper, lower string) {
	t.Helper()
	least, ok := ladderMargins[[2]string{upper, lower}]
	require.True(t, ok)
	m := playMatch(t, upper, lower, 50)
	require.Equal(t, 100, m.games())
	assert.GreaterOrEqual(t, m.wins, least, "%s against %s: %d W %d D %d L", upper, lower, m.wins, m.draws, m.losses)
}

// TestLadderCheapRungs: random < greedy < easy < medium, at fixed seeds (a few seconds).
func TestLadderCheapRungs(t *testing.T) {
	skipUnderRace(t)
	for _, rung := range ladderRungs[:3] {
		t.Run(rung[0], func(t *testing.T) { assertRung(t, rung[0], rung[1]) })
	}
}

// TestLadderSlowRungs: medium < hard < expert (the expert rung takes about 7 minutes on
// one quiet core).
func TestLadderSlowRungs(t *testing.T) {
	if testing.Short() || os.Getenv("FANORONA_LADDER") == "" {
		t.Skip("set FANORONA_LADDER=1 (and no -short) to play the hard and expert rungs (minutes)")
	}
	for _, rung := range ladderRungs[3:] {
		t.Run(rung[0], func(t *testing.T) { assertRung(t, rung[0], rung[1]) })
	}
}
