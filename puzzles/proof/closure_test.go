// closure_test.go: "does not lose" proven as a closed set under the theoretic rules, and
// the checker's view of such a set: cycles allowed for "does not lose", refused for "wins",
// every position of the set required.

package proof

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// closedSections returns the closed sets found for the "does not lose" claims of both
// sides on a seeded sample of 4-piece theoretic draws (by the full tables), with the tables
// of at most 3 pieces, and how many claims were tried.
func closedSections(t *testing.T) ([]Section, int, string) {
	dir := builtTables(t)
	closedOnce.Do(func() { closedSecs, closedTried = findClosedSections(t, dir) })
	return closedSecs, closedTried, dir
}

var (
	closedOnce  sync.Once
	closedSecs  []Section
	closedTried int
)

func findClosedSections(t *testing.T, dir string) ([]Section, int) {
	full := tablebase.Open(dir)
	small := FromSet(tablebase.Open(dir), 3)
	rng := rand.New(rand.NewPCG(5, 1))
	var secs []Section
	tried := 0
	for draws := 0; draws < 8; {
		p := RandomPosition(rng, 4)
		v, err := full.Probe(&p, tablebase.PaikaRule(0))
		require.NoError(t, err)
		if v.Outcome != tablebase.Draw {
			continue
		}
		draws++
		for _, side := range []engine.Color{engine.White, engine.Black} {
			tried++
			sec, ok, _, err := closedSet(context.Background(), p, Claim{side, DoesNotLose}, small, Budget{Nodes: 200_000}, "test")
			require.NoError(t, err, p.FEN())
			if ok {
				secs = append(secs, sec)
			}
		}
	}
	return secs, tried
}

// hasCycle reports whether the records of s lead from a position back to one on the way
// to it.
func hasCycle(t *testing.T, s *Section) bool {
	rules := Rules(0)
	recs := map[string]*Record{}
	for i := range s.Records {
		recs[s.Records[i].FEN] = &s.Records[i]
	}
	state := map[string]int{}
	var walk func(fen string) bool
	walk = func(fen string) bool {
		r := recs[fen]
		if r == nil || state[fen] == 2 {
			return false
		}
		if state[fen] == 1 {
			return true
		}
		state[fen] = 1
		defer func() { state[fen] = 2 }()
		p, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		var turns []engine.Turn
		switch r.Type {
		case RecordProve:
			tn, err := p.ParseTurn(rules, r.Turn)
			require.NoError(t, err)
			turns = []engine.Turn{tn}
		case RecordDefend:
			var seen engine.ResultSet
			turns = p.DistinctTurns(rules, nil, &seen)
		}
		for _, tn := range turns {
			if q := normalise(p.Play(tn), 0); walk(q.FEN()) {
				return true
			}
		}
		return false
	}
	return walk(s.Header.Root)
}

// TestClosedSetsProveDraws: closed sets prove "does not lose" on theoretic draws the
// tables of at most 3 pieces do not hold, each set checks, and some return to themselves.
func TestClosedSetsProveDraws(t *testing.T) {
	secs, tried, dir := closedSections(t)
	cycles := 0
	for i := range secs {
		_, err := CheckSection(&secs[i], FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
		assert.NoError(t, err, secs[i].Header.Root)
		if hasCycle(t, &secs[i]) {
			cycles++
		}
	}
	t.Logf("%d of %d claims proven, %d with a cycle", len(secs), tried, cycles)
	assert.GreaterOrEqual(t, len(secs), 4) // node-budgeted and seeded: the same every run
	assert.Positive(t, cycles)
}

// TestCheckerClosedSetRefusals: a closed set with a cycle is refused as a proof of a win,
// at the position it returns to; with one of its positions removed it is refused at that
// position.
func TestCheckerClosedSetRefusals(t *testing.T) {
	secs, _, dir := closedSections(t)
	tables := FromSet(tablebase.Open(dir), 3)
	var cyc *Section
	for i := range secs {
		if hasCycle(t, &secs[i]) && len(secs[i].Records) > 2 {
			cyc = &secs[i]
			break
		}
	}
	require.NotNil(t, cyc, "no closed set with a cycle")
	_, err := CheckSection(cyc, tables, FileVerifier(dir))
	require.NoError(t, err)

	// The same records claimed as a win: the walk returns to a position on its line (or
	// meets a draw leaf first); either way no win.
	win := copySection(*cyc)
	c, err := ParseClaim(win.Header.Claim)
	require.NoError(t, err)
	win.Header.Claim = Claim{c.Side, Wins}.String()
	_, err = CheckSection(&win, tables, FileVerifier(dir))
	var r *Refusal
	require.True(t, errors.As(err, &r), "want a refusal, got %v", err)

	// Each position but the root removed in turn: refused at that position.
	for i := 1; i < len(cyc.Records); i++ {
		cut := copySection(*cyc)
		gone := cut.Records[i].FEN
		cut.Records = append(cut.Records[:i], cut.Records[i+1:]...)
		_, err := CheckSection(&cut, tables, FileVerifier(dir))
		require.True(t, errors.As(err, &r), "record %d removed: want a refusal, got %v", i, err)
		assert.Equal(t, gone, r.FEN, err.Error())
		assert.Contains(t, err.Error(), "no record")
	}
}

// TestSameRootTheoreticNotLoses: a theoretic "does not lose" section is about the position
// of a section under a paika limit whatever its counter; any other claim, or another
// board, is not.
func TestSameRootTheoreticNotLoses(t *testing.T) {
	rule := Header{PaikaLimit: 50, Claim: "white-not-loses", Root: "9/9/2W1W4/3B1B3/9 w 7 0"}
	theoretic := Header{PaikaLimit: 0, Claim: "black-not-loses", Root: "9/9/2W1W4/3B1B3/9 w 0 0"}
	assert.True(t, sameRoot(&rule, &theoretic))
	assert.True(t, sameRoot(&theoretic, &rule))
	wins := theoretic
	wins.Claim = "black-wins"
	assert.False(t, sameRoot(&rule, &wins))
	other := theoretic
	other.Root = "9/9/2W1W4/3B1B3/9 b 0 0"
	assert.False(t, sameRoot(&rule, &other))
	ruled := theoretic
	ruled.PaikaLimit = 50
	assert.False(t, sameRoot(&rule, &ruled))
}
