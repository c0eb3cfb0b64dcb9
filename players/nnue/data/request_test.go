package data

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func goodRequest() Request {
	return Request{Config: Config{Games: 10, Player: DefaultPlayer, MaxPlies: 1000}, Openings: "4-8", ShardOf: "1/3", Tables: "none"}
}

func TestPrepareReadsTheSettingsGivenAsText(t *testing.T) {
	r := goodRequest()
	require.NoError(t, r.Prepare())
	assert.Equal(t, [2]int{4, 8}, r.OpeningPlies)
	assert.Equal(t, [2]int{1, 3}, [2]int{r.Shard, r.Shards})
	assert.Nil(t, r.Oracle, "none: no tables")
	assert.Empty(t, r.Tablebases)
}

func TestPrepareRefusesTheFirstBadSetting(t *testing.T) {
	for _, c := range []struct {
		change  func(*Request)
		setting string // "" when the refusal is Config.Check's
		want    string
	}{
		{func(r *Request) { r.Openings = "4-x"; r.ShardOf = "x" }, "opening-plies", `opening-plies "4-x": expected a number or from-to, e.g. 4-8`},
		{func(r *Request) { r.ShardOf = "3/3" }, "shard", `shard "3/3": expected i/n with 0 <= i < n, e.g. 0/4`},
		{func(r *Request) { r.ShardOf = "1" }, "shard", `shard "1": expected i/n`},
		{func(r *Request) { r.Workers = -1; r.MaxPlies = 0 }, "workers", "workers -1: must be 0 (every core) or more"},
		{func(r *Request) { r.MaxPlies = 0; r.Games = 0 }, "max-plies", "max-plies 0: must be at least 1"},
		{func(r *Request) { r.Games = 0 }, "", "games 0: must be at least 1"},
		{func(r *Request) { r.Player = "expert:time=1s" }, "", "time=1s makes the data depend on the machine's speed"},
	} {
		r := goodRequest()
		c.change(&r)
		err := r.Prepare()
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
		var se *engine.SettingError
		if assert.Equal(t, c.setting != "", errors.As(err, &se), "%v", err) && c.setting != "" {
			assert.Equal(t, c.setting, se.Name)
		}
	}
}

func TestPrepareRefusesAMissingTablesFolder(t *testing.T) {
	r := goodRequest()
	r.Tables = filepath.Join(t.TempDir(), "none-here")
	err := r.Prepare()
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.Contains(t, err.Error(), "--tablebases "+r.Tables+": no such folder")
}
