// report.go: the summary as plain-text tables for the terminal.

package tournament

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

func fnum(n Num, prec int) string {
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

func fest(e Est, prec int) string {
	return fmt.Sprintf("%s [%s, %s]", fnum(e.Value, prec), fnum(e.Lo, prec), fnum(e.Hi, prec))
}

func fwdl(w WDL) string { return fmt.Sprintf("+%d =%d -%d", w.Wins, w.Draws, w.Losses) }

// fcounted writes the results the estimates count: every game's, or the distinct games'
// followed by every game's.
func fcounted(all, distinct WDL, method string) string {
	if method == MethodDistinct {
		return fmt.Sprintf("%s (all games %s)", fwdl(distinct), fwdl(all))
	}
	return fwdl(all)
}

// WriteReport prints the standings, head-to-head results, ratings, first-move advantage
// and game-length tables of s.
func WriteReport(out io.Writer, s *Summary) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "%d games, %d distinct games, %d distinct openings, %d run(s); intervals are %.0f%%.\n", s.Games, s.DistinctGames, s.DistinctOpenings, s.Runs, Confidence*100)
	fmt.Fprintln(w, "Each row's estimates count the games its \"method\" column names: every game, or each distinct game once when games repeat.")
	if len(s.Players) > 0 {
		fmt.Fprintln(w, "\nStandings (self-play games excluded)")
		fmt.Fprintln(w, "player\tgames\tdistinct\tW/D/L\tmethod\tscore\tElo vs field\tas White\tas Black")
		for _, p := range s.Players {
			fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Player, p.Games, p.DistinctGames, fcounted(p.WDL, p.DistinctWDL, p.Method), p.Method, fest(p.Score, 3), fest(p.Elo, 0), fwdl(p.AsWhite), fwdl(p.AsBlack))
		}
	}
	if len(s.Pairs) > 0 {
		fmt.Fprintln(w, "\nHead to head (A's results; pentanomial over complete colour-swapped pairs)")
		fmt.Fprintln(w, "A\tB\tgames\tdistinct\tW/D/L\tmethod\tscore\tElo\tLOS\tpentanomial 0..2\tpair Elo\tSPRT")
		for _, p := range s.Pairs {
			sprt := "-"
			if p.SPRT != nil {
				sprt = fmt.Sprintf("LLR %s (%s, %s) %s", fnum(p.SPRT.LLR, 2), fnum(p.SPRT.Lower, 2), fnum(p.SPRT.Upper, 2), p.SPRT.Decision)
			}
			pent := p.Pentanomial
			if p.Method == MethodDistinct {
				pent = p.DistinctPentanomial
			}
			fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%v\t%s\t%s\n", p.A, p.B, p.Games, p.DistinctGames, fcounted(p.WDL, p.DistinctWDL, p.Method), p.Method, fest(p.Score, 3), fest(p.Elo, 0), fnum(p.LOS, 3), pent, fest(p.PairElo, 0), sprt)
		}
	}
	if s.Ratings != nil {
		fmt.Fprintf(w, "\nRatings (Bradley–Terry with BayesElo draws, mean 0; %s)\n", s.Ratings.Method)
		if s.Ratings.Error != "" {
			fmt.Fprintf(w, "fit failed: %s\n", s.Ratings.Error)
		} else {
			fmt.Fprintln(w, "player\tElo")
			for i, p := range s.Ratings.Players {
				fmt.Fprintf(w, "%s\t%s\n", p, fest(s.Ratings.Elo[i], 0))
			}
			fmt.Fprintf(w, "first-move advantage\t%s Elo\n", fest(s.Ratings.FirstMove, 0))
		}
	}
	fmt.Fprintln(w, "\nFirst-move advantage (White's results)")
	fmt.Fprintln(w, "matchup\tgames\tdistinct\tW/D/L\tmethod\tWhite score\tWhite win\tdraw\tBlack win\tp (sign test)")
	for _, f := range s.FirstMove {
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", f.Matchup, f.Games, f.DistinctGames, fcounted(f.White, f.DistinctWhite, f.Method), f.Method, fest(f.Score, 3), fest(f.WinRate, 3), fest(f.Draw, 3), fest(f.Loss, 3), fnum(f.PValue, 4))
	}
	fmt.Fprintln(w, "\nGame length in plies over every game (natural endings; capped games counted apart)")
	fmt.Fprintln(w, "matchup\tnatural\tdistinct games\tmean\tsd\tmin\tq5\tq25\tmedian\tq75\tq95\tmax\tcapped\tendings")
	for _, l := range s.Lengths {
		n := l.Natural
		var reasons []string
		for _, r := range []string{"no-pieces", "no-moves", "paika-limit", "max-plies"} {
			if c := l.Reasons[r]; c > 0 {
				reasons = append(reasons, fmt.Sprintf("%s %d", r, c))
			}
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", l.Matchup, n.Count, l.DistinctGames, fnum(n.Mean, 1), fnum(n.StdDev, 1),
			fnum(n.Min, 0), fnum(n.Q5, 0), fnum(n.Q25, 0), fnum(n.Median, 0), fnum(n.Q75, 0), fnum(n.Q95, 0), fnum(n.Max, 0), l.Capped, strings.Join(reasons, ", "))
	}
	return w.Flush()
}
