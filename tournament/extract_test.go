package tournament

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handGames are two games written by hand, both stopped by a cap of 2 plies.
//
// Game 0 starts from Black e5, a1, i1 against White e1 (4 pieces, Black 2 up) with Black
// to move: after ply 1 (e5-e4, a paika move: counter 5 -> 6) the game goes on with 4
// pieces and Black 2 up, the one qualifying position for --pieces 4-4 --lead 2 (the
// opening is no position after a ply, and after ply 2 the cap has ended the game). Turned
// to White's side by hand: e4 -> e2, a1 -> i5, i1 -> a5 (now White), e1 -> e5 (now
// Black), Black to move, counter 0, ply kept.
//
// Game 1 is 1 against 2 throughout: no position has a lead of 2.
var handGames = []string{
	`{"index":0,"pair":0,"opening":"4B4/9/9/9/B3W3B b 5 40","white":"a","black":"b","seed":1,"rules":{"paika_limit":50,"no_moves_draw":false,"first_turn_no_chain":false,"max_plies":2},"result":"1/2-1/2","reason":"max-plies","plies":2,"captured":{"white":0,"black":0},"turns":["e5-e4","e1-e2"],"seconds":0}`,
	`{"index":1,"pair":0,"opening":"4B4/9/9/9/B3W4 b 0 40","white":"b","black":"a","seed":2,"rules":{"paika_limit":50,"no_moves_draw":false,"first_turn_no_chain":false,"max_plies":2},"result":"1/2-1/2","reason":"max-plies","plies":2,"captured":{"white":0,"black":0},"turns":["e5-e4","e1-e2"],"seconds":0}`,
}

const handWant = "W3B3W/9/9/4W4/9 b 0 41"

func writeLines(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

func handOptions() ExtractOptions {
	return ExtractOptions{MinPieces: 4, MaxPieces: 4, Lead: 2, Count: 1, Seed: 3, Strong: StrongWhite}
}

func TestExtractHandWrittenGames(t *testing.T) {
	path := writeLines(t, handGames...)
	// The hand-written games are legal and end as recorded.
	recs, bad, err := record.ReadRecordFiles([]string{path})
	require.NoError(t, err)
	require.Empty(t, bad)
	for i := range recs {
		require.NoError(t, record.Replay(&recs[i]))
	}
	// Exactly one qualifying ply in game 0, none in game 1.
	var cands []engine.Position
	o := handOptions()
	require.NoError(t, qualifyingPlies(&recs[0], &o, &cands))
	require.Len(t, cands, 1)
	assert.Equal(t, "9/4B4/9/9/B3W3B w 6 41", cands[0].FEN())
	cands = cands[:0]
	require.NoError(t, qualifyingPlies(&recs[1], &o, &cands))
	assert.Empty(t, cands)

	res, err := ExtractPositions([]string{path}, o)
	require.NoError(t, err)
	assert.Equal(t, 2, res.Games)
	assert.Equal(t, 1, res.Qualifying)
	require.Len(t, res.Positions, 1)
	assert.Equal(t, handWant, res.Positions[0].FEN())

	// As played, with its counter.
	o.Strong, o.KeepCounter = StrongAsIs, true
	res, err = ExtractPositions([]string{path}, o)
	require.NoError(t, err)
	assert.Equal(t, "9/4B4/9/9/B3W3B w 6 41", res.Positions[0].FEN())

	// Too few: an error saying how many qualify.
	o.Count = 2
	_, err = ExtractPositions([]string{path}, o)
	assert.ErrorContains(t, err, "only 1 distinct positions qualify (from 1 of 2 games")

	// The same game again (another record): the same position, kept once.
	again := strings.Replace(handGames[0], `"index":0,"pair":0`, `"index":2,"pair":1`, 1)
	res, err = ExtractPositions([]string{writeLines(t, append(handGames, again)...)}, handOptions())
	require.NoError(t, err)
	assert.Equal(t, [3]int{3, 2, 1}, [3]int{res.Games, res.Qualifying, res.Distinct})

	// An illegal turn names file, line and ply.
	broken := strings.Replace(handGames[0], `"e1-e2"`, `"e1-e3"`, 1)
	_, err = ExtractPositions([]string{writeLines(t, broken)}, handOptions())
	assert.ErrorContains(t, err, ":1: game 0: ply 2")
}

// qualifyingByHand replays a record with the engine and returns the positions after each
// ply where the game goes on, the pieces number 8..16 and one side leads by 2 or more;
// quiet keeps those whose side to move has no capture (captures being compulsory, that is
// when its first legal turn captures nothing).
func qualifyingByHand(t *testing.T, r *record.Record, quiet bool) []engine.Position {
	p, err := engine.ParseFEN(r.Opening)
	require.NoError(t, err)
	rules := engine.DefaultRules()
	rules.MaxPlies = p.Ply + r.Rules.MaxPlies
	var out []engine.Position
	for _, s := range r.Turns {
		tn, err := p.ParseTurn(rules, s)
		require.NoError(t, err)
		p = p.Play(tn)
		w, b := p.Pieces[engine.White].Count(), p.Pieces[engine.Black].Count()
		if w+b >= 8 && w+b <= 16 && (w-b >= 2 || b-w >= 2) && !rules.Status(&p).Over() {
			if quiet && p.Turns(rules, nil)[0].Captured != 0 {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// TestExtractFromPlayedGames: games of random players; every position drawn is, turned
// to White's side with the counter at 0, one of the qualifying positions of a different
// game, as found by replaying each game here.
func TestExtractFromPlayedGames(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		t.Run(map[bool]string{false: "all", true: "quiet"}[quiet], func(t *testing.T) { extractFromPlayedGames(t, quiet) })
	}
}

func extractFromPlayedGames(t *testing.T, quiet bool) {
	dir := t.TempDir()
	_, err := Run(context.Background(), Config{Format: SelfPlay, Players: []string{"random"}, Games: 40, Openings: "random:2",
		Seed: 77, Rules: record.RulesFrom(engine.DefaultRules(), 400), Concurrency: 1}, Options{Out: dir})
	require.NoError(t, err)
	recs := readGames(t, dir)
	owner := map[string][]int{} // normalised FEN (without ply) -> games that reach it
	qualifying := 0
	for i := range recs {
		qs := qualifyingByHand(t, &recs[i], quiet)
		if len(qs) > 0 {
			qualifying++
		}
		for _, q := range qs {
			if q.Pieces[engine.Black].Count() > q.Pieces[engine.White].Count() {
				q = q.ColourFlip()
			}
			key := q.BoardFEN() + map[engine.Color]string{engine.White: " w", engine.Black: " b"}[q.Side]
			owner[key] = append(owner[key], recs[i].Index)
		}
	}
	require.Greater(t, qualifying, 15, "the sample needs games that qualify")

	o := ExtractOptions{MinPieces: 8, MaxPieces: 16, Lead: 2, Count: 1000, Seed: 1, Strong: StrongWhite, Quiet: quiet}
	res, err := ExtractPositions([]string{dir}, o)
	require.Error(t, err)
	assert.Equal(t, qualifying, res.Qualifying)
	assert.Equal(t, 40, res.Games)
	o.Count = res.Distinct
	res, err = ExtractPositions([]string{dir}, o)
	require.NoError(t, err)
	require.Len(t, res.Positions, o.Count)
	used := map[int]bool{}
	seen := map[string]bool{}
	for _, p := range res.Positions {
		assert.Greater(t, p.Pieces[engine.White].Count(), p.Pieces[engine.Black].Count(), p.FEN())
		assert.Zero(t, p.Paika)
		fen := p.FEN()
		if quiet {
			assert.False(t, p.CanCapture(), fen)
		}
		key := p.BoardFEN() + map[engine.Color]string{engine.White: " w", engine.Black: " b"}[p.Side]
		assert.False(t, seen[key], "repeated %s", fen)
		seen[key] = true
		games := owner[key]
		require.NotEmpty(t, games, "%s is no game's qualifying position", fen)
		free := false
		for _, g := range games {
			if !used[g] {
				used[g], free = true, true
				break
			}
		}
		assert.True(t, free, "%s: more positions than games reaching it", fen)
	}

	// Same seed, same file; another seed, another sample order.
	again, err := ExtractPositions([]string{dir}, o)
	require.NoError(t, err)
	assert.Equal(t, res.Positions, again.Positions)
	o.Seed = 2
	other, err := ExtractPositions([]string{dir}, o)
	require.NoError(t, err)
	assert.NotEqual(t, res.Positions, other.Positions)

	// The output read back as openings: header skipped, the positions in order.
	var sb strings.Builder
	sb.WriteString(PositionsHeader([]string{dir}, o, res) + "\n")
	for _, p := range res.Positions {
		sb.WriteString(p.FEN() + "\n")
	}
	path := filepath.Join(t.TempDir(), "out.fen")
	require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	back, _, err := record.ReadPositionsFile(path)
	require.NoError(t, err)
	require.Len(t, back, len(res.Positions))
	for i := range back {
		assert.Equal(t, res.Positions[i].FEN(), back[i].Position.FEN())
		assert.Equal(t, i+2, back[i].Line)
	}
}

func TestExtractOptionsChecked(t *testing.T) {
	for _, o := range []ExtractOptions{
		{MinPieces: 9, MaxPieces: 8, Lead: 2, Count: 1, Strong: StrongWhite},
		{MinPieces: 8, MaxPieces: 16, Lead: 0, Count: 1, Strong: StrongWhite},
		{MinPieces: 8, MaxPieces: 16, Lead: 2, Count: 0, Strong: StrongWhite},
		{MinPieces: 8, MaxPieces: 16, Lead: 2, Count: 1, Strong: "red"},
	} {
		_, err := ExtractPositions([]string{"nowhere"}, o)
		assert.Error(t, err, "%+v", o)
	}
}

// TestExtractIsTheSameInAnotherProcess: the draw depends on the seed and the games only,
// not on anything seeded per process (such as package maphash): a second process of this
// test binary draws the same positions.
func TestExtractIsTheSameInAnotherProcess(t *testing.T) {
	if dir := os.Getenv("FANORONA_EXTRACT_CHILD"); dir != "" {
		res, err := ExtractPositions([]string{dir}, ExtractOptions{MinPieces: 8, MaxPieces: 16, Lead: 2, Count: 10, Seed: 4, Strong: StrongWhite})
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		for _, p := range res.Positions {
			fmt.Println("FEN", p.FEN())
		}
		return
	}
	dir := t.TempDir()
	_, err := Run(context.Background(), Config{Format: SelfPlay, Players: []string{"random"}, Games: 30, Openings: "random:2",
		Seed: 78, Rules: record.RulesFrom(engine.DefaultRules(), 400), Concurrency: 1}, Options{Out: dir})
	require.NoError(t, err)
	res, err := ExtractPositions([]string{dir}, ExtractOptions{MinPieces: 8, MaxPieces: 16, Lead: 2, Count: 10, Seed: 4, Strong: StrongWhite})
	require.NoError(t, err)
	var want strings.Builder
	for _, p := range res.Positions {
		want.WriteString("FEN " + p.FEN() + "\n")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestExtractIsTheSameInAnotherProcess$")
	cmd.Env = append(os.Environ(), "FANORONA_EXTRACT_CHILD="+dir)
	out, err := cmd.Output()
	require.NoError(t, err, string(out))
	var got strings.Builder
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "FEN ") || strings.HasPrefix(l, "error:") {
			got.WriteString(l + "\n")
		}
	}
	assert.Equal(t, want.String(), got.String())
}

// TestExtractProgressEveryTwoThousandGames: Progress hears of game 2000, then the total
// at the end (2001 copies of a hand-written game, each its own index).
func TestExtractProgressEveryTwoThousandGames(t *testing.T) {
	lines := make([]string, 2001)
	for i := range lines {
		lines[i] = strings.Replace(handGames[0], `"index":0,"pair":0`, fmt.Sprintf(`"index":%d,"pair":%d`, i, i/2), 1)
	}
	var calls []int
	o := handOptions()
	o.Progress = func(games int) { calls = append(calls, games) }
	res, err := ExtractPositions([]string{writeLines(t, lines...)}, o)
	require.NoError(t, err)
	assert.Equal(t, 2001, res.Games)
	assert.Equal(t, []int{2000, 2001}, calls)
}

// TestExtractChecksPiecesUpTo44: the --pieces error names the bound, 2 × 22 pieces.
func TestExtractChecksPiecesUpTo44(t *testing.T) {
	o := handOptions()
	o.MaxPieces = 45
	err := o.Check()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "<= 44")
	o.MaxPieces = 44
	assert.NoError(t, o.Check())
}

// TestNormaliseGivesTheLeadToTheStrongSide: with --strong-side black a position where
// Black already leads stays as it is; where White leads it is colour-flipped.
func TestNormaliseGivesTheLeadToTheStrongSide(t *testing.T) {
	blackUp := engine.MustParseFEN("4B4/9/9/9/B3W3B w 6 41") // Black 3, White 1
	o := ExtractOptions{Strong: StrongBlack, KeepCounter: true}
	assert.Equal(t, blackUp.FEN(), o.normalise(blackUp).String())
	whiteUp := blackUp.ColourFlip()
	assert.Equal(t, 3, whiteUp.Pieces[engine.White].Count())
	assert.Equal(t, blackUp.FEN(), o.normalise(whiteUp).String())
	o.Strong = StrongWhite
	assert.Equal(t, whiteUp.FEN(), o.normalise(whiteUp).String())
	assert.Equal(t, whiteUp.FEN(), o.normalise(blackUp).String())
}

func TestExtractOptionsPiecesFromARange(t *testing.T) {
	for in, want := range map[string][2]int{"8-16": {8, 16}, "12": {12, 12}, " 4 - 6 ": {4, 6}} {
		o := ExtractOptions{Pieces: in, Lead: 1, Count: 1, Strong: StrongWhite}
		require.NoError(t, o.Check(), in)
		assert.Equal(t, want, [2]int{o.MinPieces, o.MaxPieces}, in)
	}
	for _, in := range []string{"x-y", "8-", "-3", "8-16-20"} {
		o := ExtractOptions{Pieces: in, Lead: 1, Count: 1, Strong: StrongWhite}
		err := o.Check()
		var se *SettingError
		require.ErrorAs(t, err, &se, in)
		assert.Equal(t, fmt.Sprintf("--pieces %q: expected MIN-MAX, e.g. 8-16", in), se.Text(func(Setting) string { return "--pieces" }))
	}
}

func TestExtractResultWritesThePositionsFile(t *testing.T) {
	path := writeLines(t, handGames...)
	o := handOptions()
	o.MinPieces, o.MaxPieces, o.Pieces = 0, 0, "4"
	res, err := ExtractPositions([]string{path}, o)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, res.WriteText(&b))
	assert.Equal(t, "# fanorona positions: files "+path+"; seed 3; pieces 4-4; lead 2; quiet positions false; strong side white; keep counter false; count 1; "+
		"2 games read, 1 with a qualifying position, 1 distinct\n"+handWant+"\n", b.String())
}
