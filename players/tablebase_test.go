package players

import (
	"context"
	"os"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTablebaseOracle(t *testing.T) {
	dir := t.TempDir()
	assert.Nil(t, tablebase.NewOracle(tablebase.Open(dir)), "an empty folder is no oracle")
	_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 3, Workers: 1})
	require.NoError(t, err)
	set := tablebase.Open(dir)
	o := tablebase.NewOracle(set)
	require.NotNil(t, o)
	assert.Equal(t, 3, o.MaxPieces())
	assert.Equal(t, 3, o.CheapPieces(), "tables of 3 pieces are held whole")

	// The tables' values, in the oracle's terms.
	for _, fen := range []string{"8B/9/9/9/WW7 w", "8B/9/9/9/WW7 b", "8B/9/4W4/9/9 w", "9/9/2BWB4/9/9 w"} {
		p := engine.MustParseFEN(fen)
		v, err := set.Probe(&p, tablebase.Theoretic)
		require.NoError(t, err, fen)
		value, plies, ok := o.Probe(&p, engine.TheoreticRules())
		require.True(t, ok, fen)
		switch v.Outcome {
		case tablebase.Win:
			assert.Equal(t, 1, value, fen)
			assert.Equal(t, v.Plies, plies, fen)
		case tablebase.Loss:
			assert.Equal(t, -1, value, fen)
			assert.Equal(t, v.Plies, plies, fen)
		default:
			assert.Equal(t, 0, value, fen)
		}
	}
	// Four pieces are beyond these tables.
	p := engine.MustParseFEN("8B/9/9/9/WWW6 w")
	_, _, ok := o.Probe(&p, engine.TheoreticRules())
	assert.False(t, ok)

	// White a1, b1 against Black c4 (found by searching the 3-piece tables): White wins in
	// 11 plies, and of White's four turns only a1-b2 keeps the win. A depth-2 expert on the
	// hand evaluation without tables plays b1-c1; with the oracle it must find a1-b2.
	pos := engine.MustParseFEN("9/2B6/9/9/WW7 w")
	want, keep, err := set.BestTurns(&pos, tablebase.Theoretic)
	require.NoError(t, err)
	require.Equal(t, tablebase.Value{Outcome: tablebase.Win, Plies: 11}, want)
	require.Len(t, keep, 1)
	assert.Equal(t, "a1-b2", keep[0].String())
	opts := DefaultExpertOptions()
	opts.Depth, opts.Net = 2, nil
	blind, err := NewExpert(opts).Choose(context.Background(), &pos, engine.TheoreticRules())
	require.NoError(t, err)
	require.NotEqual(t, "a1-b2", blind.String(), "without tables the shallow expert misses it")
	opts.Oracle = o
	turn, err := NewExpert(opts).Choose(context.Background(), &pos, engine.TheoreticRules())
	require.NoError(t, err)
	assert.Equal(t, "a1-b2", turn.String())
}

// TestOracleLoadsWholeTablesAtOnce: the tables held whole are read when the oracle is
// made, not by the first search that reaches them: with their files gone, it still knows.
func TestOracleLoadsWholeTablesAtOnce(t *testing.T) {
	dir := t.TempDir()
	_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 2, Workers: 1})
	require.NoError(t, err)
	o := tablebase.NewOracle(tablebase.Open(dir))
	require.NotNil(t, o)
	require.NoError(t, os.RemoveAll(dir))
	p := engine.MustParseFEN("9/9/4B4/9/W8 w")
	_, _, ok := o.Probe(&p, engine.TheoreticRules())
	assert.True(t, ok, "1v1 known without its file")
}

// TestOracleRootPlaysABestTurn: at every won board of 2v1 and 1v2 (every 5th slot, 23rd
// under -short), with
// the theoretic tables and with those of paika limit 50, the root conversion plays a turn
// the tables keep as best (Set.BestTurns, itself checked against an exhaustive
// solution), scores TBWinScore less the root's plies, counts each distinct turn as a node;
// it declines draws, losses, and boards beyond the oracle's pieces.
func TestOracleRootPlaysABestTurn(t *testing.T) {
	dir := t.TempDir()
	for _, limit := range []int{0, 50} {
		_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 3, Workers: 1, PaikaLimit: limit})
		require.NoError(t, err)
	}
	set := tablebase.Open(dir)
	o := tablebase.NewOracle(set)
	require.NotNil(t, o)
	stride, least := uint64(5), 1000
	if testing.Short() {
		stride, least = 23, 200
	}
	wins, declined := 0, 0
	for _, limit := range []int{0, 50} {
		r := engine.DefaultRules()
		r.PaikaLimit = limit
		if limit == 0 {
			r = engine.TheoreticRules()
		}
		for _, c := range []tablebase.Class{{Own: 2, Enemy: 1}, {Own: 1, Enemy: 2}} {
			tab, err := set.Table(c, tablebase.PaikaRule(limit))
			require.NoError(t, err)
			for slot := uint64(0); slot < tab.Slots(); slot += stride {
				p := tab.Position(slot)
				v, best, err := set.BestTurns(&p, tablebase.PaikaRule(limit))
				require.NoError(t, err)
				s := newSearcher(searchConfig{}, o)
				s.begin(context.Background(), r, 0, 0)
				a, ok := s.oracleRoot(&p)
				if v.Outcome != tablebase.Win {
					assert.False(t, ok, "%s is not won", p.FEN())
					declined++
					continue
				}
				require.True(t, ok, "%s is won", p.FEN())
				assert.Contains(t, best, a.Turn, "limit %d: %s", limit, p.FEN())
				assert.Equal(t, TBWinScore-v.Plies, a.Score, "limit %d: %s", limit, p.FEN())
				assert.Equal(t, []engine.Turn{a.Turn}, a.PV)
				assert.Equal(t, 1, a.Depth)
				assert.Equal(t, uint64(len(p.DistinctTurns(r, nil, &engine.ResultSet{}))), a.Nodes, p.FEN())
				wins++
			}
		}
	}
	assert.Greater(t, wins, least)
	assert.Greater(t, declined, least)
	// Four pieces: beyond the tables, not probed.
	p := engine.MustParseFEN("8B/9/9/9/WWW6 w")
	s := newSearcher(searchConfig{}, o)
	s.begin(context.Background(), engine.TheoreticRules(), 0, 0)
	_, ok := s.oracleRoot(&p)
	assert.False(t, ok)
}
