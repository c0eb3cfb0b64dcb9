// plan.go: a run request checked and parsed once (Plan): what the run plays from, apart
// from the request (Config) it was made from.

package tournament

import "github.com/fanorona/fanorona/players"

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
}

// withConfig returns the plan of record x, another record of the same players and
// openings setting (a shorter run's: extendedFrom).
func (c *Plan) withConfig(x Config) *Plan {
	return &Plan{Config: x, specs: c.specs, opening: c.opening, openings: c.openings}
}

// extendedFrom returns cmp, a record of c's run, as the run of games games per pairing
// whose extension it is: the same run but for the games and the identity of its openings
// (drawn from c's own, which begin with the shorter run's). The shorter run's games are
// c's first games of each pairing, game for game, when c has one pairing (Extendable).
func (c *Plan) extendedFrom(cmp Config, games int) Config {
	x := cmp
	x.Games = games
	if c.openings != nil && x.OpeningSet != nil {
		xp := c.withConfig(x)
		x.OpeningSet = c.openings.prefix(xp).Identity(xp)
	}
	return x
}

// playerSpec returns one of the run's players, parsed by NewPlan.
func (c *Plan) playerSpec(spec string) (players.Spec, error) {
	if s, ok := c.specs[spec]; ok {
		return s, nil
	}
	return players.ParseSpec(spec)
}

// deterministic reports whether one of the run's players is deterministic
// (players.Spec.Deterministic).
func (c *Plan) deterministic(spec string) bool {
	s, err := c.playerSpec(spec)
	return err == nil && s.Deterministic()
}
