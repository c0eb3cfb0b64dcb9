// Package cliout holds the mechanics of the command-line contract (docs/CLI.md): exit
// statuses and the lines of interrupts and panics, and the output side: a
// command's stdout held back until it ends, so that bad input leaves it empty; warnings held
// back the same way while progress passes at once; messages joined into one line.
package cliout

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// HeldLimit is how much stdout, and how many bytes of warnings, are held back until the
// command ends. Output beyond it streams (a long --batch, say), and a command must have
// checked its input before printing that much.
const HeldLimit = 4 << 20

// OneLine joins a multi-line message (cobra's suggestions, a wrapped report) into one line.
func OneLine(msg string) string {
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// StdoutGate holds a command's stdout back until the command ends (up to limit bytes),
// so that output can be dropped when the command refuses its input. It is safe for
// concurrent use.
type StdoutGate struct {
	mu      sync.Mutex
	W       io.Writer
	buf     bytes.Buffer
	Limit   int
	Direct  bool // pass every write through (a conversation such as play)
	spilled bool // more than limit was written: now streaming
}

func (g *StdoutGate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.Direct && !g.spilled {
		if g.buf.Len()+len(p) <= g.Limit {
			return g.buf.Write(p)
		}
		g.spilled = true
		if _, err := g.W.Write(g.buf.Bytes()); err != nil {
			return 0, err
		}
		g.buf.Reset()
	}
	return g.W.Write(p)
}

// Flush writes what was held back.
func (g *StdoutGate) Flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.buf.Len() == 0 {
		return nil
	}
	_, err := g.W.Write(g.buf.Bytes())
	g.buf.Reset()
	return err
}

// Discard drops what was held back.
func (g *StdoutGate) Discard() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.buf.Reset()
}

// WarningPrefix starts the warning lines that WarningGate holds back.
const WarningPrefix = "fanorona: warning:"

// WarningGate passes a command's stderr through as it comes (progress stays live) but
// holds back whole lines starting with WarningPrefix until the command ends: they are
// printed then, or dropped when the command refuses its input, whose one error line is
// then all stderr says (docs/CLI.md). It is safe for concurrent use.
type WarningGate struct {
	mu       sync.Mutex
	W        io.Writer
	line     []byte // the current line, until it is known whether it is a warning
	held     bytes.Buffer
	ended    bool
	overflow int // warnings dropped beyond the limit
}

func (g *WarningGate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended {
		return g.W.Write(p)
	}
	n := len(p)
	for len(p) > 0 {
		if len(g.line) == 0 && !bytes.HasPrefix(p, []byte(WarningPrefix[:min(len(p), len(WarningPrefix))])) {
			// Not a warning (progress, "wrote X", a bar's carriage return): pass it on
			// up to the end of its line.
			i := bytes.IndexByte(p, '\n') + 1
			if i == 0 {
				i = len(p)
			}
			if _, err := g.W.Write(p[:i]); err != nil {
				return n - len(p), err
			}
			p = p[i:]
			continue
		}
		i := bytes.IndexByte(p, '\n') + 1
		if i == 0 {
			i = len(p)
		}
		g.line = append(g.line, p[:i]...)
		p = p[i:]
		if len(g.line) < len(WarningPrefix) && !bytes.HasSuffix(g.line, []byte("\n")) {
			continue // not yet known
		}
		if bytes.HasPrefix(g.line, []byte(WarningPrefix)) {
			if !bytes.HasSuffix(g.line, []byte("\n")) {
				continue // the rest of the warning comes in the next write
			}
			if g.held.Len()+len(g.line) <= HeldLimit {
				g.held.Write(g.line)
			} else {
				g.overflow++
			}
		} else if _, err := g.W.Write(g.line); err != nil {
			return n - len(p), err
		}
		g.line = g.line[:0]
	}
	return n, nil
}

// End prints the warnings held back (or drops them) and lets later writes through.
func (g *WarningGate) End(print bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if print {
		g.held.Write(g.line)
		_, _ = g.W.Write(g.held.Bytes())
		if g.overflow > 0 {
			fmt.Fprintf(g.W, "%s %d more warnings not shown\n", WarningPrefix, g.overflow)
		}
	}
	g.held.Reset()
	g.line = nil
	g.ended = true
}
