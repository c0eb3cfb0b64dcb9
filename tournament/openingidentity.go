// openingidentity.go: drawing the identity of a run's openings (record.OpeningSet).

package tournament

import (
	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
)

// MaxHashedOpenings bounds the openings hashed for random and firstmove:K sets, which are
// drawn anew for each pair from the seed: their first hundred already tell another
// engine's draws apart, and drawing many more would delay every start and resume.
const MaxHashedOpenings = 100

// Identity returns the identity of the openings o of run c. It draws at most
// MaxHashedOpenings openings: the others are already drawn or judged.
func (o *Openings) Identity(c *Plan) *record.OpeningSet {
	set := &record.OpeningSet{Policy: string(o.Kind), Plies: o.Plies}
	if isChosen(o.Kind) {
		j := JudgeOf(o.Kind)
		set.Judge, set.JudgeSpec, set.Margin = j.Version, j.Spec, j.Margin
	}
	var n int
	switch o.Kind {
	case OpenStart:
		n = 1
	case OpenBook, OpenDistinct, OpenEven, OpenFile, OpenGames:
		n = len(o.book)
	case OpenFirstMove:
		if o.Plies == 0 {
			n = min(len(o.first), c.needed)
			break
		}
		n = min(c.needed, MaxHashedOpenings)
	case OpenRandom:
		n = min(c.needed, MaxHashedOpenings)
	}
	r := c.rules
	ps := make([]engine.Position, n)
	for k := range ps {
		ps[k] = o.Opening(k, c.Seed, r)
	}
	set.Positions, set.SHA256 = n, record.HashPositions(ps)
	return set
}
