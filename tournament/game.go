// game.go: playing one game to its end and turning it into a Record.

package tournament

import (
	"context"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// PlayGame plays one game from opening between two players under rules r, stopping at
// maxPlies plies (counted from the opening) as a draw with reason max-plies. It returns the
// record without the schedule fields (index, pair, specs, seed), which the caller fills.
func PlayGame(ctx context.Context, white, black players.Player, opening engine.Position, r engine.Rules, maxPlies int) (record.Record, error) {
	return playGame(ctx, white, black, opening, r, maxPlies, &gameSettings{})
}

// playGame is PlayGame that, with gs.adj, ends the game at the first position the tables
// decide (reason tablebase, the position recorded); with gs.score, when the players'
// reported scores call for it (ScoreAdjudication); and with gs.moveData keeps each
// mover's report (players.Reporter) in the record.
func playGame(ctx context.Context, white, black players.Player, opening engine.Position, r engine.Rules, maxPlies int, gs *gameSettings) (record.Record, error) {
	start := time.Now()
	rules := r
	rules.MaxPlies = opening.Ply + maxPlies
	p := opening
	rec := record.Record{Opening: opening.FEN(), Rules: record.RulesFrom(r, maxPlies), Turns: make([]string, 0, 64)}
	byScore := gs.score.On()
	var runs scoreRuns
	if gs.moveData {
		rec.MoveData = make([]record.MoveData, 0, 64)
	}
	for {
		st := rules.Status(&p)
		if st.Over() {
			rec.Result, rec.Reason = st.Outcome.String(), st.Reason.String()
			break
		}
		if gs.adj != nil {
			if outcome, ok := gs.adj.Adjudicate(&p, rules); ok {
				rec.Result, rec.Reason, rec.Adjudicated = outcome.String(), record.AdjudicatedReason, p.FEN()
				break
			}
		}
		if byScore {
			if outcome, reason, ok := runs.decide(&gs.score, p.Side.Other()); ok {
				rec.Result, rec.Reason = outcome.String(), reason
				break
			}
		}
		pl := white
		if p.Side == engine.Black {
			pl = black
		}
		t, err := pl.Choose(ctx, &p, rules)
		if reason, text, ok := forfeited(err); ok {
			rec.Result, rec.Reason, rec.Forfeit = engine.WinFor(p.Side.Other()).String(), reason, text
			break
		}
		if err != nil {
			return record.Record{}, fmt.Errorf("ply %d (%s to move): %w", p.Ply-opening.Ply+1, p.Side, err)
		}
		if t.Len == 0 {
			return record.Record{}, fmt.Errorf("ply %d: player returned no turn in %s", p.Ply-opening.Ply+1, p.FEN())
		}
		if gs.moveData || byScore {
			var rep players.SearchReport
			ok := false
			if rp, is := pl.(players.Reporter); is {
				rep, ok = rp.LastSearch()
			}
			if gs.moveData {
				rec.MoveData = append(rec.MoveData, moveDataOf(rep, ok))
			}
			if byScore {
				runs.add(&gs.score, p.Side, len(rec.Turns), rep, ok)
			}
		}
		n := t.Captured.Count()
		if p.Side == engine.White {
			rec.Captured.White += n
		} else {
			rec.Captured.Black += n
		}
		rec.Turns = append(rec.Turns, t.String())
		p = p.Play(t)
	}
	rec.Plies = len(rec.Turns)
	rec.Seconds = time.Since(start).Seconds()
	return rec, nil
}

// newPlayer builds the player of run c that spec names, from the spec NewPlan parsed.
func newPlayer(c *Plan, spec string, seed uint64, opts []players.Option) (players.Player, error) {
	s, ok := c.specs[spec]
	if !ok {
		return nil, fmt.Errorf("player %q is not one of the run's", spec)
	}
	return players.New(s, seed, opts...)
}

// playScheduled plays scheduled game g of run c, from its openings (Run draws them).
func playScheduled(ctx context.Context, c *Plan, g GameSpec, opts []players.Option, adj *Adjudicator) (record.Record, error) {
	white, err := newPlayer(c, g.White, record.MixSeed(g.Seed, 1), opts)
	if err != nil {
		return record.Record{}, err
	}
	defer closePlayer(white)
	black, err := newPlayer(c, g.Black, record.MixSeed(g.Seed, 2), opts)
	if err != nil {
		return record.Record{}, err
	}
	defer closePlayer(black)
	opening, line := c.openings.OpeningLine(g.OpeningIndex, c.Seed, c.rules)
	rec, err := playGame(ctx, white, black, opening, c.rules, c.Rules.MaxPlies, &gameSettings{adj: adj, moveData: c.MoveData, score: c.ScoreAdjudication})
	if err != nil {
		return record.Record{}, fmt.Errorf("game %d (%s vs %s): %w", g.Index, g.White, g.Black, err)
	}
	rec.OpeningTurns = line
	rec.Run, rec.Index, rec.Pair, rec.White, rec.Black, rec.Seed = c.RunID, g.Index, g.Pair, g.White, g.Black, g.Seed
	rec.Unpaired = g.Unpaired
	return rec, nil
}
