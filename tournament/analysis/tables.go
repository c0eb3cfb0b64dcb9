// tables.go: the tables' answer for a position (value, best turns, best line) under the
// rules in force, and the prover's on demand, with its certificate.

package analysis

import (
	"bytes"
	"encoding/base64"
	"errors"
	"net/http"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// bestLinePlies bounds the best line shown.
const bestLinePlies = 40

// ValueView is a tables' value: "win", "draw" or "loss" for the side to move, and the
// plies of a win or loss (to the end without a paika limit, to the deciding capture
// under one).
type ValueView struct {
	Value string `json:"value"`
	Plies *int   `json:"plies,omitempty"`
	Text  string `json:"text"`
}

func valueView(v tablebase.Value) ValueView {
	vv := ValueView{Value: v.Outcome.String(), Text: v.String()}
	if v.Outcome != tablebase.Draw {
		n := v.Plies
		vv.Plies = &n
	}
	return vv
}

// ProbeAnswer is what /api/probe answers. Covered is false (with Reason) when the
// tables cannot answer for the position under the rules in force.
type ProbeAnswer struct {
	Covered    bool       `json:"covered"`
	Reason     string     `json:"reason,omitempty"`
	Class      string     `json:"class,omitempty"`       // material seen from the side to move, e.g. 3v2
	PaikaLimit int        `json:"paika_limit"`           // the rule of the value (0: theoretic)
	Value      *ValueView `json:"value,omitempty"`       // under the rules in force, at the position's counter
	Kind       string     `json:"kind,omitempty"`        // win, cursed-win, draw, blessed-loss, loss
	Theoretic  *ValueView `json:"theoretic,omitempty"`   // without paika limit, when built
	Best       []string   `json:"best,omitempty"`        // the distance-best turns (Set.BestTurns)
	Line       []string   `json:"line,omitempty"`        // a best line from here
	LineValues []string   `json:"line_values,omitempty"` // the value along it, the position first
}

func (s *Server) handleProbe(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	p, ok := readPosition(w, r, &req, req.fen)
	if !ok {
		return
	}
	ans, err := s.probe(&p)
	if err != nil {
		answerError(w, err)
		return
	}
	writeJSON(w, ans)
}

// probe asks the tables about p under the rules in force.
func (s *Server) probe(p *engine.Position) (ProbeAnswer, error) {
	limit := s.cfg.Rules.PaikaLimit
	ans := ProbeAnswer{PaikaLimit: limit}
	set := s.cfg.Tables
	if set == nil {
		ans.Reason = "no tablebase folder (serve --tablebases DIR)"
		return ans, nil
	}
	if err := tablebase.CheckRules(s.cfg.Rules, p); err != nil {
		ans.Reason = err.Error()
		return ans, nil
	}
	c, ok := tablebase.ClassOf(p)
	if !ok {
		ans.Reason = "a side has no pieces"
		return ans, nil
	}
	ans.Class = c.String()
	rule := tablebase.PaikaRule(limit)
	if _, err := tablebase.ParseClass(c.String()); err != nil || !set.Has(c, rule) {
		ans.Reason = "class " + c.String() + " is not built under " + rule.String()
		return ans, nil
	}
	if limit > 0 && p.Paika > limit {
		ans.Reason = "the paika counter is above the limit: the game was drawn"
		return ans, nil
	}
	v, best, err := set.BestTurns(p, rule)
	if err != nil {
		return ans, tableError(err)
	}
	vv := valueView(v)
	ans.Covered, ans.Value, ans.Kind = true, &vv, v.Outcome.String()
	if limit == 0 {
		ans.Theoretic = &vv
	} else if theo, err := set.Probe(p, tablebase.Theoretic); err == nil {
		tv := valueView(theo)
		ans.Theoretic, ans.Kind = &tv, tablebase.Kind(theo, v)
	} else if !errors.Is(err, tablebase.ErrNotBuilt) {
		return ans, tableError(err)
	}
	for _, t := range best {
		ans.Best = append(ans.Best, t.String())
	}
	line, values, err := set.BestLine(*p, rule, bestLinePlies)
	if err != nil {
		return ans, tableError(err)
	}
	for _, t := range line {
		ans.Line = append(ans.Line, t.String())
	}
	for _, v := range values {
		ans.LineValues = append(ans.LineValues, v.String())
	}
	return ans, nil
}

// tableError is a table that cannot be read: the server's fault, not the request's,
// unless the tables refuse the position itself.
func tableError(err error) error {
	if errors.Is(err, tablebase.ErrDamaged) {
		return err
	}
	return badRequest("%v", err)
}

// proveRequest is the body of /api/prove.
type proveRequest struct {
	FEN   string `json:"fen"`
	Claim string `json:"claim"` // "value" (the default) or a claim: white-wins, black-not-loses, …
	Time  string `json:"time"`  // the budget, like "10s"
}

func (q *proveRequest) fen() string { return q.FEN }

// ClaimView is what one search established about a claim.
type ClaimView struct {
	Claim   string `json:"claim"`
	Outcome string `json:"outcome"` // proven, disproven, unknown
	Holds   string `json:"holds,omitempty"`
	Nodes   uint64 `json:"nodes"`
}

// ProveAnswer is what /api/prove answers: the claim asked, what was established, and
// the certificate of it (a certificate file, gzip JSON Lines, in base64) when anything
// was proven and it is at most MaxCertificate bytes.
type ProveAnswer struct {
	Claim       string      `json:"claim"`
	PaikaLimit  int         `json:"paika_limit"`
	Result      string      `json:"result"` // e.g. "value win for the side to move" or "white-wins proven"
	Claims      []ClaimView `json:"claims"`
	Nodes       uint64      `json:"nodes"`
	TimeMS      int64       `json:"time_ms"`
	Certificate string      `json:"certificate,omitempty"`
	CertNote    string      `json:"certificate_note,omitempty"`
}

// MaxCertificate bounds the certificate sent back.
const MaxCertificate = 8 << 20

func (s *Server) handleProve(w http.ResponseWriter, r *http.Request) {
	var req proveRequest
	p, ok := readPosition(w, r, &req, req.fen)
	if !ok {
		return
	}
	var claim proof.Claim
	var err error
	if req.Claim == "" {
		req.Claim = "value"
	}
	if req.Claim != "value" {
		if claim, err = proof.ParseClaim(req.Claim); err != nil {
			answerError(w, badRequest("%v (or value)", err))
			return
		}
	}
	budget := defaultTime
	if req.Time != "" {
		if budget, err = parseBudget(req.Time, s.cfg.MaxTime); err != nil {
			answerError(w, err)
			return
		}
	}
	rules := s.cfg.Rules
	if rules.NoMovesDraw || rules.FirstTurnNoChain || rules.MaxPlies > 0 {
		answerError(w, badRequest("the prover proves under a paika limit alone; the rules in force are %v", rules))
		return
	}
	if limit := rules.PaikaLimit; limit > 0 && p.Paika > limit {
		answerError(w, badRequest("paika counter %d is above the limit %d: the game was drawn", p.Paika, limit))
		return
	}
	if p.Own() == 0 && p.Enemy() == 0 {
		answerError(w, badRequest("fen: the board is empty"))
		return
	}
	ctx, leave, err := s.gate.enter(r.Context(), r.URL.Query().Get("client"))
	if err != nil {
		answerError(w, err)
		return
	}
	defer leave()
	var tables proof.Tables
	if s.cfg.Tables != nil {
		tables = proof.FromSet(s.cfg.Tables, 0)
	}
	pr, err := proof.NewProver(proof.Options{PaikaLimit: rules.PaikaLimit, Tables: tables, TTEntries: s.cfg.ProofEntries})
	if err != nil {
		answerError(w, badRequest("%v", err))
		return
	}
	b := proof.Budget{Time: budget}
	ans := ProveAnswer{Claim: req.Claim, PaikaLimit: rules.PaikaLimit}
	var cert proof.Certificate
	var results []proof.Result
	if req.Claim == "value" {
		vr, err := pr.Value(ctx, p, b, s.cfg.Toolkit)
		if err != nil {
			answerError(w, err)
			return
		}
		results, cert.Sections = vr.Claims, vr.Sections
		ans.Result = "unknown within the budget"
		if vr.Known {
			ans.Result = "value " + vr.Value.String() + " for the side to move"
		}
		ans.Nodes, ans.TimeMS = vr.Nodes, vr.Elapsed.Milliseconds()
	} else {
		res, sec, err := pr.Prove(ctx, p, claim, b, s.cfg.Toolkit)
		if err != nil {
			answerError(w, err)
			return
		}
		results = []proof.Result{res}
		if sec != nil {
			cert.Sections = []proof.Section{*sec}
		}
		ans.Result = res.Claim.String() + " " + res.Outcome.String()
		ans.Nodes, ans.TimeMS = res.Nodes, res.Elapsed.Milliseconds()
	}
	if r.Context().Err() != nil {
		return // the client left: nobody to answer
	}
	for _, res := range results {
		cv := ClaimView{Claim: res.Claim.String(), Outcome: res.Outcome.String(), Nodes: res.Nodes}
		if res.Outcome == proof.Disproven {
			cv.Holds = res.Claim.Opposite().String()
		}
		ans.Claims = append(ans.Claims, cv)
	}
	if len(cert.Sections) > 0 {
		var buf bytes.Buffer
		if err := cert.Write(&buf); err != nil {
			answerError(w, err)
			return
		}
		if buf.Len() <= MaxCertificate {
			ans.Certificate = base64.StdEncoding.EncodeToString(buf.Bytes())
		} else {
			ans.CertNote = "the certificate is larger than 8 MiB: prove it with fanorona prove -o FILE"
		}
	}
	writeJSON(w, ans)
}
