package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpeningSpecBounds: K >= 0; random plies at most 200; book, distinct and even depth
// at most 4.
func TestOpeningSpecBounds(t *testing.T) {
	for s, want := range map[string]int{"random:0": 0, "random:200": 200, "book:0": 0, "book:4": 4, "distinct:4": 4, "distinct:0": 0, "even:4": 4, "even:0": 0} {
		_, n, err := parseOpeningSyntax(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, want, n, s)
		}
	}
	for _, s := range []string{"random:-1", "random:201", "book:5", "distinct:5", "book:-1", "even:5", "even:-1", "evens:2"} {
		_, _, err := parseOpeningSyntax(s)
		assert.Error(t, err, s)
	}
}

// TestOpeningSpecReadsEachKind: the kind, K and a file's path, written out by hand.
func TestOpeningSpecReadsEachKind(t *testing.T) {
	for s, want := range map[string]OpeningSpec{
		"":                {Kind: OpenStart},
		"start":           {Kind: OpenStart},
		"firstmove":       {Kind: OpenFirstMove},
		"firstmove:3":     {Kind: OpenFirstMove, Plies: 3},
		"random:7":        {Kind: OpenRandom, Plies: 7},
		"distinct:4":      {Kind: OpenDistinct, Plies: 4},
		"file:a/b:c.fen":  {Kind: OpenFile, Path: "a/b:c.fen"},
		"file:/tmp/x.fen": {Kind: OpenFile, Path: "/tmp/x.fen"},
	} {
		got, err := ParseOpeningSpec(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, want, got, s)
		}
	}
	_, err := ParseOpeningSpec("file:")
	assert.Error(t, err)
}

// TestNeededOpeningsNamed: 5 games a pairing are ⌈5/2⌉ = 3 pairs.
func TestNeededOpeningsNamed(t *testing.T) {
	c := testConfig(5)
	assert.Equal(t, "3 pairs per pairing", neededWhat(mustPlan(t, c)))
	c.Games = 4
	assert.Equal(t, "2 pairs per pairing", neededWhat(mustPlan(t, c)))
}

// TestDistinctOpeningsUseEveryBalancedPosition: a run needing exactly as many openings as
// there are balanced positions gets them all, those scored exactly ±BalanceMargin
// included (the margin is inclusive). distinct:0 has one position, the start.
func TestDistinctOpeningsUseEveryBalancedPosition(t *testing.T) {
	if raceDetector && testing.Short() {
		t.Skip("scores the whole 4-ply book twice in one goroutine: 6 s, 80 s under -race")
	}
	c := testConfig(2)
	c.Openings = "distinct:0"
	o, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	assert.Equal(t, 1, o.Size())

	r := engine.DefaultRules()
	judge, err := players.NewFromString(BalanceSpec, 0)
	require.NoError(t, err)
	book := Book(4, r)
	balanced, edge := map[string]bool{}, 0
	for i := range book {
		a, err := judge.(players.Analyzer).Analyze(context.Background(), &book[i], r)
		require.NoError(t, err)
		if a.Score >= -BalanceMargin && a.Score <= BalanceMargin {
			balanced[book[i].FEN()] = true
		}
		if a.Score == BalanceMargin || a.Score == -BalanceMargin {
			edge++
		}
	}
	require.Positive(t, edge, "positions scored exactly at the margin")
	c.Openings, c.Games = "distinct:4", 2*len(balanced)
	o, err = NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	require.Equal(t, len(balanced), o.Size())
	for k := range o.Size() {
		p := o.Opening(k, c.Seed, r)
		assert.True(t, balanced[p.FEN()], p.FEN())
	}
}

// TestRandomOpeningsRedrawFromTheNextStream: random:K is K turns from the start; an
// attempt that ends the game early is redrawn from stream attempt+1 of the pair's
// generator (mix(seed, 2^40+k), attempt).
func TestRandomOpeningsRedrawFromTheNextStream(t *testing.T) {
	r := engine.DefaultRules()
	o, err := ParseOpenings("random:60", r)
	require.NoError(t, err)
	redrawn := 0
	for k := range 20 {
		var want engine.Position
		attempts := 0
		for attempt := uint64(0); ; attempt++ {
			rng := rand.New(rand.NewPCG(record.MixSeed(1, 1<<40+uint64(k)), attempt))
			p := engine.Start()
			over := false
			for range 60 {
				if r.Status(&p).Over() {
					over = true
					break
				}
				turns := p.Turns(r, nil)
				p = p.Play(turns[rng.IntN(len(turns))])
			}
			attempts++
			if !over && !r.Status(&p).Over() {
				want = p
				break
			}
		}
		if attempts > 1 {
			redrawn++
		}
		got := o.Opening(k, 1, r)
		assert.Equal(t, want.FEN(), got.FEN(), "pair %d", k)
		assert.Equal(t, 60, got.Ply, "pair %d", k)
	}
	require.Positive(t, redrawn, "some openings needed a redraw")
}

func TestDistinctOpenings(t *testing.T) {
	c := Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 40, Openings: "distinct:3",
		Seed: 5, Rules: record.RulesFrom(engine.DefaultRules(), 300)}
	o, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	require.Equal(t, 20, o.Size())
	seen := map[string]bool{}
	book, err := ParseOpenings("book:3", c.EngineRules())
	require.NoError(t, err)
	inBook := map[string]bool{}
	for i := 0; i < book.Size(); i++ {
		p := book.Opening(i, 0, c.EngineRules())
		inBook[p.FEN()] = true
	}
	for k := 0; k < 20; k++ {
		p := o.Opening(k, c.Seed, c.EngineRules())
		fen := p.FEN()
		assert.False(t, seen[fen], "pair %d repeats an opening", k)
		assert.True(t, inBook[fen], "pair %d's opening is a position after 3 plies", k)
		judge, err := players.NewFromString(BalanceSpec, 0)
		require.NoError(t, err)
		a, err := judge.(players.Analyzer).Analyze(context.Background(), &p, c.EngineRules())
		require.NoError(t, err)
		assert.LessOrEqual(t, abs(a.Score), BalanceMargin, "pair %d's opening %s is balanced", k, fen)
		seen[fen] = true
	}
	// The same seed draws the same openings; another seed others.
	o2, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	assert.Equal(t, o.Opening(7, 0, c.EngineRules()), o2.Opening(7, 0, c.EngineRules()))
	c.Seed = 6
	o3, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	differ := false
	for k := 0; k < 20; k++ {
		differ = differ || o.Opening(k, 0, c.EngineRules()) != o3.Opening(k, 0, c.EngineRules())
	}
	assert.True(t, differ)

	// More pairs than positions after 1 ply (5) is refused before anything is played.
	c.Openings, c.Games = "distinct:1", 12
	_, err = NewOpenings(mustPlan(t, c))
	assert.ErrorContains(t, err, "6 pairs per pairing need 6 different openings, but there are 5 positions after 1 plies")
	c.Format, c.Players, c.Games = SelfPlay, []string{"expert:depth=2"}, 6
	_, err = NewOpenings(mustPlan(t, c))
	assert.ErrorContains(t, err, "6 self-play games (one opening each) need 6 different openings, but there are 5 positions")
	_, err = Run(context.Background(), c, Options{Out: filepath.Join(t.TempDir(), "x")})
	var ie *InputError
	assert.ErrorAs(t, err, &ie)
}

func TestDeterministicSelfplayWarnsAndCountsOneGame(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"expert:depth=1,hash=1"}, Games: 6, Openings: "start",
		Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 2}
	var logs []string
	var mu sync.Mutex
	s, err := Run(context.Background(), c, Options{Out: t.TempDir(), Log: func(f string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(f, args...))
	}})
	require.NoError(t, err)
	assert.Equal(t, 6, s.Games)
	assert.Equal(t, 1, s.DistinctGames)
	warnings := 0
	for _, l := range logs {
		if strings.HasPrefix(l, "warning:") {
			warnings++
			assert.Contains(t, l, "distinct:4")
		}
	}
	assert.Equal(t, 1, warnings)
	f := s.FirstMove[0]
	assert.Equal(t, summary.MethodDistinct, f.Method)
	one := f.DistinctWhite
	assert.Equal(t, 1, one.Wins+one.Draws+one.Losses)
	want := stats.FirstMove(one, summary.Confidence)
	assert.InDelta(t, want.Score.Lo, float64(f.Score.Lo), 1e-12)
	assert.InDelta(t, want.Score.Hi, float64(f.Score.Hi), 1e-12)
	assert.Greater(t, float64(f.Score.Hi-f.Score.Lo), 0.5, "one game bounds the score loosely")

	// With distinct openings every pair is a different game.
	c.Openings = "distinct:3"
	s, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, 6, s.DistinctOpenings, "self-play: one opening per game")
	assert.Equal(t, 6, s.DistinctGames)
	assert.Equal(t, summary.MethodAll, s.FirstMove[0].Method)
}

// TestDeterministicWarningOnlyWhenOpeningsRunShort: two deterministic players warned of
// repeats only when the run has more pairs per pairing than openings (as many is enough),
// and a deterministic player against itself gets the self-play wording.
func TestDeterministicWarningOnlyWhenOpeningsRunShort(t *testing.T) {
	const fixedA, fixedB = "expert:depth=1", "expert:depth=2" // deterministic levels
	o, err := ParseOpenings("book:1", engine.DefaultRules())
	require.NoError(t, err)
	n := o.Size()
	require.Positive(t, n)
	for _, c := range []struct {
		format  Format
		players []string
		games   int
		want    string // "" for no warning
	}{
		{RoundRobin, []string{fixedA, fixedB}, 2 * n, ""},
		{RoundRobin, []string{fixedA, fixedB}, 2*n + 1, fixedA + " and " + fixedB + " are deterministic"},
		{SelfPlay, []string{fixedA}, 2 * n, ""},
		{SelfPlay, []string{fixedA}, 2*n + 2, fixedA + " is deterministic: every game from the same opening is the same game"},
	} {
		cfg := Config{Format: c.format, Players: c.players, Games: c.games, Openings: "book:1", Rules: record.RulesFrom(engine.DefaultRules(), 300)}
		var logs []string
		warned := logOpenings(mustPlan(t, cfg), o, &Options{Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }})
		all := strings.Join(logs, "\n")
		if c.want == "" {
			assert.False(t, warned, "%+v", c)
			assert.NotContains(t, all, "warning", "%+v", c)
		} else {
			assert.True(t, warned, "%+v", c)
			assert.Contains(t, all, c.want, "%+v", c)
			// The first-move question is pointed to the policies that answer it; a set is
			// offered for distinct games, with what its score measures.
			assert.Contains(t, all, "for the first-move advantage give the level variety and play from the start (expert:...,vary=20) or use --openings firstmove", "%+v", c)
			assert.Contains(t, all, "--openings distinct:4 (White's score then measures the side to move on that set, not the first-move advantage)", "%+v", c)
		}
	}
}
