package analysis

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

func TestRequestCheckNamesTheFirstBadSetting(t *testing.T) {
	good := Request{Addr: "127.0.0.1:0", Config: Config{MaxTime: time.Second}}
	assert.NoError(t, good.Check())
	for _, c := range []struct {
		change  func(*Request)
		setting string
		want    string
	}{
		{func(r *Request) { r.Addr = "8.8.8.8:80" }, "addr", `addr: address "8.8.8.8:80": 8.8.8.8 is not loopback`},
		{func(r *Request) { r.MaxSearches = -1; r.MaxTime = -time.Second }, "max-searches", "max-searches -1: must be 0 (one a core) or more"},
		{func(r *Request) { r.MaxTime = 0 }, "max-time", "max-time 0s: must be positive"},
	} {
		r := good
		c.change(&r)
		err := r.Check()
		var se *engine.SettingError
		if assert.True(t, errors.As(err, &se), "%v", err) {
			assert.Equal(t, c.setting, se.Name)
		}
		assert.ErrorContains(t, err, c.want)
	}
	remote := Request{Addr: "8.8.8.8:80", Config: Config{AllowRemote: true, MaxTime: time.Second}}
	assert.NoError(t, remote.Check(), "allowed, any address listens")
}

func TestServeRefusesAMissingTablesFolderBeforeListening(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-tables")
	listened := false
	err := Request{Addr: "127.0.0.1:0", Tables: missing}.Serve(context.Background(), func(string) { listened = true })
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.EqualError(t, err, "--tablebases "+missing+": no such folder (stat "+missing+": no such file or directory)")
	assert.False(t, listened)
}
