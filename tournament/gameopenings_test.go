package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sourceRun plays a small run to read openings from (firstmove openings: its records
// hold opening turns) and exports it; it returns the run folder and the export.
func sourceRun(t *testing.T) (dir, exported string) {
	t.Helper()
	dir = t.TempDir()
	_, err := Run(context.Background(), Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 6,
		Openings: "firstmove:1", Seed: 21, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}, Options{Out: dir})
	require.NoError(t, err)
	e, err := pgn.CheckExport([]string{dir}, nil)
	require.NoError(t, err)
	exported = filepath.Join(t.TempDir(), "games.pgn")
	f, err := os.Create(exported)
	require.NoError(t, err)
	require.NoError(t, e.Write(f))
	require.NoError(t, f.Close())
	return dir, exported
}

// TestGameOpeningsAreThePositionsAfterKTurns: games:PATH:K gives, in file order, each
// game's position after its first K turns, played here turn by turn from its record, and
// the turns from the start that reach it; the same from the run folder, its games.jsonl
// and its PGN export. The run's games start there and record those turns, which replay.
func TestGameOpeningsAreThePositionsAfterKTurns(t *testing.T) {
	dir, exported := sourceRun(t)
	recs := readGames(t, dir)
	const k = 3
	var want []engine.Position
	for _, r := range recs {
		p := engine.MustParseFEN(r.Opening)
		for _, s := range r.Turns[:k] {
			turn, err := p.ParseTurn(engine.DefaultRules(), s)
			require.NoError(t, err)
			p = p.Play(turn)
		}
		want = append(want, p)
	}
	for _, src := range []string{exported, dir, filepath.Join(dir, record.GamesFile)} {
		c, err := NewPlan(Config{Format: RoundRobin, Players: []string{"random", "easy"}, Games: 12,
			Openings: fmt.Sprintf("games:%s:%d", src, k), Seed: 4, Rules: record.RulesFrom(engine.DefaultRules(), 300)})
		require.NoError(t, err)
		o, err := NewOpenings(c)
		require.NoError(t, err, src)
		require.Len(t, o.book, 6)
		for i := range want {
			p, line := o.OpeningLine(i, 0, engine.DefaultRules())
			assert.Equal(t, want[i].FEN(), p.FEN(), "%s game %d", src, i)
			assert.Nil(t, line, "%s game %d: a position of the set, without a line", src, i)
		}
		assert.Equal(t, string(OpenGames), o.Identity(c).Policy)
	}

	out := t.TempDir()
	_, err := Run(context.Background(), Config{Format: SelfPlay, Players: []string{"random"}, Games: 6,
		Openings: fmt.Sprintf("games:%s:%d", exported, k), Seed: 4, Rules: record.RulesFrom(engine.DefaultRules(), 300)}, Options{Out: out})
	require.NoError(t, err)
	played := readGames(t, out)
	require.Len(t, played, 6)
	for i, r := range played {
		assert.Equal(t, want[i].FEN(), r.Opening, "self-play game %d: an opening of its own", i)
		assert.Empty(t, r.OpeningTurns, "self-play game %d: a set's position, not a game from the start", i)
		require.NoError(t, record.Replay(&r), "game %d", i)
	}
}

// TestGameOpeningsFromAnotherTool: PGN-style text of opening lines as another tool
// writes them (a Result of *, no record tags, a FEN for one) gives each line's last
// position without K; a line from the start is recorded as its turns.
func TestGameOpeningsFromAnotherTool(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.txt")
	text := `[Event "book"]
[Result "*"]

1. d2-e3A c3-d2A *

[Event "book"]
[SetUp "1"]
[FEN "BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW b 2 3"]

2... d4-c3A {a comment} *
`
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	c, err := NewPlan(Config{Format: SelfPlay, Players: []string{"random"}, Games: 2, Openings: "games:" + path,
		Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 100)})
	require.NoError(t, err)
	o, err := NewOpenings(c)
	require.NoError(t, err)
	r := engine.DefaultRules()
	first := engine.Start()
	for _, s := range []string{"d2-e3A", "c3-d2A"} {
		turn, err := first.ParseTurn(r, s)
		require.NoError(t, err)
		first = first.Play(turn)
	}
	second := engine.MustParseFEN("BBBBBB1BB/BBBBB1BBB/BW1WWBWBW/WWWBWWWWW/WWWW1WWWW b 2 3")
	turn, err := second.ParseTurn(r, "d4-c3A")
	require.NoError(t, err)
	second = second.Play(turn)

	p, line := o.OpeningLine(0, 0, r)
	assert.Equal(t, first.FEN(), p.FEN())
	assert.Nil(t, line, "a set's position: no line from the start, even where the game began there")
	p, line = o.OpeningLine(1, 0, r)
	assert.Equal(t, second.FEN(), p.FEN())
	assert.Nil(t, line)
	assert.Equal(t, "games (2 positions, sha256 "+o.Identity(c).SHA256[:16]+"…)", o.Identity(c).Name())
}

// TestGameOpeningsRefused: a bad setting, a file that does not read, a short or finished
// game and too few games are each one line naming the setting or the file and line.
func TestGameOpeningsRefused(t *testing.T) {
	dir, exported := sourceRun(t)
	recs := readGames(t, dir)
	shortest := 0
	for i, r := range recs {
		if r.Plies < recs[shortest].Plies {
			shortest = i
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.pgn")
	text, err := os.ReadFile(exported)
	require.NoError(t, err)
	broken := strings.Replace(string(text), "\n2. ", "\n7. ", 1)
	require.NoError(t, os.WriteFile(bad, []byte(broken), 0o644))
	badLine := strings.Count(broken[:strings.Index(broken, "\n7. ")], "\n") + 2
	cases := []struct {
		openings string
		games    int
		want     string
	}{
		{"games:", 2, `openings "games:": games: needs a file of games (games:PATH or games:PATH:K)`},
		{"games:" + exported + ":-1", 2, `openings "games:` + exported + `:-1": K must be 0 or more (games:PATH:K)`},
		{"games:" + bad + ":2", 2, fmt.Sprintf("%s:%d: move number \"7.\" where \"2.\" was expected (turn 1 of the game)", bad, badLine)},
		{fmt.Sprintf("games:%s:%d", exported, recs[shortest].Plies+1), 12, fmt.Sprintf("%s:%d: the game has %d turns, fewer than the %d of games:%s:%d",
			exported, gameLine(text, shortest), recs[shortest].Plies, recs[shortest].Plies+1, exported, recs[shortest].Plies+1)},
		{"games:" + exported, 2, exported + ":1: the game is already over after " + fmt.Sprint(recs[0].Plies) + " turns"},
		{"games:" + dir + ":2", 14, "openings games:" + dir + ":2: 7 pairs per pairing need 7 positions, but " + filepath.Join(dir, record.GamesFile) + " holds 6 games"},
	}
	for _, tc := range cases {
		_, err := Run(context.Background(), Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: tc.games, Openings: tc.openings,
			Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 100)}, Options{Out: filepath.Join(t.TempDir(), "out")})
		var ie *InputError
		require.ErrorAs(t, err, &ie, tc.openings)
		assert.Contains(t, err.Error(), tc.want)
		assert.NotContains(t, err.Error(), "\n")
	}
}

// gameLine returns the line on which game i of an export begins (its Event tag).
func gameLine(text []byte, i int) int {
	for n, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "[Event ") {
			if i == 0 {
				return n + 1
			}
			i--
		}
	}
	return 0
}

// TestGameOpeningsResumeChecksTheFile: a run on games:PATH:K resumes while the file is
// as it was, and is refused, naming the field, once the file has changed.
func TestGameOpeningsResumeChecksTheFile(t *testing.T) {
	_, exported := sourceRun(t)
	cfg := Config{Format: RoundRobin, Players: []string{"random", "greedy"}, Games: 4, Openings: "games:" + exported + ":2",
		Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 100)}
	out := t.TempDir()
	_, err := Run(context.Background(), cfg, Options{Out: out})
	require.NoError(t, err)
	_, err = Run(context.Background(), cfg, Options{Out: out, Resume: true})
	require.NoError(t, err)
	text, err := os.ReadFile(exported)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(exported, append(text, '\n'), 0o644))
	_, err = Run(context.Background(), cfg, Options{Out: out, Resume: true})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "resume: "+out+" holds a different run: openings_sha256 is ")
}

// TestGamesSetMeasuresTheSideToMove: a run on games:PATH:K measures White's score as the
// side to move's on the set (its note, its table and summary.json agree), whatever the
// parity of K, not a first-move figure: its games carry no opening turns.
func TestGamesSetMeasuresTheSideToMove(t *testing.T) {
	_, exported := sourceRun(t)
	for _, tc := range []struct {
		k    int
		want string
	}{{2, summary.MeasuresSideToMove}, {3, summary.MeasuresSideNotToMove}} {
		s, err := Run(context.Background(), Config{Format: SelfPlay, Players: []string{"random"}, Games: 4,
			Openings: fmt.Sprintf("games:%s:%d", exported, tc.k), Seed: 4, Rules: record.RulesFrom(engine.DefaultRules(), 300)}, Options{Out: t.TempDir()})
		require.NoError(t, err)
		require.Len(t, s.FirstMove, 1)
		assert.Equal(t, tc.want, s.FirstMove[0].Measures, "K %d", tc.k)
		assert.Empty(t, s.FirstTurns, "K %d: no table by first turn", tc.k)
	}
}
