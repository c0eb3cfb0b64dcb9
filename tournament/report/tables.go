// tables.go: a run's summary as tables (standings, head to head, ratings, first-move
// advantage, game lengths, distinct games), each naming the method of its intervals, and
// their plain-text form.

package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/tournament/summary"
)

// Table is one table of a report: rows of cells already formatted as text.
type Table struct {
	ID      string   // short name, an HTML anchor: "standings", "head-to-head", ...
	Title   string   // what the table shows
	Methods []string // how each interval (or test) in it was computed
	Columns []string
	Rows    [][]string
	Note    string // a line under the table (a failed fit, say)
}

// Numeric reports, for each column, whether it holds numbers (every cell starts with a
// digit, a sign or a bracket, or is "-" for no value): numbers align right.
func (t Table) Numeric() []bool {
	out := make([]bool, len(t.Columns))
	for j := range out {
		out[j] = len(t.Rows) > 0
		for _, r := range t.Rows {
			if j < len(r) && !numeric(r[j]) {
				out[j] = false
			}
		}
	}
	return out
}

func numeric(cell string) bool {
	if cell == "" || cell == "-" {
		return true
	}
	return strings.ContainsRune("0123456789+-[.", rune(cell[0]))
}

// Methods of the intervals of a summary, as package stats computes them (its doc
// comments); the tables print them with the numbers.
const (
	methodScore     = "score: likelihood-ratio interval of the mean score (profile likelihood of the win/draw/loss model), which never collapses to a point"
	methodElo       = "Elo: the score interval's ends turned into Elo with the logistic curve (a score bound of 0 or 1 gives an infinite Elo bound)"
	methodLOS       = "LOS: likelihood of superiority, normal approximation to wins against losses (draws carry no information)"
	methodPent      = "pentanomial: A's score over colour-swapped pairs (0, ½, 1, 1½, 2); pair Elo: likelihood-ratio interval of the pentanomial model, the pair as the unit"
	methodSPRT      = "SPRT: Wald's test on the exact generalized log-likelihood ratio over the pentanomial counts"
	methodSPRTStop  = "SPRT stop: the run stopped when the tests decided, so the fixed-sample score, Elo and pair Elo of a stopped pair are conditional on the stop (marked naive: an early stop comes when the data look extreme); \"corrected\" is the estimate corrected for the stop, " + summary.MethodStoppedBrownian + ", with its interval"
	methodUnpaired  = "unpaired games (fixed colours, no colour swap): counted in W/D/L, score, Elo and LOS but in no pentanomial count (no fake pairs); where a pair has any, its SPRT is over the win/draw/loss counts of single games (trinomial)"
	methodRatings   = "ratings: Bradley–Terry with BayesElo's draw model, maximum a posteriori (2 virtual draws a player); normal intervals from the inverse Hessian; mean 0 over the rated players"
	methodWinRates  = "White win, draw and Black win shares: Clopper–Pearson exact binomial intervals"
	methodSignTest  = "p: exact two-sided sign test of White's wins against Black's wins (draws left out)"
	methodQuantiles = "quantiles: type-4 (linear interpolation of the empirical distribution) over the games that ended by the rules"
	methodCounts    = "counts: \"all games\" when every game differs; \"distinct games\" when some repeat (the same players, opening and turns), each distinct game counted once by the row's estimates, tests and pentanomial"
)

// noteFixedColours warns that without a colour swap White's results are also the
// first-listed player's.
const noteFixedColours = "games with fixed colours (unpaired): White is always the first-listed player of a pairing there, so White's results and the first-move advantage also hold that player's strength; read the head-to-head score"

// noteColourSwapped says what a set's edge does to a tournament between different players.
// noteFirstTurnOfTwo says what the table by first turn measures between two players.
const noteFirstTurnOfTwo = "between two players the first turn is chosen by the one playing White: a row measures that player with White as much as its turn " +
	"(a level that always opens the same way has one row, and its opponent's turns the others); compare first turns in self-play rows, or with --openings firstmove"

const noteColourSwapped = "between different players each opening is played with both colours (colour-swapped pairs): standings, head to head and ratings do not carry the set's edge for the side to move; White's results here do"

// whiteScoreTitle names what White's results in the first-move table measure (the
// rows' Measures, with the run's openings named when the summary has its run), and
// reports whether the rows measure different things (then each row says what).
func whiteScoreTitle(s *summary.Summary) (string, bool) {
	set := "the set"
	var run record.RunInfo
	if len(s.Run) > 0 && json.Unmarshal(s.Run, &run) == nil && run.Openings != "" {
		set = run.Openings
	}
	var measures string
	for i, f := range s.FirstMove {
		if i > 0 && f.Measures != measures {
			return "White's results by matchup (each row says what they measure)", true
		}
		measures = f.Measures
	}
	switch measures {
	case summary.MeasuresSetFirstTurn:
		return "First-move advantage with White's first turn set by the openings (White's results; each first turn as often as the openings play it)", false
	case summary.MeasuresRandomPlies:
		return "White's results after its first turn and random plies on " + set + " (random plies leave the side that moves next something to take, so the score follows their parity: not the first-move advantage)", false
	case summary.MeasuresSideToMove:
		return "Side to move's score on " + set + " (White's results; White is to move in every opening, so this is not the first-move advantage)", false
	case summary.MeasuresSideNotToMove:
		return "Score of the side not to move on " + set + " (White's results; Black is to move in every opening, so this is not the first-move advantage)", false
	case summary.MeasuresMixed:
		return "White's results on openings with either side to move (not the first-move advantage)", false
	}
	return "First-move advantage (White's results)", false
}

// onSet reports whether any row of White's results is over games from a set of openings
// rather than from the start.
func onSet(s *summary.Summary) bool {
	for _, f := range s.FirstMove {
		switch f.Measures {
		case summary.MeasuresSideToMove, summary.MeasuresSideNotToMove, summary.MeasuresMixed:
			return true
		}
	}
	return false
}

// crossLevelFirstMove answers the first-move question for games between different
// players: a pairing's White score hides the edge where one player wins throughout
// (each wins its games with either colour), so the note gives White's score over every
// game and the ratings' fitted advantage, which allows for the players' strength.
func crossLevelFirstMove(s *summary.Summary) string {
	note := "Between different players each pairing's colour-swapped pairs give both players White equally often, so a pairing's White score shows the first-move edge only where the weaker player wins some games: one a player wins throughout reads 0.500 whatever the edge."
	for _, f := range s.FirstMove {
		if f.Matchup == "all" || len(s.FirstMove) == 1 {
			note += fmt.Sprintf(" Over all %d games White scores %s.", f.Games, fest(f.Score, 3))
		}
	}
	if r := s.Ratings; r != nil && r.Error == "" {
		e := r.FirstMove
		verdict := "no first-move advantage is shown (the interval holds 0)"
		switch {
		case e.Lo > 0:
			verdict = "moving first is an advantage"
		case e.Hi < 0:
			verdict = "moving first is a disadvantage"
		}
		note += fmt.Sprintf(" The answer, allowing for strength: the ratings fit puts White's advantage at %s Elo: %s.", fest(e, 0), verdict)
	}
	return note
}

// hasUnpaired reports whether any pair of s has games without a colour-swapped partner.
func hasUnpaired(s *summary.Summary) bool {
	for _, p := range s.Pairs {
		if p.UnpairedGames > 0 {
			return true
		}
	}
	return false
}

func fnum(n summary.Num, prec int) string {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return "-"
	case math.IsInf(f, 1):
		return "+inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.*f", prec, f)
}

func fest(e summary.Est, prec int) string {
	return fmt.Sprintf("%s [%s, %s]", fnum(e.Value, prec), fnum(e.Lo, prec), fnum(e.Hi, prec))
}

func fwdl(w stats.WDL) string { return fmt.Sprintf("+%d =%d -%d", w.Wins, w.Draws, w.Losses) }

// firstMoveRow names the ratings table's last row, the fitted advantage of White.
const firstMoveRow = "first-move advantage"

// Endings are the reasons a game ends, in the order tables list them: the rules' endings,
// the cap, a tablebase adjudication, the adjudications by score, then the forfeits.
var endings = append([]string{"no-pieces", "no-moves", "paika-limit", "max-plies", record.AdjudicatedReason, record.ResignReason, record.DrawReason}, record.ForfeitReasons...)

// wdlOf is the results a row's estimates count: every game's, or its distinct games'.
func wdlOf(all, distinct stats.WDL, method string) stats.WDL {
	if method == summary.MethodDistinct {
		return distinct
	}
	return all
}

// Tables returns the tables of s, in report order. Each row shows its games, its distinct
// games, and what its estimates count (every game, or each distinct game once when
// games repeat), as package summary decided.
func Tables(s *summary.Summary) []Table {
	conf := fmt.Sprintf("%.0f%%", summary.Confidence*100)
	var out []Table
	if len(s.Players) > 0 {
		t := Table{ID: "standings", Title: "Standings (self-play games excluded), " + conf + " intervals",
			Methods: []string{methodCounts, methodScore, methodElo},
			Columns: []string{"player", "games", "distinct", "counts", "W/D/L", "score", "Elo vs field", "as White", "as Black"}}
		for _, p := range s.Players {
			t.Rows = append(t.Rows, []string{p.Player, fmt.Sprint(p.Games), fmt.Sprint(p.DistinctGames), p.Method, fwdl(wdlOf(p.WDL, p.DistinctWDL, p.Method)),
				fest(p.Score, 3), fest(p.Elo, 0), fwdl(p.AsWhite), fwdl(p.AsBlack)})
		}
		out = append(out, t)
	}
	if len(s.Pairs) > 0 {
		t := Table{ID: "head-to-head", Title: "Head to head (A's results), " + conf + " intervals",
			Methods: []string{methodCounts, methodScore, methodElo, methodLOS, methodPent},
			Columns: []string{"A", "B", "games", "distinct", "counts", "W/D/L", "score", "Elo", "LOS", "pentanomial 0..2", "pair Elo", "SPRT"}}
		sprtNamed, stopNamed := false, false
		for _, p := range s.Pairs {
			sprt, naive := "-", ""
			if p.SPRT != nil {
				sprt = fmt.Sprintf("LLR %s (%s, %s) %s", fnum(p.SPRT.LLR, 2), fnum(p.SPRT.Lower, 2), fnum(p.SPRT.Upper, 2), p.SPRT.Decision)
				if !sprtNamed {
					t.Methods, sprtNamed = append(t.Methods, methodSPRT), true
				}
				if p.SPRT.Stopped {
					naive = " naive"
					if !stopNamed {
						t.Methods, stopNamed = append(t.Methods, methodSPRTStop), true
					}
				}
				if c := p.SPRT.Corrected; c != nil {
					sprt += fmt.Sprintf(", stopped; corrected score %s, Elo %s", fest(c.Score, 3), fest(c.Elo, 0))
				}
			}
			pent := p.Pentanomial
			if p.Method == summary.MethodDistinct {
				pent = p.DistinctPentanomial
			}
			pentCell := fmt.Sprint(pent)
			if p.UnpairedGames > 0 {
				pentCell = fmt.Sprintf("%v + %d unpaired", pent, p.UnpairedGames)
				t.Note = methodUnpaired
			}
			t.Rows = append(t.Rows, []string{p.A, p.B, fmt.Sprint(p.Games), fmt.Sprint(p.DistinctGames), p.Method, fwdl(wdlOf(p.WDL, p.DistinctWDL, p.Method)),
				fest(p.Score, 3) + naive, fest(p.Elo, 0) + naive, fnum(p.LOS, 3), pentCell, fest(p.PairElo, 0) + naive, sprt})
		}
		out = append(out, t)
	}
	if s.Ratings != nil {
		t := Table{ID: "ratings", Title: "Ratings (Bradley–Terry with BayesElo draws, mean 0), " + conf + " intervals, counting " + s.Ratings.Method,
			Methods: []string{methodRatings}, Columns: []string{"player", "Elo"}}
		if s.Ratings.Error != "" {
			t.Note = "fit failed: " + s.Ratings.Error
		} else {
			for i, p := range s.Ratings.Players {
				t.Rows = append(t.Rows, []string{p, fest(s.Ratings.Elo[i], 0)})
			}
			t.Rows = append(t.Rows, []string{firstMoveRow, fest(s.Ratings.FirstMove, 0) + " Elo"})
			if hasUnpaired(s) {
				t.Note = noteFixedColours
			}
		}
		out = append(out, t)
	}
	title, mixed := whiteScoreTitle(s)
	t := Table{ID: "first-move", Title: title + ", " + conf + " intervals",
		Methods: []string{methodCounts, methodScore, methodWinRates, methodSignTest},
		Columns: []string{"matchup", "games", "distinct", "counts", "W/D/L", "White score", "White win", "draw", "Black win", "p (sign test)"}}
	if mixed {
		t.Columns = append(t.Columns, "measures")
	}
	for _, f := range s.FirstMove {
		row := []string{f.Matchup, fmt.Sprint(f.Games), fmt.Sprint(f.DistinctGames), f.Method, fwdl(wdlOf(f.White, f.DistinctWhite, f.Method)),
			fest(f.Score, 3), fest(f.WinRate, 3), fest(f.Draw, 3), fest(f.Loss, 3), fnum(f.PValue, 4)}
		if mixed {
			row = append(row, f.Measures)
		}
		t.Rows = append(t.Rows, row)
	}
	switch {
	case hasUnpaired(s):
		t.Note = noteFixedColours
	case len(s.Pairs) > 0 && onSet(s):
		t.Note = noteColourSwapped + " " + crossLevelFirstMove(s) + " (On a set the edge is the side to move's on it, not the first-move advantage.)"
	case len(s.Pairs) > 0:
		t.Note = crossLevelFirstMove(s)
	}
	out = append(out, t)
	if len(s.FirstTurns) > 0 {
		title := "First-move advantage by White's first turn (games from the start position)"
		if slices.ContainsFunc(s.FirstTurns, func(f summary.FirstTurnStats) bool { return f.Measures == summary.MeasuresRandomPlies }) {
			title = "White's results by White's first turn, after random plies (not each first turn's value: that is --openings firstmove)"
		}
		t := Table{ID: "first-turn", Title: title + ", " + conf + " intervals",
			Methods: []string{methodCounts, methodScore, methodWinRates, methodSignTest},
			Columns: []string{"matchup", "first turn", "games", "distinct", "counts", "W/D/L", "White score", "White win", "draw", "Black win", "p (sign test)"}}
		for _, f := range s.FirstTurns {
			if strings.Contains(f.Matchup, " vs ") {
				t.Note = noteFirstTurnOfTwo
			}
			t.Rows = append(t.Rows, []string{f.Matchup, f.FirstTurn, fmt.Sprint(f.Games), fmt.Sprint(f.DistinctGames), f.Method, fwdl(wdlOf(f.White, f.DistinctWhite, f.Method)),
				fest(f.Score, 3), fest(f.WinRate, 3), fest(f.Draw, 3), fest(f.Loss, 3), fnum(f.PValue, 4)})
		}
		out = append(out, t)
	}
	t = Table{ID: "lengths", Title: "Game length in plies (every game; natural endings, capped games counted apart)",
		Methods: []string{methodQuantiles},
		Columns: []string{"matchup", "games", "distinct", "mean", "sd", "min", "q5", "q25", "median", "q75", "q95", "max", "capped", "endings"}}
	for _, l := range s.Lengths {
		n := l.Natural
		var reasons []string
		for _, r := range endings {
			if c := l.Reasons[r]; c > 0 {
				reasons = append(reasons, fmt.Sprintf("%s %d", r, c))
			}
		}
		t.Rows = append(t.Rows, []string{l.Matchup, fmt.Sprint(l.Games), fmt.Sprint(l.DistinctGames), fnum(n.Mean, 1), fnum(n.StdDev, 1),
			fnum(n.Min, 0), fnum(n.Q5, 0), fnum(n.Q25, 0), fnum(n.Median, 0), fnum(n.Q75, 0), fnum(n.Q95, 0), fnum(n.Max, 0), fmt.Sprint(l.Capped), strings.Join(reasons, ", ")})
	}
	out = append(out, t)
	return out
}

// WriteText prints the summary's tables for a terminal: a header line with the counts,
// then each table with its title, columns aligned, and the methods of its intervals.
func WriteText(w io.Writer, s *summary.Summary) error {
	fmt.Fprintf(w, "%d games, %d distinct games, %d distinct openings, %d run%s; intervals are %.0f%%.\n",
		s.Games, s.DistinctGames, s.DistinctOpenings, s.Runs, plural(s.Runs), summary.Confidence*100)
	return writeTables(w, Tables(s))
}

// writeTables prints the tables, then the methods of their intervals once each: on a
// terminal the methods would otherwise repeat under every table.
func writeTables(w io.Writer, tables []Table) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var methods []string
	for _, t := range tables {
		fmt.Fprintf(tw, "\n%s\n", t.Title)
		fmt.Fprintln(tw, strings.Join(t.Columns, "\t"))
		for _, r := range t.Rows {
			fmt.Fprintln(tw, strings.Join(r, "\t"))
		}
		if t.Note != "" {
			fmt.Fprintln(tw, t.Note)
		}
		for _, m := range t.Methods {
			if !slices.Contains(methods, m) {
				methods = append(methods, m)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nMethods")
	for _, m := range methods {
		fmt.Fprintf(w, "- %s\n", m)
	}
	return nil
}

// WriteStats prints what stats read (summary.Stats): the tables of the first set, then,
// with a second set, the comparison of the two sets' game lengths; or with asJSON
// res.Comparison, indented (the summary.json format).
func WriteStats(w io.Writer, res *summary.StatsResult, setA, setB []string, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(res.Comparison)
	}
	if err := WriteText(w, res.Summary); err != nil {
		return err
	}
	if res.Lengths != nil {
		if err := WriteComparison(w, setA, setB, *res.Lengths); err != nil {
			return err
		}
	}
	if ss := res.SampleSize; ss != nil {
		_, err := fmt.Fprintf(w, "\nSample size (two-sided test of a score against 0.5 at level %g, normal approximation, draw rate %.3f of these games): "+
			"a true score of %.3f needs %d games for power %.2f; these %d games had power %.2f to detect it\n",
			ss.Alpha, ss.DrawRate, 0.5+ss.Edge, ss.GamesNeeded, ss.Power, ss.Games, ss.PowerOfGames)
		return err
	}
	return nil
}

// WriteComparison prints the two-sample Kolmogorov–Smirnov comparison of the game lengths
// of two sets of files, naming the files of each.
func WriteComparison(w io.Writer, setA, setB []string, ks summary.LengthComparison) error {
	p := "asymptotic"
	if ks.Exact {
		p = "exact"
	}
	_, err := fmt.Fprintf(w, "\nGame lengths, %s (%d) vs %s (%d), %s: two-sample Kolmogorov–Smirnov D = %.4f, p = %.4g (%s)\n",
		strings.Join(setA, " "), ks.N, strings.Join(setB, " "), ks.M, ks.Method, ks.D, ks.PValue, p)
	return err
}
