package pgn_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testRun = "0123456789abcdef0123456789abcdef"

// play plays random against random from opening under r, capped at maxPlies.
func play(t *testing.T, seed uint64, opening engine.Position, r engine.Rules, maxPlies int) record.Record {
	t.Helper()
	w, err := players.NewFromString("random", seed)
	require.NoError(t, err)
	b, err := players.NewFromString("random", seed+1000)
	require.NoError(t, err)
	rec, err := tournament.PlayGame(context.Background(), w, b, opening, r, maxPlies)
	require.NoError(t, err)
	rec.Run, rec.White, rec.Black, rec.Seed = testRun, "random", "random:seed=x", seed*7919
	return rec
}

// find plays seeded games until one satisfies ok.
func find(t *testing.T, opening engine.Position, r engine.Rules, maxPlies int, ok func(*record.Record) bool) record.Record {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		if rec := play(t, seed, opening, r, maxPlies); ok(&rec) {
			return rec
		}
	}
	t.Fatal("no seeded game of the shape wanted")
	return record.Record{}
}

// truncate ends rec after its first n turns with reason and result: a forfeit or a
// tablebase adjudication at that point of a real game.
func truncate(t *testing.T, rec record.Record, n int, reason, text string) record.Record {
	t.Helper()
	p := engine.MustParseFEN(rec.Opening)
	rules := rec.Rules.Engine(p.Ply)
	rec.Captured = record.Captured{}
	for _, s := range rec.Turns[:n] {
		turn, err := p.ParseTurn(rules, s)
		require.NoError(t, err)
		if p.Side == engine.White {
			rec.Captured.White += turn.Captured.Count()
		} else {
			rec.Captured.Black += turn.Captured.Count()
		}
		p = p.Play(turn)
	}
	rec.Turns, rec.Plies, rec.Reason = append([]string(nil), rec.Turns[:n]...), n, reason
	if reason == record.AdjudicatedReason {
		rec.Result, rec.Adjudicated = engine.Draw.String(), p.FEN()
	} else {
		rec.Result, rec.Forfeit = engine.WinFor(p.Side.Other()).String(), text
	}
	return rec
}

// shapes returns real records of every shape a run writes, each checked by replaying it.
func shapes(t *testing.T) []record.Record {
	start := engine.Start()
	rules := engine.DefaultRules()
	var recs []record.Record
	add := func(r record.Record) { recs = append(recs, r) }
	whiteWins := find(t, start, rules, 1000, func(r *record.Record) bool { return r.Result == "1-0" && r.Reason == "no-pieces" })
	add(whiteWins)
	add(find(t, start, rules, 1000, func(r *record.Record) bool { return r.Result == "0-1" }))
	add(find(t, start, engine.Rules{PaikaLimit: 3}, 1000, func(r *record.Record) bool { return r.Reason == "paika-limit" }))
	add(find(t, start, rules, 7, func(r *record.Record) bool { return r.Reason == "max-plies" }))
	for i, reason := range record.ForfeitReasons {
		add(truncate(t, whiteWins, 3+i, reason, `bestmove "xyzzy!" in `+start.FEN()+": not a turn\\ (exit status 3)"))
	}
	add(truncate(t, whiteWins, 0, "crash", "the engine ended (exit status 1)"))
	add(truncate(t, whiteWins, 9, record.AdjudicatedReason, ""))
	// A non-standard start: Black to move after three plies, a paika counter above 0.
	opening := engine.MustParseFEN("BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW b 2 3")
	add(find(t, opening, rules, 1000, func(r *record.Record) bool { return r.Result == "0-1" }))
	// A firstmove opening: the turns from the start that reached it.
	after, line := engine.Start(), []string(nil)
	for range 3 {
		turns := after.Turns(rules, nil)
		line, after = append(line, turns[0].String()), after.Play(turns[0])
	}
	fromLine := find(t, after, rules, 1000, func(*record.Record) bool { return true })
	fromLine.OpeningTurns = line
	add(fromLine)
	unpaired := find(t, opening, engine.Rules{PaikaLimit: 20, NoMovesDraw: true, FirstTurnNoChain: true}, 1000, func(*record.Record) bool { return true })
	unpaired.Unpaired, unpaired.Index, unpaired.Pair, unpaired.Run = true, 17, 17, ""
	add(unpaired)
	for i := range recs {
		if !recs[i].Unpaired {
			recs[i].Index, recs[i].Pair = i, i/2
		}
		recs[i].Seconds = float64(i) / 3
		require.NoError(t, recs[i].Validate(), "record %d", i)
		require.NoError(t, record.Replay(&recs[i]), "record %d", i)
	}
	return recs
}

func TestEveryRecordShapeRoundTrips(t *testing.T) {
	recs := shapes(t)
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	w.Date = "2026.12.01"
	for i := range recs {
		require.NoError(t, w.Write(&recs[i]))
	}
	require.NoError(t, w.Flush())
	back, err := pgn.ReadAll(bytes.NewReader(buf.Bytes()), "games.pgn")
	require.NoError(t, err)
	assert.Equal(t, recs, back)
	text := buf.String()
	assert.Equal(t, len(recs), strings.Count(text, "[Event "))
	assert.Contains(t, text, `[Termination "paika-limit"]`)
	assert.Contains(t, text, `[Date "2026.12.01"]`)
	assert.Contains(t, text, `[OpeningTurns "`+strings.Join(recs[len(recs)-2].OpeningTurns, " ")+`"]`)
	assert.Contains(t, text, `[SetUp "1"]`+"\n"+`[FEN "BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW b 2 3"]`)
	for _, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, len(line), pgn.LineWidth+200*boolInt(strings.HasPrefix(line, "[")), "line %q", line)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The text of two short games, written by hand from PGN's conventions: the seven tags
// first, move numbers from the opening's ply, "n..." when Black moves first.
func TestTextWrittenByHand(t *testing.T) {
	rules := record.Rules{PaikaLimit: 50, MaxPlies: 1000}
	recs := []record.Record{
		{Run: testRun, Index: 4, Pair: 2, Opening: engine.StartFEN, White: "expert:nodes=100", Black: "uci:x",
			Seed: 99, Rules: rules, Result: "1-0", Reason: "crash", Plies: 3, Captured: record.Captured{White: 3, Black: 2},
			Turns: []string{"d2-e3A", "c3-d2A", "b2-c3A"}, Seconds: 0.25, Forfeit: `said "bye"`},
		{Index: 5, Pair: 2, Opening: "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW b 0 1", White: "uci:x", Black: "expert:nodes=100",
			Seed: 100, Rules: rules, Result: "1/2-1/2", Reason: "tablebase", Plies: 2, Captured: record.Captured{White: 1, Black: 2},
			Turns: []string{"c3-d2A", "b2-c3A"}, Seconds: 1e-7, Adjudicated: "BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW w 0 3"},
	}
	want := `[Event "fanorona run 0123456789abcdef0123456789abcdef"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "expert:nodes=100"]
[Black "uci:x"]
[Result "1-0"]
[Termination "crash"]
[PlyCount "3"]
[Run "0123456789abcdef0123456789abcdef"]
[Index "4"]
[Pair "2"]
[Seed "99"]
[PaikaLimit "50"]
[NoMovesDraw "false"]
[FirstTurnNoChain "false"]
[MaxPlies "1000"]
[WhiteCaptured "3"]
[BlackCaptured "2"]
[Seconds "0.25"]
[Forfeit "said \"bye\""]

1. d2-e3A c3-d2A 2. b2-c3A 1-0

[Event "fanorona games"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "uci:x"]
[Black "expert:nodes=100"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW b 0 1"]
[Termination "tablebase"]
[PlyCount "2"]
[Index "5"]
[Pair "2"]
[Seed "100"]
[PaikaLimit "50"]
[NoMovesDraw "false"]
[FirstTurnNoChain "false"]
[MaxPlies "1000"]
[WhiteCaptured "1"]
[BlackCaptured "2"]
[Seconds "1e-07"]
[Adjudicated "BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW w 0 3"]

1... c3-d2A 2. b2-c3A 1/2-1/2

`
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	for i := range recs {
		require.NoError(t, w.Write(&recs[i]))
	}
	require.NoError(t, w.Flush())
	assert.Equal(t, want, buf.String())
	back, err := pgn.ReadAll(strings.NewReader(want), "hand.pgn")
	require.NoError(t, err)
	assert.Equal(t, recs, back)
}

// Text from other tools: comments, annotation glyphs, a number glued to its turn,
// extra tags and a long line all read.
func TestReadsOtherToolsText(t *testing.T) {
	text := `[Event "x"]
[White "a"] 
[Black "b"]
[Result "1-0"]
[Annotator "someone"]
[Termination "crash"]
[Index "0"]
[Pair "0"]
[Seed "1"]
[PaikaLimit "50"]
[NoMovesDraw "false"]
[FirstTurnNoChain "false"]
[MaxPlies "1000"]
[WhiteCaptured "3"]
[BlackCaptured "2"]
[Seconds "0"]
{a comment
over two lines} 1.d2-e3A $1 c3-d2A {short} 2. b2-c3A
1-0
`
	recs, err := pgn.ReadAll(strings.NewReader(text), "other.pgn")
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, []string{"d2-e3A", "c3-d2A", "b2-c3A"}, recs[0].Turns)
	assert.Equal(t, engine.StartFEN, recs[0].Opening)
}

func TestBadTextNamesItsLine(t *testing.T) {
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	recs := shapes(t)[:2]
	for i := range recs {
		require.NoError(t, w.Write(&recs[i]))
	}
	require.NoError(t, w.Flush())
	good := buf.String()
	firstMoves := strings.Index(good, "\n1. ") + 1
	line := strings.Count(good[:firstMoves], "\n") + 1
	for _, c := range []struct{ name, text, want string }{
		{"result differs", strings.Replace(good, `[Result "1-0"]`, `[Result "0-1"]`, 1), "Result tag is 0-1"},
		{"move number", good[:firstMoves] + "2." + good[firstMoves+2:], `move number "2." where "1." was expected`},
		{"bad turn", good[:firstMoves] + "1. z9" + good[firstMoves+2:], "expected a start point"},
		{"missing tag", strings.Replace(good, "[Seed ", "[Seeds ", 1), "no Seed tag"},
		{"cut short", good[:len(good)-12], "ends inside a game"},
		{"bad tag", strings.Replace(good, `[Site "?"]`, `[Site ?]`, 1), `tag "[Site ?]"`},
		{"no PlyCount", strings.Replace(good, `[PlyCount "`, `[X "`, 1), ""},
		{"fails the checks", strings.Replace(good, `[Termination "no-pieces"]`, `[Termination "bored"]`, 1), `reason "bored" is not`},
		{"not pgn", "e2-e3 1-0\n", "before any tag"},
	} {
		_, err := pgn.ReadAll(strings.NewReader(c.text), "g.pgn")
		if c.want == "" {
			assert.NoError(t, err, c.name)
			continue
		}
		var perr *pgn.Error
		require.ErrorAs(t, err, &perr, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
		assert.Contains(t, err.Error(), "g.pgn:", c.name)
		if c.name == "move number" || c.name == "bad turn" {
			assert.Equal(t, line, perr.Line, c.name)
		}
	}
}
