// lastsearch.go: what a player's last search found (Reporter), for game records that keep
// per-move figures and for adjudication by score.

package players

import "time"

// SearchReport is what a player's last search found, as a game record keeps it.
type SearchReport struct {
	// Score is the search's score of the position it moved from, for the side that moved
	// (the mover's view): 100 is one piece; IsWin, IsLoss and MatePlies read proven
	// results. Valid only when Scored.
	Score  int
	Scored bool
	Depth  int           // plies of the last completed iteration (0: not a depth search)
	Nodes  uint64        // positions visited (playouts for mcts)
	Time   time.Duration // time the search took
}

// Proven reports whether the score is a proven win or loss (search or tablebase).
func (r SearchReport) Proven() bool { return r.Scored && (IsWin(r.Score) || IsLoss(r.Score)) }

// Reporter is a Player that tells what its last Choose (or Analyze) found, without
// searching again. LastSearch returns false before the first search and after one that
// failed. The searching players (the levels, expert, mcts) and external engines are
// Reporters; random and greedy, which do not search, are not.
type Reporter interface {
	Player
	LastSearch() (SearchReport, bool)
	// ReportsScores tells whether its reports may carry a score: mcts's do not (its
	// score is not on the piece scale), an external engine's do when its info lines give
	// one.
	ReportsScores() bool
}

// lastSearch keeps a player's last report; its zero value has none. unscored: the
// player's scores are not on the piece scale, so its reports carry none.
type lastSearch struct {
	report   SearchReport
	ok       bool
	unscored bool
}

// LastSearch implements Reporter.
func (l *lastSearch) LastSearch() (SearchReport, bool) { return l.report, l.ok }

// ReportsScores implements Reporter.
func (l *lastSearch) ReportsScores() bool { return !l.unscored }

// keep records the search that gave a, or none when it failed. A search that completed
// no iteration (depth 0: a node budget spent inside the first) has no score to report,
// as the engine protocol prints none for it.
func (l *lastSearch) keep(a Analysis, err error) {
	l.ok = err == nil
	l.report = SearchReport{Score: a.Score, Scored: !l.unscored && err == nil && a.Depth > 0, Depth: a.Depth, Nodes: a.Nodes, Time: a.Time}
}
