package tournament

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSPRTStopWaitsForEveryPairing: a round robin plays its pairings one after another,
// so the first pairing's test decides while the others have no games; --sprt-stop must
// stop only when the test of every pairing has decided (here random against greedy
// decides within a few pairs, and the run goes on to the other two pairings).
func TestSPRTStopWaitsForEveryPairing(t *testing.T) {
	c := testConfig(40)
	dir := filepath.Join(t.TempDir(), "run")
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 400, Alpha: 0.05, Beta: 0.05}
	s, err := Run(context.Background(), c, Options{Out: dir, SPRT: sprt, StopOnSPRT: true})
	require.NoError(t, err)
	played := map[[2]string]int{}
	for _, r := range readGames(t, dir) {
		k := [2]string{r.White, r.Black}
		if k[0] > k[1] {
			k[0], k[1] = k[1], k[0]
		}
		played[k]++
	}
	assert.Len(t, played, 3, "every pairing played: %v", played)
	require.Len(t, s.Pairs, 3)
	stopped := len(readGames(t, dir)) < 3*40
	for _, p := range s.Pairs {
		require.NotNil(t, p.SPRT, "%s vs %s", p.A, p.B)
		if stopped {
			assert.NotEqual(t, "continue", p.SPRT.Decision, "%s vs %s: the run stopped before its test decided", p.A, p.B)
		}
	}
}
