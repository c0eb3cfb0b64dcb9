package tournament

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildTables builds every class of at most pieces pieces, for each paika limit given
// (0: the theoretic tables), into a new folder.
func buildTables(t *testing.T, pieces int, limits ...int) string {
	t.Helper()
	dir := t.TempDir()
	for _, l := range limits {
		_, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: pieces, Workers: 2, PaikaLimit: l})
		require.NoError(t, err)
	}
	return dir
}

func TestAdjudicatorCoversCompleteClassesOfItsRule(t *testing.T) {
	dir := buildTables(t, 3, 0)
	a, err := NewAdjudicator(tablebase.Open(dir), 0)
	require.NoError(t, err)
	assert.Equal(t, 3, a.Pieces())

	// The error names the folder and the rule whose tables it lacks, not a command.
	_, err = NewAdjudicator(tablebase.Open(dir), 50)
	assert.EqualError(t, err, "adjudicate: "+dir+" holds no tables of paika limit 50, which the run's rules need")
	var me *MissingTablesError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, MissingTablesError{Dir: dir, PaikaLimit: 50}, *me)
	onlyRule := buildTables(t, 2, 50) // the tables of paika limit 50 alone
	_, err = NewAdjudicator(tablebase.Open(onlyRule), 0)
	assert.EqualError(t, err, "adjudicate: "+onlyRule+" holds no theoretic tables (no paika limit), which the run's rules need")

	// Without 2v1 the 3-piece classes are not all there: only 2 pieces are adjudicated.
	require.NoError(t, os.Remove(filepath.Join(dir, tablebase.FileName(tablebase.Class{Own: 2, Enemy: 1}, tablebase.Theoretic))))
	a, err = NewAdjudicator(tablebase.Open(dir), 0)
	require.NoError(t, err)
	assert.Equal(t, 2, a.Pieces())
}

// Values checked by hand: White's e3 takes Black's d2 by withdrawing to f4, and with
// Black to move d2 takes e3 by withdrawing to c1; each is the last piece.
func TestAdjudicateHandCheckedPositions(t *testing.T) {
	a, err := NewAdjudicator(tablebase.Open(buildTables(t, 2, 50)), 50)
	require.NoError(t, err)
	rules := engine.Rules{PaikaLimit: 50, MaxPlies: 1000}
	for fen, want := range map[string]engine.Outcome{"9/9/4W4/3B5/9 w 0 10": engine.WhiteWins, "9/9/4W4/3B5/9 b 0 10": engine.BlackWins} {
		p := engine.MustParseFEN(fen)
		got, ok := a.Adjudicate(&p, rules)
		require.True(t, ok, fen)
		assert.Equal(t, want, got, fen)
		// Rules the tables do not model there, and another paika limit, are not judged.
		for _, r := range []engine.Rules{{PaikaLimit: 50, MaxPlies: p.Ply + 5}, {PaikaLimit: 50, NoMovesDraw: true}, {PaikaLimit: 40}} {
			_, ok := a.Adjudicate(&p, r)
			assert.False(t, ok, "%s under %v", fen, r)
		}
	}
	p := engine.MustParseFEN("9/9/4W4/3B1B3/9 w 0 10")
	_, ok := a.Adjudicate(&p, rules)
	assert.False(t, ok, "3 pieces: no table")
}

// Each adjudicated game is the game played out up to the adjudicated position, and (the
// experts probing the same tables) the played-out game ends with the tables' value.
func TestAdjudicatedRunAgreesWithThePlayedOutRun(t *testing.T) {
	dir := buildTables(t, 4, 50)
	openings := filepath.Join(t.TempDir(), "five.fen")
	require.NoError(t, os.WriteFile(openings, []byte(strings.Join([]string{
		"B3B3B/9/9/9/W3W3W w 0 0", "1B2B2B1/9/9/9/1W2W2W1 w 0 0", "B7B/4B4/9/4W4/W7W b 0 0",
		"2B3B2/9/4B4/9/2W1W1W2 w 0 0", "9/1B5B1/4W4/1W5B1/9 w 0 0", "4B4/9/B3W3B/9/4W4 b 0 0",
	}, "\n")+"\n"), 0o644))
	c := Config{Format: RoundRobin, Players: []string{"expert:depth=3", "expert:depth=2"}, Games: 6,
		Openings: "file:" + openings, Seed: 3, Rules: record.RulesFrom(engine.DefaultRules(), 400), Concurrency: 2}
	oracle := tablebase.NewOracle(tablebase.Open(dir))
	require.NotNil(t, oracle)
	opts := []players.Option{players.WithOracle(oracle)}
	full, judged := t.TempDir(), t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full, PlayerOptions: opts})
	require.NoError(t, err)
	adj, err := NewAdjudicator(tablebase.Open(dir), 50)
	require.NoError(t, err)
	s, err := Run(context.Background(), c, Options{Out: judged, PlayerOptions: opts, Adjudicator: adj})
	require.NoError(t, err)

	played, cut := readGames(t, full), readGames(t, judged)
	require.Len(t, cut, len(played))
	adjudicated := 0
	for i, r := range cut {
		require.NoError(t, record.Replay(&r))
		// Where the played-out game first reaches a position the tables judge: at most 4
		// pieces, both sides on the board, the game not over, and the 400-ply cap not
		// within 4·50 plies (a capture at least every 50 plies ends it within that).
		o := played[i]
		p := engine.MustParseFEN(o.Opening)
		rules := o.Rules.Engine(p.Ply)
		at := -1
		for k := 0; k <= len(o.Turns); k++ {
			if n := p.Occupied().Count(); n <= 4 && p.Own() != 0 && p.Enemy() != 0 && !rules.Status(&p).Over() && rules.MaxPlies-p.Ply > n*50 {
				at = k
				break
			}
			if k < len(o.Turns) {
				turn, err := p.ParseTurn(rules, o.Turns[k])
				require.NoError(t, err)
				p = p.Play(turn)
			}
		}
		if at < 0 {
			assert.Equal(t, o, r, "game %d: never judged, so played alike", i)
			continue
		}
		adjudicated++
		require.Equal(t, record.AdjudicatedReason, r.Reason, "game %d", i)
		assert.Equal(t, o.Turns[:at], r.Turns, "game %d: the same game up to the adjudication", i)
		assert.Equal(t, p.FEN(), r.Adjudicated, "game %d", i)
		assert.Equal(t, o.Result, r.Result, "game %d: the tables' value is how the game went on", i)
	}
	require.NotZero(t, adjudicated)
	t.Logf("%d of %d games adjudicated", adjudicated, len(cut))
	assert.Equal(t, adjudicated, s.Lengths[0].Reasons[record.AdjudicatedReason])
	var rc Config
	raw, err := os.ReadFile(filepath.Join(judged, record.RunFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &rc))
	assert.Equal(t, 4, rc.AdjudicatePieces)

	// A resumed run must adjudicate alike: tables of fewer pieces are another run.
	_, err = Run(context.Background(), c, Options{Out: judged, Resume: true, PlayerOptions: opts})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "adjudicate_pieces")
}

func TestAdjudicatedRecordChecks(t *testing.T) {
	r := rec("", 0, 0, "random", "random", "1/2-1/2", "d2-e3A")
	r.Reason, r.Captured.White = record.AdjudicatedReason, 2
	r.Adjudicated = "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW b 0 1"
	require.NoError(t, r.Validate())
	require.NoError(t, record.Replay(&r))
	bad := r
	bad.Adjudicated = ""
	assert.ErrorContains(t, bad.Validate(), "adjudicat")
	bad = r
	bad.Reason = "no-pieces"
	bad.Result = "1-0"
	assert.ErrorContains(t, bad.Validate(), "tablebase adjudication goes with reason tablebase only")
	bad = r
	bad.Adjudicated = engine.StartFEN
	var re *record.ReplayError
	require.ErrorAs(t, record.Replay(&bad), &re)
	assert.Contains(t, re.Error(), "recorded adjudicated at")
}
