package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is a buffer a command writes to while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestServeAnswersOnLoopbackAndStopsOnInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb lockedBuffer
	code := make(chan int, 1)
	start := time.Now()
	go func() {
		code <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--tablebases", "none"}, &streams{strings.NewReader(""), &out, &errb})
	}()
	at := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var url string
	for url == "" && time.Since(start) < 10*time.Second {
		url = at.FindString(errb.String())
		time.Sleep(10 * time.Millisecond)
	}
	require.NotEmpty(t, url, "stderr: %s", errb.String())
	res, err := http.Get(url)
	require.NoError(t, err)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	t.Logf("the page answered %v after the command started", time.Since(start))
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(page), "Fanorona analysis board")
	assert.NotContains(t, string(page), "https://", "the page loads nothing from elsewhere")
	cancel()
	select {
	case c := <-code:
		assert.Equal(t, 0, c, "stderr: %s", errb.String())
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop on interrupt")
	}
	assert.Empty(t, out.String())
}

func TestServeRefusesBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--addr", "0.0.0.0:8054"}, "is not loopback"},
		{[]string{"serve", "--addr", ":8054"}, "every interface is not loopback"},
		{[]string{"serve", "--addr", "192.168.0.1:80"}, "is not loopback"},
		{[]string{"serve", "--addr", "x"}, "expected host:port"},
		{[]string{"serve", "--addr", "127.0.0.1:"}, "no port"},
		{[]string{"serve", "--max-searches", "-1"}, "--max-searches -1"},
		{[]string{"serve", "--max-time", "0s"}, "--max-time 0s"},
		{[]string{"serve", "--paika-limit", "-3"}, "--paika-limit -3"},
		{[]string{"serve", "--tablebases", "/no/such/folder"}, "/no/such/folder"},
		{[]string{"serve", "stray"}, "unknown command"},
	} {
		code, stdout, stderr := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Empty(t, stdout)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%v: one line: %q", c.args, stderr)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
}

func TestServeHelpHasExamples(t *testing.T) {
	code, help, _ := runCmd(t, "", "serve", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "Examples:\n  fanorona serve\n")
	assert.Contains(t, help, "--allow-remote")
}

func TestServeFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newServeCmd, "--addr", "127.0.0.1:0", "--open", "--max-searches", "3", "--max-time", "5s", "--paika-limit", "0")
	assert.Equal(t, "127.0.0.1:0", o.req.Addr)
	assert.True(t, o.open)
	assert.False(t, o.req.AllowRemote)
	assert.Equal(t, 3, o.req.MaxSearches)
	assert.Equal(t, 5*time.Second, o.req.MaxTime)
	assert.Zero(t, o.rules.paikaLimit)
}
