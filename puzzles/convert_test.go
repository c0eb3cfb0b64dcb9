// convert_test.go: the expert converts rule-aware tablebase wins. From sampled positions
// that the side to move wins under the default rules (paika limit 50) at their counter,
// the expert with the tablebases plays against the tablebase defender, which always picks
// the turn that delays the deciding capture longest; every game must end in the expert's
// win before the paika limit draws it.

package puzzles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleWins draws n positions, White to move, of the given classes (uniformly among them,
// boards uniformly), at a counter uniform in 0..limit−1, that White wins under the limit
// at that counter with at least minPlies plies to the winning capture.
func ruleWins(t *testing.T, set *tablebase.Set, classes []tablebase.Class, limit, n, minPlies int, seed uint64) []engine.Position {
	r := rand.New(rand.NewPCG(seed, 12))
	var out []engine.Position
	for tries := 0; len(out) < n; tries++ {
		require.Less(t, tries, 100000*n, "too few rule-aware wins among the sampled boards")
		c := classes[r.IntN(len(classes))]
		own := randomPoints(r, c.Own, 0)
		enemy := randomPoints(r, c.Enemy, own)
		p := engine.NewPosition(own, enemy, engine.White, r.IntN(limit), 10)
		v, err := set.Probe(&p, tablebase.PaikaRule(limit))
		require.NoError(t, err)
		if v.Outcome == tablebase.Win && v.Plies >= minPlies {
			out = append(out, p)
		}
	}
	return out
}

// playOut plays p to its end under the default rules: the expert for the side to move,
// the tablebase defender for the other. It returns the final status and the plies played.
func playOut(t *testing.T, set *tablebase.Set, expert players.Player, p engine.Position) (engine.Status, int) {
	rules := engine.DefaultRules()
	winner := p.Side
	for plies := 0; ; plies++ {
		st := rules.Status(&p)
		if st.Over() {
			return st, plies
		}
		require.Less(t, plies, 2000, "game too long")
		var turn engine.Turn
		if p.Side == winner {
			var err error
			turn, err = expert.Choose(context.Background(), &p, rules)
			require.NoError(t, err)
		} else {
			_, best, err := set.BestTurns(&p, tablebase.PaikaRule(rules.PaikaLimit))
			require.NoError(t, err)
			require.NotEmpty(t, best, p.FEN())
			turn = best[0]
		}
		p = p.Play(turn)
	}
}

// convertAll plays every position out and checks that the side to move wins each.
func convertAll(t *testing.T, set *tablebase.Set, positions []engine.Position) {
	o := tablebase.NewOracle(set)
	require.NotNil(t, o)
	opts := players.DefaultExpertOptions()
	opts.Depth, opts.HashMB, opts.Oracle = 4, 1, o
	expert := players.NewExpert(opts)
	lost, totalPlies, longest := 0, 0, 0
	for _, p := range positions {
		st, plies := playOut(t, set, expert, p)
		totalPlies += plies
		longest = max(longest, plies)
		if st.Outcome != engine.WinFor(p.Side) {
			lost++
			t.Errorf("%s: the expert did not convert: %v (%v) after %d plies", p.FEN(), st.Outcome, st.Reason, plies)
		}
	}
	assert.Zero(t, lost)
	t.Logf("%d rule-aware wins played out: %d won; %d plies in all, longest game %d plies", len(positions), len(positions)-lost, totalPlies, longest)
}

// TestExpertConvertsRuleWins builds the 5-piece material 3v2 (and what it needs) under the
// default limit and plays out sampled wins of 3v2 and 2v3.
func TestExpertConvertsRuleWins(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 5-piece tables (not with -short)")
	}
	dir := t.TempDir()
	m := tablebase.Material{Large: 3, Small: 2}
	_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, Target: &m, Workers: 2, PaikaLimit: 50})
	require.NoError(t, err)
	set := tablebase.Open(dir)
	defer set.Close()
	set.LoadWhole(1 << 26) // sampling probes many boards: no block reads
	wins := ruleWins(t, set, []tablebase.Class{{Own: 3, Enemy: 2}, {Own: 2, Enemy: 3}}, 50, 40, 1, 1)
	// And wins far from their capture (at least 15 plies), where the counter matters.
	convertAll(t, set, ruleWins(t, set, []tablebase.Class{{Own: 3, Enemy: 2}}, 50, 20, 15, 2))
	convertAll(t, set, wins)

	// The oracle answers under the rules it was built for and nothing else: not without a
	// limit (no theoretic tables here), not for another limit, not when a side without a
	// turn draws or a ply cap applies.
	o := tablebase.NewOracle(set)
	p := wins[0]
	v, _, ok := o.Probe(&p, engine.DefaultRules())
	assert.True(t, ok)
	assert.Equal(t, 1, v)
	for _, r := range []engine.Rules{engine.TheoreticRules(), {PaikaLimit: 40}, {PaikaLimit: 50, NoMovesDraw: true},
		{PaikaLimit: 50, MaxPlies: p.Ply + 250}} { // a cap within reach: 5 pieces × 50 plies
		_, _, ok := o.Probe(&p, r)
		assert.False(t, ok, "%v", r)
	}
	// A cap beyond reach (a tournament's 1,000 plies) leaves the verdict to the tables:
	// tournaments and self-play set one on every game.
	v, _, ok = o.Probe(&p, engine.Rules{PaikaLimit: 50, MaxPlies: p.Ply + 251})
	assert.True(t, ok)
	assert.Equal(t, 1, v)
}

// TestExpertConvertsRuleWinsOfSevenPieces is the larger sample: 200 rule-aware wins of 5
// to 7 pieces (every class of those sizes built under limit 50 in FANORONA_TABLEBASES; the
// log names the classes sampled),
// seed 2026. FANORONA_CONVERT_GAMES changes the count, FANORONA_CONVERT_MAX_PIECES the
// largest class size (default 7), FANORONA_CONVERT_MIN_PLIES the fewest plies to the
// winning capture a sampled win must need (default 1).
func TestExpertConvertsRuleWinsOfSevenPieces(t *testing.T) {
	set := envTables()
	if set == nil {
		t.Skip("set FANORONA_TABLEBASES to a directory with the rule-aware tables (paika limit 50) up to 7 pieces")
	}
	maxPieces := 7
	if s := os.Getenv("FANORONA_CONVERT_MAX_PIECES"); s != "" {
		_, err := fmt.Sscan(s, &maxPieces)
		require.NoError(t, err)
	}
	set.LoadWhole(1 << 26) // sampling probes many boards: the tables up to 6 pieces whole
	var classes []tablebase.Class
	for n := 5; n <= maxPieces; n++ {
		for own := 1; own < n; own++ {
			c := tablebase.Class{Own: own, Enemy: n - own}
			if !set.Has(c, tablebase.PaikaRule(50)) {
				t.Logf("class %v is not built under paika limit 50 in FANORONA_TABLEBASES: not sampled", c)
				continue
			}
			classes = append(classes, c)
		}
	}
	if len(classes) == 0 {
		t.Skip("no class of 5 or more pieces is built under paika limit 50 in FANORONA_TABLEBASES")
	}
	t.Logf("sampling the classes %v", classes)
	games := 200
	if s := os.Getenv("FANORONA_CONVERT_GAMES"); s != "" {
		_, err := fmt.Sscan(s, &games)
		require.NoError(t, err)
	}
	minPlies := 1
	if s := os.Getenv("FANORONA_CONVERT_MIN_PLIES"); s != "" {
		_, err := fmt.Sscan(s, &minPlies)
		require.NoError(t, err)
	}
	convertAll(t, set, ruleWins(t, set, classes, 50, games, minPlies, 2026))
}
