// progress.go: progress of long work on stderr: a progress bar with ETA (schollz/progressbar)
// when stderr is a terminal, a plain line every 10 seconds otherwise (logs, batch jobs),
// across stages, and the last state at the end.

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
	lastLine time.Time // of the last plain line, whatever its stage
	pending  string    // off a terminal: the latest state not yet printed
	now      func() time.Time
}

// plainLineEvery is how often progress is printed off a terminal (logs, batch jobs): one
// line at the start and then at most one line per period, however many stages go by (a
// tablebase build has hundreds of short ones), and the last state when the work ends.
const plainLineEvery = 10 * time.Second

func newProgress(w io.Writer) *progressReporter {
	p := &progressReporter{w: w, now: time.Now}
	if g, ok := w.(*warningGate); ok {
		w = g.w // the gate holds back warnings only; the bar needs the terminal behind it
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
	}
	return p
}

// update reports done of total units of the stage label.
func (p *progressReporter) update(label, unit string, done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if label != p.label {
		p.finishBarLocked()
		p.label, p.start, p.first = label, now, done
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
	eta := "-"
	if rate := float64(done-p.first) / now.Sub(p.start).Seconds(); rate > 0 {
		eta = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	p.pending = fmt.Sprintf("%s: %d/%d %s, %s elapsed, ETA %s\n", label, done, total, unit, now.Sub(p.start).Round(time.Second), eta)
	if p.lastLine.IsZero() || now.Sub(p.lastLine) >= plainLineEvery {
		p.lastLine = now
		fmt.Fprint(p.w, p.pending)
		p.pending = ""
	}
}

// finish ends the current bar, or prints the last state not yet printed.
func (p *progressReporter) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finishBarLocked()
	if p.pending != "" {
		fmt.Fprint(p.w, p.pending)
		p.pending = ""
	}
}

func (p *progressReporter) finishBarLocked() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}
