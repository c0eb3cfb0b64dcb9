package tournament

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fileLines are hand-written positions, each a game in progress under the default rules.
var fileLines = []string{
	"9/2W3W2/1W1W5/4B4/9 w 0 60",
	"9/B3B4/9/9/4W4 b 7 31", // a paika counter of 7, to be honoured
	"W8/9/9/9/8B w 0 80",
	"9/W8/4W4/9/B8 b 0 10",
	"1B7/9/9/9/WW7 w 0 22",
}

func writePositions(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "positions.fen")
	writePositionsAt(t, path, lines...)
	return path
}

func fileConfig(path string, games int) Config {
	return Config{Format: Gauntlet, Players: []string{"greedy", "random"}, Games: games, Openings: "file:" + path,
		Seed: 5, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
}

// canonical is the FEN as records write it (all four fields).
func canonical(t *testing.T, fen string) string {
	p, err := engine.ParseFEN(fen)
	require.NoError(t, err)
	return p.FEN()
}

func TestPositionsFileBadLinesNamePathAndLine(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		body, where, what string
	}{
		{"# c\n9/9/9/9/WB7 w 0 0\n\n9/9/9/9 w 0 0\n", ":4: ", "has 4 rows"},
		{"9/9/9/9/WB7 w 0 0\n9/9/9/9/WB7 x\n", ":2: ", "side field"},
		{"9/9/9/9/WB7 w -3 0\n", ":1: ", "paika field"},
		{"# only comments\n\n", "", "no positions"},
	} {
		path := filepath.Join(dir, "bad.fen")
		require.NoError(t, os.WriteFile(path, []byte(tc.body), 0o644))
		_, _, err := record.ReadPositionsFile(path)
		require.Error(t, err, tc.body)
		assert.True(t, strings.HasPrefix(err.Error(), path+tc.where), "%q", err)
		assert.Contains(t, err.Error(), tc.what)
		assert.NotContains(t, err.Error(), "\n")
	}
	// A finished game (White to move without pieces) is refused by a run, naming its line;
	// nothing is written.
	path := writePositions(t, fileLines[0], "9/9/9/9/B8 w 0 0")
	out := filepath.Join(t.TempDir(), "run")
	_, err := Run(context.Background(), fileConfig(path, 2), Options{Out: out})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), path+":5: the game is already over")
	assert.NoDirExists(t, out)
}

func TestFileOpeningsGoToPairsInFileOrder(t *testing.T) {
	path := writePositions(t, fileLines...)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	sum := sha256.Sum256(raw)
	out := t.TempDir()
	s, err := Run(context.Background(), fileConfig(path, 6), Options{Out: out})
	require.NoError(t, err)
	recs := readGames(t, out)
	require.Len(t, recs, 6)
	for _, r := range recs {
		assert.Equal(t, canonical(t, fileLines[r.Index/2]), r.Opening, "game %d", r.Index)
		assert.Equal(t, r.Index/2, r.Pair)
		assert.False(t, r.Unpaired)
		replayRecord(t, r)
	}
	assert.Equal(t, "9/B3B4/9/9/4W4 b 7 31", recs[2].Opening, "the paika counter of the file is kept")
	assert.Equal(t, 3, s.DistinctOpenings)

	var cfg Config
	j, err := os.ReadFile(filepath.Join(out, record.RunFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(j, &cfg))
	assert.Equal(t, "file:"+path, cfg.Openings)
	assert.Equal(t, hex.EncodeToString(sum[:]), cfg.OpeningsSHA256)
	assert.Equal(t, 3, cfg.DistinctOpenings)

	// More pairs than positions: refused before anything is played or written.
	big := filepath.Join(t.TempDir(), "big")
	_, err = Run(context.Background(), fileConfig(path, 12), Options{Out: big})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "need 6 positions, but "+path+" holds 5")
	assert.NoDirExists(t, big)

	// In self-play every game takes the next line.
	sp := Config{Format: SelfPlay, Players: []string{"random"}, Games: 5, Openings: "file:" + path,
		Seed: 5, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
	spOut := t.TempDir()
	_, err = Run(context.Background(), sp, Options{Out: spOut})
	require.NoError(t, err)
	for _, r := range readGames(t, spOut) {
		assert.Equal(t, canonical(t, fileLines[r.Index]), r.Opening, "self-play game %d", r.Index)
	}
}

func TestFileOpeningsShardsAndResume(t *testing.T) {
	path := writePositions(t, fileLines...)
	c := fileConfig(path, 8)
	c.Players = []string{"greedy", "random", "easy"} // two pairings, each from line 1
	full := t.TempDir()
	_, err := Run(context.Background(), c, Options{Out: full})
	require.NoError(t, err)
	want := readGames(t, full)
	require.Len(t, want, 16)
	for _, r := range want {
		assert.Equal(t, canonical(t, fileLines[(r.Index%8)/2]), r.Opening, "game %d", r.Index)
	}

	runID, err := record.NewRunID()
	require.NoError(t, err)
	var shards []string
	for i := 0; i < 3; i++ {
		sc := c
		sc.Shard, sc.Shards, sc.RunID = i, 3, runID
		dir := t.TempDir()
		_, err := Run(context.Background(), sc, Options{Out: dir})
		require.NoError(t, err)
		shards = append(shards, dir)
	}
	merged := filepath.Join(t.TempDir(), "merged")
	_, err = Merge(shards, merged, nil)
	require.NoError(t, err)
	assert.Equal(t, want, readGames(t, merged))

	// Interrupted and resumed: the same games.
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Run(ctx, c, Options{Out: dir, Progress: func(done, _ int) {
		if done >= 5 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	// A file changed since is refused by --resume, naming the hash.
	changed := append([]string{fileLines[1], fileLines[0]}, fileLines[2:]...)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(changed, "\n")), 0o644))
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "openings_sha256")
	writePositionsAt(t, path, fileLines...)
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, want, readGames(t, dir))
}

// writePositionsAt writes lines as a positions file at path, with comments and blank
// lines between them.
func writePositionsAt(t *testing.T, path string, lines ...string) {
	t.Helper()
	body := "# hand-written openings\n\n" + strings.Join(lines, "\n   \n") + "\n# end\n"
	require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
}

func TestFixedColours(t *testing.T) {
	path := writePositions(t, fileLines...)
	c := fileConfig(path, 5)
	c.FixedColours = true
	out := t.TempDir()
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	s, err := Run(context.Background(), c, Options{Out: out, SPRT: sprt})
	require.NoError(t, err)
	recs := readGames(t, out)
	require.Len(t, recs, 5)
	var greedy stats.WDL // counted by hand from the records
	for _, r := range recs {
		assert.Equal(t, "greedy", r.White, "game %d: the first-listed player has White", r.Index)
		assert.Equal(t, "random", r.Black)
		assert.Equal(t, canonical(t, fileLines[r.Index]), r.Opening, "game %d takes line %d", r.Index, r.Index)
		assert.True(t, r.Unpaired)
		assert.Equal(t, r.Index, r.Pair)
		switch r.Result {
		case "1-0":
			greedy.Wins++
		case "0-1":
			greedy.Losses++
		default:
			greedy.Draws++
		}
	}
	require.Len(t, s.Pairs, 1)
	p := s.Pairs[0]
	assert.Equal(t, "greedy", p.A)
	assert.Equal(t, greedy, p.WDL)
	assert.Equal(t, [5]int{}, p.Pentanomial, "no fake pairs")
	assert.Equal(t, 5, p.UnpairedGames)
	require.NotNil(t, p.SPRT)
	assert.Equal(t, summary.SPRTTrinomial, p.SPRT.Model)
	want := stats.SPRTWDL(stats.WDL{Wins: greedy.Wins, Draws: greedy.Draws, Losses: greedy.Losses}, 0, 100, 0.05, 0.05)
	assert.InDelta(t, want.LLR, float64(p.SPRT.LLR), 1e-12)
	assert.Equal(t, 5, s.DistinctOpenings)
	assert.Equal(t, greedy, s.FirstMove[0].White, "White's results are greedy's")

	var cfg Config
	j, err := os.ReadFile(filepath.Join(out, record.RunFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(j, &cfg))
	assert.True(t, cfg.FixedColours)

	// An unpaired record whose pair is not its index is refused on read.
	line, err := json.Marshal(&recs[3])
	require.NoError(t, err)
	broken := strings.Replace(string(line), `"pair":3`, `"pair":1`, 1)
	_, bad, err := record.ReadRecords(strings.NewReader(broken+"\n"), "x.jsonl")
	require.NoError(t, err)
	require.Len(t, bad, 1)
	assert.Contains(t, bad[0].Error(), "x.jsonl:1: unpaired game 3 with pair 1")

	// Fixed colours with random openings: every game its own opening, White as listed.
	c2 := Config{Format: Gauntlet, Players: []string{"random", "greedy"}, Games: 4, Openings: "random:3", FixedColours: true,
		Seed: 9, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
	out2 := t.TempDir()
	_, err = Run(context.Background(), c2, Options{Out: out2})
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, r := range readGames(t, out2) {
		assert.Equal(t, "random", r.White)
		seen[r.Opening] = true
	}
	assert.Len(t, seen, 4)

	// Paired games keep the pentanomial SPRT.
	s, err = Run(context.Background(), fileConfig(path, 4), Options{Out: t.TempDir(), SPRT: sprt})
	require.NoError(t, err)
	assert.Equal(t, summary.SPRTPentanomial, s.Pairs[0].SPRT.Model)
	assert.Equal(t, 2, s.Pairs[0].Pentanomial[0]+s.Pairs[0].Pentanomial[1]+s.Pairs[0].Pentanomial[2]+s.Pairs[0].Pentanomial[3]+s.Pairs[0].Pentanomial[4])
	assert.Zero(t, s.Pairs[0].UnpairedGames)

	// Self-play refuses fixed colours.
	selfplay := Config{Format: SelfPlay, Players: []string{"random"}, Games: 2, Openings: "start", FixedColours: true,
		Seed: 1, Rules: record.RulesFrom(engine.DefaultRules(), 300)}
	assert.ErrorContains(t, selfplay.Validate(), "fixed_colours")
}
