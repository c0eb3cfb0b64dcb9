// group.go: grouping records (by matchup, player or opening) into the plain values the
// charts take.

package report

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament/summary"
)

// Groupings of games.
const (
	ByMatchup = "matchup" // the two specs whatever the colours; self-play: the spec alone
	ByPlayer  = "player"  // every game a spec played (a self-play game once)
	ByOpening = "opening" // the position the game started from
)

// CheckBy checks a grouping name.
func CheckBy(by string) error {
	switch by {
	case ByMatchup, ByPlayer, ByOpening:
		return nil
	}
	return &engine.SettingError{Name: "by", Text: fmt.Sprintf("by %q: want %s, %s or %s", by, ByMatchup, ByPlayer, ByOpening)}
}

// groupNames returns the groups a record belongs to.
func groupNames(r *record.Record, by string) []string {
	switch by {
	case ByPlayer:
		if r.White == r.Black {
			return []string{r.White}
		}
		return []string{r.White, r.Black}
	case ByOpening:
		return []string{r.Opening}
	}
	return []string{summary.MatchupOf(r.White, r.Black).String()}
}

// Group returns the names of the groups of recs (sorted) and the indices of each
// group's records, in the records' order.
func Group(recs []record.Record, by string) (names []string, idx map[string][]int) {
	idx = map[string][]int{}
	for i := range recs {
		for _, g := range groupNames(&recs[i], by) {
			if _, ok := idx[g]; !ok {
				names = append(names, g)
			}
			idx[g] = append(idx[g], i)
		}
	}
	slices.Sort(names)
	return names, idx
}

// LengthSeries returns the game lengths of each group.
func LengthSeries(recs []record.Record, by string) []chart.LengthSeries {
	names, idx := Group(recs, by)
	out := make([]chart.LengthSeries, len(names))
	for k, n := range names {
		s := chart.LengthSeries{Name: n}
		for _, i := range idx[n] {
			s.Plies = append(s.Plies, recs[i].Plies)
			s.Capped = append(s.Capped, recs[i].Capped())
		}
		out[k] = s
	}
	return out
}

// FirstMoveRows returns each group's results seen from White.
func FirstMoveRows(recs []record.Record, by string) []chart.FirstMoveRow {
	names, idx := Group(recs, by)
	out := make([]chart.FirstMoveRow, len(names))
	for k, n := range names {
		out[k].Name = n
		for _, i := range idx[n] {
			out[k].White = out[k].White.Add(resultWDL(recs[i].WhiteScore()))
		}
	}
	return out
}

func resultWDL(score float64) stats.WDL {
	switch score {
	case 1:
		return stats.WDL{Wins: 1}
	case 0:
		return stats.WDL{Losses: 1}
	}
	return stats.WDL{Draws: 1}
}

// RatingGames returns the players (sorted specs) of the games between two different
// specs, and those games; self-play games carry no rating information and are left out.
func RatingGames(recs []record.Record) ([]string, []stats.Game) {
	var names []string
	for _, r := range recs {
		if r.White != r.Black {
			names = append(names, r.White, r.Black)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	var games []stats.Game
	for _, r := range recs {
		if r.White != r.Black {
			w, _ := slices.BinarySearch(names, r.White)
			b, _ := slices.BinarySearch(names, r.Black)
			games = append(games, stats.Game{White: w, Black: b, Score: r.WhiteScore()})
		}
	}
	return names, games
}

// PairResults returns the players ordered by their total score against the others (best
// first, ties by name) and wdl[i][j], player i's results against player j.
func PairResults(recs []record.Record) ([]string, [][]stats.WDL) {
	names, games := RatingGames(recs)
	wdl := squareWDL(len(names))
	for _, g := range games {
		r := resultWDL(g.Score)
		wdl[g.White][g.Black] = wdl[g.White][g.Black].Add(r)
		wdl[g.Black][g.White] = wdl[g.Black][g.White].Add(r.Swap())
	}
	return orderByScore(names, wdl)
}

// SummaryPairResults is [PairResults] from a summary's head-to-head rows, so that the
// matrix counts what the head-to-head table counts.
func SummaryPairResults(pairs []summary.PairStats) ([]string, [][]stats.WDL) {
	var names []string
	for _, p := range pairs {
		names = append(names, p.A, p.B)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	wdl := squareWDL(len(names))
	for _, p := range pairs {
		a, _ := slices.BinarySearch(names, p.A)
		b, _ := slices.BinarySearch(names, p.B)
		w := counted(p)
		wdl[a][b] = wdl[a][b].Add(w)
		wdl[b][a] = wdl[b][a].Add(w.Swap())
	}
	return orderByScore(names, wdl)
}

// counted is the results a head-to-head row's estimates count.
func counted(p summary.PairStats) stats.WDL {
	w := wdlOf(p.WDL, p.DistinctWDL, p.Method)
	return stats.WDL{Wins: w.Wins, Draws: w.Draws, Losses: w.Losses}
}

func squareWDL(n int) [][]stats.WDL {
	wdl := make([][]stats.WDL, n)
	for i := range wdl {
		wdl[i] = make([]stats.WDL, n)
	}
	return wdl
}

// orderByScore sorts the players by total score against the others, best first (ties
// keep the given order), and the results matrix with them.
func orderByScore(names []string, wdl [][]stats.WDL) ([]string, [][]stats.WDL) {
	n := len(names)
	total := make([]stats.WDL, n)
	for i := range n {
		for j := range n {
			total[i] = total[i].Add(wdl[i][j])
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(total[b].Score(), total[a].Score()) })
	sortedNames := make([]string, n)
	sorted := make([][]stats.WDL, n)
	for i, oi := range order {
		sortedNames[i] = names[oi]
		sorted[i] = make([]stats.WDL, n)
		for j, oj := range order {
			sorted[i][j] = wdl[oi][oj]
		}
	}
	return sortedNames, sorted
}
