// games.go: samples from games already played (tournament records), labelled by the
// game's result or, where an oracle knows the position, by its value under the rules.

package tune

import (
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// GameSamples replays one game from opening by its turns (in the notation of
// docs/RULES.md) under r and returns its quiet positions (no capture on offer), the opening
// included and the position after the last turn not, as Generate keeps them. Each is
// labelled with the game's result for its side to move (whiteScore is White's: 1, ½ or
// 0), except where oracle (may be nil) knows the position under r: then by the oracle's
// value (win 1, draw ½, loss 0) and marked Tablebase: the position's true value rather
// than how the game went. A turn that does not parse, or one after the game is over, is an
// error naming its ply.
func GameSamples(opening engine.Position, turns []string, r engine.Rules, whiteScore float64, oracle players.Oracle) ([]Sample, error) {
	var samples []Sample
	p := opening
	maxPieces := players.OracleReach(oracle)
	for i, text := range turns {
		if err := r.Ongoing(&p); err != nil {
			return nil, fmt.Errorf("ply %d, turn %q: %w", i+1, text, err)
		}
		if !p.CanCapture() {
			s := Sample{FEN: p.FEN(), Result: whiteScore}
			if p.Side == engine.Black {
				s.Result = 1 - whiteScore
			}
			if oracle != nil && p.Occupied().Count() <= maxPieces {
				if v, _, ok := oracle.Probe(&p, r); ok {
					s.Result, s.Tablebase = float64(v+1)/2, true
				}
			}
			samples = append(samples, s)
		}
		t, err := p.ParseTurn(r, text)
		if err != nil {
			return nil, fmt.Errorf("ply %d, turn %q: %w", i+1, text, err)
		}
		p = p.Play(t)
	}
	return samples, nil
}

// resultFor is outcome as a score for side: 1 win, ½ draw, 0 loss.
func resultFor(outcome engine.Outcome, side engine.Color) float64 {
	switch outcome {
	case engine.WinFor(side):
		return 1
	case engine.WinFor(side.Other()):
		return 0
	}
	return 0.5
}
