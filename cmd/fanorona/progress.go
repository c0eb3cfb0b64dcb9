// progress.go: progress of long work on stderr: a progress bar with ETA (schollz/progressbar)
// when stderr is a terminal, a plain line every 10 seconds otherwise (logs, batch jobs).

package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressReporter shows how far a piece of work is; a new label starts a new bar (a new
// stage). It is safe for concurrent use.
type progressReporter struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	label    string
	bar      *progressbar.ProgressBar
	start    time.Time // of the current stage
	first    int64     // done at the stage's first report (work resumed from disk)
	lastLine time.Time
}

func newProgress(w io.Writer) *progressReporter {
	p := &progressReporter{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
	}
	return p
}

// update reports done of total units of the stage label.
func (p *progressReporter) update(label, unit string, done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if label != p.label {
		p.finishLocked()
		p.label, p.start, p.first = label, time.Now(), done
		if p.tty {
			p.bar = progressbar.NewOptions64(total, progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(label), progressbar.OptionShowCount(),
				progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit),
				progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionClearOnFinish())
		}
	}
	if p.bar != nil {
		_ = p.bar.Set64(done)
		return
	}
	now := time.Now()
	if now.Sub(p.lastLine) < 10*time.Second && done != total && done != p.first {
		return
	}
	p.lastLine = now
	eta := "-"
	if rate := float64(done-p.first) / now.Sub(p.start).Seconds(); rate > 0 {
		eta = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "%s: %d/%d %s, %s elapsed, ETA %s\n", label, done, total, unit, now.Sub(p.start).Round(time.Second), eta)
}

// finish ends the current bar.
func (p *progressReporter) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finishLocked()
}

func (p *progressReporter) finishLocked() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}
