// replay.go: checking a record against the rules by playing its turns again.

package record

import (
	"fmt"

	"github.com/fanorona/fanorona/engine"
)

// ReplayError is the first place a record disagrees with the rules.
type ReplayError struct {
	Ply  int    // 1-based ply of the game (opening plies excluded); 0 for the end of the game
	Turn string // the turn at that ply, if any
	Err  error
}

func (e *ReplayError) Error() string {
	if e.Ply == 0 {
		return fmt.Sprintf("end of game: %v", e.Err)
	}
	return fmt.Sprintf("ply %d, turn %q: %v", e.Ply, e.Turn, e.Err)
}

// Replay plays the record's turns from its opening under its rules and checks that each
// is legal, that the game is not over before its last turn, and that the result, reason
// and captures are those of the replayed game. It returns a *ReplayError.
func Replay(r *Record) error {
	p, err := engine.ParseFEN(r.Opening)
	if err != nil {
		return &ReplayError{Err: fmt.Errorf("opening: %v", err)}
	}
	if len(r.OpeningTurns) > 0 {
		if err := replayOpeningTurns(r, &p); err != nil {
			return &ReplayError{Err: err}
		}
	}
	rules := r.Rules.Engine(p.Ply)
	var captured [2]int
	for i, s := range r.Turns {
		if st := rules.Status(&p); st.Over() {
			return &ReplayError{Ply: i + 1, Turn: s, Err: fmt.Errorf("the game was already over (%s, %s)", st.Outcome, st.Reason)}
		}
		t, err := p.ParseTurn(rules, s)
		if err != nil {
			return &ReplayError{Ply: i + 1, Turn: s, Err: err}
		}
		captured[p.Side] += t.Captured.Count()
		p = p.Play(t)
	}
	st := rules.Status(&p)
	if IsForfeitReason(r.Reason) {
		// Lost by a failure of the side to move, in a game the rules had not ended.
		if st.Over() {
			return &ReplayError{Err: fmt.Errorf("recorded a forfeit (%s), but the game was over (%s, %s)", r.Reason, st.Outcome, st.Reason)}
		}
		if want := engine.WinFor(p.Side.Other()).String(); r.Result != want {
			return &ReplayError{Err: fmt.Errorf("recorded %s for a forfeit by %s to move, expected %s", r.Result, p.Side, want)}
		}
		return nil
	}
	if IsScoreAdjudication(r.Reason) {
		// Ended by the players' scores in a game the rules had not ended.
		if st.Over() {
			return &ReplayError{Err: fmt.Errorf("recorded a %s, but the game was over (%s, %s)", r.Reason, st.Outcome, st.Reason)}
		}
		return checkCaptured(r, captured)
	}
	if r.Reason == AdjudicatedReason {
		// Ended by the tables in a game the rules had not ended, at the recorded position
		// (the value there is the tables' to check: tablebase probe --fen).
		switch {
		case st.Over():
			return &ReplayError{Err: fmt.Errorf("recorded a tablebase adjudication, but the game was over (%s, %s)", st.Outcome, st.Reason)}
		case p.FEN() != r.Adjudicated:
			return &ReplayError{Err: fmt.Errorf("recorded adjudicated at %s, replayed %s", r.Adjudicated, p.FEN())}
		}
		return checkCaptured(r, captured)
	}
	switch {
	case !st.Over():
		return &ReplayError{Err: fmt.Errorf("the game is not over after %d turns", len(r.Turns))}
	case st.Outcome.String() != r.Result || st.Reason.String() != r.Reason:
		return &ReplayError{Err: fmt.Errorf("recorded %s (%s), replayed %s (%s)", r.Result, r.Reason, st.Outcome, st.Reason)}
	}
	return checkCaptured(r, captured)
}

// checkCaptured compares the record's captures with the replayed ones.
func checkCaptured(r *Record, captured [2]int) error {
	if captured[engine.White] != r.Captured.White || captured[engine.Black] != r.Captured.Black {
		return &ReplayError{Err: fmt.Errorf("recorded captures %d/%d, replayed %d/%d", r.Captured.White, r.Captured.Black, captured[engine.White], captured[engine.Black])}
	}
	return nil
}

// replayOpeningTurns checks that the record's opening turns, played from the start under
// its rules (the ply cap counts from the opening, so none applies), are legal and reach
// its opening.
func replayOpeningTurns(r *Record, opening *engine.Position) error {
	rules := r.Rules.Engine(0)
	rules.MaxPlies = 0
	q := engine.Start()
	for i, s := range r.OpeningTurns {
		if st := rules.Status(&q); st.Over() {
			return fmt.Errorf("opening turn %d %q: the game was already over (%s, %s)", i+1, s, st.Outcome, st.Reason)
		}
		t, err := q.ParseTurn(rules, s)
		if err != nil {
			return fmt.Errorf("opening turn %d %q: %v", i+1, s, err)
		}
		q = q.Play(t)
	}
	if q.FEN() != opening.FEN() {
		return fmt.Errorf("the opening turns reach %s, not the opening %s", q.FEN(), opening.FEN())
	}
	return nil
}
