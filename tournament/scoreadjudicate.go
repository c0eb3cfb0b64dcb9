// scoreadjudicate.go: ending a game by the scores its players report (Config's
// ScoreAdjudication, the commands' --resign-* and --draw-* flags, after cutechess's
// -resign and -draw), and the per-move figures a record keeps (Config.MoveData).

package tournament

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// ScoreAdjudication ends games by the scores the players report (players.Reporter),
// each from the mover's view in hundredths of a piece. A turn whose mover reported no
// score breaks its side's runs, so a player that reports none never resigns, and no game
// of it is drawn this way. The rules' own endings come first, then the tables'
// (Options.Adjudicator), then resignation, then the draw. run.json records the settings.
type ScoreAdjudication struct {
	// Resign: a side loses (reason resign-adjudication) once its own score was at or below
	// -ResignScore on ResignMoves turns of its own in a row; with ResignBoth (cutechess's
	// twosided), only when the opponent's own score was also at or above +ResignScore on
	// its last ResignMoves turns. ResignMoves 0: off.
	ResignMoves int  `json:"resign_moves,omitempty"`
	ResignScore int  `json:"resign_score,omitempty"`
	ResignBoth  bool `json:"resign_both,omitempty"`
	// Draw: the game is drawn (reason draw-adjudication) once each side's score was
	// within ±DrawScore on its last DrawMoves turns, all played after the game's first
	// DrawAfter plies. DrawMoves 0: off.
	DrawAfter int `json:"draw_after,omitempty"`
	DrawMoves int `json:"draw_moves,omitempty"`
	DrawScore int `json:"draw_score,omitempty"`
}

// On reports whether games may be ended by score.
func (s *ScoreAdjudication) On() bool { return s.ResignMoves > 0 || s.DrawMoves > 0 }

// check refuses values out of range and thresholds without their count (*SettingError).
func (s *ScoreAdjudication) check() error {
	for _, v := range []struct {
		setting Setting
		value   int
	}{{SettingResignMoves, s.ResignMoves}, {SettingResignScore, s.ResignScore}, {SettingDrawAfter, s.DrawAfter},
		{SettingDrawMoves, s.DrawMoves}, {SettingDrawScore, s.DrawScore}} {
		if v.value < 0 {
			return settingErrorf("%v %d: must not be negative", v.setting, v.value)
		}
	}
	switch {
	case s.ResignMoves > 0 && s.ResignScore < 1:
		return settingErrorf("%v %d needs %v CP, at least 1 (hundredths of a piece)", SettingResignMoves, s.ResignMoves, SettingResignScore)
	case s.ResignMoves == 0 && s.ResignScore > 0:
		return settingErrorf("%v %d needs %v N (turns in a row)", SettingResignScore, s.ResignScore, SettingResignMoves)
	case s.ResignMoves == 0 && s.ResignBoth:
		return settingErrorf("%v needs %v N and %v CP", SettingResignBoth, SettingResignMoves, SettingResignScore)
	case s.DrawMoves == 0 && s.DrawScore > 0:
		return settingErrorf("%v %d needs %v N (turns in a row of each side)", SettingDrawScore, s.DrawScore, SettingDrawMoves)
	case s.DrawMoves == 0 && s.DrawAfter > 0:
		return settingErrorf("%v %d needs %v N (turns in a row of each side)", SettingDrawAfter, s.DrawAfter, SettingDrawMoves)
	}
	return nil
}

// scoreRuns are the runs of turns in a row of each side (by colour) that count towards
// adjudication by score.
type scoreRuns struct {
	low, high, quiet [2]int // own score <= -ResignScore, >= +ResignScore, within ±DrawScore
}

// add counts the turn of side, the game's ply-th (0-based), by its mover's report.
func (k *scoreRuns) add(s *ScoreAdjudication, side engine.Color, ply int, rep players.SearchReport, ok bool) {
	if !ok || !rep.Scored {
		k.low[side], k.high[side], k.quiet[side] = 0, 0, 0
		return
	}
	bump := func(n *int, yes bool) {
		if yes {
			*n++
		} else {
			*n = 0
		}
	}
	bump(&k.low[side], s.ResignMoves > 0 && rep.Score <= -s.ResignScore)
	bump(&k.high[side], s.ResignMoves > 0 && rep.Score >= s.ResignScore)
	bump(&k.quiet[side], s.DrawMoves > 0 && ply >= s.DrawAfter && max(rep.Score, -rep.Score) <= s.DrawScore)
}

// decide returns the outcome and reason the runs call for, the side that moved last
// (mover) checked first for resignation; false when they call for none.
func (k *scoreRuns) decide(s *ScoreAdjudication, mover engine.Color) (engine.Outcome, string, bool) {
	if s.ResignMoves > 0 {
		for _, side := range [2]engine.Color{mover, mover.Other()} {
			if k.low[side] >= s.ResignMoves && (!s.ResignBoth || k.high[side.Other()] >= s.ResignMoves) {
				return engine.WinFor(side.Other()), record.ResignReason, true
			}
		}
	}
	if s.DrawMoves > 0 && k.quiet[engine.White] >= s.DrawMoves && k.quiet[engine.Black] >= s.DrawMoves {
		return engine.Draw, record.DrawReason, true
	}
	return engine.Ongoing, "", false
}

// gameSettings are how playGame ends and records a game beyond the rules.
type gameSettings struct {
	adj      *Adjudicator      // tablebase adjudication (nil: none)
	moveData bool              // keep each mover's report in the record
	score    ScoreAdjudication // adjudication by score (zero: none)
}

// moveDataOf is a record's entry for a turn whose mover reported rep (ok: it did).
func moveDataOf(rep players.SearchReport, ok bool) record.MoveData {
	if !ok {
		return record.MoveData{}
	}
	m := record.MoveData{Depth: rep.Depth, Nodes: rep.Nodes, MS: rep.Time.Milliseconds()}
	if rep.Scored {
		score := rep.Score
		m.Score = &score
	}
	return m
}

// unscoredNote is the one warning line a run with adjudication by score gives when some
// of its players report no score (nil players: every spec does), or "" when all do.
func unscoredNote(c *Plan, opts []players.Option) string {
	var none []string
	for _, spec := range c.Players {
		pl, err := newPlayer(c, spec, 0, opts)
		if err != nil {
			continue // the run reports it at the player's first game
		}
		if r, ok := pl.(players.Reporter); !ok || !r.ReportsScores() {
			if !slices.Contains(none, spec) {
				none = append(none, spec)
			}
		}
		closePlayer(pl)
	}
	if len(none) == 0 {
		return ""
	}
	if len(none) == 1 {
		return fmt.Sprintf("warning: adjudication by score: %s reports no score, so its turns never count towards a resignation or a draw", none[0])
	}
	return fmt.Sprintf("warning: adjudication by score: %s report no score, so their turns never count towards a resignation or a draw", strings.Join(none, ", "))
}
