package uci_test

import (
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/players/uci"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestServerAnswersALineTooLongAndGoesOn(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "greedy"})
	long := "position fen " + strings.Repeat("x", 1100000-len("position fen "))
	s.send(long)
	line, before := s.expect("info string", 10*time.Second)
	assert.Empty(t, before)
	assert.Equal(t, "info string line of 1100000 bytes ignored: longer than 1048576 bytes", line)
	// A line of exactly the limit is read and obeyed.
	s.send("isready" + strings.Repeat(" ", 1<<20-len("isready")))
	_, before = s.expect("readyok", 10*time.Second)
	assert.Empty(t, before)
	s.send("quit")
	require.NoError(t, <-s.done)
}

func TestServerNamesBadGoValuesAndOptionValues(t *testing.T) {
	s := newSession(t, uci.ServerConfig{Player: "expert:depth=1"})
	s.send("position startpos")
	for _, c := range []struct{ cmd, answer string }{
		{"go depth -5", "info string go depth -5 ignored: want a whole number, 0 or more"},
		{"go depth abc", "info string go depth abc ignored: want a whole number, 0 or more"},
		{"go nodes 1e3", "info string go nodes 1e3 ignored: want a whole number, 0 or more"},
		{"go movetime", "info string go movetime without a value ignored"},
		{"go depth nodes 100", "info string go depth without a value ignored"},
	} {
		s.send(c.cmd)
		line, _ := s.expect("info string", 5*time.Second)
		assert.Equal(t, c.answer, line, c.cmd)
		s.expect("bestmove", 10*time.Second) // the search runs on the spec's own limits
	}
	s.send("setoption name PaikaLimit value 999999999999")
	line, _ := s.expect("info string", 5*time.Second)
	assert.Equal(t, `info string option PaikaLimit value "999999999999" ignored: want a whole number from 0 (off) to 100000`, line)
	s.send("setoption name PaikaLimit value 100000") // the advertised maximum is taken
	s.send("isready")
	_, before := s.expect("readyok", 5*time.Second)
	assert.Empty(t, before)
	s.send("quit")
	require.NoError(t, <-s.done)
}
