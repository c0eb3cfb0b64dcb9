package puzzles

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/puzzles/tablebase/tablebasetest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// builtTables returns a folder with every class of at most 4 pieces, theoretic and
// under paika limit 50, built once.
func builtTables(t *testing.T) string { return tablebasetest.Tables(t, 4) }

// builtReach is the most pieces of the tables the test run builds for the puzzle
// collection: every class of at most 5 pieces, theoretic and paika limit 50 (22.5 s of CPU
// in all, docs/TESTING.md), or of at most 4 under -short, which the race detector runs
// (it makes a build about ten times slower). The smallest 6-piece material alone, 5v1,
// costs 64 s of CPU for its two tables, and every class of 6 pieces about 335 s: more
// than the suite's budget.
func builtReach() int {
	if testing.Short() {
		return 4
	}
	return 5
}

// builtTablesUpTo returns the tables of at most pieces pieces (4 or 5), built once.
func builtTablesUpTo(t *testing.T, pieces int) string {
	require.Contains(t, []int{4, 5}, pieces, "the test run builds tables of 4 or 5 pieces")
	return tablebasetest.Tables(t, pieces)
}

func TestMain(m *testing.M) {
	code := m.Run()
	tablebasetest.Cleanup()
	os.Exit(code)
}

// onlyBelow is a directory holding the classes of at most 3 pieces of full, so that the
// search must prove 2v2 positions by itself.
func onlyBelow(t *testing.T, full string) string {
	dir := t.TempDir()
	for _, name := range []string{"1v1", "1v2", "2v1"} {
		b, err := os.ReadFile(full + "/" + name + ".fntb")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(dir+"/"+name+".fntb", b, 0o644))
	}
	return dir
}

func TestSearchAgreesWithTablebase(t *testing.T) {
	full := tablebase.Open(builtTables(t))
	partial := tablebase.Open(onlyBelow(t, builtTables(t)))
	tab, err := full.Table(tablebase.Class{Own: 2, Enemy: 2}, tablebase.Theoretic)
	require.NoError(t, err)
	proven, exact := 0, 0
	for slot := uint64(0); slot < tab.Slots(); slot += 2003 {
		p := tab.Position(slot)
		want := tab.Value(slot)
		if got, err := full.Probe(&p, tablebase.Theoretic); err != nil || got != want {
			continue // a mirror slot that is not the board's own
		}
		res, err := Search(context.Background(), p, partial, Limits{MaxDepth: 6, Nodes: 200000})
		require.NoError(t, err)
		if !res.Known {
			continue
		}
		proven++
		assert.Equal(t, "search", res.Source)
		assert.Equal(t, want.Outcome, res.Value.Outcome, "%s", p.FEN())
		if want.Outcome == tablebase.Win {
			assert.GreaterOrEqual(t, res.Value.Plies, want.Plies, "%s: a proof is never shorter than best play", p.FEN())
		}
		if res.Exact {
			exact++
			assert.Equal(t, want, res.Value, "%s: a distance said to be exact", p.FEN())
		}
		if want.Outcome != tablebase.Draw {
			// The line is a legal game that ends as the value says.
			q := p
			for _, tn := range res.Line {
				_, err := q.ParseTurn(engine.TheoreticRules(), tn.String())
				require.NoError(t, err, "%s: %v", p.FEN(), res.Line)
				q = q.Play(tn)
			}
			assert.True(t, q.Own() == 0 || !q.HasTurn(), "%s: line %v ends at %s", p.FEN(), res.Line, q.FEN())
			assert.Equal(t, want.Outcome == tablebase.Win, len(res.Line)%2 == 1, "%s: %v", p.FEN(), res.Line)
		}
	}
	assert.Greater(t, proven, 20, "the search proves a fair share of 2v2 within 6 plies")
	assert.Positive(t, exact)
	t.Logf("%d proven, %d with exact distance", proven, exact)
}

func TestSolveFromTablebaseIsExact(t *testing.T) {
	set := tablebase.Open(builtTables(t))
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w")
	res, err := Search(context.Background(), p, set, Limits{})
	require.NoError(t, err)
	assert.True(t, res.Known)
	assert.True(t, res.Exact)
	assert.Equal(t, "tablebase", res.Source)
	assert.Equal(t, tablebase.Value{Outcome: tablebase.Win, Plies: 7}, res.Value)
	assert.Len(t, res.Line, 7)
}

func TestSolveSaysUnknownWhenOutOfBudget(t *testing.T) {
	p := engine.Start()
	res, err := Search(context.Background(), p, tablebase.Open(t.TempDir()), Limits{Time: 200 * time.Millisecond})
	require.NoError(t, err)
	assert.False(t, res.Known)
	assert.Empty(t, res.Line)
	assert.Equal(t, tablebase.Value{}, res.Value)
}
