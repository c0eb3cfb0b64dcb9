package tournament

// Tests written for mutants that survived a mutation run of the whole package: each
// states a value the code's documentation fixes (a bound, a vector, a message) that a
// mutant of the named line changes.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateAcceptsTheBounds: every limit Validate states is inclusive on the allowed
// side ("at least 1", "between 1 and MaxCountedPlies", "0 (off) or more", "0 <= i < n").
func TestValidateAcceptsTheBounds(t *testing.T) {
	for name, mut := range map[string]func(*Config){
		"one game":            func(c *Config) { c.Games = 1 },
		"max-plies 1":         func(c *Config) { c.Rules.MaxPlies = 1 },
		"max-plies at cap":    func(c *Config) { c.Rules.MaxPlies = stats.MaxCountedPlies },
		"paika-limit 0 (off)": func(c *Config) { c.Rules.PaikaLimit = 0 },
		// Three players, three pairings: the most games a pairing may have.
		"games at the cap": func(c *Config) { c.Games = maxGames / 3 },
		// 3 pairings × 2 games = 6 games: shard 5 of 6 plays game 5.
		"last shard with a game": func(c *Config) { c.Games, c.Shard, c.Shards = 2, 5, 6 },
	} {
		cfg := testConfig(2)
		mut(&cfg)
		assert.NoError(t, cfg.Validate(), name)
	}
	for name, c := range map[string]struct {
		mut  func(*Config)
		want string
	}{
		"max-plies above the cap": {func(c *Config) { c.Rules.MaxPlies = stats.MaxCountedPlies + 1 }, "--max-plies"},
		"paika-limit -1":          {func(c *Config) { c.Rules.PaikaLimit = -1 }, "--paika-limit -1"},
		// maxGames/3 + 1 per pairing is over the cap with three pairings.
		"games over the cap": {func(c *Config) { c.Games = maxGames/3 + 1 }, "at most"},
		"shard i = n":        {func(c *Config) { c.Shard, c.Shards = 3, 3 }, "need 0 <= i < n"},
		// 6 games: shard 6 of 7 would play none.
		"shard past the games": {func(c *Config) { c.Games, c.Shard, c.Shards = 2, 6, 7 }, "would play none"},
	} {
		cfg := testConfig(2)
		c.mut(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.want, name)
		}
	}
}

func TestParseShardBounds(t *testing.T) {
	for s, want := range map[string][2]int{"0/1": {0, 1}, "0/4": {0, 4}, "3/4": {3, 4}} {
		i, n, err := ParseShard(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, want, [2]int{i, n}, s)
		}
	}
	for _, s := range []string{"0/0", "-1/4", "4/4", "1", "a/2"} {
		_, _, err := ParseShard(s)
		assert.Error(t, err, s)
	}
}

// TestWorkersZeroMeansAllCores: Concurrency 0 is every core, anything else itself, but
// never more workers than the shard has games (one goroutine a worker).
func TestWorkersZeroMeansAllCores(t *testing.T) {
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 1000}
	assert.Equal(t, runtime.NumCPU(), c.Workers())
	c.Concurrency = runtime.NumCPU() + 3
	assert.Equal(t, runtime.NumCPU()+3, c.Workers())
	c.Concurrency, c.Games = 100000000, 2
	assert.Equal(t, 2, c.Workers())
	c.Games, c.Shard, c.Shards = 5, 1, 4 // games 0–4: shard 1 of 4 plays game 1 only
	assert.Equal(t, 1, c.Workers())
	c.Concurrency = 0
	assert.Equal(t, 1, c.Workers())
}

// TestPairNumbersRunOnAcrossPairings: with 3 players and 5 games a pairing, each pairing
// has ⌈5/2⌉ = 3 pairs, so game 5 (the first of the second pairing) starts pair 3, and
// game 11 (game 1 of the third pairing) is in pair 6.
func TestPairNumbersRunOnAcrossPairings(t *testing.T) {
	c := testConfig(5)
	require.NoError(t, c.Validate())
	for i, want := range map[int]int{0: 0, 4: 2, 5: 3, 6: 3, 7: 4, 9: 5, 10: 6, 11: 6, 14: 8} {
		assert.Equal(t, want, c.Game(i).Pair, "game %d", i)
	}
}

// TestShardPositionsAndIndices: shard 1 of 2 plays games 1, 3, 5, ... as its games 0,
// 1, 2, ...; shard 2 of 3 plays 2, 5, 8.
func TestShardPositionsAndIndices(t *testing.T) {
	for _, c := range []struct{ shard, shards int }{{1, 2}, {2, 3}, {0, 3}} {
		cfg := testConfig(4)
		cfg.Shard, cfg.Shards = c.shard, c.shards
		for k := range 4 {
			i := c.shard + k*c.shards
			assert.Equal(t, i, cfg.shardIndex(k), "%+v k %d", c, k)
			assert.Equal(t, k, cfg.shardPosition(i), "%+v game %d", c, i)
			assert.True(t, cfg.InShard(i))
		}
	}
}

// TestMixIsSplitMix64: mix(0, k) is the (k+1)-th output of SplitMix64 seeded with 0
// (the reference generator's published first outputs).
func TestMixIsSplitMix64(t *testing.T) {
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), mix(0, 0))
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), mix(0, 1))
	assert.Equal(t, uint64(0x06c45d188009454f), mix(0, 2))
}

// TestRunDifferenceMessage: the first differing field with both values, then how many
// others differ.
func TestRunDifferenceMessage(t *testing.T) {
	a, b := testConfig(2), testConfig(4)
	assert.Equal(t, "games_per_pairing is 2 there but 4 in the flags", runDifference(&a, &b))
	b.Seed = 7
	assert.Equal(t, "games_per_pairing is 2 there but 4 in the flags (and 1 more: seed)", runDifference(&a, &b))
	b = testConfig(2)
	b.Tablebases = true
	assert.Equal(t, "tablebases is absent there but true in the flags", runDifference(&a, &b))
	assert.Equal(t, "no field differs", runDifference(&a, &a))
}

type forfeitErr struct{ reason string }

func (e forfeitErr) Error() string                  { return "engine failed" }
func (e forfeitErr) Forfeit() (reason, text string) { return e.reason, "it said so" }

func TestForfeitedNamesTheReason(t *testing.T) {
	reason, text, ok := forfeited(forfeitErr{"crash"})
	assert.True(t, ok)
	assert.Equal(t, "crash", reason)
	assert.Equal(t, "it said so", text)
	_, _, ok = forfeited(forfeitErr{"bored"})
	assert.False(t, ok)
	_, _, ok = forfeited(errors.New("plain"))
	assert.False(t, ok)
	_, _, ok = forfeited(nil)
	assert.False(t, ok)
}

// firstTurn plays the first legal turn and notes the sides it was asked to move; it
// fails with err at its failAt-th call (1-based; 0: never).
type firstTurn struct {
	sides  []engine.Color
	failAt int
	err    error
}

func (f *firstTurn) Choose(_ context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	f.sides = append(f.sides, p.Side)
	if len(f.sides) == f.failAt {
		return engine.Turn{}, f.err
	}
	return p.Turns(r, nil)[0], nil
}

// openingAtPly2 is the start position after two turns.
func openingAtPly2(t *testing.T) engine.Position {
	p := engine.Start()
	r := engine.DefaultRules()
	for range 2 {
		p = p.Play(p.Turns(r, nil)[0])
	}
	require.Equal(t, 2, p.Ply)
	return p
}

// TestPlayGameCapCountsFromTheOpening: from an opening at ply 2 with a cap of 4 plies, the
// game is 4 turns long, White and Black each moving only on their own turns.
func TestPlayGameCapCountsFromTheOpening(t *testing.T) {
	opening := openingAtPly2(t)
	w, b := &firstTurn{}, &firstTurn{}
	rec, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 4)
	require.NoError(t, err)
	assert.Equal(t, 4, rec.Plies)
	assert.Equal(t, "max-plies", rec.Reason)
	assert.Equal(t, []engine.Color{engine.White, engine.White}, w.sides)
	assert.Equal(t, []engine.Color{engine.Black, engine.Black}, b.sides)
}

// TestPlayGameErrorNamesThePlyFromTheOpening: a player failing on the game's second turn
// (ply 4 of the position, ply 2 from the opening) is reported at ply 2.
func TestPlayGameErrorNamesThePlyFromTheOpening(t *testing.T) {
	opening := openingAtPly2(t)
	w, b := &firstTurn{}, &firstTurn{failAt: 1, err: errors.New("broken")}
	_, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 10)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ply 2 (")
	assert.Contains(t, err.Error(), "broken")
	// A forfeit ends the game as a loss for the failing side instead.
	w, b = &firstTurn{}, &firstTurn{failAt: 1, err: forfeitErr{"crash"}}
	rec, err := PlayGame(context.Background(), w, b, opening, engine.DefaultRules(), 10)
	require.NoError(t, err)
	assert.Equal(t, "1-0", rec.Result)
	assert.Equal(t, "crash", rec.Reason)
	assert.Equal(t, 1, rec.Plies)
}

// TestRunKeyOfARelativeFileIsAbsolute: records without a run id belong to their file,
// named by its absolute path so that two spellings of one file are one run.
func TestRunKeyOfARelativeFileIsAbsolute(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	r := Record{}
	assert.Equal(t, "file:"+filepath.Join(wd, "games.jsonl"), runKey(&r, "games.jsonl"))
	assert.Equal(t, "file:"+filepath.Join(wd, "games.jsonl"), runKey(&r, "./x/../games.jsonl"))
	r.Run = "abc"
	assert.Equal(t, "abc", runKey(&r, "games.jsonl"))
}

// TestDedupRemembersEveryIndex: a content hash seen at any index (not only index 0, and
// beyond the first block of indices) is a duplicate the second time and a conflict with
// another content.
func TestDedupRemembersEveryIndex(t *testing.T) {
	var d dedup
	for _, i := range []int{0, 5, 4095, 4096, 10000} {
		h := uint64(i + 100)
		assert.Equal(t, recordNew, d.check("r", i, h), "index %d", i)
		assert.Equal(t, recordDuplicate, d.check("r", i, h), "index %d", i)
		assert.Equal(t, recordConflict, d.check("r", i, h+1), "index %d", i)
		assert.Equal(t, recordNew, d.check("s", i, h), "index %d, another run", i)
	}
}

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
		s := Summarize(recs, nil)
		require.NotNil(t, s.Ratings)
		for i := range 3 {
			assert.Equal(t, est(want.Elo[i]), s.Ratings.Elo[i])
		}
		assert.Equal(t, est(want.FirstMove), s.Ratings.FirstMove)
		assert.Equal(t, Num(want.DrawElo), s.Ratings.DrawElo)
	}
}

// TestRefusedMergeRemovesTheFoldersItMade: a merge refused after making its output
// folder (and the missing folders above it) removes them all, and only them.
func TestRefusedMergeRemovesTheFoldersItMade(t *testing.T) {
	good := rec(runA, 0, 0, "A", "B", "1-0", "x", "y")
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(data, "not a record\n"...), 0o644))
	base := t.TempDir()
	_, err = Merge([]string{path}, filepath.Join(base, "new", "deep"), nil)
	require.Error(t, err)
	_, statErr := os.Stat(filepath.Join(base, "new"))
	assert.True(t, os.IsNotExist(statErr), "%v", statErr)
	_, statErr = os.Stat(base)
	assert.NoError(t, statErr, "the folder that was there stays")
}

// TestOpeningSpecBounds: K >= 0; random plies at most 200; book, distinct and even depth
// at most 4.
func TestOpeningSpecBounds(t *testing.T) {
	for s, want := range map[string]int{"random:0": 0, "random:200": 200, "book:0": 0, "book:4": 4, "distinct:4": 4, "distinct:0": 0, "even:4": 4, "even:0": 0} {
		_, n, err := parseOpeningSpec(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, want, n, s)
		}
	}
	for _, s := range []string{"random:-1", "random:201", "book:5", "distinct:5", "book:-1", "even:5", "even:-1", "evens:2"} {
		_, _, err := parseOpeningSpec(s)
		assert.Error(t, err, s)
	}
}

// TestNeededOpeningsNamed: 5 games a pairing are ⌈5/2⌉ = 3 pairs.
func TestNeededOpeningsNamed(t *testing.T) {
	c := testConfig(5)
	assert.Equal(t, "3 pairs per pairing", neededWhat(&c))
	c.Games = 4
	assert.Equal(t, "2 pairs per pairing", neededWhat(&c))
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
	o, err := NewOpenings(&c)
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
	o, err = NewOpenings(&c)
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
			rng := rand.New(rand.NewPCG(mix(1, 1<<40+uint64(k)), attempt))
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

// TestExtractProgressEveryTwoThousandGames: Progress hears of game 2000, then the total
// at the end (2001 copies of a hand-written game, each its own index).
func TestExtractProgressEveryTwoThousandGames(t *testing.T) {
	lines := make([]string, 2001)
	for i := range lines {
		lines[i] = strings.Replace(handGames[0], `"index":0,"pair":0`, fmt.Sprintf(`"index":%d,"pair":%d`, i, i/2), 1)
	}
	var calls []int
	o := handOptions()
	o.Progress = func(games int) { calls = append(calls, games) }
	res, err := ExtractPositions([]string{writeLines(t, lines...)}, o)
	require.NoError(t, err)
	assert.Equal(t, 2001, res.Games)
	assert.Equal(t, []int{2000, 2001}, calls)
}

// TestExtractChecksPiecesUpTo44: the --pieces error names the bound, 2 × 22 pieces.
func TestExtractChecksPiecesUpTo44(t *testing.T) {
	o := handOptions()
	o.MaxPieces = 45
	err := o.Check()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "<= 44")
	o.MaxPieces = 44
	assert.NoError(t, o.Check())
}

// TestNormaliseGivesTheLeadToTheStrongSide: with --strong-side black a position where
// Black already leads stays as it is; where White leads it is colour-flipped.
func TestNormaliseGivesTheLeadToTheStrongSide(t *testing.T) {
	blackUp := engine.MustParseFEN("4B4/9/9/9/B3W3B w 6 41") // Black 3, White 1
	o := ExtractOptions{Strong: StrongBlack, KeepCounter: true}
	assert.Equal(t, blackUp.FEN(), o.normalise(blackUp).String())
	whiteUp := blackUp.ColourFlip()
	assert.Equal(t, 3, whiteUp.Pieces[engine.White].Count())
	assert.Equal(t, blackUp.FEN(), o.normalise(whiteUp).String())
	o.Strong = StrongWhite
	assert.Equal(t, whiteUp.FEN(), o.normalise(whiteUp).String())
	assert.Equal(t, whiteUp.FEN(), o.normalise(blackUp).String())
}

// TestRecordValidateBounds: plies 0, paika limit 0 (off) and a cap of MaxCountedPlies are
// valid; a paika-limit ending needs a paika limit.
func TestRecordValidateBounds(t *testing.T) {
	r := rec(runA, 0, 0, "A", "B", "1-0")
	require.Equal(t, 0, r.Plies)
	assert.NoError(t, r.Validate(), "no turns")
	r.Rules.PaikaLimit = 0
	assert.NoError(t, r.Validate(), "paika limit off")
	r.Rules.MaxPlies = stats.MaxCountedPlies
	assert.NoError(t, r.Validate(), "cap at the bound")
	r.Rules.MaxPlies++
	assert.Error(t, r.Validate(), "cap above the bound")
	d := rec(runA, 0, 0, "A", "B", "1/2-1/2")
	require.Equal(t, "paika-limit", d.Reason)
	require.NoError(t, d.Validate())
	d.Rules.PaikaLimit = 0
	assert.Error(t, d.Validate())
}

// TestConflictWithoutRunIDNamesTheFirstPlace: two records without a run id claiming game 0
// of one file: the conflict names both lines, whether the file is its own run or the
// records are given a run (merge).
func TestConflictWithoutRunIDNamesTheFirstPlace(t *testing.T) {
	path := writeFile(t, rec("", 0, 0, "A", "B", "1-0", "x"), rec("", 1, 0, "B", "A", "1-0", "y"), rec("", 0, 0, "A", "B", "0-1", "x"))
	for _, legacy := range []string{"", filepath.Join(t.TempDir(), GamesFile)} {
		_, err := ScanRecords([]string{path}, ScanOptions{LegacyRun: legacy}, func(*Record, Place) error { return nil })
		var ce *ConflictError
		require.ErrorAs(t, err, &ce, legacy)
		assert.Equal(t, Place{path, 1}, ce.First, legacy)
		assert.Equal(t, Place{path, 3}, ce.Again, legacy)
	}
}

// TestScanCountsAndNamesBadLines: two bad lines among good ones are counted; a last line
// cut short (no newline) says so.
func TestScanCountsAndNamesBadLines(t *testing.T) {
	good := rec(runA, 0, 0, "A", "B", "1-0", "x")
	path := writeFile(t, good)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	cut := string(data[:len(data)/2])
	require.NoError(t, os.WriteFile(path, []byte(string(data)+"{\"index\":\n"+cut), 0o644))
	var bad []*LineError
	st, err := ScanRecords([]string{path}, ScanOptions{Bad: func(le *LineError) { bad = append(bad, le) }}, func(*Record, Place) error { return nil })
	require.NoError(t, err)
	assert.Equal(t, 1, st.Records)
	assert.Equal(t, 2, st.Bad)
	require.Len(t, bad, 2)
	assert.NotContains(t, bad[0].Error(), "cut short")
	assert.Contains(t, bad[1].Error(), "cut short")
	require.NoError(t, os.WriteFile(path, []byte(string(data)+cut), 0o644))
	_, err = ScanRecords([]string{path}, ScanOptions{Strict: true}, func(*Record, Place) error { return nil })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cut short")
}

// smallRun is a quick two-game run of the random and greedy players.
func smallRun() Config {
	return Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 2, Openings: "start",
		Seed: 5, Rules: RecordRules(engine.DefaultRules(), 40), Concurrency: 1}
}

// TestRunSaysItResumesOnlyWhenItDoes: a fresh run does not say "resuming" (nor warn of
// repeated games: the pair's two games have the players on opposite sides, so they
// differ); a resumed one says how many of the shard's games were already there.
func TestRunSaysItResumesOnlyWhenItDoes(t *testing.T) {
	out := t.TempDir()
	var logs []string
	o := Options{Out: out, Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
	_, err := Run(context.Background(), smallRun(), o)
	require.NoError(t, err)
	for _, l := range logs {
		assert.NotContains(t, l, "resuming")
		assert.NotContains(t, l, "warning", "two different games: no repeats to warn of")
	}
	logs = nil
	o.Resume = true
	_, err = Run(context.Background(), smallRun(), o)
	require.NoError(t, err)
	assert.Contains(t, strings.Join(logs, "\n"), "resuming: 2 of 2 games already in "+filepath.Join(out, GamesFile))
}

// TestRunReportsAFailedSummaryWrite: summary.json that cannot be written (a folder is in
// its place) is an error of the run, after the games are on disk.
func TestRunReportsAFailedSummaryWrite(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(out, SummaryFile, "x"), 0o755))
	_, err := Run(context.Background(), smallRun(), Options{Out: out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), SummaryFile)
	assert.Len(t, readGames(t, out), 2)
}

// TestDeterministicWarningOnlyWhenOpeningsRunShort: two deterministic players warned of
// repeats only when the run has more pairs per pairing than openings (as many is enough),
// and a deterministic player against itself gets the self-play wording.
func TestDeterministicWarningOnlyWhenOpeningsRunShort(t *testing.T) {
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
		cfg := Config{Format: c.format, Players: c.players, Games: c.games, Openings: "book:1"}
		var logs []string
		warned := logOpenings(&cfg, o, &Options{Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }})
		all := strings.Join(logs, "\n")
		if c.want == "" {
			assert.False(t, warned, "%+v", c)
			assert.NotContains(t, all, "warning", "%+v", c)
		} else {
			assert.True(t, warned, "%+v", c)
			assert.Contains(t, all, c.want, "%+v", c)
		}
	}
}

// TestRunStopsAtTheFirstDecidedCount: with one worker and under 50 games the SPRT is
// checked after every game (1, then n + n/50 + 1), so a run stopped by it holds exactly the games up to the
// first count at which the test over the games so far has decided.
func TestRunStopsAtTheFirstDecidedCount(t *testing.T) {
	sprt := &SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2}
	counts := map[int]bool{}
	for seed := range uint64(4) {
		c := smallRun()
		// Unpaired games (the trinomial test), so that it can decide after an odd count.
		c.Games, c.Seed, c.FixedColours = 40, seed, true
		out := t.TempDir()
		_, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt, StopOnSPRT: true})
		require.NoError(t, err)
		recs, bad, err := ReadRecordFiles([]string{filepath.Join(out, GamesFile)})
		require.NoError(t, err)
		require.Empty(t, bad)
		require.Less(t, len(recs), 40, "seed %d: the SPRT stopped the run", seed)
		counts[len(recs)%2] = true
		a := NewAccumulator(sprt, c.Players)
		for i := range recs {
			assert.False(t, a.SPRTDecided(), "seed %d: decided before game %d", seed, i+1)
			a.Add(&recs[i], "")
		}
		assert.True(t, a.SPRTDecided(), "seed %d", seed)
	}
	// An odd count among them, which checking only every other game would pass by.
	assert.True(t, counts[1], "an odd count")
}

// TestResumeComparesEngines: a run whose run.json names external engines resumes with the
// same engines (compared once they are started), not without them or with others.
func TestResumeComparesEngines(t *testing.T) {
	out := t.TempDir()
	engines := []EngineRecord{{Name: "e", Command: []string{"e"}, ID: "E 1"}}
	start := func(es []EngineRecord) func() ([]EngineRecord, error) {
		return func() ([]EngineRecord, error) { return es, nil }
	}
	_, err := Run(context.Background(), smallRun(), Options{Out: out, StartEngines: start(engines)})
	require.NoError(t, err)
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true, StartEngines: start(engines)})
	assert.NoError(t, err, "the same engines")
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true})
	assert.ErrorContains(t, err, "holds a different run", "no engines")
	other := []EngineRecord{{Name: "e", Command: []string{"e"}, ID: "E 2"}}
	_, err = Run(context.Background(), smallRun(), Options{Out: out, Resume: true, StartEngines: start(other)})
	assert.Error(t, err, "another engine")
}

// TestOneShardNeedsNoRunID: --shard 0/1 is the whole run; only several shards need a
// shared run id.
func TestOneShardNeedsNoRunID(t *testing.T) {
	c := smallRun()
	c.Shard, c.Shards = 0, 1
	_, err := Run(context.Background(), c, Options{Out: t.TempDir()})
	assert.NoError(t, err)
	c.Shards = 2
	_, err = Run(context.Background(), c, Options{Out: t.TempDir()})
	assert.ErrorContains(t, err, "--run-id")
}

// TestResumeCutsAnIncompleteLine: a games file ending in a line without its newline is
// cut after its last newline (to nothing when it has none) and the run completed; a
// duplicated record is dropped with a warning, and only then.
func TestResumeCutsAnIncompleteLine(t *testing.T) {
	for _, prefix := range []string{"", "\n"} {
		out := t.TempDir()
		var logs []string
		o := Options{Out: out, Log: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
		_, err := Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		path := filepath.Join(out, GamesFile)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		first := string(data[:strings.IndexByte(string(data), '\n')+1])
		require.NoError(t, os.WriteFile(path, []byte(prefix+first[:len(first)/2]), 0o644))
		logs, o.Resume = nil, true
		_, err = Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		all := strings.Join(logs, "\n")
		assert.Contains(t, all, path+": dropped an incomplete last line", "prefix %q", prefix)
		assert.NotContains(t, all, "duplicate", "prefix %q", prefix)
		data, err = os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(data), prefix+"{"), "prefix %q: %.20q", prefix, data)
		assert.Len(t, readGames(t, out), 2, "prefix %q", prefix)

		// The first record written twice: dropped, with a warning.
		data, err = os.ReadFile(path)
		require.NoError(t, err)
		line := strings.TrimPrefix(string(data), prefix)
		line = line[:strings.IndexByte(line, '\n')+1]
		require.NoError(t, os.WriteFile(path, append(data, line...), 0o644))
		logs = nil
		_, err = Run(context.Background(), smallRun(), o)
		require.NoError(t, err)
		assert.Contains(t, strings.Join(logs, "\n"), "dropped 1 exact duplicate records", "prefix %q", prefix)
	}
}
