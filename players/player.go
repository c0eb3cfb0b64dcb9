// player.go: the Player interface, the Analysis a search reports, and the tablebase Oracle.

package players

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/engine"
)

// Player chooses a turn for a position. The budget (depth, nodes, time, playouts) is part
// of the player, set by its spec; ctx cancels a search early. A Player is not safe for
// concurrent use.
type Player interface {
	Choose(ctx context.Context, p *engine.Position, r engine.Rules) (engine.Turn, error)
}

// Analyzer is a Player that also reports how it judged the position. Every player of this
// package is one.
type Analyzer interface {
	Player
	Analyze(ctx context.Context, p *engine.Position, r engine.Rules) (Analysis, error)
}

// Analysis is a player's verdict on a position.
type Analysis struct {
	Turn  engine.Turn   // the turn chosen
	Score int           // for the side to move: 100 = one piece; see IsWin, IsLoss
	PV    []engine.Turn // principal variation, starting with Turn (may be just Turn)
	Depth int           // plies of the last completed iteration (0 for non-searching players)
	Nodes uint64        // positions visited (playouts for mcts)
	Time  time.Duration // time taken
}

// NodesPerSecond returns Nodes divided by Time (0 if no time was measured).
func (a Analysis) NodesPerSecond() float64 {
	if a.Time <= 0 {
		return 0
	}
	return float64(a.Nodes) / a.Time.Seconds()
}

// Score scale. A won position scores MateScore minus the plies to the win; a tablebase
// win scores below that band, from TBWinScore down.
const (
	PieceValue = 100
	MateScore  = 30000
	// MateBound: a score at or beyond ±MateBound is a forced win or loss found by search.
	MateBound = MateScore - 1000
	// TBWinScore: a tablebase win plies away from the end scores TBWinScore-plies-distance.
	TBWinScore = MateBound - 1
	// WinBound: a score at or beyond ±WinBound is a proven win or loss (search or tablebase).
	WinBound = MateScore - 5000
)

// IsWin reports whether score is a proven win for the side to move.
func IsWin(score int) bool { return score >= WinBound }

// IsLoss reports whether score is a proven loss for the side to move.
func IsLoss(score int) bool { return score <= -WinBound }

// MatePlies returns the plies to the end of a game a search found forced (score beyond
// ±MateBound), and false otherwise.
func MatePlies(score int) (int, bool) {
	switch {
	case score >= MateBound:
		return MateScore - score, true
	case score <= -MateBound:
		return MateScore + score, true
	}
	return 0, false
}

// FormatScore writes a score for people: "+1.25" pieces, "win in 3", "loss in 4".
func FormatScore(score int) string {
	if n, ok := MatePlies(score); ok {
		if score > 0 {
			return fmt.Sprintf("win in %d", n)
		}
		return fmt.Sprintf("loss in %d", n)
	}
	switch {
	case IsWin(score):
		return "win (tablebase)"
	case IsLoss(score):
		return "loss (tablebase)"
	}
	return fmt.Sprintf("%+.2f", float64(score)/PieceValue)
}

// Oracle answers for positions it knows the value of under rules r (an endgame
// tablebase): value +1 win, 0 draw, -1 loss for the side to move, and for wins and losses
// the plies with best play — to the end of the game without a paika limit, to the turn
// that decides the game (the capture after which the value holds at counter 0) under one,
// at p's paika counter. ok is false for positions or rules it does not cover. The endgame
// tables' oracle is tablebase.NewOracle (package puzzles/tablebase, which players does
// not import: it matches these interfaces by their methods).
type Oracle interface {
	Probe(p *engine.Position, r engine.Rules) (value int, plies int, ok bool)
}

// PieceLimiter may be implemented by an Oracle to say it covers no position with more
// pieces (both sides together) than MaxPieces; the search then skips probing those.
type PieceLimiter interface {
	MaxPieces() int
}

// CostLimiter may be implemented by an Oracle whose probes of positions with more pieces
// than CheapPieces may read from disk: a tenth of a millisecond for a block not in memory
// (docs/PERFORMANCE.md), the time of two hundred nodes. The search then probes those only
// where depth is left to search (costlyProbeDepth).
type CostLimiter interface {
	CheapPieces() int
}

// OracleReach returns the most pieces (both sides together) of a position o may know:
// its MaxPieces where it says, else every point of the board.
func OracleReach(o Oracle) int {
	if l, ok := o.(PieceLimiter); ok {
		return l.MaxPieces()
	}
	return engine.Points
}

// ErrNoTurn is returned when the side to move has no legal turn (the game is over).
var ErrNoTurn = errors.New("players: no legal turn (the game is over)")

// Analyze returns pl's analysis of p: pl's own when it is an Analyzer, otherwise just its
// turn.
func Analyze(ctx context.Context, pl Player, p *engine.Position, r engine.Rules) (Analysis, error) {
	if a, ok := pl.(Analyzer); ok {
		return a.Analyze(ctx, p, r)
	}
	start := time.Now()
	t, err := pl.Choose(ctx, p, r)
	if err != nil {
		return Analysis{}, err
	}
	return Analysis{Turn: t, PV: []engine.Turn{t}, Time: time.Since(start)}, nil
}
