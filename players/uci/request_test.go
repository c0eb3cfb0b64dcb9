package uci

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

func TestServeRequestPrepareRefusesTheFirstBadSetting(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-tables")
	for _, c := range []struct {
		req     ServeRequest
		setting string // "" when the refusal is not a SettingError
		want    string
	}{
		{ServeRequest{ServerConfig: ServerConfig{Player: "wiz", HashMB: -1}}, "", `player spec "wiz": unknown player "wiz"`},
		{ServeRequest{ServerConfig: ServerConfig{Player: "expert", HashMB: -1}, NotationName: "x"}, "hash", "hash -1: want a whole number of MB from 0 to 16384"},
		{ServeRequest{ServerConfig: ServerConfig{Player: "expert"}, NotationName: "fancy"}, "notation", `notation "fancy": expected compact or dashed`},
		{ServeRequest{ServerConfig: ServerConfig{Player: "expert"}, NotationName: "dashed", Tables: missing}, "", "--tablebases " + missing + ": no such folder"},
	} {
		err := c.req.Prepare()
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
		var se *engine.SettingError
		if assert.Equal(t, c.setting != "", errors.As(err, &se), "%v", err) && c.setting != "" {
			assert.Equal(t, c.setting, se.Name)
		}
	}
}

func TestServeRequestPrepareSetsTheSession(t *testing.T) {
	r := ServeRequest{ServerConfig: ServerConfig{Player: "medium"}, NotationName: "dashed", Tables: "none"}
	require.NoError(t, r.Prepare())
	assert.Equal(t, Dashed, r.Notation)
	assert.Empty(t, r.Tablebases, "none: no folder")
	require.NotNil(t, r.OpenTablebases, "the Tablebases option is offered")
	opts, err := r.OpenTablebases("")
	assert.NoError(t, err, "an empty option value is no tables")
	assert.Nil(t, opts)
	missing := filepath.Join(t.TempDir(), "no-tables")
	_, err = r.OpenTablebases(missing)
	var ie *tablebase.InputError
	assert.ErrorAs(t, err, &ie, "a folder set by the option is checked as the flag's")
}

func TestLaunchStartsTheDeclaredEnginesOrNone(t *testing.T) {
	none, err := Launch("", nil, nil)
	require.NoError(t, err)
	assert.Nil(t, none)
	_, err = Launch("", []string{"name=launchbad,cmd=" + filepath.Join(t.TempDir(), "no-program")}, nil)
	assert.ErrorContains(t, err, "engine launchbad: ")
	assert.ErrorAs(t, err, new(*InputError))
	assert.NotContains(t, err.Error(), "stderr is kept", "no log folder")
}

func TestStartSaysWhereAFailedEnginesStderrIsKept(t *testing.T) {
	dir := t.TempDir()
	engines, err := DeclareAll("", []string{"name=startbad,cmd=" + filepath.Join(dir, "no-program")}, dir, nil)
	require.NoError(t, err)
	defer engines.Close()
	_, err = engines.Start()
	assert.ErrorContains(t, err, "(its stderr is kept in "+filepath.Join(dir, "engine-*.log")+" when that folder existed before the run)")
	var ie *InputError
	assert.ErrorAs(t, err, &ie, "bad input of the command")
}
