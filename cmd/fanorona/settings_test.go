package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The errors of report, uci and the adjudicator name values; the error line names the
// flags that set them, as the commands printed before the library's errors were typed.
func TestErrorTextNamesFlags(t *testing.T) {
	_, confErr := report.Figure(report.Ratings, nil, report.ChartOptions{By: report.ByMatchup, Conf: 1.5})
	_, byErr := report.Figure(report.Lengths, nil, report.ChartOptions{By: "colour", Conf: 0.9})
	_, declErr := uci.ParseEngineFlag("name=x")
	_, fileErr := uci.ReadEnginesFile("/no/such/engines.json")
	_, _, stopErr := tournament.Request{Command: "tournament", Config: tournament.Config{Format: tournament.RoundRobin, Players: []string{"easy", "medium"}}, StopOnSPRT: true}.Options()
	gamesErr := (&tournament.Config{Format: tournament.SelfPlay, Players: []string{"easy"}, Openings: "start", Rules: record.RulesFrom(engine.DefaultRules(), 100)}).Validate()
	for _, c := range []struct {
		err  error
		want string
	}{
		{stopErr, "--sprt-stop needs --sprt elo0,elo1"},
		{gamesErr, "--games 0: must be at least 1"},
		{confErr, "--conf 1.5: must be strictly between 0 and 1"},
		{byErr, `--by "colour": want matchup, player or opening`},
		{&report.ExistsError{Path: "out/r.png"}, "out/r.png already exists: use --force to overwrite it (file already exists)"},
		{declErr, `--engine "name=x": engine x: no cmd=`},
		{fileErr, "--engines: open /no/such/engines.json: no such file or directory"},
		{&uci.DeclarationError{Source: uci.FromFile, Value: "e.json", Err: errors.New("engine 2: give cmd or command, not both")},
			"--engines e.json: engine 2: give cmd or command, not both"},
		{&tournament.MissingTablesError{Dir: "tb", PaikaLimit: 50},
			"--adjudicate: tb holds no tables of paika limit 50, which the run's rules need (build them: fanorona tablebase build --max-pieces 5 --paika-limit 50 --tablebases tb, about 10 s)"},
		{&tournament.MissingTablesError{Dir: "tb"},
			"--adjudicate: tb holds no theoretic tables (no paika limit), which the run's rules need (build them: fanorona tablebase build --max-pieces 5 --tablebases tb, about 10 s)"},
	} {
		require.Error(t, c.err)
		assert.NotContains(t, c.err.Error(), "--", "the library's own text")
		assert.Equal(t, c.want, errorText(c.err))
		// Wrapped by a command (bad input, a prefix), the error is still named by its flags.
		assert.Equal(t, "reading: "+c.want, errorText(badInput(fmt.Errorf("reading: %w", c.err))))
	}
	assert.ErrorIs(t, &report.ExistsError{Path: "x"}, fs.ErrExist)
}

// parsedOptions runs the command built by newCmd on args, stopping after flag parsing
// (its runF records the options), and returns the options parsed.
func parsedOptions[O any](t *testing.T, newCmd func(*streams, func(*O) error) *cobra.Command, args ...string) *O {
	t.Helper()
	var got *O
	c := newCmd(&streams{strings.NewReader(""), io.Discard, io.Discard}, func(o *O) error { got = o; return nil })
	c.SetArgs(args)
	require.NoError(t, c.Execute())
	require.NotNil(t, got, "runF was not called")
	return got
}
