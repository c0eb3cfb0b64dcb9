package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTuneFromRecordedGames fits on the sandbox's two runs: the games and samples it
// reports are counted again here by replaying every record, and each sample written to
// --data carries its game's result for the side to move.
func TestTuneFromRecordedGames(t *testing.T) {
	sb := newCLISandbox(t)
	runs := []string{filepath.Join(sb.work, "run"), filepath.Join(sb.work, "tour")}
	recs, bad, err := record.ReadRecordFiles(runs)
	require.NoError(t, err)
	require.Empty(t, bad)
	type label struct {
		fen    string
		result float64
	}
	var want []label
	for _, rec := range recs {
		p := engine.MustParseFEN(rec.Opening)
		r := engine.Rules{PaikaLimit: rec.Rules.PaikaLimit, NoMovesDraw: rec.Rules.NoMovesDraw, FirstTurnNoChain: rec.Rules.FirstTurnNoChain}
		for _, s := range rec.Turns {
			if !p.CanCapture() {
				res := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[rec.Result]
				if p.Side == engine.Black {
					res = 1 - res
				}
				want = append(want, label{p.FEN(), res})
			}
			turn, err := p.ParseTurn(r, s)
			require.NoError(t, err)
			p = p.Play(turn)
		}
	}
	require.NotEmpty(t, want)

	data := filepath.Join(t.TempDir(), "samples.jsonl")
	code, out, errs := runCmd(t, "", "tune", "--games-from", runs[0]+","+runs[1], "--data", data, "--fixed", "targets,end-material")
	require.Equal(t, 0, code, errs)
	var got struct {
		Games           int       `json:"games"`
		Samples         int       `json:"samples"`
		TablebaseLabels int       `json:"tablebase_labels"`
		Weights         []float64 `json:"weights"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, len(recs), got.Games)
	assert.Equal(t, len(want), got.Samples)
	assert.Zero(t, got.TablebaseLabels)
	assert.Len(t, got.Weights, 7)

	f, err := os.Open(data)
	require.NoError(t, err)
	defer f.Close()
	var written []label
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var s struct {
			FEN    string  `json:"fen"`
			Result float64 `json:"result"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &s))
		written = append(written, label{s.FEN, s.Result})
	}
	assert.Equal(t, want, written)
}

func TestTuneFromRecordedGamesBadInput(t *testing.T) {
	sb := newCLISandbox(t)
	run := filepath.Join(sb.work, "run")
	for _, c := range []struct {
		args     []string
		mentions []string
	}{
		{[]string{"--games-from", run, "--games", "5"}, []string{"--games-from", "--games"}},
		{[]string{"--games-from", run, "--player", "random"}, []string{"--player"}},
		{[]string{"--games", "2", "--tablebases", filepath.Join(sb.work, "tb")}, []string{"--tablebases", "only with --games-from"}},
		{[]string{"--games-from", filepath.Join(sb.work, "missing")}, []string{"--games-from", "missing"}},
		{[]string{"--games-from", run, "--tablebases", filepath.Join(sb.work, "missing")}, []string{"--tablebases", "missing"}},
		{[]string{"--games-from", run, "--min-pieces", "45"}, []string{"--min-pieces 45", "from 0 to 44"}},
		{[]string{"--games-from", run, "--min-pieces", "-1"}, []string{"--min-pieces -1"}},
		{[]string{"--games-from", run, "--min-pieces", "44"}, []string{"--min-pieces 44: no sample"}},
	} {
		code, out, errs := runCmd(t, "", append([]string{"tune"}, c.args...)...)
		assertBadInput(t, code, out, errs, c.mentions...)
	}
}

func TestTuneFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newTuneCmd, "--games-from", "a,b", "--min-pieces", "8", "--fixed", "material", "--seed", "3")
	assert.Equal(t, []string{"a", "b"}, o.req.GamesFrom)
	assert.Equal(t, 8, o.req.MinPieces)
	assert.Equal(t, []string{"material"}, o.req.Fixed)
	assert.Equal(t, uint64(3), o.req.SelfPlay.Seed)
	assert.Equal(t, []string{"--seed"}, o.selfPlayFlags, "the self-play flags given, refused with --games-from")
	assert.Equal(t, "none", o.tablebases)
	assert.Equal(t, 2000, o.req.SelfPlay.Games)
}
