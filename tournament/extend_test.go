package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const extendRunID = "00112233445566778899aabbccddeeff"

// TestMoreGamesOnResumePlaysTheLongerRun: a finished run given more games per pairing on
// resume ends with the records, run.json and statistics (the SPRT's included) of the run
// started with the larger count, for openings that depend on the count (a judged set
// drawn in order, one opening per self-play game) and those that do not, and from an odd
// count (a pair left half played).
func TestMoreGamesOnResumePlaysTheLongerRun(t *testing.T) {
	sprt := &summary.SPRTConfig{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	cases := []struct {
		name          string
		format        Format
		players       []string
		openings      string
		before, after int
		sprt          *summary.SPRTConfig
	}{
		{"two players, random openings", RoundRobin, []string{"random", "greedy"}, "random:4", 4, 8, sprt},
		{"two players, odd count", RoundRobin, []string{"greedy", "random"}, "random:2", 5, 8, sprt},
		{"selfplay, a judged set", SelfPlay, []string{"random"}, "distinct:2", 3, 7, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := func(games int) Config {
				return Config{Format: tc.format, Players: tc.players, Games: games, Openings: tc.openings, RunID: extendRunID,
					Seed: 11, Rules: record.RulesFrom(engine.DefaultRules(), 200), Concurrency: 2}
			}
			one := cfg(1)
			pairings := len(one.Pairings())
			full, ext := t.TempDir(), t.TempDir()
			want, err := Run(context.Background(), cfg(tc.after), Options{Out: full, SPRT: tc.sprt})
			require.NoError(t, err)
			_, err = Run(context.Background(), cfg(tc.before), Options{Out: ext, SPRT: tc.sprt})
			require.NoError(t, err)
			require.Len(t, readGames(t, ext), tc.before*pairings)

			got, err := Run(context.Background(), cfg(tc.after), Options{Out: ext, SPRT: tc.sprt, Resume: true, MoreGames: true})
			require.NoError(t, err)
			assert.Equal(t, readGames(t, full), readGames(t, ext), "game for game, the longer run's")
			for _, f := range []string{record.RunFile, record.SummaryFile} {
				w, err := os.ReadFile(filepath.Join(full, f))
				require.NoError(t, err)
				g, err := os.ReadFile(filepath.Join(ext, f))
				require.NoError(t, err)
				assert.JSONEq(t, string(w), string(g), "%s: the longer run's (its opening set; scores, Elo and the SPRT over all the games)", f)
			}
			assert.Equal(t, tc.after*pairings, got.Games)
			assert.Equal(t, want.Games, got.Games)
		})
	}
}

// TestMoreGamesOnResumeRefused: fewer games and more games without asking for them are
// refused as bad input naming the setting, and the folder's files stay as they were.
func TestMoreGamesOnResumeRefused(t *testing.T) {
	cfg := func(players []string, games int) Config {
		return Config{Format: RoundRobin, Players: players, Games: games, Openings: "start",
			Seed: 3, Rules: record.RulesFrom(engine.DefaultRules(), 100), Concurrency: 1}
	}
	two := []string{"random", "greedy"}
	cases := []struct {
		name    string
		players []string
		games   int
		more    bool
		want    string
	}{
		{"fewer", two, 2, true, "games_per_pairing 2: the run in %s has 4 games per pairing; a resumed run may add games, never drop them"},
		{"not asked for", two, 8, false, "resume: %s holds a different run: games_per_pairing is 4 there but 8 in the flags"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			_, err := Run(context.Background(), cfg(tc.players, 4), Options{Out: out})
			require.NoError(t, err)
			before := map[string][]byte{}
			for _, f := range []string{record.GamesFile, record.RunFile, record.SummaryFile} {
				before[f], err = os.ReadFile(filepath.Join(out, f))
				require.NoError(t, err)
			}
			_, err = Run(context.Background(), cfg(tc.players, tc.games), Options{Out: out, Resume: true, MoreGames: tc.more})
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, err.Error(), fmt.Sprintf(tc.want, out))
			for f, b := range before {
				after, err := os.ReadFile(filepath.Join(out, f))
				require.NoError(t, err)
				assert.Equal(t, string(b), string(after), f)
			}
		})
	}
}
