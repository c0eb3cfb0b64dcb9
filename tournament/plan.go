// plan.go: a run request checked and parsed once (Plan): its players and openings
// parsed, its openings drawn, its schedule of games; what the run plays from, apart from
// the request (Config) it was made from.

package tournament

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/stats"
)

// Plan is a run request checked and parsed (NewPlan): the players' specs and the openings
// setting parsed once, and, once Run has drawn them, the run's openings. Its Config is the
// run's record (run.json): the request with what the run derives from it (Deterministic
// and Nets here; the run id, the opening set, the engines and the invocations in Run).
type Plan struct {
	Config
	specs   map[string]players.Spec // the players parsed, by spec as listed
	opening OpeningSpec             // Openings parsed
	// openings are the run's openings (Run), from which the identity of a shorter run's
	// set is drawn when a run is extended (Options.MoreGames).
	openings *Openings
	// What the schedule asks again and again, worked out once (schedule).
	pairings   []Pairing    // Config.Pairings
	stages     []int        // Config.ExtendedFrom, then Games: each stage's games per pairing at its end
	rules      engine.Rules // Config.EngineRules
	perGame    bool         // each game has an opening of its own, not each pair
	needed     int          // OpeningsNeeded
	shardGames int          // Config.ShardGames
	workers    int          // Config.Workers
}

// schedule works out once what the plan's schedule of games asks again and again.
func (c *Plan) schedule() {
	c.pairings, c.rules = c.Pairings(), c.EngineRules()
	c.stages = append(append([]int(nil), c.ExtendedFrom...), c.Games)
	kind := c.opening.Kind
	c.perGame = c.FixedColours || c.Format == SelfPlay && (isChosen(kind) || fromFile(kind) || kind == OpenFirstMove)
	c.needed = (c.Games + 1) / 2
	if c.perGame {
		c.needed = c.Games
	}
	c.shardGames, c.workers = c.ShardGames(), c.Workers()
}

// NewPlan checks the request c (as Validate) and returns its plan: c's players and
// openings parsed once, and the run's record begun (Deterministic, Nets). c, and the
// maps it holds, are left as they are.
func NewPlan(req Config) (*Plan, error) {
	c := &Plan{Config: req}
	c.Deterministic, c.Nets = nil, nil // the plan's own, derived from the players
	switch c.Format {
	case SelfPlay:
		if len(c.Players) != 1 {
			return nil, fmt.Errorf("selfplay takes exactly one player, got %d", len(c.Players))
		}
		if c.FixedColours {
			return nil, settingErrorf("%v: selfplay has one player on both sides; colours are not swapped there anyway", SettingFixedColours)
		}
	case RoundRobin, Gauntlet:
		if len(c.Players) < 2 {
			return nil, settingErrorf("%v: %s needs at least two players, got %d", SettingPlayers, c.Format, len(c.Players))
		}
	default:
		return nil, c.checkFormat()
	}
	seen := map[string]bool{}
	c.specs = make(map[string]players.Spec, len(c.Players))
	for _, spec := range c.Players {
		s, err := players.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		c.specs[spec] = s
		if c.Deterministic == nil {
			c.Deterministic = map[string]bool{}
		}
		c.Deterministic[spec] = s.Deterministic()
		if sum := s.NetSHA256(); sum != "" {
			if c.Nets == nil {
				c.Nets = map[string]string{}
			}
			c.Nets[spec] = sum
		}
		if seen[spec] && c.Format != SelfPlay {
			return nil, settingErrorf("%v: %q is listed twice", SettingPlayers, spec)
		}
		seen[spec] = true
	}
	if c.Games < 1 {
		return nil, settingErrorf("%v %d: must be at least 1", SettingGames, c.Games)
	}
	opening, err := ParseOpeningSpec(c.Openings)
	if err != nil {
		return nil, err
	}
	c.opening = opening
	if c.Rules.MaxPlies < 1 || c.Rules.MaxPlies > stats.MaxCountedPlies {
		return nil, settingErrorf("%v %d: must be between 1 and %d", SettingMaxPlies, c.Rules.MaxPlies, stats.MaxCountedPlies)
	}
	if c.Rules.PaikaLimit < 0 {
		return nil, settingErrorf("%v %d: must be 0 (off) or more", SettingPaikaLimit, c.Rules.PaikaLimit)
	}
	c.schedule()
	if n := len(c.pairings); c.Games > maxGames/n {
		return nil, settingErrorf("%v %d: at most %d per pairing with %d pairings", SettingGames, c.Games, maxGames/n, n)
	}
	if c.Concurrency < 0 {
		return nil, settingErrorf("%v %d: must be 1 or more (0 = all cores)", SettingWorkers, c.Concurrency)
	}
	if c.Shards < 0 || c.Shard < 0 || (c.Shards > 0 && c.Shard >= c.Shards) {
		return nil, settingErrorf("%v %d/%d: need 0 <= i < n", SettingShard, c.Shard, c.Shards)
	}
	if total := len(c.pairings) * c.Games; c.Shards > 1 && c.Shard >= total {
		return nil, settingErrorf("%v %d/%d: the run has %d games, so shard %d would play none", SettingShard, c.Shard, c.Shards, total, c.Shard)
	}
	if err := c.checkRunID(); err != nil {
		return nil, err
	}
	if err := c.ScoreAdjudication.check(); err != nil {
		return nil, err
	}
	if err := c.checkStages(); err != nil {
		return nil, err
	}
	return c, nil
}

// checkStages refuses stages (Config.ExtendedFrom) that do not rise from 1 to below the
// games per pairing, which Game could not walk.
func (c *Plan) checkStages() error {
	for i, g := range c.ExtendedFrom {
		if g < 1 || g >= c.stages[i+1] || i > 0 && g <= c.ExtendedFrom[i-1] {
			return settingErrorf("%v %d: extended_from %v must rise from 1 to below it", SettingGames, c.Games, c.ExtendedFrom)
		}
	}
	return nil
}

// drawOpenings draws the run's openings (NewOpeningsContext: judging them may take
// minutes, and stops when ctx ends) and records their identity in the plan's record.
func (c *Plan) drawOpenings(ctx context.Context) error {
	o, err := NewOpeningsContext(ctx, c)
	if err != nil {
		return err
	}
	c.openings = o
	c.DistinctOpenings, c.OpeningsSHA256 = o.Size(), o.SHA256
	c.OpeningSet = o.Identity(c)
	return nil
}

// GameSpec is one scheduled game.
type GameSpec struct {
	Index        int // position in the run's schedule
	Pair         int // colour-swapped pair number within the run: both games share the opening
	OpeningIndex int // which opening (the pair number within the pairing)
	White, Black string
	Seed         uint64
	// Unpaired: the game has no colour-swapped partner (FixedColours); Pair is its Index.
	Unpaired bool
}

// Game returns scheduled game i: pairing i / Games; within it, pair (i % Games) / 2 with
// the first game's colours as listed and the second's swapped. With FixedColours every
// game has the colours as listed, an opening of its own (game i % Games of the pairing)
// and no partner.
//
// A run extended to more games per pairing (Config.ExtendedFrom) plays in stages: each
// stage's games follow the stages before, pairing after pairing, game k of a pairing in
// the stage that ends above k; within a stage as above. A pair is numbered in the stage
// of its first game. With one stage (a run never extended, or of one pairing) this is
// the schedule above.
func (c *Plan) Game(i int) GameSpec {
	n, from, to := len(c.pairings), 0, c.Games
	for _, g := range c.stages {
		if i < n*g {
			to = g
			break
		}
		from = g
	}
	off := i - n*from
	p, k := off/(to-from), from+off%(to-from)
	pg := c.pairings[p]
	white, black := c.Players[pg.A], c.Players[pg.B]
	if c.FixedColours {
		return GameSpec{Index: i, Pair: i, OpeningIndex: k, White: white, Black: black, Seed: record.MixSeed(c.Seed, uint64(i)), Unpaired: true}
	}
	if k%2 == 1 {
		white, black = black, white
	}
	opening := k / 2
	if c.perGame {
		opening = k
	}
	return GameSpec{
		Index:        i,
		Pair:         c.pairNumber(p, k/2),
		OpeningIndex: opening,
		White:        white,
		Black:        black,
		Seed:         record.MixSeed(c.Seed, uint64(i)),
	}
}

// pairNumber returns the number in the run of pair q of pairing p: pairing after
// pairing within the stage of the pair's first game (a stage's pairs after the earlier
// stages').
func (c *Plan) pairNumber(p, q int) int {
	n, from := len(c.pairings), 0
	for _, g := range c.stages {
		if 2*q < g {
			a, b := (from+1)/2, (g+1)/2
			return n*a + p*(b-a) + q - a
		}
		from = g
	}
	panic("tournament: pair beyond the schedule")
}

// OpeningsNeeded returns how many different openings distinct:K or file:PATH must
// provide: one per pair of a pairing, or one per game where each game has an opening of
// its own: distinct openings (and a file's, and the first turns) in self-play, where both
// games of a pair have the same player on each side, so a deterministic player would
// play the same game twice; and every game with fixed colours, where games have no
// partner.
func (c *Plan) OpeningsNeeded() int { return c.needed }

// shardGame returns the shard's k-th game.
func (c *Plan) shardGame(k int) GameSpec { return c.Game(c.shardIndex(k)) }

// withConfig returns the plan of record x, another record of the same players and
// openings setting (a shorter run's: extendedFrom).
func (c *Plan) withConfig(x Config) *Plan {
	p := &Plan{Config: x, specs: c.specs, opening: c.opening, openings: c.openings}
	p.schedule()
	return p
}

// extendedFrom returns cmp, a record of c's run, as the run of games games per pairing
// whose extension it is: the same run but for the games, the stages before it and the
// identity of its openings (drawn from c's own, which begin with the shorter run's). The
// shorter run's games are c's first ones, game for game (Game).
func (c *Plan) extendedFrom(cmp Config, games int) Config {
	x := cmp
	x.Games = games
	if n := len(x.ExtendedFrom); n > 0 {
		x.ExtendedFrom = x.ExtendedFrom[:n-1]
	}
	if len(x.ExtendedFrom) == 0 {
		x.ExtendedFrom = nil
	}
	if c.openings != nil && x.OpeningSet != nil {
		xp := c.withConfig(x)
		x.OpeningSet = c.openings.prefix(xp).Identity(xp)
	}
	return x
}

// testedPairings counts the run's pairings of two different players, each of which has
// its own sequential test.
func (c *Plan) testedPairings() int {
	n := 0
	for _, p := range c.pairings {
		if p.A != p.B {
			n++
		}
	}
	return n
}
