package cliout

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStdoutGate(t *testing.T) {
	var w bytes.Buffer
	g := &StdoutGate{W: &w, Limit: 10}
	_, _ = g.Write([]byte("12345"))
	assert.Empty(t, w.String(), "held back")
	g.Discard()
	_, _ = g.Write([]byte("abc"))
	require.NoError(t, g.Flush())
	assert.Equal(t, "abc", w.String())
	w.Reset()
	_, _ = g.Write([]byte("0123456789"))
	_, _ = g.Write([]byte("X"))
	assert.Equal(t, "0123456789X", w.String(), "past the limit it streams, in order")
	w.Reset()
	g = &StdoutGate{W: &w, Limit: 10, Direct: true}
	_, _ = g.Write([]byte("prompt> "))
	assert.Equal(t, "prompt> ", w.String(), "a conversation is never held back")
}

func TestWarningGateHoldsWarningsBackOnly(t *testing.T) {
	var buf bytes.Buffer
	g := &WarningGate{W: &buf}
	for _, w := range []string{"progress 1/2\r", "fanorona: warn", "ing: skipped x\nfanorona: wrote a\n", "fanorona: warning: y\n"} {
		_, err := g.Write([]byte(w))
		require.NoError(t, err)
	}
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\n", buf.String(), "progress and status lines pass at once")
	g.End(true)
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\nfanorona: warning: skipped x\nfanorona: warning: y\n", buf.String())

	buf.Reset()
	g = &WarningGate{W: &buf}
	_, _ = g.Write([]byte("fanorona: warning: z\n"))
	g.End(false)
	assert.Empty(t, buf.String(), "dropped on exit 2")
}

func TestOneLineJoinsNonEmptyLines(t *testing.T) {
	assert.Equal(t, "unknown command \"x\"; Did you mean this?; tablebase", OneLine("unknown command \"x\"\n\nDid you mean this?\n\ttablebase\n"))
}
