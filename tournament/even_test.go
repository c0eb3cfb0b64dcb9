package tournament

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvenOpeningsAreTheFirstBalancedInSeedOrder: even:K draws, in the seed's order of the
// K-ply book, the first positions that EvenSpec scores within ±EvenMargin. The reference
// here judges one position after another with a single judge; the run judges in batches on
// every core, and must choose the same positions in the same order.
func TestEvenOpeningsAreTheFirstBalancedInSeedOrder(t *testing.T) {
	r := engine.DefaultRules()
	for _, seed := range []uint64{7} {
		c := testConfig(16) // 3 pairings of 8 pairs each
		c.Openings, c.Seed = "even:4", seed
		o, err := NewOpenings(mustPlan(t, c))
		require.NoError(t, err)
		require.Equal(t, OpenEven, o.Kind)
		require.Equal(t, 8, o.Size())

		judge, err := players.NewFromString(EvenSpec, 0)
		require.NoError(t, err)
		book := Book(4, r)
		var want []string
		rejected := 0
		for _, i := range rand.New(rand.NewPCG(record.MixSeed(seed, 1<<41), 0)).Perm(len(book)) {
			if len(want) == 8 {
				break
			}
			a, err := judge.(players.Analyzer).Analyze(context.Background(), &book[i], r)
			require.NoError(t, err)
			if a.Score >= -EvenMargin && a.Score <= EvenMargin {
				want = append(want, book[i].FEN())
			} else {
				rejected++
			}
		}
		require.Positive(t, rejected, "the margin must turn some positions away (seed %d)", seed)
		var got []string
		for k := range o.Size() {
			p := o.Opening(k, c.Seed, r)
			got = append(got, p.FEN())
		}
		assert.Equal(t, want, got, "seed %d", seed)
	}
}

// TestEvenOpeningsRefuseTooManyPairs: the 2-ply book has fewer balanced positions than a
// run of 10,000 pairs needs; the run is refused, naming the judge and its margin.
func TestEvenOpeningsRefuseTooManyPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("judges the whole 2-ply book at depth 8")
	}
	c := testConfig(20000)
	c.Openings = "even:2"
	_, err := NewOpenings(mustPlan(t, c))
	assert.ErrorContains(t, err, "openings even:2: 10000 pairs per pairing need 10000 different openings, but there are")
	c.Openings = "even:1"
	c.Games = 2 * len(Book(1, engine.DefaultRules()))
	_, err = NewOpenings(mustPlan(t, c))
	assert.ErrorContains(t, err, "are balanced (expert:depth=8,hash=16,net=none within ±100)")
}

// TestEvenOpeningsStopOnInterrupt: judging the openings of 400 pairs at depth 8 takes
// minutes; an interrupt during it ends the run at once, and the output folder is never
// made (nothing was played).
func TestEvenOpeningsStopOnInterrupt(t *testing.T) {
	c := testConfig(800)
	c.Format, c.Players, c.Openings = Gauntlet, []string{"greedy", "random"}, "even:4"
	out := filepath.Join(t.TempDir(), "run")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := Run(ctx, c, Options{Out: out})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrInterrupted)
	assert.ErrorContains(t, err, "while choosing the openings: nothing written")
	assert.NoDirExists(t, out)
}
