package nnue

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomFloat returns a seeded network whose accumulators and layer units land on both
// sides of the clipped ReLU's bends, so every path of the function is exercised.
func randomFloat(seed uint64, s Shape) *Float {
	rng := rand.New(rand.NewPCG(seed, 1))
	u := func(lo, hi float64) float32 { return float32(lo + (hi-lo)*rng.Float64()) }
	f := NewFloat(s, 200)
	for i := range f.W1 {
		f.W1[i] = u(-0.3, 0.3)
	}
	for i := range f.B1 {
		f.B1[i] = u(0, 0.6)
	}
	for i := range f.W2 {
		f.W2[i] = u(-1, 1)
	}
	for i := range f.B2 {
		f.B2[i] = u(-0.2, 0.5)
	}
	for i := range f.W3 {
		f.W3[i] = u(-2, 2)
	}
	f.B3 = u(-0.5, 0.5)
	return f
}

// gamePositions returns the positions of seeded random games, captures and all.
func gamePositions(seed uint64, games int) []engine.Position {
	rng := rand.New(rand.NewPCG(seed, 2))
	r := engine.DefaultRules()
	var out []engine.Position
	for range games {
		p := engine.Start()
		for !r.Status(&p).Over() {
			out = append(out, p)
			turns := p.Turns(r, nil)
			p = p.Play(turns[rng.IntN(len(turns))])
		}
	}
	return out
}

func TestFeatureIndexesEveryPieceOnce(t *testing.T) {
	for side := engine.White; side <= engine.Black; side++ {
		seen := map[int]bool{}
		for c := engine.White; c <= engine.Black; c++ {
			for pt := engine.Point(0); pt < engine.Points; pt++ {
				f := Feature(side, c, pt)
				require.True(t, f >= 0 && f < Inputs, "feature %d", f)
				assert.False(t, seen[f], "side %v: feature %d twice", side, f)
				seen[f] = true
				assert.Equal(t, c == side, f < engine.Points, "own pieces first")
				th := ThreatFeature(side, c, pt)
				require.True(t, th >= 2*engine.Points && th < Inputs, "threat feature %d", th)
				assert.False(t, seen[th], "side %v: feature %d twice", side, th)
				seen[th] = true
			}
		}
		assert.Len(t, seen, Inputs)
	}
	// Black sees a1 where White sees i5: the camps exchange under the half turn.
	a1, _ := engine.ParsePoint("a1")
	i5, _ := engine.ParsePoint("i5")
	assert.Equal(t, Feature(engine.White, engine.White, i5), Feature(engine.Black, engine.Black, a1))
	assert.Equal(t, Feature(engine.White, engine.Black, a1), Feature(engine.Black, engine.White, i5))
}

// The evaluation sees the side to move, not a colour: a position and its image under the
// half turn with the colours swapped (the same game from the other chair) score the same.
func TestEvaluationIsTheSameFromEitherChair(t *testing.T) {
	n, err := Quantise(randomFloat(3, Shape{Hidden: 16, Layer: 8}), Header{})
	require.NoError(t, err)
	positions := gamePositions(5, 5)
	require.Greater(t, len(positions), 100)
	differ := 0
	for _, p := range positions {
		turned := p.Transform(engine.Rotate180)
		q := turned.SwapColors()
		assert.Equal(t, n.Evaluate(&p), n.Evaluate(&q), "%s", p.FEN())
		if n.Evaluate(&p) != n.Evaluate(&turned) {
			differ++
		}
	}
	// Without the colour swap the scores differ: the check above is not vacuous.
	assert.Greater(t, differ, len(positions)/2)
}

func TestQuantisedNetFollowsTheFloatNet(t *testing.T) {
	f := randomFloat(11, Shape{Hidden: 32, Layer: 16})
	n, err := Quantise(f, Header{})
	require.NoError(t, err)
	var worst float64
	positions := gamePositions(9, 4)
	for _, p := range positions {
		want := float64(f.Forward(&p)) * float64(f.Scale)
		got := float64(n.Evaluate(&p))
		worst = max(worst, math.Abs(got-want))
	}
	// Rounding each weight to 1/1024 moves the score by a few hundredths of a piece on
	// random nets of this size (trained nets agree more closely: players/nnue/train).
	assert.Less(t, worst, 8.0, "largest difference over %d positions", len(positions))
	t.Logf("largest difference between the quantised and the float score: %.2f hundredths of a piece over %d positions", worst, len(positions))
}

func TestUpdatedAccumulatorsEqualFreshOnes(t *testing.T) {
	n, err := Quantise(randomFloat(4, Shape{Hidden: 24, Layer: 8}), Header{})
	require.NoError(t, err)
	r := engine.DefaultRules()
	rng := rand.New(rand.NewPCG(6, 6))
	search, fresh := n.NewStack(200), n.NewStack(1)
	checked := 0
	for range 30 {
		p := engine.Start()
		search.Refresh(0, &p)
		for ply := 0; ply < 199 && !r.Status(&p).Over(); ply++ {
			fresh.Refresh(0, &p)
			require.Equal(t, fresh.pair(0), search.pair(ply), "ply %d: %s", ply, p.FEN())
			assert.Equal(t, fresh.Output(0, &p), search.Output(ply, &p))
			// The small layer's loop for 8 units gives the general loop's sums.
			var fast [8]int32
			general := make([]int32, 8)
			n.smallLayer8(fresh.pair(0), p.Side, &fast)
			n.smallLayer(fresh.pair(0), p.Side, general)
			require.Equal(t, general, fast[:], p.FEN())
			checked++
			turns := p.Turns(r, nil)
			q := p.Play(turns[rng.IntN(len(turns))])
			search.Update(ply, &q)
			p = q
		}
	}
	assert.Greater(t, checked, 1000)
}

// A search's tree walked depth first, children recorded by Played and scored at random
// plies, some never: each score equals the one from accumulators made afresh.
func TestPlayedAccumulatorsCatchUpWhereScored(t *testing.T) {
	n, err := Quantise(randomFloat(5, Shape{Hidden: 24, Layer: 8}), Header{})
	require.NoError(t, err)
	r := engine.DefaultRules()
	rng := rand.New(rand.NewPCG(7, 7))
	search, fresh := n.NewStack(16), n.NewStack(1)
	scored := 0
	var walk func(p *engine.Position, ply int)
	walk = func(p *engine.Position, ply int) {
		if rng.IntN(3) == 0 {
			fresh.Refresh(0, p)
			require.Equal(t, fresh.Output(0, p), search.Output(ply, p), "ply %d: %s", ply, p.FEN())
			scored++
		}
		turns := p.Turns(r, nil)
		if ply == 7 || len(turns) == 0 {
			return
		}
		for range 1 + rng.IntN(4) {
			q := p.Play(turns[rng.IntN(len(turns))])
			search.Played(ply, &q)
			walk(&q, ply+1)
		}
	}
	for _, f := range []string{engine.StartFEN, "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0",
		"3B2BBB/6B1B/1W5B1/3W5/9 b 0 0"} {
		p := engine.MustParseFEN(f)
		search.Refresh(0, &p)
		walk(&p, 0)
	}
	assert.Greater(t, scored, 200)
}

func TestNetFileRoundTrip(t *testing.T) {
	f := randomFloat(8, Shape{Hidden: 8, Layer: 4})
	n, err := Quantise(f, Header{Training: &Training{Seed: 7, Lambda: 0.5,
		Data: []DataFile{{Name: "a.pos", SHA256: "00", Records: 3}}}})
	require.NoError(t, err)
	b, err := n.Encode()
	require.NoError(t, err)
	back, err := Parse(b, "x.fnn")
	require.NoError(t, err)
	assert.Equal(t, n.Header, back.Header)
	assert.Len(t, back.SHA256, 64)
	for _, p := range gamePositions(2, 2) {
		assert.Equal(t, n.Evaluate(&p), back.Evaluate(&p))
	}
	again, err := back.Encode()
	require.NoError(t, err)
	assert.Equal(t, b, again, "a net file reads back to the same bytes")

	path := filepath.Join(t.TempDir(), "n.fnn")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	loaded, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, back.SHA256, loaded.SHA256)
}

func TestDamagedNetFilesAreRefused(t *testing.T) {
	n, err := Quantise(randomFloat(8, Shape{Hidden: 8, Layer: 4}), Header{})
	require.NoError(t, err)
	good, err := n.Encode()
	require.NoError(t, err)
	header := func(b []byte) int { // offset of the weights
		i := len(Magic)
		for b[i] != '\n' {
			i++
		}
		return i + 1
	}
	w := header(good)
	cases := map[string][]byte{
		"not a net file":          []byte("hello\n"),
		"header line is missing":  []byte(Magic + `{"format":"fanorona-net"`),
		"bytes of weights":        good[:len(good)-1],
		"bytes of weights, extra": append(append([]byte{}, good...), 0),
		"shape":                   append([]byte(Magic+`{"format":"fanorona-net","version":1,"shape":{"hidden":100000000,"layer":4},"inputs":90,"scale":200,"quant":{"a":1024,"w":1024,"o":1024}}`+"\n"), good[w:]...),
		"quantisation":            append([]byte(Magic+`{"format":"fanorona-net","version":1,"shape":{"hidden":8,"layer":4},"inputs":90,"scale":200,"quant":{"a":255,"w":64,"o":1024}}`+"\n"), good[w:]...),
		"version":                 append([]byte(Magic+`{"format":"fanorona-net","version":2,"shape":{"hidden":8,"layer":4},"inputs":90,"scale":200,"quant":{"a":1024,"w":1024,"o":1024}}`+"\n"), good[w:]...),
	}
	for name, b := range cases {
		_, err := Parse(b, "bad.fnn")
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), "bad.fnn: ", name)
			assert.NotContains(t, err.Error(), "\n", name)
		}
	}
}

func TestQuantiseRefusesWeightsThatDoNotFit(t *testing.T) {
	f := randomFloat(8, Shape{Hidden: 8, Layer: 4})
	f.W1[17] = 300 // 300·127 is beyond int16
	_, err := Quantise(f, Header{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "w1[17]")
	f.W1[17] = float32(math.NaN())
	_, err = Quantise(f, Header{})
	assert.Error(t, err)
}

func TestDefaultNetIsEmbeddedAndReadable(t *testing.T) {
	n := Default()
	require.NotNil(t, n)
	assert.Equal(t, FormatName, n.Header.Format)
	assert.Equal(t, Inputs, n.Header.Inputs)
	// The start is about even: a trained net gives neither side half a piece there.
	p := engine.Start()
	assert.Less(t, abs(n.Evaluate(&p)), 50)
	turned := p.Transform(engine.Rotate180)
	q := turned.SwapColors() // the same position from the other chair: Black to move
	assert.Equal(t, n.Evaluate(&p), n.Evaluate(&q))
}

// The threat inputs against the turns themselves: a piece's threat input holds exactly
// when a capture of the other colour, were it to move, takes that piece on its first step.
func TestThreatInputsAreTheOtherSidesFirstVictims(t *testing.T) {
	r := engine.DefaultRules()
	threatened := 0
	for _, p := range gamePositions(12, 6) {
		white, black := p.Pieces[engine.White], p.Pieces[engine.Black]
		var want [2]engine.Bitboard // by colour: pieces the other colour takes first
		for c := engine.White; c <= engine.Black; c++ {
			q := engine.NewPosition(white, black, c.Other(), 0, 0)
			for _, turn := range q.Turns(r, nil) {
				if turn.Captured == 0 {
					continue
				}
				d, kind := turn.Step(0)
				victim := engine.Neighbour(engine.Neighbour(turn.From, d), d)
				if kind == engine.Withdrawal {
					victim = engine.Neighbour(turn.From, d.Opposite())
				}
				want[c] |= engine.Bit(victim)
			}
		}
		for side := engine.White; side <= engine.Black; side++ {
			got := map[int32]bool{}
			for _, f := range AppendFeatures(nil, side, white, black) {
				assert.False(t, got[f], "feature %d twice", f)
				got[f] = true
			}
			n := 0
			for c := engine.White; c <= engine.Black; c++ {
				for pt := engine.Point(0); pt < engine.Points; pt++ {
					assert.Equal(t, p.Pieces[c].Has(pt), got[int32(Feature(side, c, pt))])
					assert.Equal(t, want[c].Has(pt), got[int32(ThreatFeature(side, c, pt))], "%s %v %v", p.FEN(), c, pt)
					if want[c].Has(pt) {
						n++
					}
				}
			}
			assert.Len(t, got, p.Occupied().Count()+n)
			threatened += n
		}
	}
	assert.Greater(t, threatened, 100)
}

func abs(x int) int { return max(x, -x) }
