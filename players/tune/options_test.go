package tune

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

func TestTablesOptionOpensNoneOrRefusesAMissingFolder(t *testing.T) {
	oracle, dir, err := TablesOption("none")()
	require.NoError(t, err)
	assert.Nil(t, oracle)
	assert.Empty(t, dir)

	missing := filepath.Join(t.TempDir(), "no-tables")
	_, _, err = TablesOption(missing)()
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.Contains(t, err.Error(), "--tablebases "+missing+": no such folder")
}

func TestResultWritesItsReportAsIndentedJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Result{Report: map[string]any{"seed": 3, "games": 4}}.WriteJSON(&b))
	assert.Equal(t, "{\n  \"games\": 4,\n  \"seed\": 3\n}\n", b.String())
}

func TestCommandCheckAndCommandErrorWordTheRefusalsByFlag(t *testing.T) {
	ok := Request{SelfPlay: Config{Games: 10, Player: "random", OpeningPlies: 4}}
	require.NoError(t, ok.CommandCheck(nil, "none"))
	recorded := Request{SelfPlay: ok.SelfPlay, GamesFrom: []string{"run"}, MinPieces: 30}
	require.NoError(t, recorded.CommandCheck(nil, "tb"))

	bad := ok
	bad.SelfPlay.Games = 0
	for _, c := range []struct {
		err  error
		want string
	}{
		{bad.CommandCheck(nil, "none"), "--games 0: must be at least 1"},
		{recorded.CommandCheck([]string{"--games", "--seed"}, "none"), "--games-from: fits recorded games, so --games, --seed (self-play) cannot be given with it"},
		{ok.CommandCheck(nil, "tb"), "--tablebases tb: only with --games-from"},
		{recorded.CommandError(fmt.Errorf("reading: %w", recordsErrorf("run: no games"))), "--games-from: run: no games"},
		{ok.CommandError(ErrNoSelfPlaySamples), "no samples: every game ended within --opening-plies 4; give more --games or fewer opening plies"},
		{recorded.CommandError(ErrNoSampleWithMinPieces), "--min-pieces 30: no sample has that many pieces"},
	} {
		var ie *InputError
		if assert.True(t, errors.As(c.err, &ie), "%v", c.err) {
			assert.EqualError(t, c.err, c.want)
			assert.True(t, ie.BadInput())
		}
	}
	disk := errors.New("write samples: no space left on device")
	assert.Equal(t, disk, ok.CommandError(disk), "not the input's fault: unchanged")
	assert.NoError(t, ok.CommandError(nil))
}
