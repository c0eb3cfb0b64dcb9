// Package progress shows how far long work is on stderr: a progress bar with ETA
// (schollz/progressbar) when stderr is a terminal, a plain line every 10 seconds otherwise
// (logs, batch jobs), across stages, also while no unit finishes (a long game), and the
// last state at the end. Data never goes through it: it writes to the stream it is given.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/fanorona/fanorona/internal/cliout"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Reporter shows how far a piece of work is; a new label starts a new bar (a new
// stage). It is safe for concurrent use.
type Reporter struct {
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

	// The stage's last report, which the heartbeat prints again with the time gone by
	// when no unit has finished for a period.
	unit        string
	done, total int64
	// score is a line about the work's results so far (a match's score), shown after
	// its count; "" for none.
	score     string
	stop      chan struct{} // closed by Finish: ends the heartbeat
	beatEvery time.Duration // how often the heartbeat looks (0 = no heartbeat)
}

// plainLineEvery is how often progress is printed off a terminal (logs, batch jobs): one
// line at the start and then at most one line per period, however many stages go by (a
// tablebase build has hundreds of short ones), and the last state when the work ends.
const plainLineEvery = 10 * time.Second

// New reports progress on w: a bar when w is a terminal (also behind a
// cliout.WarningGate), plain lines otherwise.
func New(w io.Writer) *Reporter {
	p := &Reporter{w: w, now: time.Now, beatEvery: time.Second}
	if g, ok := w.(*cliout.WarningGate); ok {
		w = g.W // the gate holds back warnings only; the bar needs the terminal behind it
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
	}
	return p
}

// Update reports done of total units of the stage label.
func (p *Reporter) Update(label, unit string, done, total int64) {
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
	p.unit, p.done, p.total = unit, done, total
	p.pending = p.lineLocked(now)
	if p.lastLine.IsZero() || now.Sub(p.lastLine) >= plainLineEvery {
		p.lastLine = now
		fmt.Fprint(p.w, p.pending)
		p.pending = ""
	}
	if p.stop == nil && p.beatEvery > 0 {
		p.stop = make(chan struct{})
		go p.heartbeat(p.stop, p.beatEvery)
	}
}

// SetScore shows score (a match's W/D/L, score, Elo, LLR) with the progress from now on:
// after the count on the plain line, in the bar's description on a terminal. A plain
// line not yet printed takes it too, so that the last line printed has the last score.
func (p *Reporter) SetScore(score string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.score = score
	if p.bar != nil {
		p.bar.Describe(p.label + " | " + score)
	}
	if p.pending != "" {
		p.pending = p.lineLocked(p.now())
	}
}

// lineLocked is the plain line of the stage's last report at time now.
func (p *Reporter) lineLocked(now time.Time) string {
	eta := "-"
	if rate := float64(p.done-p.first) / now.Sub(p.start).Seconds(); rate > 0 {
		eta = time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	score := ""
	if p.score != "" {
		score = " | " + p.score
	}
	return fmt.Sprintf("%s: %d/%d %s, %s elapsed, ETA %s%s\n", p.label, p.done, p.total, p.unit, now.Sub(p.start).Round(time.Second), eta, score)
}

// heartbeat calls tick every period until stop is closed.
func (p *Reporter) heartbeat(stop <-chan struct{}, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.mu.Lock()
			if p.stop == stop { // not a tick that lost the race with Finish
				p.tickLocked()
			}
			p.mu.Unlock()
		}
	}
}

// tick prints the stage's state again off a terminal when no line has been printed for a
// period: work whose units take minutes each (a game at depth 8) still shows it is alive.
func (p *Reporter) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tickLocked()
}

func (p *Reporter) tickLocked() {
	if p.bar != nil || p.label == "" || p.lastLine.IsZero() {
		return
	}
	if now := p.now(); now.Sub(p.lastLine) >= plainLineEvery {
		p.lastLine = now
		fmt.Fprint(p.w, p.lineLocked(now))
		p.pending = ""
	}
}

// Finish ends the current bar, or prints the last state not yet printed.
func (p *Reporter) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		close(p.stop)
		p.stop = nil
	}
	p.finishBarLocked()
	if p.pending != "" {
		fmt.Fprint(p.w, p.pending)
		p.pending = ""
	}
}

func (p *Reporter) finishBarLocked() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}
