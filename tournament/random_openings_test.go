package tournament

import (
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRandomOpeningsThatCannotLastAreRefused: random games from the start rarely pass 150
// plies (the longest of 3,000 in docs/RESULTS.md had 151), so 200 random plies could be
// redrawn for ever: refused before the run; 60 plies (a third of random games last them)
// is drawn as usual.
func TestRandomOpeningsThatCannotLastAreRefused(t *testing.T) {
	r := engine.DefaultRules()
	for _, spec := range []string{"random:200", "firstmove:200"} {
		_, err := ParseOpenings(spec, r)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), "random games last 200 plies", spec)
	}
	o, err := ParseOpenings("random:60", r)
	require.NoError(t, err)
	p := o.Opening(3, 1, r)
	assert.Equal(t, 60, p.Ply)
	assert.False(t, r.Status(&p).Over())
}
