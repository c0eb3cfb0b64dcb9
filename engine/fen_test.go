// fen_test.go: FEN and notation parsing, formatting, errors and fuzzing.

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStartPosition(t *testing.T) {
	p := Start()
	assert.Equal(t, 22, p.Pieces[White].Count())
	assert.Equal(t, 22, p.Pieces[Black].Count())
	assert.Equal(t, Bit(PointAt(4, 2)), p.Empty(), "only e3 is empty")
	// Row 3 from a to i: B W B W . B W B W (RULES.md).
	want := "BWBW.BWBW"
	for c := 0; c < Cols; c++ {
		pt := PointAt(c, 2)
		got := byte('.')
		if p.Pieces[White].Has(pt) {
			got = 'W'
		} else if p.Pieces[Black].Has(pt) {
			got = 'B'
		}
		assert.Equal(t, want[c], got, "row 3 column %c", 'a'+c)
	}
	assert.Equal(t, White, p.Side)
	assert.Equal(t, StartFEN, p.FEN())
}

func TestPointNames(t *testing.T) {
	for _, c := range []struct {
		name       string
		col, row   int
		strong     bool
		neighbours int
	}{
		{"a1", 0, 0, true, 3}, {"b1", 1, 0, false, 3}, {"e3", 4, 2, true, 8},
		{"d3", 3, 2, false, 4}, {"i5", 8, 4, true, 3}, {"e1", 4, 0, true, 5},
	} {
		p, ok := ParsePoint(c.name)
		require.True(t, ok, c.name)
		assert.Equal(t, PointAt(c.col, c.row), p)
		assert.Equal(t, c.name, p.String())
		assert.Equal(t, c.strong, p.IsStrong(), c.name)
		assert.Equal(t, c.neighbours, Neighbours(p).Count(), c.name)
	}
	for _, bad := range []string{"", "a", "j1", "a6", "a0", "A1", "a11"} {
		_, ok := ParsePoint(bad)
		assert.False(t, ok, bad)
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "has 0 fields"},
		{"9/9/9/9/9", "has 1 fields"},
		{"9/9/9/9 w", "has 4 rows"},
		{"9/9/9/9/9/9 w", "has 6 rows"},
		{"9/9/9/8/9 w", "row 2 has 8 columns"},
		{"9/9/9/9/WWWWWWWWWW w", "row 1, character 10 (column i): row has more than 9 columns"},
		{"9/9/4X4/9/9 w", "row 3, character 2 (column e): unexpected 'X'"},
		{"9/9/0W8/9/9 w", "row 3, character 1 (column a): unexpected '0'"},
		{"9/9/5W5/9/9 w", "row 3, character 3 (column g): 5 empty points overrun"},
		{"9/9/W7p/9/9 w", "row 3, character 3 (column i): 'p' mixes"},
		{"9/9/9/9/9 x", `side field "x"`},
		{"9/9/9/9/9 w -1", `paika field "-1"`},
		{"9/9/9/9/9 w 0 z", `ply field "z"`},
		{"9/9/9/9/9 w 0 0 0", "has 5 fields"},
		{"WWWWWWWWW/WWWWWWWWW/WWWWW4/9/9 w", "23 White pieces, at most 22"},
	} {
		_, err := ParseFEN(c.fen)
		if assert.Error(t, err, c.fen) {
			assert.Contains(t, err.Error(), c.want, c.fen)
			assert.NotContains(t, err.Error(), "\n")
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, s := range []string{StartFEN, "3B2BBB/6B1B/1W5B1/3W5/9 b 7 31", "9/9/9/9/9 w 0 0"} {
		p, err := ParseFEN(s)
		require.NoError(t, err)
		assert.Equal(t, s, p.FEN())
	}
	// Short forms get the default counters; the P/p style reads the same position.
	p := MustParseFEN("pppp1p1pp/pppppPppp/pP1PPp1pP/PPPpPPPPP/PPPP1PPPP b")
	assert.Equal(t, "BBBB1B1BB/BBBBBWBBB/BW1WWB1BW/WWWBWWWWW/WWWW1WWWW b 0 0", p.FEN())
}

func TestNotation(t *testing.T) {
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	r := DefaultRules()
	for _, c := range []struct{ in, want string }{
		{"g3-f4A-f3W-e3A", "g3-f4A-f3W-e3A"},
		{"g3f4Af3We3A", "g3-f4A-f3W-e3A"},
		{"g3f4af3we3a", "g3-f4A-f3W-e3A"},
		{"e1-d2A-d1W", "e1-d2A-d1W"},
		{"e1d2ad1w", "e1-d2A-d1W"},
	} {
		turn, err := p.ParseTurn(r, c.in)
		if assert.NoError(t, err, c.in) {
			assert.Equal(t, c.want, turn.String())
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "turn is empty"},
		{"z9-e3", "character 1: expected a start point"},
		{"g3-", "character 4: expected a point"},
		{"g3", "at least one step"},
		{"g3-g5A", "g3 to g5 is not a step along a line"},
		{"d3-e3A", "no White piece on d3"},
		{"a1-a2", "a capture is compulsory and the piece on a1 cannot capture"},
		{"g3-f3", "this step captures; write A"},
		{"g3-f3A", "no approach capture here; did you mean withdrawal"},
		{"g3-f4A-f5A", "the chain cannot continue"},
	} {
		_, err := p.ParseTurn(r, c.in)
		if assert.Error(t, err, c.in) {
			assert.Contains(t, err.Error(), c.want, c.in)
		}
	}
	// Paika errors in a position without captures.
	q := MustParseFEN("2W4BB/9/5B3/W8/WW4W1W b 0 0")
	_, err := q.ParseTurn(r, "f3-e3A")
	assert.ErrorContains(t, err, "captures nothing")
	_, err = q.ParseTurn(r, "f3-e3-e4")
	assert.ErrorContains(t, err, "a paika is a single step")
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("3B2BBB/6B1B/1W5B1/3W5/9 b 0 0")
	f.Add("pppp1p1pp/pppppPppp/pP1PPp1pP/PPPpPPPPP/PPPP1PPPP b")
	f.Add("9/9/9/9/9 w 12 99")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("formatted FEN %q of %q does not parse: %v", out, s, err)
		}
		if q != p || q.FEN() != out {
			t.Fatalf("round trip of %q: %q then %q", s, out, q.FEN())
		}
	})
}

func FuzzParseTurn(f *testing.F) {
	for _, s := range []string{"g3-f4A-f3W-e3A", "g3f4af3we3a", "e1-d2A-d1W", "a1-a2", "e2-e3", "b3a3a2a"} {
		f.Add(s)
	}
	p := MustParseFEN("BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0")
	f.Fuzz(func(t *testing.T, s string) {
		from, steps, err := ParseNotation(s)
		if err == nil && (from == NoPoint || len(steps) == 0) {
			t.Fatalf("%q parsed without a start point or steps", s)
		}
		turn, err := p.ParseTurn(DefaultRules(), s)
		if err != nil {
			return
		}
		canon := turn.String()
		again, err := p.ParseTurn(DefaultRules(), canon)
		if err != nil || again != turn {
			t.Fatalf("%q → %q does not parse back to the same turn (%v)", s, canon, err)
		}
	})
}
