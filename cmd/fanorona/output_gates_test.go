package main

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBadInputLeavesStdoutEmptyEvenAfterPrinting(t *testing.T) {
	withTestCommand(t, testCommand("half", func(c *cobra.Command, s *streams) error {
		fmt.Fprintln(s.out, "line 1: 9/9/9/9/4W2B1 w win in 7")
		return badInputf("line 2: FEN %q: has 1 fields", "x")
	}))
	code, out, errs := runCmd(t, "", "half")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: line 2: FEN \"x\": has 1 fields\n", errs)
}

func TestStdoutGate(t *testing.T) {
	var w bytes.Buffer
	g := &stdoutGate{w: &w, limit: 10}
	_, _ = g.Write([]byte("12345"))
	assert.Empty(t, w.String(), "held back")
	g.discard()
	_, _ = g.Write([]byte("abc"))
	require.NoError(t, g.flush())
	assert.Equal(t, "abc", w.String())
	w.Reset()
	_, _ = g.Write([]byte("0123456789"))
	_, _ = g.Write([]byte("X"))
	assert.Equal(t, "0123456789X", w.String(), "past the limit it streams, in order")
	w.Reset()
	g = &stdoutGate{w: &w, limit: 10, direct: true}
	_, _ = g.Write([]byte("prompt> "))
	assert.Equal(t, "prompt> ", w.String(), "a conversation is never held back")
}

func TestWarningGateHoldsWarningsBackOnly(t *testing.T) {
	var buf bytes.Buffer
	g := &warningGate{w: &buf}
	for _, w := range []string{"progress 1/2\r", "fanorona: warn", "ing: skipped x\nfanorona: wrote a\n", "fanorona: warning: y\n"} {
		_, err := g.Write([]byte(w))
		require.NoError(t, err)
	}
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\n", buf.String(), "progress and status lines pass at once")
	g.end(true)
	assert.Equal(t, "progress 1/2\rfanorona: wrote a\nfanorona: warning: skipped x\nfanorona: warning: y\n", buf.String())

	buf.Reset()
	g = &warningGate{w: &buf}
	_, _ = g.Write([]byte("fanorona: warning: z\n"))
	g.end(false)
	assert.Empty(t, buf.String(), "dropped on exit 2")
}
