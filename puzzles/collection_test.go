package puzzles

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update rewrites testdata/puzzles/puzzles.json from the tablebases in
// $FANORONA_TABLEBASES, keeping as recorded the puzzles (of an unchanged board) whose
// class the folder lacks.
var update = flag.Bool("update", false, "rewrite testdata/puzzles/puzzles.json from $FANORONA_TABLEBASES")

// updateDefault fills only the default-rules values of testdata/puzzles/puzzles.json from
// the rule-aware tables (paika limit 50) in $FANORONA_TABLEBASES, keeping the rest, and
// keeping the recorded values of puzzles whose class the folder lacks.
var updateDefault = flag.Bool("update-default", false, "rewrite the default_rules values of testdata/puzzles/puzzles.json from $FANORONA_TABLEBASES")

const puzzlesFile = "../testdata/puzzles/puzzles.json"

// recorded is a puzzle's line in testdata: its proven value and every turn that keeps it.
type recorded struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	FEN    string   `json:"fen"`
	Rules  string   `json:"rules"` // the rules the value is solved under
	Value  string   `json:"value"`
	Plies  *int     `json:"plies"`
	Turns  []string `json:"turns"`
	Source string   `json:"source"`
	// DefaultRules is the value under the default rules (paika limit 50) at counter 0,
	// null where the rule-aware tables built so far do not decide it.
	DefaultRules *ruleRecord `json:"default_rules"`
}

// ruleRecord is a value under the paika limit: plies to the deciding capture, and its
// kind against the theoretic value (win, cursed-win, draw, blessed-loss, loss).
type ruleRecord struct {
	Value string `json:"value"`
	Plies *int   `json:"plies"`
	Kind  string `json:"kind"`
}

// defaultLimit is the default rules' paika limit.
var defaultLimit = engine.DefaultRules().PaikaLimit

// defaultRulesValue solves p under the default rules with set (rule-aware tables, then
// proof search); nil when unknown.
func defaultRulesValue(t *testing.T, set *tablebase.Set, p engine.Position, theoretic tablebase.Value) *ruleRecord {
	res, err := Search(context.Background(), p, set, Limits{Time: 20 * time.Second, MaxDepth: 4, PaikaLimit: defaultLimit})
	require.NoError(t, err)
	if !res.Known || !res.Exact {
		return nil
	}
	r := &ruleRecord{Value: res.Value.Outcome.String(), Kind: tablebase.Kind(theoretic, res.Value)}
	if res.Value.Outcome != tablebase.Draw {
		plies := res.Value.Plies
		r.Plies = &plies
	}
	return r
}

func (r recorded) theoretic() tablebase.Value {
	v := tablebase.Value{}
	switch r.Value {
	case "win":
		v.Outcome = tablebase.Win
	case "loss":
		v.Outcome = tablebase.Loss
	}
	if r.Plies != nil {
		v.Plies = *r.Plies
	}
	return v
}

func writeRecorded(t *testing.T, recs []recorded) {
	b, err := json.MarshalIndent(recs, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(puzzlesFile), 0o755))
	require.NoError(t, os.WriteFile(puzzlesFile, append(b, '\n'), 0o644))
}

// lacksClass reports, with a line saying so, whether set lacks the theoretic table of p's
// class: the updates then keep the puzzle's record as it is.
func lacksClass(t *testing.T, set *tablebase.Set, p *engine.Position, name string) bool {
	c, _ := tablebase.ClassOf(p)
	if set.Has(c, tablebase.Theoretic) {
		return false
	}
	t.Logf("%s: kept as recorded, %s lacks %v", name, set.Dir(), c)
	return true
}

func TestUpdateDefaultRulesValues(t *testing.T) {
	if !*updateDefault {
		t.Skip("run with -update-default and FANORONA_TABLEBASES to rewrite the default-rules values")
	}
	set := envTables()
	require.NotNil(t, set)
	recs := readRecorded(t)
	for i := range recs {
		p := engine.MustParseFEN(recs[i].FEN)
		if lacksClass(t, set, &p, recs[i].Name) {
			continue
		}
		recs[i].Rules = engine.TheoreticRules().String()
		recs[i].DefaultRules = defaultRulesValue(t, set, p, recs[i].theoretic())
	}
	writeRecorded(t, recs)
}

func readRecorded(t *testing.T) []recorded {
	b, err := os.ReadFile(puzzlesFile)
	require.NoError(t, err)
	var recs []recorded
	require.NoError(t, json.Unmarshal(b, &recs))
	return recs
}

// envTables is the set in FANORONA_TABLEBASES, opened once: a Set keeps the tables it has
// loaded (3v5 and 5v3 alone are 5.8 GiB), so one Set a puzzle would load them again and again.
var envTables = sync.OnceValue(func() *tablebase.Set {
	if dir := os.Getenv("FANORONA_TABLEBASES"); dir != "" {
		return tablebase.Open(dir)
	}
	return nil
})

// missingFor returns what set lacks to prove p: nothing when it holds p's class or every
// class p's turns lead into (Solve then proves p one ply from those); else p's class and
// the classes of its turns' results that the set lacks.
func missingFor(set *tablebase.Set, p *engine.Position) []string {
	c, _ := tablebase.ClassOf(p)
	if set.Has(c, tablebase.Theoretic) {
		return nil
	}
	var missing []string
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		if qc, ok := tablebase.ClassOf(&q); ok && !set.Has(qc, tablebase.Theoretic) && !slices.Contains(missing, qc.String()) {
			missing = append(missing, qc.String())
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if !slices.Contains(missing, c.String()) {
		missing = append([]string{c.String()}, missing...)
	}
	return missing
}

// keepingTurns returns the turns of p that keep its proven value, and that value.
func keepingTurns(t *testing.T, set *tablebase.Set, p engine.Position) (Result, []string) {
	res, err := Search(context.Background(), p, set, Limits{Time: 20 * time.Second, MaxDepth: 4})
	require.NoError(t, err)
	require.True(t, res.Known, "%s: not proven", p.FEN())
	var turns []string
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		cr, err := Search(context.Background(), q, set, Limits{Time: 20 * time.Second, MaxDepth: 3})
		require.NoError(t, err)
		if cr.Known && cr.Value.Outcome != tablebase.Draw && cr.Value.Parent() == res.Value ||
			cr.Known && cr.Value.Outcome == tablebase.Draw && res.Value.Outcome == tablebase.Draw {
			turns = append(turns, tn.String())
		}
	}
	return res, turns
}

func TestUpdateRecorded(t *testing.T) {
	if !*update {
		t.Skip("run with -update and FANORONA_TABLEBASES to rewrite the testdata")
	}
	dir := os.Getenv("FANORONA_TABLEBASES")
	require.NotEmpty(t, dir)
	set := tablebase.Open(dir)
	before := map[string]recorded{}
	for _, r := range readRecorded(t) {
		before[r.Name] = r
	}
	var recs []recorded
	for _, pz := range Collection() {
		p := engine.MustParseFEN(pz.FEN)
		if r, ok := before[pz.Name]; ok && r.FEN == p.FEN() && lacksClass(t, set, &p, pz.Name) {
			recs = append(recs, r)
			continue
		}
		res, turns := keepingTurns(t, set, p)
		r := recorded{Name: pz.Name, Kind: pz.Kind, FEN: p.FEN(), Rules: pz.Rules().String(), Value: res.Value.Outcome.String(), Turns: turns, Source: res.Source}
		if res.Value.Outcome != tablebase.Draw {
			plies := res.Value.Plies
			r.Plies = &plies
		}
		r.DefaultRules = defaultRulesValue(t, set, p, res.Value)
		recs = append(recs, r)
	}
	writeRecorded(t, recs)
}

func TestCollectionMatchesTestdata(t *testing.T) {
	recs := readRecorded(t)
	coll := Collection()
	require.Len(t, recs, len(coll))
	for i, pz := range coll {
		r := recs[i]
		assert.Equal(t, pz.Name, r.Name)
		assert.Equal(t, pz.Kind, r.Kind, pz.Name)
		p, err := engine.ParseFEN(pz.FEN)
		require.NoError(t, err, pz.Name)
		assert.Equal(t, p.FEN(), r.FEN, pz.Name)
		assert.Equal(t, pz.Rules().String(), r.Rules, pz.Name)
		assert.Equal(t, pz.Value.Outcome.String(), r.Value, pz.Name)
		// The limit only adds draws: a win (loss) under it is a theoretic win (loss), and
		// the kind says which theoretic value it came from.
		if d := r.DefaultRules; d != nil {
			if d.Value != "draw" {
				assert.Equal(t, r.Value, d.Value, pz.Name)
			}
			assert.Equal(t, tablebase.Kind(r.theoretic(), (recorded{Value: d.Value, Plies: d.Plies}).theoretic()), d.Kind, pz.Name)
		}
		if pz.Value.Outcome != tablebase.Draw {
			require.NotNil(t, r.Plies, pz.Name)
			assert.Equal(t, pz.Value.Plies, *r.Plies, pz.Name)
		}
		if pz.Turn != "" {
			assert.Contains(t, r.Turns, pz.Turn, pz.Name)
		}
		switch pz.Kind {
		case KindOnlyQuiet, KindOnlyWithdraw:
			assert.Len(t, r.Turns, 1, "%s: one winning turn", pz.Name)
		}
		named, err := Named(pz.Name)
		assert.NoError(t, err, pz.Name)
		assert.Equal(t, pz, named, "Named(%q) is that puzzle", pz.Name)
	}
	_, err := Named("longest-9v9")
	var ie *proof.InputError
	require.ErrorAs(t, err, &ie, "no such puzzle: a refusal of the input")
	assert.Equal(t, `no puzzle named "longest-9v9" (see: fanorona puzzles list)`, ie.Error())
}

// reprove proves a recorded puzzle again from set and compares: value, distance (best
// play), every turn that keeps the value, the value under the default rules (required when
// needDefault, else where set holds the rule-aware table of the puzzle's class), and for
// the "only" kinds that exactly one turn wins at all. The default-rules value is proven as
// the theoretic one: from the rule-aware table of the puzzle's class, or one ply above
// those of its turns' classes.
func reprove(t *testing.T, set *tablebase.Set, r recorded, needDefault bool) {
	p := engine.MustParseFEN(r.FEN)
	res, turns := keepingTurns(t, set, p)
	assert.True(t, res.Exact, "%s: the recorded distance is best play", r.Name)
	assert.Equal(t, r.Value, res.Value.Outcome.String(), r.Name)
	if r.Plies != nil {
		assert.Equal(t, *r.Plies, res.Value.Plies, r.Name)
	}
	assert.Equal(t, r.Turns, turns, r.Name)
	if needDefault {
		require.NotNil(t, r.DefaultRules, "%s: a default-rules value is recorded", r.Name)
	}
	if needDefault || hasDefaultTables(set, &p) {
		assert.Equal(t, r.DefaultRules, defaultRulesValue(t, set, p, res.Value), "%s: default rules", r.Name)
	}
	if r.Kind == KindOnlyQuiet || r.Kind == KindOnlyWithdraw {
		assert.Equal(t, 1, winningTurns(t, set, p), "%s: exactly one turn wins at all", r.Name)
	}
}

// builtProves reports whether the tables of every class of at most reach pieces prove pz:
// they hold its class, or (except for a "longest" puzzle, whose class's table
// checkStatedFacts scans) every class its turns lead into, so that Solve proves it one ply
// above them.
func builtProves(t *testing.T, pz Puzzle, reach int) bool {
	p, err := engine.ParseFEN(pz.FEN)
	require.NoError(t, err, pz.Name)
	if p.Occupied().Count() <= reach {
		return true
	}
	if pz.Kind == KindLongestWin {
		return false
	}
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		if q.Occupied().Count() > reach {
			return false
		}
	}
	return true
}

// provenByBuilt lists the puzzles the default run re-proves from the tables it builds
// (docs/TESTING.md): every puzzle of at most 5 pieces (4 under -short), and those whose
// turns all capture into such classes (withdraw-3v3 and withdraw-4v2, 6 pieces; under
// -short withdraw-2v3 and withdraw-3v2, 5 pieces). The piece counts and captures were read
// from the boards of collection.go; this list guards them against a change of the
// collection or of the reach.
var provenByBuilt = map[int][]string{
	4: {"longest-2v1", "longest-2v2", "longest-3v1", "quiet-2v2", "withdraw-2v3", "withdraw-3v2"},
	5: {"longest-2v1", "longest-2v2", "longest-2v3", "longest-3v1", "longest-3v2", "longest-4v1",
		"quiet-2v2", "quiet-3v2", "withdraw-2v3", "withdraw-3v2", "withdraw-3v3", "withdraw-4v2"},
}

// TestCollectionAgainstBuiltTables re-proves every recorded puzzle the tables this test
// run builds can prove (builtProves; every class of at most 5 pieces, 4 under -short):
// value, distance, winning-turn set, default-rules value and kind, and the "only" kinds by
// counting the winning turns. The others are TestCollectionBeyondBuiltTables'.
func TestCollectionAgainstBuiltTables(t *testing.T) {
	reach := builtReach()
	set := tablebase.Open(builtTablesUpTo(t, reach))
	coll := Collection()
	recs := readRecorded(t)
	require.Len(t, recs, len(coll))
	var checked []string
	for i, r := range recs {
		if !builtProves(t, coll[i], reach) {
			continue
		}
		reprove(t, set, r, true)
		checked = append(checked, r.Name)
	}
	assert.Equal(t, provenByBuilt[reach], checked, "the puzzles re-proved from tables of at most %d pieces", reach)
}

// TestCollectionStatedFactsFromBuiltTables checks what collection.go states of each puzzle
// the tables this run builds can prove against those tables, without the recorded file:
// see checkStatedFacts.
func TestCollectionStatedFactsFromBuiltTables(t *testing.T) {
	reach := builtReach()
	set := tablebase.Open(builtTablesUpTo(t, reach))
	var checked []string
	for _, pz := range Collection() {
		if !builtProves(t, pz, reach) {
			continue
		}
		checkStatedFacts(t, set, pz)
		checked = append(checked, pz.Name)
	}
	assert.Equal(t, provenByBuilt[reach], checked, "the puzzles checked with tables of at most %d pieces", reach)
}

// TestCollectionBeyondBuiltTables is the slow half: every puzzle the tables the test run
// builds cannot prove (builtProves), re-proved (as TestCollectionAgainstBuiltTables does) and its
// stated facts checked (as TestCollectionStatedFactsFromBuiltTables does) from the tables in
// FANORONA_TABLEBASES. A puzzle whose classes the folder lacks is skipped with its name and
// the classes missing; .ci/run runs this test when a folder with 6-piece tables is at hand.
func TestCollectionBeyondBuiltTables(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the puzzles beyond the tables the test run builds are re-proved without -short, from FANORONA_TABLEBASES")
	}
	reach := builtReach()
	var beyond []Puzzle
	for _, pz := range Collection() {
		if !builtProves(t, pz, reach) {
			beyond = append(beyond, pz)
		}
	}
	set := envTables()
	if set == nil {
		t.Skipf("set FANORONA_TABLEBASES to a folder with the tables of 6 to 8 pieces (theoretic and paika limit 50) to re-prove the %d puzzles beyond the %d-piece tables the test run builds", len(beyond), reach)
	}
	recs := map[string]recorded{}
	for _, r := range readRecorded(t) {
		recs[r.Name] = r
	}
	for _, pz := range beyond {
		t.Run(pz.Name, func(t *testing.T) {
			p := engine.MustParseFEN(pz.FEN)
			if missing := missingFor(set, &p); missing != nil {
				t.Skipf("%s: %s lacks %s (the puzzle's class, or every class its turns lead into)", pz.Name, set.Dir(), strings.Join(missing, ", "))
			}
			r, ok := recs[pz.Name]
			require.True(t, ok, "%s is recorded", pz.Name)
			reprove(t, set, r, false)
			checkStatedFacts(t, set, pz)
		})
	}
}

// checkStatedFacts checks a puzzle of collection.go against set directly (not against the
// recorded file, and not through Solve or Value.Parent):
//   - its value, from its turns' probed values by the definition of a distance (docs/
//     ENDGAMES.md): a side with no turn has lost in 0; else it wins in 1 + the fewest
//     plies of any turn leaving the opponent lost; else draws if a turn leaves a draw;
//     else loses in 1 + the most plies any turn leaves the opponent to win in; and, where
//     set holds the puzzle's class, the value probed;
//   - its stated turn keeps that value;
//   - the numbers of its description: plies equal the value's, a count of turns the number
//     of distinct turns;
//   - its kind: for "longest-XvY", the class XvY with White to move, and the board is the
//     first slot of the class's table holding its longest win (the table scanned here);
//     for "quiet-XvY" and "withdraw-XvY", the class, exactly one winning turn, the stated
//     one, which is a quiet step among others, or a withdrawal where an approach is
//     possible; telo noho dimy is three against five.
func checkStatedFacts(t *testing.T, set *tablebase.Set, pz Puzzle) {
	p, err := engine.ParseFEN(pz.FEN)
	require.NoError(t, err, pz.Name)
	c, ok := tablebase.ClassOf(&p)
	require.True(t, ok, pz.Name)

	var turns []engine.Turn
	var after []tablebase.Value
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		v, err := set.Probe(&q, tablebase.Theoretic)
		require.NoError(t, err, "%s: %s", pz.Name, tn)
		turns, after = append(turns, tn), append(after, v)
	}
	value := tablebase.Value{Outcome: tablebase.Loss} // no turn: lost in 0
	fastest, slowest, drawn := -1, -1, false
	for _, v := range after {
		switch v.Outcome {
		case tablebase.Loss:
			if fastest < 0 || v.Plies < fastest {
				fastest = v.Plies
			}
		case tablebase.Draw:
			drawn = true
		case tablebase.Win:
			slowest = max(slowest, v.Plies)
		}
	}
	switch {
	case fastest >= 0:
		value = tablebase.Value{Outcome: tablebase.Win, Plies: fastest + 1}
	case drawn:
		value = tablebase.Value{}
	case slowest >= 0:
		value = tablebase.Value{Outcome: tablebase.Loss, Plies: slowest + 1}
	}
	assert.Equal(t, value, pz.Value, "%s: the stated value, one ply above its turns' values", pz.Name)
	if set.Has(c, tablebase.Theoretic) {
		probed, err := set.Probe(&p, tablebase.Theoretic)
		require.NoError(t, err, pz.Name)
		assert.Equal(t, probed, pz.Value, "%s: the stated value, probed", pz.Name)
	}

	var keeping, winning []string
	for i, v := range after {
		keeps := false
		switch pz.Value.Outcome {
		case tablebase.Win:
			keeps = v == tablebase.Value{Outcome: tablebase.Loss, Plies: pz.Value.Plies - 1}
		case tablebase.Loss:
			keeps = v == tablebase.Value{Outcome: tablebase.Win, Plies: pz.Value.Plies - 1}
		default:
			keeps = v.Outcome == tablebase.Draw
		}
		if keeps {
			keeping = append(keeping, turns[i].String())
		}
		if v.Outcome == tablebase.Loss {
			winning = append(winning, turns[i].String())
		}
	}
	if pz.Turn != "" {
		assert.Contains(t, keeping, pz.Turn, "%s: the stated turn keeps the value", pz.Name)
	}

	for _, m := range pliesInText.FindAllStringSubmatch(pz.Description, -1) {
		n, _ := strconv.Atoi(m[1] + m[2])
		assert.Equal(t, pz.Value.Plies, n, "%s: %q", pz.Name, m[0])
		assert.NotEqual(t, tablebase.Draw, pz.Value.Outcome, "%s: a draw has no plies to state", pz.Name)
	}
	for _, m := range turnsInText.FindAllStringSubmatch(pz.Description, -1) {
		n, _ := strconv.Atoi(m[1])
		assert.Equal(t, len(turns), n, "%s: %q", pz.Name, m[0])
	}

	material := pz.Name[strings.LastIndex(pz.Name, "-")+1:]
	switch pz.Kind {
	case KindLongestWin:
		assert.Equal(t, "longest-"+c.String(), pz.Name)
		assert.Equal(t, engine.White, p.Side, pz.Name)
		tab := scannedTable(t, set, c, pz.Name)
		if tab == nil {
			break
		}
		longest, first := 0, uint64(0)
		for slot := range tab.Slots() {
			if v := tab.Value(slot); v.Outcome == tablebase.Win && v.Plies > longest {
				longest, first = v.Plies, slot
			}
		}
		assert.Equal(t, tablebase.Value{Outcome: tablebase.Win, Plies: longest}, pz.Value, "%s: the longest win of %s", pz.Name, c)
		board := tab.Position(first)
		assert.Equal(t, board.FEN(), p.FEN(), "%s: the first board of %s's longest win", pz.Name, c)
	case KindOnlyQuiet, KindOnlyWithdraw:
		assert.Equal(t, c.String(), material, "%s: the class", pz.Name)
		assert.Equal(t, []string{pz.Turn}, winning, "%s: the one winning turn", pz.Name)
		assert.Greater(t, len(turns), 2, "%s: among others", pz.Name)
		i := slices.IndexFunc(turns, func(tn engine.Turn) bool { return tn.String() == pz.Turn })
		require.GreaterOrEqual(t, i, 0, "%s: %s is a turn", pz.Name, pz.Turn)
		_, kind := turns[i].Step(0)
		if pz.Kind == KindOnlyQuiet {
			assert.Equal(t, engine.Paika, kind, "%s: a quiet step", pz.Name)
			break
		}
		assert.Equal(t, engine.Withdrawal, kind, "%s: a withdrawal", pz.Name)
		approach := slices.ContainsFunc(turns, func(tn engine.Turn) bool { _, k := tn.Step(0); return k == engine.Approach })
		assert.True(t, approach, "%s: an approach is possible", pz.Name)
	case KindOnlyDraw:
		assert.Equal(t, "only-draw-"+c.String(), pz.Name)
		assert.Equal(t, tablebase.Draw, pz.Value.Outcome, pz.Name)
		tab := scannedTable(t, set, c, pz.Name)
		if tab == nil {
			break
		}
		var notWon []string
		for slot := range tab.Slots() {
			if tab.Value(slot).Outcome == tablebase.Win {
				continue
			}
			q := tab.Position(slot)
			v, err := set.Probe(&q, tablebase.Theoretic) // a mirror slot holds no value of its own
			require.NoError(t, err, pz.Name)
			if v.Outcome != tablebase.Win {
				notWon = append(notWon, q.FEN())
			}
		}
		assert.Equal(t, []string{p.FEN()}, notWon, "%s: the one board of %s its side to move does not win", pz.Name, c)
	case KindTeloNohoDimy:
		assert.Equal(t, tablebase.Material{Large: 5, Small: 3}, tablebase.MaterialOf(c), pz.Name)
	default:
		assert.Fail(t, "unknown kind", "%s: %s", pz.Name, pz.Kind)
	}
}

// pliesInText finds "59 plies" and "wins in 35" in a description; turnsInText "22 turns".
var (
	pliesInText = regexp.MustCompile(`\b(\d+) plies\b|\bin (\d+)\b`)
	turnsInText = regexp.MustCompile(`\b(\d+) turns\b`)
)

// winningTurns counts the turns of p after which the opponent is lost, however slowly.
func winningTurns(t *testing.T, set *tablebase.Set, p engine.Position) int {
	n := 0
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		v, err := set.Probe(&q, tablebase.Theoretic)
		require.NoError(t, err)
		if v.Outcome == tablebase.Loss {
			n++
		}
	}
	return n
}

// hasDefaultTables reports whether set holds p's class under the default limit.
func hasDefaultTables(set *tablebase.Set, p *engine.Position) bool {
	c, ok := tablebase.ClassOf(p)
	return ok && set.Has(c, tablebase.PaikaRule(defaultLimit))
}

// scannedTable returns the theoretic table of c for a scan of the whole class, or nil,
// said in a line, when set lacks it (the puzzle's value is then re-proven from its turns).
func scannedTable(t *testing.T, set *tablebase.Set, c tablebase.Class, name string) *tablebase.Table {
	if !set.Has(c, tablebase.Theoretic) {
		t.Logf("%s: %s not built: its value re-proven from its turns, the table not scanned", name, c)
		return nil
	}
	tab, err := set.Table(c, tablebase.Theoretic)
	require.NoError(t, err, name)
	return tab
}
