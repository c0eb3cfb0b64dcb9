// perftrun.go: a perft count as the perft and moves commands ask for and report it: the
// request checked, the count (with its divide, sorted), its time, a stop on request; and
// the legal turns listed.

package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// PerftRun is one perft count and what it took.
type PerftRun struct {
	Nodes   uint64
	Divide  []DivideEntry // with divide: the count below each root turn, sorted by notation
	Seconds float64
}

// NodesPerSecond is the count's speed (0 when it took no measurable time).
func (r PerftRun) NodesPerSecond() float64 {
	if r.Seconds > 0 {
		return float64(r.Nodes) / r.Seconds
	}
	return 0
}

// RunPerft counts the leaves depth plies below p (Perft, or PerftDivide with divide). The
// count does not look at ctx: when ctx ends first RunPerft returns ctx's error at once and
// the count finishes unseen in the background, so a command can exit without waiting.
func RunPerft(ctx context.Context, p *Position, r Rules, depth int, conv PerftConvention, divide bool) (PerftRun, error) {
	start := time.Now()
	done := make(chan PerftRun, 1)
	go func() {
		var run PerftRun
		if divide {
			run.Divide = PerftDivide(p, r, depth, conv)
			for _, e := range run.Divide {
				run.Nodes += e.Nodes
			}
			slices.SortFunc(run.Divide, func(a, b DivideEntry) int { return strings.Compare(a.Turn.String(), b.Turn.String()) })
		} else {
			run.Nodes = Perft(p, r, depth, conv)
		}
		done <- run
	}()
	select {
	case run := <-done:
		run.Seconds = time.Since(start).Seconds()
		return run, nil
	case <-ctx.Done():
		return PerftRun{}, ctx.Err()
	}
}

// ListedTurn is one legal turn as the moves command lists it: its notation, the position
// after it, and the pieces it captures in the order they are taken.
type ListedTurn struct {
	Turn     string   `json:"turn"`
	FEN      string   `json:"fen"`
	Captured []string `json:"captured"`
}

// ListTurns returns p's legal turns under r, sorted by notation.
func ListTurns(p *Position, r Rules) []ListedTurn {
	turns := p.Turns(r, nil)
	list := make([]ListedTurn, len(turns))
	for i, t := range turns {
		after := p.Play(t)
		captured := []string{}
		for _, q := range p.CaptureOrder(t) {
			captured = append(captured, q.String())
		}
		list[i] = ListedTurn{Turn: t.String(), FEN: after.FEN(), Captured: captured}
	}
	slices.SortFunc(list, func(a, b ListedTurn) int { return strings.Compare(a.Turn, b.Turn) })
	return list
}

// MaxPerftDepth bounds a requested count: deeper ones take longer than anyone waits.
const MaxPerftDepth = 30

// PerftRequest is a perft count as a command asks for it.
type PerftRequest struct {
	Depth  int
	Paths  bool // count every step sequence (Paths) instead of distinct boards (Distinct)
	Divide bool // the count below each root turn too
}

// SettingError is a setting of a request out of its range (a PerftRequest's here, and the
// requests of the packages above); its text starts with the setting's name, which a command
// shows as its flag ("depth 0: must be 1 to 30").
type SettingError struct{ Name, Text string }

func (e *SettingError) Error() string { return e.Text }

// Check refuses a depth out of 1 to MaxPerftDepth.
func (q PerftRequest) Check() error {
	if q.Depth < 1 || q.Depth > MaxPerftDepth {
		return &SettingError{"depth", fmt.Sprintf("depth %d: must be 1 to %d", q.Depth, MaxPerftDepth)}
	}
	return nil
}

// Run counts as RunPerft does and reports the count with what was asked of it.
func (q PerftRequest) Run(ctx context.Context, p *Position, r Rules) (PerftReport, error) {
	conv := Distinct
	if q.Paths {
		conv = Paths
	}
	run, err := RunPerft(ctx, p, r, q.Depth, conv, q.Divide)
	return PerftReport{FEN: p.FEN(), Depth: q.Depth, Convention: conv, Divided: q.Divide, Run: run}, err
}
