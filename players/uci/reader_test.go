package uci

import (
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStoppedEngineIsWaitedFor: an engine that floods its output while nobody reads it
// any more (a game ended, the player closed) is ended and waited for; its reader does not
// stay blocked on a full channel.
func TestStoppedEngineIsWaitedFor(t *testing.T) {
	cfg := &EngineConfig{Name: "flood", Command: []string{"sh", "-c", "while :; do echo info string flood; done"}}
	tr, err := startProgram(cfg, io.Discard)
	require.NoError(t, err)
	// Let the channel fill: 64 lines and then the reader waits on a send.
	require.Eventually(t, func() bool { return len(tr.lines) == cap(tr.lines) }, 5*time.Second, time.Millisecond)
	tr.stop()
	select {
	case <-tr.exited:
	case <-time.After(10 * time.Second):
		t.Fatal("the engine's reader is still blocked: the process was never waited for")
	}
	assert.Contains(t, tr.ended(), "signal: killed")
}
