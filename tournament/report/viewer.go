// viewer.go: the games the report's viewer replays (the longest, the shortest, every
// forfeit and a seeded handful more), replayed by the engine into one board a ply.

package report

import (
	"fmt"
	"hash/fnv"
	"html/template"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats/chart/board"
)

// SampledGames is how many games the viewer shows besides the longest, the shortest and
// the forfeits, drawn by the run's seed.
const SampledGames = 4

// The reasons a game is in the viewer.
const (
	LabelLongest  = "longest"
	LabelShortest = "shortest"
	LabelForfeit  = "forfeit"
	LabelSampled  = "sampled"
)

// ViewerGame is one game of the viewer: its record and every position of it.
type ViewerGame struct {
	Labels []string    `json:"labels"` // why it is shown (longest, shortest, forfeit, sampled)
	Title  string      `json:"title"`  // game number, players, result
	Run    string      `json:"run"`    // the record's run id
	Index  int         `json:"index"`  // the record's index in its run
	Plies  []ViewerPly `json:"plies"`  // the opening, then the position after each turn
	// Scores are the score curve of a game whose record has move data: by ply as Plies
	// (null at the opening and where the mover reported none), the mover's score turned
	// to White's view, in hundredths of a piece; absent without move data.
	Scores []*int        `json:"s,omitempty"`
	Record record.Record `json:"-"`
}

// ViewerPly is the board after a ply: Board holds the 45 points a1, b1, …, i5 as W, B or
// '.'; Turn is the turn that led here in notation (empty at the opening), Path its
// points and Taken the points it captured, each as concatenated names ("d1d2e3").
type ViewerPly struct {
	Board string `json:"b"`
	FEN   string `json:"f"`
	Turn  string `json:"t,omitempty"`
	Path  string `json:"p,omitempty"`
	Taken string `json:"x,omitempty"`
}

// Viewer is the game viewer of the page: its games, the seed of the sampled ones, and
// the board it draws on (the first game's opening, as shown without script).
type Viewer struct {
	Games []ViewerGame
	Seed  uint64
	Board template.HTML
	CSS   template.CSS
	Curve bool // some game has a score curve (Scores): the page draws one under the board
}

// notable picks the viewer's games while the records stream past: it keeps the turns of
// the current longest and shortest games, of every forfeit, and of the SampledGames+2
// games of smallest seeded key (two spare in case the longest or shortest is among them).
type notable struct {
	seed              uint64
	longest, shortest *record.Record
	forfeits          []record.Record
	sample            []keyed
}

type keyed struct {
	key uint64
	rec record.Record
}

// sampleKey is a game's place in the seeded draw: a PCG stream of the seed, chosen by the
// game's run and index, so the draw is the same whatever the order of the files.
func sampleKey(seed uint64, rec *record.Record) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", rec.Run, rec.Index)
	return rand.New(rand.NewPCG(seed, h.Sum64())).Uint64()
}

func (n *notable) add(rec *record.Record) {
	if n.longest == nil || rec.Plies > n.longest.Plies {
		r := *rec
		n.longest = &r
	}
	if n.shortest == nil || rec.Plies < n.shortest.Plies {
		r := *rec
		n.shortest = &r
	}
	if record.IsForfeitReason(rec.Reason) {
		n.forfeits = append(n.forfeits, *rec)
		return
	}
	k := keyed{sampleKey(n.seed, rec), *rec}
	i := sort.Search(len(n.sample), func(i int) bool { return n.sample[i].key > k.key })
	if i >= SampledGames+2 {
		return
	}
	n.sample = append(n.sample, keyed{})
	copy(n.sample[i+1:], n.sample[i:])
	n.sample[i] = k
	if len(n.sample) > SampledGames+2 {
		n.sample = n.sample[:SampledGames+2]
	}
}

// games returns the chosen games in the viewer's order: the longest, the shortest, the
// forfeits, the sampled ones; a game chosen twice is shown once with both labels.
func (n *notable) games() []ViewerGame {
	var out []ViewerGame
	at := map[string]int{}
	push := func(rec *record.Record, label string) bool {
		id := fmt.Sprintf("%s/%d", rec.Run, rec.Index)
		if i, ok := at[id]; ok {
			out[i].Labels = append(out[i].Labels, label)
			return false
		}
		at[id] = len(out)
		out = append(out, ViewerGame{Labels: []string{label}, Run: rec.Run, Index: rec.Index, Record: *rec})
		return true
	}
	if n.longest == nil {
		return nil
	}
	push(n.longest, LabelLongest)
	push(n.shortest, LabelShortest)
	for i := range n.forfeits {
		push(&n.forfeits[i], LabelForfeit)
	}
	sampled := 0
	for i := range n.sample {
		if _, ok := at[fmt.Sprintf("%s/%d", n.sample[i].rec.Run, n.sample[i].rec.Index)]; ok {
			continue
		}
		if sampled == SampledGames {
			break
		}
		push(&n.sample[i].rec, LabelSampled)
		sampled++
	}
	return out
}

// replay fills g's plies by playing its record's turns with the engine. A turn that does
// not replay ends the game there, with the error as its last line (records read by
// Load are checked field by field, not replayed).
func (g *ViewerGame) replay() error {
	rec := &g.Record
	g.Title = fmt.Sprintf("game %d: %s (White) vs %s (Black), %s %s, %d plies", rec.Index, rec.White, rec.Black, rec.Result, rec.Reason, rec.Plies)
	if rec.Forfeit != "" {
		g.Title += " (" + rec.Forfeit + ")"
	}
	p, err := engine.ParseFEN(rec.Opening)
	if err != nil {
		return err
	}
	rules := rec.Rules.Engine(p.Ply)
	g.Plies = append(g.Plies, ViewerPly{Board: boardString(&p), FEN: p.FEN()})
	scored := len(rec.MoveData) == len(rec.Turns) && slices.ContainsFunc(rec.MoveData, func(m record.MoveData) bool { return m.Score != nil })
	if scored {
		g.Scores = make([]*int, len(rec.Turns)+1)
	}
	for i, s := range rec.Turns {
		if scored {
			if v, ok := rec.MoveData[i].WhiteScore(p.Side == engine.White); ok {
				g.Scores[i+1] = &v
			}
		}
		t, err := p.ParseTurn(rules, s)
		if err != nil {
			return fmt.Errorf("game %d, ply %d: %v", rec.Index, i+1, err)
		}
		var path, taken strings.Builder
		for _, q := range board.Path(t) {
			path.WriteString(q.String())
		}
		for _, q := range p.CaptureOrder(t) {
			taken.WriteString(q.String())
		}
		p = p.Play(t)
		g.Plies = append(g.Plies, ViewerPly{Board: boardString(&p), FEN: p.FEN(), Turn: t.String(), Path: path.String(), Taken: taken.String()})
	}
	return nil
}

// boardString is the 45 points a1..i5 as W, B or '.'.
func boardString(p *engine.Position) string {
	b := make([]byte, engine.Points)
	for q := engine.Point(0); q < engine.Points; q++ {
		switch {
		case p.Pieces[engine.White].Has(q):
			b[q] = 'W'
		case p.Pieces[engine.Black].Has(q):
			b[q] = 'B'
		default:
			b[q] = '.'
		}
	}
	return string(b)
}

// buildViewer replays the chosen games and draws the board the viewer starts on. A game
// whose turns do not replay is left out with a warning.
func buildViewer(n *notable) (*Viewer, []string, error) {
	v := &Viewer{Seed: n.seed}
	var warnings []string
	for _, g := range n.games() {
		if err := g.replay(); err != nil {
			warnings = append(warnings, fmt.Sprintf("the viewer leaves out %v", err))
			continue
		}
		v.Games = append(v.Games, g)
		v.Curve = v.Curve || g.Scores != nil
	}
	if len(v.Games) == 0 {
		return nil, warnings, nil
	}
	first, err := engine.ParseFEN(v.Games[0].Plies[0].FEN)
	if err != nil {
		return nil, nil, err
	}
	var sb strings.Builder
	if err := board.SVG(&sb, first, board.Options{}); err != nil {
		return nil, nil, err
	}
	v.Board = template.HTML(sb.String()) //nolint:gosec // package board's own SVG, its one text (the FEN) escaped
	v.CSS = template.CSS(board.PieceCSS("#games svg.board"))
	return v, warnings, nil
}
