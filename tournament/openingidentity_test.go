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
	"github.com/fanorona/fanorona/players"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstTurnFENs are the positions after each of White's first turns, as `fanorona moves
// --json` lists them (turn, then the FEN after it).
var firstTurnFENs = [][2]string{
	{"d2-e3A", "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW b 0 1"},
	{"d3-e3A", "BBBBBBBBB/BBBBBBBBB/BWB1W1WBW/WWWWWWWWW/WWWWWWWWW b 0 1"},
	{"d3-e3W", "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b 0 1"},
	{"e2-e3A", "BBBB1BBBB/BBBB1BBBB/BWBWWBWBW/WWWW1WWWW/WWWWWWWWW b 0 1"},
	{"f2-e3A", "BB1BBBBBB/BBB1BBBBB/BWBWWBWBW/WWWWW1WWW/WWWWWWWWW b 0 1"},
}

// sha256Lines is the SHA-256 (hex) of the lines, each followed by "\n".
func sha256Lines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestOpeningSetIdentityIsTheHashOfItsPositions: a set's identity is its parameters and
// the SHA-256 of its positions' FENs in order. The golden sums were computed once with
// sha256sum over the FENs of `fanorona moves --json` (firstmove) and over the start FEN;
// the file set's sum is recomputed here from positions reached by replaying turns.
func TestOpeningSetIdentityIsTheHashOfItsPositions(t *testing.T) {
	r := engine.DefaultRules()
	c := Config{Format: SelfPlay, Players: []string{"random"}, Games: 12, Seed: 3, Rules: record.RulesFrom(r, 300)}

	// firstmove: White's five first turns, in notation order, each reaching its FEN.
	var turns, fens []string
	for _, tf := range firstTurnFENs {
		start := engine.Start()
		tn, err := start.ParseTurn(r, tf[0])
		require.NoError(t, err)
		after := start.Play(tn)
		require.Equal(t, tf[1], after.FEN(), "moves --json's FEN after %s", tf[0])
		turns, fens = append(turns, tf[0]), append(fens, tf[1])
	}
	var got []string
	for _, tn := range FirstTurns(r) {
		got = append(got, tn.String())
	}
	assert.Equal(t, turns, got, "the five first turns in notation order")
	c.Openings = "firstmove"
	o, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	set := o.Identity(mustPlan(t, c))
	assert.Equal(t, record.OpeningSet{Policy: "firstmove", Positions: 5,
		SHA256: "bd471e210fd886320303ee471a9ee08985d2e9ee5b36537c1056bb3bedab8ece"}, *set)
	assert.Equal(t, sha256Lines(fens), set.SHA256)

	c.Openings = "start"
	o, err = NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	assert.Equal(t, record.OpeningSet{Policy: "start", Positions: 1,
		SHA256: "8b47550148f5453a400851bb143e3bf38b0e8c198345654bf1a578d4464218bf"}, *o.Identity(mustPlan(t, c)))

	// file: the positions the run uses (the first 3 of 4, one per game), not the file's bytes.
	lines := []string{"d3-e3W b4-c3A-d3A", "f2-e3A", "d2-e3A c3-d2A", "e2-e3A"}
	var want []string
	var file strings.Builder
	file.WriteString("# hand-listed lines\n")
	for _, l := range lines {
		p := engine.Start()
		for _, s := range strings.Fields(l) {
			tn, err := p.ParseTurn(r, s)
			require.NoError(t, err, l)
			p = p.Play(tn)
		}
		want = append(want, p.FEN())
		file.WriteString(p.FEN() + "\n\n")
	}
	path := filepath.Join(t.TempDir(), "set.fen")
	require.NoError(t, os.WriteFile(path, []byte(file.String()), 0o644))
	c.Openings, c.Games = "file:"+path, 3
	o, err = NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	set = o.Identity(mustPlan(t, c))
	assert.Equal(t, record.OpeningSet{Policy: "file", Positions: 3, SHA256: sha256Lines(want[:3])}, *set)
	assert.NotEqual(t, o.SHA256, set.SHA256, "the set's hash is of its positions, the file's of its bytes")
}

// TestJudgedSetsRecordTheirJudge: distinct and even sets name their judge, its version
// and margin, and hash the positions the run draws, in the order the games use them.
func TestJudgedSetsRecordTheirJudge(t *testing.T) {
	c := testConfig(8)
	c.Openings = "distinct:2"
	o, err := NewOpenings(mustPlan(t, c))
	require.NoError(t, err)
	var fens []string
	for k := range mustPlan(t, c).OpeningsNeeded() {
		p := o.Opening(k, c.Seed, c.EngineRules())
		fens = append(fens, p.FEN())
	}
	assert.Equal(t, record.OpeningSet{Policy: "distinct", Plies: 2, Judge: BalanceJudgeVersion, JudgeSpec: BalanceSpec, Margin: BalanceMargin,
		Positions: 4, SHA256: sha256Lines(fens)}, *o.Identity(mustPlan(t, c)))
	assert.Equal(t, Judge{EvenJudgeVersion, EvenSpec, EvenMargin}, JudgeOf(OpenEven))
}

// TestJudgeVersionsKeepTheirVerdicts is a tripwire, not a check of the judges'
// judgement: the scores below were recorded from the judges of BalanceJudgeVersion and
// EvenJudgeVersion. A change to the expert that moves them changes the sets those names
// choose: bump the version (and record the new scores) so that run.json tells the sets
// apart.
func TestJudgeVersionsKeepTheirVerdicts(t *testing.T) {
	r := engine.DefaultRules()
	cases := []struct {
		fen            string
		balance, even8 int
	}{
		{"1B1B1B1BB/2B1B1BBB/BW1W2WBW/2W1WWWWW/1W3WWWW w 0 4", -35, 62},
		{"1B2BBBBB/B1B2BBBB/BWW2BWBW/WWW2BWWW/WWW2W1WW w 0 4", -109, 212},
		{"BB1B1B1BB/BBB1BWBBB/BWB3BBW/WWWW2W1W/WWWW1W1W1 w 0 4", -255, 108},
		{"BB2WBBBB/BBB2BBBB/BW5BW/WWW2B3/WWW2WWWW w 0 4", 238, 454},
		{"BBBB1BBBB/BB2W4/BW5BW/W4BWWW/1W5WW w 0 4", 786, 931},
	}
	for _, j := range []Judge{JudgeOf(OpenDistinct), JudgeOf(OpenEven)} {
		judge, err := players.NewFromString(j.Spec, 0)
		require.NoError(t, err)
		for _, tc := range cases {
			p, err := engine.ParseFEN(tc.fen)
			require.NoError(t, err)
			a, err := judge.(players.Analyzer).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			want := map[string]int{BalanceJudgeVersion: tc.balance, EvenJudgeVersion: tc.even8}[j.Version]
			assert.Equal(t, want, a.Score, "%s (%s) on %s: the verdicts changed; bump the judge's version", j.Version, j.Spec, tc.fen)
		}
	}
}

// TestResumeAndMergeRefuseAnotherOpeningSet: a folder whose run.json names another set
// (as a run chosen by another judge version would) is refused by --resume and merge,
// naming the field; a run.json from before sets had an identity is continued for a set
// that does not depend on a judge and refused for one that does.
func TestResumeAndMergeRefuseAnotherOpeningSet(t *testing.T) {
	c, dir := playSelf(t, "random", "distinct:2", 4)
	runPath := filepath.Join(dir, record.RunFile)
	var rec Config
	raw, err := os.ReadFile(runPath)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &rec))
	require.NotNil(t, rec.OpeningSet)
	assert.Equal(t, BalanceJudgeVersion, rec.OpeningSet.Judge)

	edit := func(dir string, f func(*Config)) {
		path := filepath.Join(dir, record.RunFile)
		var x Config
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(raw, &x))
		f(&x)
		require.NoError(t, writeJSONFile(path, &x))
	}
	edit(dir, func(x *Config) { x.OpeningSet.SHA256 = strings.Repeat("0", 64) })
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.ErrorContains(t, err, "opening_set.sha256 is \""+strings.Repeat("0", 64)+"\" there but \""+rec.OpeningSet.SHA256+"\" in the flags")

	edit(dir, func(x *Config) { x.OpeningSet = nil })
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.ErrorAs(t, err, &ie)
	assert.ErrorContains(t, err, "names no opening set (written before sets had an identity), and distinct:2's set depends on the version of its judge")

	// A judge spelt otherwise under the same version (the spec before it named net=none)
	// chose the same set: the run goes on, keeping its spelling.
	edit(dir, func(x *Config) { *x = rec; x.OpeningSet.JudgeSpec = "expert:depth=2,qs=false,hash=1" })
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.NoError(t, err)
	raw, err = os.ReadFile(runPath)
	require.NoError(t, err)
	var kept Config
	require.NoError(t, json.Unmarshal(raw, &kept))
	assert.Equal(t, "expert:depth=2,qs=false,hash=1", kept.OpeningSet.JudgeSpec)

	// Shards of one run whose sets differ are not merged.
	c.Games, c.Shards, c.RunID = 4, 2, strings.Repeat("ab", 16)
	root := t.TempDir()
	for i := range 2 {
		c.Shard = i
		_, err := Run(context.Background(), c, Options{Out: filepath.Join(root, "s"+string(rune('0'+i)))})
		require.NoError(t, err)
	}
	edit(filepath.Join(root, "s1"), func(x *Config) { x.OpeningSet.Judge = "balance-v1" })
	_, err = Merge([]string{filepath.Join(root, "s0"), filepath.Join(root, "s1")}, filepath.Join(root, "merged"), nil)
	require.ErrorAs(t, err, &ie)
	assert.ErrorContains(t, err, "comes from a different run")

	// A start-position run from before sets had an identity continues without one.
	c, dir = playSelf(t, "random", "start", 2)
	edit(dir, func(x *Config) { x.OpeningSet = nil })
	c.Games = 4
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.Error(t, err, "games_per_pairing differs")
	c.Games = 2
	_, err = Run(context.Background(), c, Options{Out: dir, Resume: true})
	require.NoError(t, err)
	raw, err = os.ReadFile(filepath.Join(dir, record.RunFile))
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "opening_set", "a run from before sets had an identity stays without one")
}
