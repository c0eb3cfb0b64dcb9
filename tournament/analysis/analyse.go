// analyse.go: the expert's analysis streamed as server-sent events, one event a
// completed depth, with several lines (MultiPV) when asked.
//
// The expert reports only its last completed iteration, so the stream deepens by hand:
// depth 1, 2, 3, … each a search of its own (each one is itself iterative deepening, so
// the repeated shallow work costs a fraction of the deepest search). Several lines come
// from players.MultiPV: each distinct root turn's position searched one ply shallower
// with one expert, the root turns sorted by the negated scores.

package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// Limits of an analysis request.
const (
	MaxMultiPV  = 8
	MaxDepth    = 40
	defaultTime = 10 * time.Second
)

// LineView is one line of an analysis: its score for the side to move, in the score
// scale of players (100 = one piece), as people read it, and its turns.
type LineView struct {
	Score     int      `json:"score"`
	ScoreText string   `json:"score_text"`
	PV        []string `json:"pv"`
}

// InfoEvent is one completed depth of an analysis (the event "info").
type InfoEvent struct {
	Depth  int        `json:"depth"`
	Nodes  uint64     `json:"nodes"` // every search of the request so far
	TimeMS int64      `json:"time_ms"`
	Lines  []LineView `json:"lines"`
}

// DoneEvent ends an analysis (the event "done"): why it stopped.
type DoneEvent struct {
	Reason string `json:"reason"` // "depth", "time", "forced" (one turn, searched deep enough) or "stopped"
	Depth  int    `json:"depth"`
}

// analyseRequest is an analysis's parameters, read from the query.
type analyseRequest struct {
	pos     engine.Position
	client  string
	multiPV int
	depth   int
	budget  time.Duration
}

func (s *Server) readAnalyse(r *http.Request) (analyseRequest, error) {
	q := r.URL.Query()
	for k, v := range q {
		switch k {
		case "fen", "client", "multipv", "depth", "time":
			if len(v) > 1 {
				return analyseRequest{}, badRequest("%s: given %d times", k, len(v))
			}
		default:
			return analyseRequest{}, badRequest("unknown parameter %q (fen, client, multipv, depth, time)", k)
		}
	}
	req := analyseRequest{client: q.Get("client"), multiPV: 1, depth: MaxDepth, budget: defaultTime}
	var err error
	if req.pos, err = parsePosition(q.Get("fen")); err != nil {
		return req, err
	}
	if err := s.cfg.Rules.Ongoing(&req.pos); err != nil {
		return req, badRequest("%v: nothing to analyse", err)
	}
	if v := q.Get("multipv"); v != "" {
		if req.multiPV, err = strconv.Atoi(v); err != nil || req.multiPV < 1 || req.multiPV > MaxMultiPV {
			return req, badRequest("multipv %q: expected a whole number from 1 to %d", v, MaxMultiPV)
		}
	}
	if v := q.Get("depth"); v != "" {
		if req.depth, err = strconv.Atoi(v); err != nil || req.depth < 1 || req.depth > MaxDepth {
			return req, badRequest("depth %q: expected a whole number from 1 to %d", v, MaxDepth)
		}
	}
	if v := q.Get("time"); v != "" {
		if req.budget, err = parseBudget(v, s.cfg.MaxTime); err != nil {
			return req, err
		}
	}
	return req, nil
}

// parseBudget reads a time budget ("10s", "500ms") of at most max.
func parseBudget(v string, max time.Duration) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > max {
		return 0, badRequest("time %q: expected a duration above 0 and at most %v (like 10s)", v, max)
	}
	return d, nil
}

func (s *Server) handleAnalyse(w http.ResponseWriter, r *http.Request) {
	req, err := s.readAnalyse(r)
	if err != nil {
		answerError(w, err)
		return
	}
	rc := http.NewResponseController(w)
	ctx, leave, err := s.gate.enter(r.Context(), req.client)
	if err != nil {
		answerError(w, err)
		return
	}
	defer leave()
	ctx, cancel := context.WithTimeout(ctx, req.budget)
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event string, v any) bool {
		data, _ := json.Marshal(v)
		rc.SetWriteDeadline(time.Now().Add(5 * time.Second))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			cancel()
			return false
		}
		if err := rc.Flush(); err != nil {
			cancel()
			return false
		}
		return true
	}
	reason, depth := s.analyse(ctx, &req, func(ev InfoEvent) bool { return send("info", ev) })
	if ctx.Err() != nil && r.Context().Err() == nil && reason == "stopped" {
		reason = "time"
	}
	send("done", DoneEvent{Reason: reason, Depth: depth})
}

// analyse deepens the search of req.pos until the depth, the budget or the client ends
// it, calling report after every completed depth (false stops it). It returns why it
// stopped and the last depth completed.
func (s *Server) analyse(ctx context.Context, req *analyseRequest, report func(InfoEvent) bool) (string, int) {
	start := time.Now()
	var total uint64
	var seen engine.ResultSet
	roots := req.pos.DistinctTurns(s.cfg.Rules, nil, &seen)
	done := 0
	for d := 1; d <= req.depth; d++ {
		var lines []LineView
		var nodes uint64
		if req.multiPV == 1 || len(roots) == 1 {
			a, err := s.expert(d).Analyze(ctx, &req.pos, s.cfg.Rules)
			nodes = a.Nodes
			if err != nil {
				return "stopped", done
			}
			lines = []LineView{lineOf(a.Score, a.PV)}
		} else {
			var err error
			if lines, nodes, err = s.multiPV(ctx, &req.pos, roots, d, req.multiPV); err != nil {
				return "stopped", done
			}
		}
		total += nodes
		done = d
		if !report(InfoEvent{Depth: d, Nodes: total, TimeMS: time.Since(start).Milliseconds(), Lines: lines}) {
			return "stopped", done
		}
		if len(roots) == 1 && d >= 4 {
			return "forced", done
		}
		if players.IsWin(lines[0].Score) || players.IsLoss(lines[0].Score) {
			if _, mate := players.MatePlies(lines[0].Score); mate || len(lines) == 1 {
				return "depth", done // a forced end found: deeper searches say the same
			}
		}
	}
	return "depth", done
}

// expert returns a fresh expert searching depth plies with the server's table size
// and tables.
func (s *Server) expert(depth int) *players.Expert {
	o := players.DefaultExpertOptions()
	o.Depth, o.HashMB = depth, s.cfg.HashMB
	if s.oracle != nil {
		o.Oracle = s.oracle
	}
	return players.NewExpert(o)
}

// multiPV scores every root turn at depth d by searching its position d-1 plies
// (players.MultiPV), and returns the best k lines.
func (s *Server) multiPV(ctx context.Context, p *engine.Position, roots []engine.Turn, d, k int) ([]LineView, uint64, error) {
	best, nodes, err := players.MultiPV(ctx, s.expert(max(1, d-1)), p, s.cfg.Rules, roots, k)
	if err != nil {
		return nil, nodes, err
	}
	lines := make([]LineView, len(best))
	for i, l := range best {
		lines[i] = lineOf(l.Score, l.PV)
	}
	return lines, nodes, nil
}

func lineOf(score int, pv []engine.Turn) LineView {
	l := LineView{Score: score, ScoreText: players.FormatScore(score), PV: make([]string, len(pv))}
	for i, t := range pv {
		l.PV[i] = t.String()
	}
	return l
}
