// openings.go: the positions games start from: the start position, K random plies
// (seeded), or every distinct position after K plies (a book, played in turn).

package tournament

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// OpeningKind is how openings are chosen.
type OpeningKind string

// The opening kinds.
const (
	OpenStart  OpeningKind = "start"
	OpenRandom OpeningKind = "random"
	OpenBook   OpeningKind = "book"
)

// maxBookPlies bounds book:K (the book after 5 plies already holds over 400,000 positions).
const maxBookPlies = 4

// Openings produces the opening of each colour-swapped pair.
type Openings struct {
	Kind  OpeningKind
	Plies int
	book  []engine.Position
}

// parseOpeningSpec reads the syntax "start", "random:K" or "book:K".
func parseOpeningSpec(s string) (OpeningKind, int, error) {
	if s == "" || s == "start" {
		return OpenStart, 0, nil
	}
	kind, k, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(k)
	if !ok || err != nil || n < 0 {
		return "", 0, fmt.Errorf("--openings %q: expected start, random:K or book:K with K >= 0", s)
	}
	switch OpeningKind(kind) {
	case OpenRandom:
		if n > 200 {
			return "", 0, fmt.Errorf("--openings %q: at most 200 random plies", s)
		}
	case OpenBook:
		if n > maxBookPlies {
			return "", 0, fmt.Errorf("--openings %q: book depth at most %d", s, maxBookPlies)
		}
	default:
		return "", 0, fmt.Errorf("--openings %q: unknown kind %q (start, random, book)", s, kind)
	}
	return OpeningKind(kind), n, nil
}

// ParseOpenings reads "start", "random:K" or "book:K"; a book is built under rules r, the
// run's rules.
func ParseOpenings(s string, r engine.Rules) (*Openings, error) {
	kind, n, err := parseOpeningSpec(s)
	if err != nil {
		return nil, err
	}
	o := &Openings{Kind: kind, Plies: n}
	if kind == OpenBook {
		o.book = Book(n, r)
	}
	return o, nil
}

// Opening returns the opening of pair k; seed is the run's seed.
func (o *Openings) Opening(k int, seed uint64, r engine.Rules) engine.Position {
	switch o.Kind {
	case OpenBook:
		return o.book[k%len(o.book)]
	case OpenRandom:
		// Draw K uniform turns; a draw that ends the game early is redrawn from the next
		// stream, so every opening is a game still in progress.
		for attempt := uint64(0); ; attempt++ {
			rng := rand.New(rand.NewPCG(mix(seed, 1<<40+uint64(k)), attempt))
			if p, ok := randomOpening(rng, o.Plies, r); ok {
				return p
			}
		}
	}
	return engine.Start()
}

func randomOpening(rng *rand.Rand, plies int, r engine.Rules) (engine.Position, bool) {
	p := engine.Start()
	buf := make([]engine.Turn, 0, engine.MaxTurnsHint)
	for i := 0; i < plies; i++ {
		if r.Status(&p).Over() {
			return p, false
		}
		buf = p.Turns(r, buf[:0])
		p = p.Play(buf[rng.IntN(len(buf))])
	}
	return p, !r.Status(&p).Over()
}

// Size returns how many distinct openings there are (0 for random: unbounded).
func (o *Openings) Size() int {
	switch o.Kind {
	case OpenBook:
		return len(o.book)
	case OpenStart:
		return 1
	}
	return 0
}

// Book returns every distinct position (pieces and side to move) reached after exactly
// plies turns from the start, sorted by FEN, leaving out finished games.
func Book(plies int, r engine.Rules) []engine.Position {
	level := []engine.Position{engine.Start()}
	var seen engine.ResultSet
	for d := 0; d < plies; d++ {
		// level is sorted, so the first path found to each board is the same on every run
		// (it decides the paika counter kept).
		have := map[[2]engine.Bitboard]bool{}
		var next []engine.Position
		for i := range level {
			p := &level[i]
			for _, t := range p.DistinctTurns(r, nil, &seen) {
				q := p.Play(t)
				if !have[q.Pieces] && !r.Status(&q).Over() {
					have[q.Pieces] = true
					next = append(next, q)
				}
			}
		}
		sort.Slice(next, func(i, j int) bool { return next[i].FEN() < next[j].FEN() })
		level = next
	}
	return level
}
