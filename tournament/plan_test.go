package tournament

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mustPlan returns the plan of c, which the test expects to be a valid request.
func mustPlan(t testing.TB, c Config) *Plan {
	t.Helper()
	p, err := NewPlan(c)
	require.NoError(t, err)
	return p
}

// TestPlanParsesOnceAndLeavesTheRequest: NewPlan parses the players and the openings
// setting into the plan and begins the record there (which players are deterministic);
// the request, and a map it holds, stay as they were. Only an expert without variety,
// time or threads chooses the same turn whatever its seed (players.Spec.Deterministic).
func TestPlanParsesOnceAndLeavesTheRequest(t *testing.T) {
	c := testConfig(6)
	c.Openings, c.Players = "book:2", []string{"random", "expert:depth=1", "expert:depth=1,vary=5"}
	stale := map[string]bool{"old": true}
	c.Deterministic = stale
	before, err := json.Marshal(c)
	require.NoError(t, err)

	p := mustPlan(t, c)
	assert.Equal(t, OpeningSpec{Kind: OpenBook, Plies: 2}, p.opening)
	assert.Len(t, p.specs, 3)
	assert.Equal(t, map[string]bool{"random": false, "expert:depth=1": true, "expert:depth=1,vary=5": false}, p.Deterministic)
	after, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, string(before), string(after))
	assert.Equal(t, map[string]bool{"old": true}, stale)

	// Validate checks as NewPlan does and changes nothing either.
	require.NoError(t, c.Validate())
	assert.Equal(t, map[string]bool{"old": true}, c.Deterministic)
}

// TestRunLeavesTheRequest: Run writes the record it makes (run id, opening set,
// invocations) into run.json, not into the Config it was given.
func TestRunLeavesTheRequest(t *testing.T) {
	c := testConfig(2)
	c.Players = c.Players[:2]
	c.Deterministic = map[string]bool{} // a map the request and a careless record would share
	want := c
	dir := filepath.Join(t.TempDir(), "run")
	_, err := Run(context.Background(), c, Options{Out: dir})
	require.NoError(t, err)
	assert.Equal(t, want, c)
	assert.Empty(t, c.Deterministic)
	raw, err := os.ReadFile(filepath.Join(dir, "run.json"))
	require.NoError(t, err)
	var rec Config
	require.NoError(t, json.Unmarshal(raw, &rec))
	assert.NotEmpty(t, rec.RunID, "the record has the id the run drew")
	assert.NotNil(t, rec.OpeningSet)
	assert.Empty(t, c.RunID)
}
