// tactics_test.go: the expert finds forced wins in small hand-checked positions, each
// confirmed by an independent brute-force minimax written here (plain recursion over
// p.Turns and rules.Status, no pruning, no evaluation, no table).

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteForce returns +1 if the side to move can force a win within depth plies, -1 if the
// opponent can, 0 otherwise.
func bruteForce(p *engine.Position, r engine.Rules, depth int) int {
	if st := r.Status(p); st.Over() {
		if st.Outcome == engine.Draw {
			return 0
		}
		return -1 // the game ends on the side to move's turn only by its loss
	}
	if depth == 0 {
		return 0
	}
	best := -1
	for _, t := range p.Turns(r, nil) {
		q := p.Play(t)
		best = max(best, -bruteForce(&q, r, depth-1))
		if best == 1 {
			break
		}
	}
	return best
}

// winningTurns returns the turns after which the mover wins within plies plies (its own
// turn counted).
func winningTurns(p *engine.Position, r engine.Rules, plies int) []string {
	var out []string
	for _, t := range p.Turns(r, nil) {
		q := p.Play(t)
		if -bruteForce(&q, r, plies-1) == 1 {
			out = append(out, t.String())
		}
	}
	return out
}

func TestExpertFindsForcedWins(t *testing.T) {
	r := engine.DefaultRules()
	cases := []struct {
		name  string
		fen   string
		want  string // the only turn that wins within plies
		plies int
		why   string
	}{
		{
			name: "chain takes the last pieces", fen: "9/1B7/W1BB5/9/9 w 0 10", want: "a3-b3A-b2W", plies: 1,
			why: "White a3 against Black b4, c3, d3. a3-b3 approaches c3 and d3 (the line stops at " +
				"the empty e3); from b3 the chain may turn south to b2, withdrawing from b4: all three " +
				"taken, Black has no pieces. Stopping after a3-b3A leaves b4, which withdraws b4-b5W " +
				"taking White's only piece on b3.",
		},
		{
			name: "quiet move wins two plies later", fen: "9/6B2/5W1W1/9/9 w 0 10", want: "f3-e3", plies: 3,
			why: "White f3, h3 against Black g4; nobody can capture (f3, g4, h3 are weak points: no " +
				"diagonals). After f3-e3 Black's g4 still cannot capture and has four steps, each " +
				"answered by a capture of it: g4-g5 by e3-f4A (the diagonal e3-f4-g5), g4-h4 by " +
				"h3-h2W, g4-g3 by e3-f3A, g4-f4 by e3-d2W (withdrawing along the same diagonal). " +
				"The brute force finds no other of White's 8 steps winning within 3 plies.",
		},
		{
			name: "the small capture wins, the big ones do not", fen: "1W1BB4/WB1W5/9/5W3/9 w 0 10", want: "d4-c4A", plies: 3,
			why: "White b5, a4, d4, f2 against Black d5, e5, b4. The greedy turns take two: " +
				"b5-c5A (d5, e5) and d4-c3W-d2W (e5, then b4). d4-c4A takes only b4 (a4 is White, " +
				"ending the line) but then Black's only turn is the compulsory d5-c5A (taking b5), " +
				"and c4-c3W-d4A takes c5 by withdrawal and e5 by approach along the diagonal c3-d4-e5: " +
				"no Black pieces.",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := engine.MustParseFEN(c.fen)
			require.False(t, r.Status(&p).Over())
			// The independent check of the hand analysis: exactly one turn wins this fast,
			// and none faster.
			require.Equal(t, []string{c.want}, winningTurns(&p, r, c.plies), c.why)
			if c.plies > 1 {
				require.Empty(t, winningTurns(&p, r, c.plies-2), c.why)
			}
			for _, spec := range []string{"expert:depth=4", "expert:nodes=50000", "expert:depth=6,qs=false,lmr=false,killers=false,hash=0"} {
				pl, err := NewFromString(spec, 0)
				require.NoError(t, err)
				a, err := Analyze(context.Background(), pl, &p, r)
				require.NoError(t, err)
				assert.Equal(t, c.want, a.Turn.String(), "%s: %s", spec, c.why)
				n, ok := MatePlies(a.Score)
				assert.True(t, ok && n == c.plies, "%s: score %d, want a win in %d plies", spec, a.Score, c.plies)
			}
		})
	}
}

// TestExpertScoresMatchBruteForce compares the expert's verdict with the brute force on
// small endgames reached by random play: a proven win or loss in n plies must be one.
func TestExpertScoresMatchBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over many endgames")
	}
	r := engine.DefaultRules()
	fens := []string{"9/6B2/5W1W1/9/9 w 0 10", "1W1BB4/WB1W5/9/5W3/9 w 0 10", "9/1B7/W1BB5/9/9 w 0 10",
		"B8/W8/3B5/2B2W3/1B1W5 w 0 10", "4B4/4B1W2/1BW3W2/9/9 w 0 10", "2B6/W8/2WB5/B2W3W1/9 w 0 10"}
	checked := 0
	for _, f := range fens {
		start := engine.MustParseFEN(f)
		// The position and the positions after each of its turns.
		positions := []engine.Position{start}
		for _, tn := range start.Turns(r, nil) {
			positions = append(positions, start.Play(tn))
		}
		for _, p := range positions {
			if r.Status(&p).Over() {
				continue
			}
			bf := bruteForce(&p, r, 5)
			// The plain search, and the default one (whose reductions and pruning may miss
			// a result but must never prove what is not so).
			full := DefaultExpertOptions()
			full.Depth, full.HashMB = 5, 1
			for name, o := range map[string]ExpertOptions{"plain": {Depth: 5, HashMB: 1, Quiesce: true, Killers: true}, "default": full} {
				e := NewExpert(o)
				a, err := e.Analyze(context.Background(), &p, r)
				require.NoError(t, err)
				switch {
				case bf == 1:
					assert.True(t, IsWin(a.Score), "%s (%s): brute force wins within 5, expert %d", p.FEN(), name, a.Score)
				case bf == -1:
					assert.True(t, IsLoss(a.Score), "%s (%s): brute force loses within 5, expert %d", p.FEN(), name, a.Score)
				}
				if n, ok := MatePlies(a.Score); ok && n <= 5 {
					want := 1
					if a.Score < 0 {
						want = -1
					}
					assert.Equal(t, want, bruteForce(&p, r, n), "%s (%s): expert says %s", p.FEN(), name, FormatScore(a.Score))
				}
			}
			checked++
		}
	}
	assert.Greater(t, checked, 20)
}

// fakeOracle claims to know one board: the side to move there loses in 2 plies.
type fakeOracle struct {
	lost   engine.Position
	probes int
}

func (o *fakeOracle) Probe(p *engine.Position, _ engine.Rules) (int, int, bool) {
	o.probes++
	if p.SameBoard(&o.lost) {
		return -1, 2, true
	}
	return 0, 0, false
}

func (o *fakeOracle) MaxPieces() int { return 9 }

func TestExpertProbesTheOracle(t *testing.T) {
	r := engine.DefaultRules()
	// The perft midgame with 9 pieces; the oracle says the position after h3-h2 is lost for
	// White (a claim no search of depth 2 could prove), so Black must play h5-h4.
	p := engine.MustParseFEN("2W4BB/9/5B3/W8/WW4W1W b 0 0")
	target, err := p.ParseTurn(r, "h5-h4")
	require.NoError(t, err)
	o := &fakeOracle{lost: p.Play(target)}
	pl, err := NewFromString("expert:depth=2", 0, WithOracle(o))
	require.NoError(t, err)
	a, err := Analyze(context.Background(), pl, &p, r)
	require.NoError(t, err)
	assert.Equal(t, "h5-h4", a.Turn.String())
	assert.True(t, IsWin(a.Score))
	_, mate := MatePlies(a.Score)
	assert.False(t, mate, "a tablebase win, not a mate found by search")
	assert.Positive(t, o.probes)

	// Without the oracle the expert has no reason for that turn: the test is not vacuous.
	plain, _ := NewFromString("expert:depth=2", 0)
	b, err := Analyze(context.Background(), plain, &p, r)
	require.NoError(t, err)
	assert.False(t, IsWin(b.Score))
}
