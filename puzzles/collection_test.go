package puzzles

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update rewrites testdata/puzzles/puzzles.json from the tablebases in
// $FANORONA_TABLEBASES (which must hold every class the puzzles need).
var update = flag.Bool("update", false, "rewrite testdata/puzzles/puzzles.json from $FANORONA_TABLEBASES")

// updateDefault fills only the default-rules values of testdata/puzzles/puzzles.json from
// the rule-aware tables (paika limit 50) in $FANORONA_TABLEBASES, keeping the rest.
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
	res, err := Solve(context.Background(), p, set, Limits{Time: 20 * time.Second, MaxDepth: 4, PaikaLimit: defaultLimit})
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

func TestUpdateDefaultRulesValues(t *testing.T) {
	if !*updateDefault {
		t.Skip("run with -update-default and FANORONA_TABLEBASES to rewrite the default-rules values")
	}
	set := envTables()
	require.NotNil(t, set)
	recs := readRecorded(t)
	for i := range recs {
		recs[i].Rules = engine.TheoreticRules().String()
		recs[i].DefaultRules = defaultRulesValue(t, set, engine.MustParseFEN(recs[i].FEN), recs[i].theoretic())
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

// tablesFor returns a set that can prove the puzzle: the small test tables, or the
// directory in $FANORONA_TABLEBASES when it holds the puzzle's class, or (for puzzles
// proven by search) the classes of all its successors; nil when none can.
// envTables is the set in FANORONA_TABLEBASES, opened once: a Set keeps the tables it has
// loaded (3v5 and 5v3 alone are 5.8 GiB), so one Set a puzzle would load them again and again.
var envTables = sync.OnceValue(func() *tablebase.Set {
	if dir := os.Getenv("FANORONA_TABLEBASES"); dir != "" {
		return tablebase.Open(dir)
	}
	return nil
})

func tablesFor(t *testing.T, p *engine.Position) *tablebase.Set {
	c, ok := tablebase.ClassOf(p)
	require.True(t, ok)
	if c.Pieces() <= 4 {
		return tablebase.Open(builtTables(t))
	}
	set := envTables()
	if set == nil {
		return nil
	}
	if set.Has(c) {
		return set
	}
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		if qc, ok := tablebase.ClassOf(&q); ok && !set.Has(qc) {
			return nil
		}
	}
	return set
}

// keepingTurns returns the turns of p that keep its proven value, and that value.
func keepingTurns(t *testing.T, set *tablebase.Set, p engine.Position) (Result, []string) {
	res, err := Solve(context.Background(), p, set, Limits{Time: 20 * time.Second, MaxDepth: 4})
	require.NoError(t, err)
	require.True(t, res.Known, "%s: not proven", p.FEN())
	var turns []string
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		cr, err := Solve(context.Background(), q, set, Limits{Time: 20 * time.Second, MaxDepth: 3})
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
	var recs []recorded
	for _, pz := range Collection() {
		p := engine.MustParseFEN(pz.FEN)
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
		_, ok := ByName(pz.Name)
		assert.True(t, ok)
	}
}

// TestCollectionAgainstTablebases re-proves every puzzle whose tablebases are at hand:
// those of at most 4 pieces always, the others with FANORONA_TABLEBASES set.
func TestCollectionAgainstTablebases(t *testing.T) {
	recs := readRecorded(t)
	checked := 0
	for _, r := range recs {
		p := engine.MustParseFEN(r.FEN)
		set := tablesFor(t, &p)
		if set == nil {
			t.Logf("%s: skipped, its tablebases are not at hand (set FANORONA_TABLEBASES)", r.Name)
			continue
		}
		res, turns := keepingTurns(t, set, p)
		assert.True(t, res.Exact, "%s: the recorded distance is best play", r.Name)
		assert.Equal(t, r.Value, res.Value.Outcome.String(), r.Name)
		if r.Plies != nil {
			assert.Equal(t, *r.Plies, res.Value.Plies, r.Name)
		}
		assert.Equal(t, r.Turns, turns, r.Name)
		if hasDefaultTables(set, &p) {
			assert.Equal(t, r.DefaultRules, defaultRulesValue(t, set, p, res.Value), "%s: default rules", r.Name)
		}
		if r.Kind == KindOnlyQuiet || r.Kind == KindOnlyWithdraw {
			assert.Equal(t, 1, winningTurns(t, set, p), "%s: exactly one turn wins at all", r.Name)
		}
		checked++
	}
	assert.Positive(t, checked)
}

// winningTurns counts the turns of p after which the opponent is lost, however slowly.
func winningTurns(t *testing.T, set *tablebase.Set, p engine.Position) int {
	n := 0
	var seen engine.ResultSet
	for _, tn := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(tn)
		v, err := set.Probe(&q)
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
	return ok && set.HasRule(c, defaultLimit)
}
