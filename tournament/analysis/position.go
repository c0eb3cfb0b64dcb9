// position.go: positions and turns as the API shows them (the legal turns step by step,
// with what each step captures), reading request bodies, and the position and play calls.

package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// StepView is one step of a turn: where the piece lands, how it captures ("paika",
// "approach", "withdrawal") and the points it takes, nearest first.
type StepView struct {
	To       string   `json:"to"`
	Kind     string   `json:"kind"`
	Captured []string `json:"captured,omitempty"`
}

// TurnView is a legal turn: its notation, its piece's point and its steps. Every prefix
// of a chain is itself a legal turn (the player may stop after any capture step), listed
// on its own.
type TurnView struct {
	Notation string     `json:"notation"`
	From     string     `json:"from"`
	Steps    []StepView `json:"steps"`
}

// StatusView is a position's state under the rules in force.
type StatusView struct {
	Over   bool   `json:"over"`
	Result string `json:"result"` // "*", "1-0", "0-1", "1/2-1/2"
	Reason string `json:"reason,omitempty"`
}

// PositionView is a position as the page draws it, with every legal turn.
type PositionView struct {
	FEN        string     `json:"fen"`
	Side       string     `json:"side"` // "white" or "black"
	Paika      int        `json:"paika"`
	PaikaLimit int        `json:"paika_limit"` // of the rules in force (0: none)
	Ply        int        `json:"ply"`
	Board      string     `json:"board"` // a1, b1, …, i1, a2, …, i5: W, B or '.'
	Status     StatusView `json:"status"`
	Capture    bool       `json:"capture"` // the turn must capture
	Turns      []TurnView `json:"turns"`
}

// viewOf describes p under rules r.
func viewOf(p *engine.Position, r engine.Rules) PositionView {
	v := PositionView{FEN: p.FEN(), Side: strings.ToLower(p.Side.String()), Paika: p.Paika,
		PaikaLimit: r.PaikaLimit, Ply: p.Ply, Capture: p.CanCapture(), Turns: []TurnView{}}
	var b strings.Builder
	for pt := engine.Point(0); pt < engine.Points; pt++ {
		switch {
		case p.Pieces[engine.White].Has(pt):
			b.WriteByte('W')
		case p.Pieces[engine.Black].Has(pt):
			b.WriteByte('B')
		default:
			b.WriteByte('.')
		}
	}
	v.Board = b.String()
	st := r.Status(p)
	v.Status = StatusView{Over: st.Over(), Result: st.Outcome.String()}
	if st.Over() {
		v.Status.Reason = st.Reason.String()
		return v
	}
	for _, t := range p.Turns(r, make([]engine.Turn, 0, engine.MaxTurnsHint)) {
		v.Turns = append(v.Turns, turnViewOf(p, t))
	}
	return v
}

// turnViewOf describes turn t of p, each step's captures found along its line.
func turnViewOf(p *engine.Position, t engine.Turn) TurnView {
	tv := TurnView{Notation: t.String(), From: t.From.String(), Steps: make([]StepView, 0, t.Len)}
	enemy := p.Enemy()
	cur := t.From
	for i := 0; i < int(t.Len); i++ {
		d, k := t.Step(i)
		next := engine.Neighbour(cur, d)
		sv := StepView{To: next.String(), Kind: k.String()}
		var start engine.Point
		dir := d
		switch k {
		case engine.Approach:
			start = engine.Neighbour(next, d)
		case engine.Withdrawal:
			start, dir = engine.Neighbour(cur, d.Opposite()), d.Opposite()
		default:
			start = engine.NoPoint
		}
		for q := start; q != engine.NoPoint && enemy.Has(q); q = engine.Neighbour(q, dir) {
			sv.Captured = append(sv.Captured, q.String())
			enemy &^= engine.Bit(q)
		}
		tv.Steps = append(tv.Steps, sv)
		cur = next
	}
	return tv
}

// requestError is bad input with its status: 400, or 413 for a body too large.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// answerError answers err: a requestError with its status and reason, anything else as
// a failure of the server.
func answerError(w http.ResponseWriter, err error) {
	var re *requestError
	if errors.As(err, &re) {
		fail(w, re.status, "%s", re.msg)
		return
	}
	fail(w, http.StatusInternalServerError, "%v", err)
}

// readJSON decodes the request's body, of at most limit bytes, into dst: one JSON object
// of known fields, sent as application/json.
// readPosition reads a request's JSON body into req and parses the position fen names;
// on bad input it answers with the reason and reports false.
func readPosition[T any](w http.ResponseWriter, r *http.Request, req *T, fen func() string) (engine.Position, bool) {
	if err := readJSON(w, r, MaxBody, req); err != nil {
		answerError(w, err)
		return engine.Position{}, false
	}
	p, err := parsePosition(fen())
	if err != nil {
		answerError(w, err)
		return engine.Position{}, false
	}
	return p, true
}

func readJSON(w http.ResponseWriter, r *http.Request, limit int64, dst any) error {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return badRequest("the body must be JSON sent as Content-Type: application/json")
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return bodyError(err, limit)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return bodyError(err, limit)
		}
		return badRequest("the body holds more than one JSON value")
	}
	return nil
}

func bodyError(err error, limit int64) error {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is larger than %d bytes", limit)}
	case errors.Is(err, io.EOF):
		return badRequest("the body is empty; expected a JSON object")
	}
	return badRequest("the body is not the JSON expected: %v", err)
}

// maxFEN bounds a FEN's length: the longest real one is under 80 bytes.
const maxFEN = 200

// parsePosition reads a FEN of a position the board can show: one whose game did not
// end before it (the side not to move has pieces, or neither side has).
func parsePosition(fen string) (engine.Position, error) {
	if len(fen) > maxFEN {
		return engine.Position{}, badRequest("fen: %d bytes; a FEN is at most %d", len(fen), maxFEN)
	}
	if strings.TrimSpace(fen) == "" {
		return engine.Position{}, badRequest("fen: missing")
	}
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return engine.Position{}, badRequest("fen: %v", err)
	}
	if p.Own() != 0 && p.Enemy() == 0 {
		return engine.Position{}, badRequest("fen %q: the side not to move has no pieces; the game ended before this position", fen)
	}
	return p, nil
}

// positionRequest is the body of /api/position.
type positionRequest struct {
	FEN string `json:"fen"`
}

// playRequest is the body of /api/play.
type playRequest struct {
	FEN  string `json:"fen"`
	Turn string `json:"turn"`
}

func (q *positionRequest) fen() string { return q.FEN }
func (q *playRequest) fen() string     { return q.FEN }

// PlayAnswer is what /api/play answers: the turn in canonical notation, the captured
// points in the order taken, and the position after it.
type PlayAnswer struct {
	Turn     string       `json:"turn"`
	Captured []string     `json:"captured"`
	Position PositionView `json:"position"`
}

func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	p, ok := readPosition(w, r, &req, req.fen)
	if !ok {
		return
	}
	writeJSON(w, viewOf(&p, s.cfg.Rules))
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	p, ok := readPosition(w, r, &req, req.fen)
	if !ok {
		return
	}
	if err := s.cfg.Rules.Ongoing(&p); err != nil {
		answerError(w, badRequest("%v: no turn can be played", err))
		return
	}
	if len(req.Turn) > 4*engine.MaxSteps+8 {
		answerError(w, badRequest("turn: %d bytes; no turn is that long", len(req.Turn)))
		return
	}
	t, err := p.ParseTurn(s.cfg.Rules, req.Turn)
	if err != nil {
		answerError(w, badRequest("%v", err))
		return
	}
	ans := PlayAnswer{Turn: t.String(), Captured: []string{}}
	for _, q := range p.CaptureOrder(t) {
		ans.Captured = append(ans.Captured, q.String())
	}
	q := p.Play(t)
	ans.Position = viewOf(&q, s.cfg.Rules)
	writeJSON(w, ans)
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		fail(w, http.StatusInternalServerError, "encoding the answer: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(append(data, '\n'))
}
