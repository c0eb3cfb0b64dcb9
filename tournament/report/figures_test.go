package report

import (
	"bytes"
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A record's plies are those played from its opening, so the length charts of games from
// distinct:2 openings say the opening's 2 plies are not counted; games from the start
// keep the plain label.
func TestLengthChartsSayOpeningPliesAreNotCounted(t *testing.T) {
	for _, c := range []struct{ openings, label string }{
		{"distinct:2", "game length (plies played from the opening; its 2 plies not counted)"},
		{"start", "game length (plies)"},
	} {
		cfg := tournament.Config{Format: tournament.SelfPlay, Players: []string{"random"}, Games: 4, Openings: c.openings,
			Seed: 8, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1}
		dir := t.TempDir()
		_, err := tournament.Run(context.Background(), cfg, tournament.Options{Out: dir})
		require.NoError(t, err)
		recs, _, err := record.ReadRecordFiles([]string{dir})
		require.NoError(t, err)
		for _, r := range recs {
			// The label's claim: the turns replayed from the opening end at its ply
			// counter plus the record's plies.
			p := engine.MustParseFEN(r.Opening)
			start := p.Ply
			rules := r.Rules.Engine(p.Ply)
			for _, s := range r.Turns {
				turn, err := p.ParseTurn(rules, s)
				require.NoError(t, err)
				p = p.Play(turn)
			}
			assert.Equal(t, start+r.Plies, p.Ply)
		}
		assert.Equal(t, c.label, LengthLabel(recs))
		for _, kind := range []string{Lengths, LengthsCDF} {
			f, err := Figure(kind, recs, DefaultChartOptions)
			require.NoError(t, err)
			var buf bytes.Buffer
			require.NoError(t, f.Write(&buf, "svg"))
			assert.Contains(t, buf.String(), c.label, "%s %s", c.openings, kind)
		}
	}
}
