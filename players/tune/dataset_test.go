package tune

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// writeGames writes a games.jsonl of two games of the hand-checked line of
// TestGameSamplesByHand: one White won, one lost by a forfeit (left out of the data set).
func writeGames(t *testing.T) string {
	t.Helper()
	game := record.Record{Opening: "9/9/9/9/W7B w 0 0", White: "a", Black: "b", Result: "1-0", Reason: "no-pieces",
		Plies: 3, Turns: []string{"a1-b1", "i1-h1", "b1-c1"}, Rules: record.Rules{MaxPlies: 100}}
	forfeit := game
	forfeit.Index, forfeit.Pair, forfeit.Reason = 1, 0, record.ForfeitTime
	path := filepath.Join(t.TempDir(), "games.jsonl")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, record.WriteRecords(f, []record.Record{game, forfeit}))
	require.NoError(t, f.Close())
	return path
}

func TestRunOnRecordedGames(t *testing.T) {
	games := writeGames(t)
	data := filepath.Join(t.TempDir(), "samples.jsonl")
	tables := func() (players.Oracle, string, error) { return &pieceOracle{max: 2}, "tb", nil }
	res, err := Run(context.Background(), Request{GamesFrom: []string{games}, OpenTables: tables, Data: data, Fixed: []string{"targets"}})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Report["games"], "the forfeit is left out")
	assert.Equal(t, 1, res.Report["forfeits"])
	assert.Equal(t, 3, res.Report["samples"])
	assert.Equal(t, 3, res.Report["tablebase_labels"], "the oracle knows every 2-piece position")
	assert.Equal(t, "tb", res.Report["tablebases"])
	assert.Equal(t, []string{"targets"}, res.Report["fixed"])
	assert.Equal(t, 3, res.Fit.Samples)

	f, err := os.Open(data)
	require.NoError(t, err)
	defer f.Close()
	var fens []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		var s Sample
		require.NoError(t, json.Unmarshal(sc.Bytes(), &s))
		assert.True(t, s.Tablebase)
		fens = append(fens, s.FEN)
	}
	assert.Equal(t, []string{"9/9/9/9/W7B w 0 0", "9/9/9/9/1W6B b 1 1", "9/9/9/9/1W5B1 w 2 2"}, fens, "paika plies counted")

	_, err = Run(context.Background(), Request{GamesFrom: []string{games}, Data: data})
	assert.ErrorIs(t, err, os.ErrExist, "the samples file is never overwritten")
}

func TestRunRefusals(t *testing.T) {
	games := writeGames(t)
	_, err := Run(context.Background(), Request{GamesFrom: []string{games}, MinPieces: 3})
	assert.ErrorIs(t, err, ErrNoSampleWithMinPieces)
	_, err = Run(context.Background(), Request{GamesFrom: []string{filepath.Join(t.TempDir(), "missing")}})
	var re *RecordsError
	assert.ErrorAs(t, err, &re)
	_, err = Run(context.Background(), Request{GamesFrom: []string{games}, Fixed: []string{"nope"}})
	assert.ErrorContains(t, err, "nope: unknown feature (known: material, ")
}

func TestKeepMinPieces(t *testing.T) {
	samples := []Sample{{FEN: engine.StartFEN}, {FEN: "9/9/9/9/W7B w 0 0"}}
	assert.Len(t, KeepMinPieces(samples, 0), 2)
	assert.Equal(t, []Sample{{FEN: engine.StartFEN}}, KeepMinPieces(samples, 3))
}

func TestRequestCheck(t *testing.T) {
	good := Request{SelfPlay: Config{Games: 10, Player: "expert:nodes=100", OpeningPlies: 4, Workers: 1}, Fixed: []string{"targets"}}
	require.NoError(t, good.Check())
	exists := filepath.Join(t.TempDir(), "samples.jsonl")
	require.NoError(t, os.WriteFile(exists, nil, 0o644))
	for _, tc := range []struct {
		change func(*Request)
		want   string
	}{
		{func(r *Request) { r.SelfPlay.Games = 0 }, "games 0: must be at least 1"},
		{func(r *Request) { r.SelfPlay.OpeningPlies = 17 }, "opening-plies 17: must be between 0 and 16"},
		{func(r *Request) { r.SelfPlay.OpeningPlies = -1 }, "opening-plies -1: must be between 0 and 16"},
		{func(r *Request) { r.MinPieces = 45 }, "min-pieces 45: must be from 0 to 44"}, // 22 pieces a side
		{func(r *Request) { r.SelfPlay.Workers = -1 }, "workers -1: must be 0 (one) or more"},
		{func(r *Request) { r.SelfPlay.Player = "wizard" }, `player: player spec "wizard": unknown player`},
		{func(r *Request) { r.Fixed = []string{"charm"} }, "fixed charm: unknown feature"},
		{func(r *Request) { r.Data = exists }, "data " + exists + ": file exists (not overwritten)"},
	} {
		r := good
		tc.change(&r)
		err := r.Check()
		require.Error(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
		assert.True(t, strings.HasPrefix(err.Error(), tc.want[:strings.IndexAny(tc.want, " :")]), "starts with the setting: %v", err)
	}
}
