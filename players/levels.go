// levels.go: the three computer levels of the rule pages, easy, medium and hard.

package players

import (
	"context"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// LevelParams define a computer level: how many candidate turns it weighs, how deep it
// looks at each, and how often it plays a merely good turn instead of the best.
type LevelParams struct {
	// Candidates: how many distinct turns (by resulting board) are weighed; when there
	// are more, a random sample of this size. 0 = all.
	Candidates int
	// Depth: plies searched for each candidate, its own turn included (1 = the board after
	// it is evaluated), by alpha-beta on Evaluate.
	Depth int
	// Quiesce: extend the leaves while the side to move must capture.
	Quiesce bool
	// Slack: probability of playing a merely good turn instead of the best, when there is
	// one: a good turn is another candidate scoring within Margin of the best.
	Slack  float64
	Margin int
	// Vary > 0 adds to each candidate's score a bonus drawn uniformly from 0..Vary
	// (hundredths of a piece) by the seed, so the level varies among near-equal turns.
	Vary int
	// Time caps a turn's search (0 = none): when it runs out, the best candidate weighed
	// so far is played. Clock is a game clock (see Clocked) giving each turn its share.
	Time  time.Duration
	Clock TimeControl
}

// The levels. Scores are in hundredths of a piece (Evaluate).
var (
	EasyParams   = LevelParams{Candidates: 6, Depth: 2, Quiesce: false, Slack: 0.30, Margin: 100}
	MediumParams = LevelParams{Candidates: 12, Depth: 3, Quiesce: false, Slack: 0.15, Margin: 50}
	HardParams   = LevelParams{Candidates: 0, Depth: 4, Quiesce: true, Slack: 0.05, Margin: 20}
)

// Level is a computer level (easy, medium, hard or one made from other LevelParams).
type Level struct {
	params     LevelParams
	seed       uint64
	s          *searcher
	buf        []engine.Turn
	seen       engine.ResultSet
	scores     []int
	clock      clock
	lastSearch // the last search, for LastSearch (Reporter)
}

// NewLevel returns the level with parameters lp, its random choices seeded by seed.
func NewLevel(lp LevelParams, seed uint64) *Level {
	lp.Depth = max(1, min(lp.Depth, maxPly/4))
	cfg := searchConfig{maxDepth: lp.Depth, quiesce: lp.Quiesce, qMaxPlies: maxPly / 2, killers: true}
	return &Level{params: lp, seed: seed, s: newSearcher(cfg, nil), buf: make([]engine.Turn, 0, 64), clock: clock{tc: lp.Clock}}
}

// Close gives the level's search buffers to the next player made (reuse.go); the level
// must not be used after.
func (l *Level) Close() error {
	if l.s != nil {
		giveSearcher(l.s, false)
		l.s = nil
	}
	return nil
}

// SetClock implements Clocked.
func (l *Level) SetClock(remaining, increment time.Duration) { l.clock.set(remaining, increment) }

// Params returns the level's parameters.
func (l *Level) Params() LevelParams { return l.params }

// Choose implements Player.
func (l *Level) Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error) {
	a, err := l.Analyze(ctx, p, r)
	return a.Turn, err
}

// Analyze implements Analyzer. The candidates are the distinct turns in a random order
// (a PCG permutation), cut to Candidates; each is searched Depth plies with a window
// that only proves it is not good; the first candidate with the highest score is the
// best. Then with probability Slack a turn is drawn uniformly from the other candidates
// scoring within Margin of the best, if any.
func (l *Level) Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	a, err := l.analyze(ctx, p, r)
	l.keep(a, err)
	return a, err
}

func (l *Level) analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error) {
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	if !p.HasTurn() {
		return Analysis{}, ErrNoTurn
	}
	if l.s == nil {
		panic("players: Level used after Close")
	}
	start := time.Now()
	rng := positionRand(l.seed, streamLevel, p)
	turns := p.DistinctTurns(r, l.buf[:0], &l.seen)
	l.buf = turns[:0]
	rng.Shuffle(len(turns), func(i, j int) { turns[i], turns[j] = turns[j], turns[i] })
	if k := l.params.Candidates; k > 0 && k < len(turns) {
		turns = turns[:k]
	}
	s := l.s
	s.begin(ctx, r, 0, l.clock.budget(p, l.params.Time))
	defer func() { l.clock.spent(p, time.Since(start)) }()
	l.scores = l.scores[:0]
	best, bestI := -infinity, 0
	var pv []engine.Turn
	for i, t := range turns {
		q := p.Play(t)
		alpha := -infinity
		if best > -infinity {
			// Below this a turn can be neither the best nor within the margin, whatever
			// bonus it draws: its score need not be exact.
			alpha = best - l.params.Margin - l.params.Vary - 1
		}
		v := -s.negamax(&q, l.params.Depth-1, 1, -infinity, -alpha)
		if s.stopped {
			if err := ctx.Err(); err != nil || i == 0 {
				// Cancelled, or out of time before any candidate was weighed: the first
				// candidate (a random one) is all there is.
				if err != nil {
					return Analysis{}, err
				}
				pv, best = []engine.Turn{t}, -s.evaluate(&q, 1)
			}
			turns = turns[:max(1, i)]
			break
		}
		if l.params.Vary > 0 {
			v += rng.IntN(l.params.Vary + 1)
		}
		l.scores = append(l.scores, v)
		if v > best {
			best, bestI = v, i
			pv = append(append(pv[:0], t), s.pv[1][1:s.pvLen[1]]...)
		}
	}
	a := Analysis{Turn: turns[bestI], Score: best, PV: pv, Depth: l.params.Depth, Nodes: s.nodes}
	var good []int
	for i, v := range l.scores {
		if i != bestI && v >= best-l.params.Margin {
			good = append(good, i)
		}
	}
	if rng.Float64() < l.params.Slack && len(good) > 0 {
		i := good[rng.IntN(len(good))]
		a.Turn, a.Score, a.PV = turns[i], l.scores[i], []engine.Turn{turns[i]}
	}
	a.Time = time.Since(start)
	return a, nil
}
