// collection.go: the curated puzzles. Every value here was computed from the tablebases
// (or proven exactly by Solve, one capture away from them, for telo noho dimy) and is
// recorded in testdata/puzzles/puzzles.json; the tests check both against each other and
// against the tablebases they can reach.

package puzzles

import (
	"fmt"
	"sort"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Kinds of puzzle.
const (
	KindTeloNohoDimy = "telo-noho-dimy"  // three against five
	KindLongestWin   = "longest-win"     // the longest win of a class
	KindOnlyQuiet    = "only-quiet"      // the one winning turn is a quiet step among many
	KindOnlyWithdraw = "only-withdrawal" // the one winning turn is a withdrawal, an approach being possible
	KindOnlyDraw     = "only-draw"       // the one board of its class the side to move does not win
)

// Puzzle is one curated position with its proven value for the side to move.
type Puzzle struct {
	Name        string
	Kind        string
	FEN         string
	Description string
	Value       tablebase.Value
	// Turn is the winning (or holding) turn the puzzle is about, in canonical notation;
	// for a longest win or defence, the first turn of a best line (one of those recorded).
	Turn string
}

// Rules returns the rules a puzzle's Value is solved under: the theoretic rules (no paika
// limit) for every puzzle of the collection. Its value under the default rules (paika
// limit 50) is recorded beside it in testdata/puzzles/puzzles.json where the rule-aware
// tablebases decide it.
func (p Puzzle) Rules() engine.Rules { return engine.TheoreticRules() }

func win(plies int) tablebase.Value  { return tablebase.Value{Outcome: tablebase.Win, Plies: plies} }
func loss(plies int) tablebase.Value { return tablebase.Value{Outcome: tablebase.Loss, Plies: plies} }
func draw() tablebase.Value          { return tablebase.Value{} }

var collection = []Puzzle{
	// Telo noho dimy: three (White) against five (Black). Each is decided by the capture
	// the side to move must make, so Solve proves it exactly one ply from the tablebases;
	// the first three need only the classes of at most 6 pieces.
	{"telo-noho-dimy-hold", KindTeloNohoDimy, "2W6/2WBB4/1B1B3B1/9/2W6 w 0 0",
		"Three against five, the three to move: of the two captures, only c4-b4W-b5W holds the draw.", draw(), "c4-b4W-b5W"},
	{"telo-noho-dimy-strike", KindTeloNohoDimy, "4W4/4B2W1/2B2B3/1B6W/1B7 w 0 0",
		"Three against five, and the three win: e5-d4A-c4W takes two and wins in 35; the other capture does not.", win(35), "e5-d4A-c4W"},
	{"telo-noho-dimy-five-win", KindTeloNohoDimy, "3W5/5W3/6B2/1B5B1/2B2B2W w 0 0",
		"Three against five, the three to move must capture f4-e5W, and the five win in 42.", loss(42), "f4-e5W"},
	// These four need the 7-piece tablebases 4v3 and 5v2 (captures of one piece).
	{"telo-noho-dimy-one-of-22", KindTeloNohoDimy, "WW1B5/5B3/2BWB4/3B5/9 w 0 0",
		"The three to move have 22 turns; only the chain d3-d4W-e5W-e4A wins (in 25).", win(25), "d3-d4W-e5W-e4A"},
	{"telo-noho-dimy-one-of-17", KindTeloNohoDimy, "9/5B3/3B2B2/1W1WB1W2/6B2 w 0 0",
		"The three to move have 17 turns; only g2-f2A-e3W-f3A holds the draw, every other loses.", draw(), "g2-f2A-e3W-f3A"},
	{"telo-noho-dimy-five-slow-win", KindTeloNohoDimy, "B8/W1B2W3/1B7/B4B1W1/9 b 0 0",
		"The five to move win, but it takes 63 plies: a2-a3A is the fastest of two winning captures.", win(63), "a2-a3A"},
	{"telo-noho-dimy-five-cannot-win", KindTeloNohoDimy, "9/5B1B1/2W4WB/9/4BW1B1 b 0 0",
		"The five to move cannot win: h1-h2A holds the draw, the other four captures lose.", draw(), "h1-h2A"},
	// From the full 3v5/5v3 tablebases (docs/ENDGAMES.md).
	{"telo-noho-dimy-longest-win", KindTeloNohoDimy, "1WW5W/2B5W/W8/4B4/3B5 w 0 0",
		"The five (White) to move win, but it takes 111 plies: the longest win of any class built.", win(111), "c5-d5"},
	{"telo-noho-dimy-longest-defence", KindTeloNohoDimy, "BB4BB1/8B/3W5/9/4WW3 w 0 0",
		"The three (White) to move are lost, but d3-d4 or e1-d2 holds out 110 plies.", loss(110), "d3-d4"},

	// The longest wins of each class with the stronger side to move: the first such board
	// in slot order (White to move).
	{"longest-2v1", KindLongestWin, "9/9/W8/1B7/3W5 w 0 0", "Two against one: the longest win, 29 plies.", win(29), "d1-c1"},
	{"longest-3v1", KindLongestWin, "9/9/9/2B6/1WW1W4 w 0 0", "Three against one: the longest win, 27 plies.", win(27), "c1-d1"},
	{"longest-2v2", KindLongestWin, "9/9/B8/9/3WW3B w 0 0", "Two against two: the longest win, 49 plies.", win(49), "e1-f2"},
	{"longest-4v1", KindLongestWin, "9/9/9/WB7/W1W1W4 w 0 0", "Four against one: the longest win, 29 plies.", win(29), "c1-b1"},
	{"longest-3v2", KindLongestWin, "7WW/9/5W3/4B4/2B6 w 0 0", "Three against two: the longest win, 59 plies.", win(59), "h5-g5"},
	{"longest-2v3", KindLongestWin, "9/9/2B6/9/1BW2W2B w 0 0", "Two to move against three, and still a win: 51 plies.", win(51), "c1-c2A"},
	{"longest-5v1", KindLongestWin, "8W/8W/8W/8W/B7W w 0 0", "Five against one, every board a win: the longest, 25 plies.", win(25), "i3-h2"},
	{"longest-4v2", KindLongestWin, "2W3WWW/1B7/9/9/4B4 w 0 0", "Four against two: the longest win of all classes up to six pieces, 81 plies.", win(81), "c5-d5"},
	{"longest-3v3", KindLongestWin, "B1B6/2B6/9/W8/1WW6 w 0 0", "Three against three: the longest win, 79 plies.", win(79), "c1-d2"},
	{"longest-2v4", KindLongestWin, "9/9/B8/W5W2/B3B2B1 w 0 0", "Two to move against four, and a win: 53 plies.", win(53), "a2-b2"},
	// From the 8-piece tables of 7v1, 6v2 and 4v4 (docs/ENDGAMES.md).
	{"longest-4v4", KindLongestWin, "7BB/2B3B2/3W5/W8/1W4W2 w 0 0", "Four against four: the longest win of any table, 137 plies.", win(137), "g1-h2"},
	{"longest-6v2", KindLongestWin, "3WW1WWW/3B5/5W3/9/4B4 w 0 0", "Six against two: the longest win, 79 plies, and it starts with a quiet step.", win(79), "f3-g3"},
	{"longest-2v6", KindLongestWin, "9/9/B4B3/1W2B4/B3BW1B1 w 0 0", "Two to move against six, and a win: 53 plies.", win(53), "f1-f2A-g2W"},
	{"longest-7v1", KindLongestWin, "8W/8W/8W/1B6W/WW6W w 0 0", "Seven against one: the longest win, 25 plies.", win(25), "i3-h2"},
	{"only-draw-7v1", KindOnlyDraw, "2W1W4/9/WWWB5/9/2W1W4 w 0 0",
		"Seven against one, and the seven to move cannot win: the one such board of 1,724,425,560 (with its mirror image). 12 of its 32 turns hold the draw; after each of the other 20 the lone piece wins.", draw(), "a3-a4"},

	// The only winning turn is a quiet step (the rest of the many turns draw or lose).
	{"quiet-2v2", KindOnlyQuiet, "9/9/9/3W2B2/1B3W3 w 0 0", "Two against two: one quiet step of many wins, in 47 plies.", win(47), "f1-e1"},
	{"quiet-3v2", KindOnlyQuiet, "9/9/7W1/3BB2W1/8W w 0 0", "Three against two: only h3-g3 wins (59 plies).", win(59), "h3-g3"},
	{"quiet-3v3", KindOnlyQuiet, "B1B6/2B6/9/W8/1W2W4 w 0 0", "Three against three: only e1-d2 wins, in 79 plies.", win(79), "e1-d2"},

	// The only winning turn is a withdrawal although an approach is possible.
	{"withdraw-3v2", KindOnlyWithdraw, "9/W8/B8/1WB6/W8 w 0 0", "Capture, but by withdrawal: a4-a5W is the only win (29 plies).", win(29), "a4-a5W"},
	{"withdraw-2v3", KindOnlyWithdraw, "9/4B4/W8/B1W6/2B6 w 0 0", "Two against three: the withdrawal a3-a4W wins in 39; every other capture fails.", win(39), "a3-a4W"},
	{"withdraw-3v3", KindOnlyWithdraw, "9/9/2W6/1B2B4/WW2B4 w 0 0", "Three against three: only the withdrawal c3-d4W wins (57 plies).", win(57), "c3-d4W"},
	{"withdraw-4v2", KindOnlyWithdraw, "9/5W3/W1B6/2W1B4/4W4 w 0 0", "Four against two: only the withdrawal c2-c1W wins (29 plies).", win(29), "c2-c1W"},
}

// Collection returns the puzzles, sorted by name.
func Collection() []Puzzle {
	out := append([]Puzzle(nil), collection...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ByName returns the named puzzle.
func ByName(name string) (Puzzle, bool) {
	for _, p := range collection {
		if p.Name == name {
			return p, true
		}
	}
	return Puzzle{}, false
}

// Named returns the named puzzle; a name the collection lacks is a *proof.InputError, as
// the refusals of a query are.
func Named(name string) (Puzzle, error) {
	if p, ok := ByName(name); ok {
		return p, nil
	}
	return Puzzle{}, &proof.InputError{Err: fmt.Errorf("no puzzle named %q (see: fanorona puzzles list)", name)}
}

// Start returns the puzzle's position and its turn. The collection's tests keep every
// turn legal, so an illegal one panics.
func (p Puzzle) Start() (engine.Position, engine.Turn) {
	pos := engine.MustParseFEN(p.FEN)
	t, err := pos.ParseTurn(p.Rules(), p.Turn)
	if err != nil {
		panic(fmt.Sprintf("puzzles: %s: %v", p.Name, err))
	}
	return pos, t
}
