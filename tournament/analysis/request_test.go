package analysis

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRequestCheckNamesTheFirstBadSetting(t *testing.T) {
	good := Request{Addr: "127.0.0.1:0", Config: Config{MaxTime: time.Second}}
	assert.NoError(t, good.Check())
	for _, c := range []struct {
		change func(*Request)
		want   string
	}{
		{func(r *Request) { r.Addr = "8.8.8.8:80" }, `addr: address "8.8.8.8:80": 8.8.8.8 is not loopback`},
		{func(r *Request) { r.MaxSearches = -1; r.MaxTime = -time.Second }, "max-searches -1: must be 0 (one a core) or more"},
		{func(r *Request) { r.MaxTime = 0 }, "max-time 0s: must be positive"},
	} {
		r := good
		c.change(&r)
		err := r.Check()
		var se *SettingError
		assert.True(t, errors.As(err, &se), "%v", err)
		assert.ErrorContains(t, err, c.want)
	}
	remote := Request{Addr: "8.8.8.8:80", Config: Config{AllowRemote: true, MaxTime: time.Second}}
	assert.NoError(t, remote.Check(), "allowed, any address listens")
}
