package data

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func smallConfig() Config {
	return Config{Games: 12, Player: "expert:nodes=300,vary=10", Seed: 5, OpeningPlies: [2]int{4, 8}, Toolkit: "test"}
}

// interruptAfter starts smallConfig's generation into path and stops it after games games,
// leaving the file unfinished with its sidecar.
func interruptAfter(t *testing.T, games int, path string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := smallConfig()
	c.Progress = func(st Stats) {
		if st.Games == games {
			cancel()
		}
	}
	_, err := Generate(ctx, c, path, false)
	require.ErrorIs(t, err, context.Canceled)
	require.FileExists(t, ProgressPath(path))
}

func fileSum(t *testing.T, path string) [32]byte {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return sha256.Sum256(b)
}

func TestGenerationIsTheSameWithAnyWorkers(t *testing.T) {
	dir := t.TempDir()
	var sums [][32]byte
	for _, workers := range []int{1, 3} {
		c := smallConfig()
		c.Workers = workers
		path := filepath.Join(dir, "w"+string(rune('0'+workers))+".pos")
		st, err := Generate(context.Background(), c, path, false)
		require.NoError(t, err)
		assert.Equal(t, 12, st.Games)
		_, err = os.Stat(ProgressPath(path))
		assert.True(t, errors.Is(err, os.ErrNotExist), "a complete file keeps no sidecar")
		sums = append(sums, fileSum(t, path))
	}
	assert.Equal(t, sums[0], sums[1])
}

// The records are what the games were: replaying each game's opening and reading its
// positions back, every record is a quiet position of the game it names, its result is
// that game's from the mover's side, and the plies follow each other.
func TestRecordsAreQuietPositionsWithTheirGamesResult(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.pos")
	c := smallConfig()
	st, err := Generate(context.Background(), c, path, false)
	require.NoError(t, err)
	h, recs, err := ReadFile(path)
	require.NoError(t, err)
	spec, err := players.ParseSpec(c.Player)
	require.NoError(t, err)
	assert.Equal(t, c.header(spec), h)
	require.Len(t, recs, st.Records)
	require.Greater(t, len(recs), 12*10)
	r := c.Rules()
	byGame := map[uint32][]Record{}
	for _, rec := range recs {
		byGame[rec.Game] = append(byGame[rec.Game], rec)
	}
	// A game can end before any quiet position (captures from the opening to the end).
	assert.GreaterOrEqual(t, len(byGame), 9)
	for g, rs := range byGame {
		open := Opening(c.Seed, int(g), c.OpeningPlies, r)
		assert.GreaterOrEqual(t, int(rs[0].Ply), open.Ply, "game %d starts after its opening", g)
		white := -1
		for i, rec := range rs {
			p := rec.Position()
			assert.False(t, p.CanCapture(), "game %d record %d: %s has a capture", g, i, p.FEN())
			assert.False(t, r.Status(&p).Over())
			if i > 0 {
				assert.Greater(t, rec.Ply, rs[i-1].Ply)
			}
			// one game, one result: White's is the same in every record
			w := int(rec.Result)
			if rec.Side == engine.Black {
				w = Win - w
			}
			if white < 0 {
				white = w
			}
			assert.Equal(t, white, w, "game %d record %d", g, i)
			assert.Equal(t, uint8(Unknown), rec.Exact, "no tables, no exact values")
		}
	}
}

func TestAnInterruptedGenerationResumesToTheSameBytes(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.pos")
	_, err := Generate(context.Background(), smallConfig(), whole, false)
	require.NoError(t, err)

	part := filepath.Join(dir, "part.pos")
	interruptAfter(t, 5, part)
	// A crash mid-write leaves bytes past the sidecar's offset: resume cuts them off.
	f, err := os.OpenFile(part, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.Write(make([]byte, 45))
	require.NoError(t, err)
	require.NoError(t, f.Close())

	_, err = Generate(context.Background(), smallConfig(), part, false)
	require.ErrorIs(t, err, ErrRefused, "not resumed without asking")
	st, err := Generate(context.Background(), smallConfig(), part, true)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, st.Resumed, 5)
	assert.Equal(t, fileSum(t, whole), fileSum(t, part))

	_, err = Generate(context.Background(), smallConfig(), part, true)
	require.ErrorIs(t, err, ErrRefused, "a complete file is not resumed")
	other := smallConfig()
	other.Seed = 6
	require.NoError(t, os.WriteFile(ProgressPath(part), []byte(`{"header":{}}`), 0o644))
	_, err = Generate(context.Background(), other, part, true)
	require.ErrorIs(t, err, ErrRefused, "other settings are refused")
}

func TestShardsPartitionTheGames(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.pos")
	_, err := Generate(context.Background(), smallConfig(), whole, false)
	require.NoError(t, err)
	_, all, err := ReadFile(whole)
	require.NoError(t, err)
	want := map[uint32]int{}
	for _, rec := range all {
		want[rec.Game] = 1
	}
	games := map[uint32]int{}
	for i := range 3 {
		c := smallConfig()
		c.Shard, c.Shards = i, 3
		path := filepath.Join(dir, "s"+string(rune('0'+i))+".pos")
		_, err := Generate(context.Background(), c, path, false)
		require.NoError(t, err)
		_, recs, err := ReadFile(path)
		require.NoError(t, err)
		seen := map[uint32]bool{}
		for _, rec := range recs {
			assert.Equal(t, i, int(rec.Game)%3)
			seen[rec.Game] = true
		}
		for g := range seen {
			games[g]++
		}
	}
	assert.Equal(t, want, games, "each game in one shard, as in the whole run")
}

func TestConfigRefusesSettingsThatAreNotReproducible(t *testing.T) {
	for spec, want := range map[string]string{
		"expert:time=100ms":            "time=100ms",
		"expert:nodes=10,tc=10s+100ms": "clock",
		"expert:threads=2":             "threads",
		"nosuchplayer":                 "nosuchplayer",
	} {
		c := smallConfig()
		c.Player = spec
		err := c.Check()
		if assert.Error(t, err, spec) {
			assert.Contains(t, err.Error(), want)
		}
	}
	c := smallConfig()
	c.OpeningPlies = [2]int{8, 4}
	assert.Error(t, c.Check())
}

func TestRecordsRoundTripAndDamageIsNamed(t *testing.T) {
	rec := Record{White: engine.Bit(3) | engine.Bit(40), Black: engine.Bit(22), Side: engine.Black, Paika: 7,
		Ply: 300, Score: -1234, Depth: 9, Result: Win, Exact: Draw, Game: 123456}
	var b [RecordSize]byte
	rec.Encode(b[:])
	var back Record
	require.NoError(t, back.Decode(b[:]))
	assert.Equal(t, rec, back)
	b[8] |= 1 << 3 // a black piece on White's point 3
	assert.Error(t, back.Decode(b[:]))
}

func TestParsePlies(t *testing.T) {
	for s, want := range map[string][2]int{"4-8": {4, 8}, "6": {6, 6}, "0-0": {0, 0}} {
		got, err := ParsePlies(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	for _, s := range []string{"4-x", "", "a"} {
		_, err := ParsePlies(s)
		assert.ErrorContains(t, err, "expected a number or from-to", s)
	}
}

func TestProgressSidecarLeavesNoTemporaryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.pos")
	require.NoError(t, writeProgress(path, progressFile{Offset: 7}))
	require.NoError(t, writeProgress(path, progressFile{Offset: 9}))
	b, err := os.ReadFile(ProgressPath(path))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"offset":9`)
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "the sidecar only")
}

func TestStatsSummary(t *testing.T) {
	st := Stats{Games: 10, Records: 500, Plies: 700, ShardGames: 10, Resumed: 4, ResumedRecords: 200}
	// 300 positions written by this run in 2 s: 150 a second.
	assert.Equal(t, "x.pos: 10 games, 500 positions, 700 plies (4 games written before); 150 positions/s over 2 s with 3 workers",
		st.Summary("x.pos", 2, 3))
}

// The header names the player's net by its file's digest, so that data made with
// net=default say which net that was; a resume with another net is refused.
func TestTheHeaderNamesThePlayersNet(t *testing.T) {
	embedded, err := os.ReadFile(filepath.Join("..", "default.fnn"))
	require.NoError(t, err)
	want := sha256.Sum256(embedded)
	dir := t.TempDir()
	for _, c := range []struct{ player, sum string }{
		{"expert:nodes=300,vary=10", hex.EncodeToString(want[:])},
		{"expert:nodes=300,vary=10,net=none", ""},
	} {
		cfg := smallConfig()
		cfg.Games, cfg.Player = 2, c.player
		path := filepath.Join(dir, fmt.Sprintf("%d.pos", len(c.sum)))
		_, err := Generate(context.Background(), cfg, path, false)
		require.NoError(t, err)
		h, _, err := ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, c.sum, h.NetSHA256, c.player)
	}

	part := filepath.Join(dir, "part.pos")
	interruptAfter(t, 3, part)
	var prog progressFile
	b, err := os.ReadFile(ProgressPath(part))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &prog))
	require.Equal(t, hex.EncodeToString(want[:]), prog.Header.NetSHA256)
	prog.Header.NetSHA256 = strings.Repeat("0", 64) // as if begun with another default net
	b, err = json.Marshal(prog)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(ProgressPath(part), b, 0o644))
	_, err = Generate(context.Background(), smallConfig(), part, true)
	require.ErrorIs(t, err, ErrRefused, "another net is refused")
}
