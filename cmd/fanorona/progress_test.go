package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestPlainProgressIsThrottledAcrossStages(t *testing.T) {
	var w bytes.Buffer
	clock := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	p := newProgress(&w)
	p.now = func() time.Time { return clock }
	// 300 distance levels of a second each, 20 reports per level: 300 s of work.
	for level := range 300 {
		for k := range 20 {
			p.update(fmt.Sprintf("3v3 level %d", level), "slots", int64(k*50), 1000)
			clock = clock.Add(50 * time.Millisecond)
		}
	}
	p.finish()
	lines := strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
	// One line at the start, one every 10 s of the 300 s (the last at 290 s), and the
	// last state at the end: 1 + 29 + 1.
	assert.Len(t, lines, 31, "%s", w.String())
	assert.True(t, strings.HasPrefix(lines[0], "3v3 level 0: 0/1000 slots"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "3v3 level 10: 0/1000 slots"), lines[1])
	assert.True(t, strings.HasPrefix(lines[30], "3v3 level 299: 950/1000 slots"), lines[30])
}
