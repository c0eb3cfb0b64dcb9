// captures_test.go: the capture turns of a position whose capturers the caller found, and
// the capture lanes that find them.

package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomPosition returns a position with 1 to most pieces a side at random points, either
// side to move.
func randomPosition(rng *rand.Rand, most int) Position {
	var pieces [2]Bitboard
	for c := range pieces {
		for n := 1 + rng.IntN(most); pieces[c].Count() < n; {
			if p := Bit(Point(rng.IntN(Points))); (pieces[0]|pieces[1])&p == 0 {
				pieces[c] |= p
			}
		}
	}
	return NewPosition(pieces[White], pieces[Black], Color(rng.IntN(2)), 0, 0)
}

// TestCaptureResultsAreTheDistinctTurns: on random positions with a capture, under the
// theoretic rules and with the first turn's chains forbidden, CaptureResults given
// p.Capturers() returns DistinctTurns' turns in the same order without their steps, and
// given one capturer, the turns of that piece.
func TestCaptureResultsAreTheDistinctTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	var seen ResultSet
	tested, chains := 0, 0
	for range 20000 {
		p := randomPosition(rng, 12)
		capturers := p.Capturers()
		if capturers == 0 {
			continue
		}
		tested++
		for _, r := range []Rules{TheoreticRules(), {FirstTurnNoChain: true}} {
			turns := p.DistinctTurns(r, nil, &seen)
			require.NotEmpty(t, turns)
			var want []Turn
			byPiece := map[Point][]Turn{}
			for _, tn := range turns {
				if tn.Len > 1 {
					chains++
				}
				bare := Turn{Captured: tn.Captured, From: tn.From, To: tn.To}
				want = append(want, bare)
				byPiece[tn.From] = append(byPiece[tn.From], bare)
			}
			assert.Equal(t, want, p.CaptureResults(r, capturers, nil, &seen), "%s", p.FEN())
			for b := capturers; b != 0; b &= b - 1 {
				from := b.First()
				assert.Equal(t, byPiece[from], p.CaptureResults(r, Bit(from), nil, &seen), "%s, the piece on %v", p.FEN(), from)
			}
		}
	}
	require.Greater(t, tested, 5000, "positions with a capture")
	require.Greater(t, chains, 1000, "turns of more than one capture")
}

// TestCaptureLanesAgreeWithCanCapture: on random positions (seeded), the lanes of the
// side not to move say what Position.CanCapture and Position.Capturers say of the side
// to move.
func TestCaptureLanesAgreeWithCanCapture(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	counts := map[bool]int{}
	for range 50000 {
		p := randomPosition(rng, 10)
		lanes := NewCaptureLanes(p.Enemy())
		want := p.CanCapture()
		counts[want]++
		require.Equal(t, want, lanes.CanCapture(p.Own(), p.Empty()), "%s", p.FEN())
		require.Equal(t, p.Capturers(), lanes.Capturers(p.Own(), p.Empty()), "%s", p.FEN())
	}
	require.Greater(t, counts[true], 5000, "positions with a capture")
	require.Greater(t, counts[false], 5000, "positions without")
}

// TestDistinctTurnsAreTheDistinctBoards: on random crowded positions (seeded), under
// both first-turn rules, DistinctTurns keeps one turn for each board that Turns' paths
// lead to, told apart here by a map of every path's piece, landing point and captures.
func TestDistinctTurnsAreTheDistinctBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 31))
	var seen ResultSet
	type board struct {
		from, to Point
		captured Bitboard
	}
	merged := 0 // paths that reach a board another path reached
	for range 20000 {
		p := randomPosition(rng, 16)
		if p.Capturers() == 0 {
			continue
		}
		for _, r := range []Rules{TheoreticRules(), {FirstTurnNoChain: true}} {
			boards := map[board]bool{}
			paths := p.Turns(r, nil)
			for _, tn := range paths {
				boards[board{tn.From, tn.To, tn.Captured}] = true
			}
			merged += len(paths) - len(boards)
			distinct := p.DistinctTurns(r, nil, &seen)
			require.Len(t, distinct, len(boards), "%s", p.FEN())
			for _, tn := range distinct {
				require.True(t, boards[board{tn.From, tn.To, tn.Captured}], "%s: %v", p.FEN(), tn)
			}
		}
	}
	require.Greater(t, merged, 100, "paths that meet")
}

// FirstVictims against the turns themselves: the first victim of each capture's first
// step (beyond its landing point for an approach, behind its start for a withdrawal),
// collected from the generated turns of random positions.
func TestFirstVictimsAreTheFirstStepsVictims(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	r := DefaultRules()
	captures := 0
	for range 3000 {
		p := randomPosition(rng, 10)
		var want Bitboard
		for _, turn := range p.DistinctTurns(r, nil, &ResultSet{}) {
			if turn.Captured == 0 {
				continue
			}
			captures++
			d, kind := turn.Step(0)
			victim := Neighbour(Neighbour(turn.From, d), d)
			if kind == Withdrawal {
				victim = Neighbour(turn.From, d.Opposite())
			}
			require.True(t, turn.Captured.Has(victim), "%s %s", p.FEN(), turn)
			want |= Bit(victim)
		}
		assert.Equal(t, want, FirstVictims(p.Own(), p.Enemy()), "%s", p.FEN())
	}
	assert.Greater(t, captures, 1000)
}
