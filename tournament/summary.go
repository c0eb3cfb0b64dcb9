// summary.go: the statistics of a set of records: standings, pairwise results with
// pentanomial counts and SPRT, ratings with a fitted first-move advantage, first-move
// advantage per matchup, and game lengths. All maths is package stats'.

package tournament

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"

	"github.com/fanorona/fanorona/stats"
)

// Confidence is the level of every interval reported.
const Confidence = 0.95

// Num is a float64 that encodes NaN and ±Inf as JSON null (an unbounded interval end, or
// no data).
type Num float64

// MarshalJSON implements json.Marshaler.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', 8, 64), nil
}

// UnmarshalJSON implements json.Unmarshaler (null reads as NaN).
func (n *Num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = Num(math.NaN())
		return nil
	}
	var f float64
	err := json.Unmarshal(b, &f)
	*n = Num(f)
	return err
}

// Est is an estimate with its interval.
type Est struct {
	Value Num `json:"value"`
	Lo    Num `json:"lo"`
	Hi    Num `json:"hi"`
}

func est(e stats.Estimate) Est { return Est{Num(e.Value), Num(e.Lo), Num(e.Hi)} }

// WDL counts wins, draws and losses.
type WDL struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

func (w WDL) stats() stats.WDL { return stats.WDL{Wins: w.Wins, Draws: w.Draws, Losses: w.Losses} }

func (w *WDL) add(score float64) {
	switch score {
	case 1:
		w.Wins++
	case 0:
		w.Losses++
	default:
		w.Draws++
	}
}

// PlayerStats is one player's results against other players (self-play games excluded).
type PlayerStats struct {
	Player  string `json:"player"`
	Games   int    `json:"games"`
	WDL     WDL    `json:"wdl"`
	Score   Est    `json:"score"`    // mean score, trinomial normal interval
	Elo     Est    `json:"elo"`      // logistic Elo of the score against the field
	AsWhite WDL    `json:"as_white"` // results with White
	AsBlack WDL    `json:"as_black"` // results with Black
}

// PairStats is the head-to-head result of A against B.
type PairStats struct {
	A           string    `json:"a"`
	B           string    `json:"b"`
	Games       int       `json:"games"`
	WDL         WDL       `json:"wdl"` // from A's side
	Score       Est       `json:"score"`
	Elo         Est       `json:"elo"`
	LOS         Num       `json:"los"`         // likelihood that A is stronger
	Pentanomial [5]int    `json:"pentanomial"` // A's score over complete colour-swapped pairs: 0, ½, 1, 1½, 2
	PairElo     Est       `json:"pair_elo"`    // Elo from the pentanomial variance
	SPRT        *SPRTStat `json:"sprt,omitempty"`
}

// SPRTStat is a sequential test's state.
type SPRTStat struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	LLR      Num     `json:"llr"`
	Lower    Num     `json:"lower"`
	Upper    Num     `json:"upper"`
	Decision string  `json:"decision"` // "continue", "H0" (not stronger by elo1), "H1"
}

// SPRTConfig sets the hypotheses of a sequential test (Elo of A over B).
type SPRTConfig struct{ Elo0, Elo1, Alpha, Beta float64 }

// RatingStats is the joint fit of every player's rating.
type RatingStats struct {
	Players   []string `json:"players"`
	Elo       []Est    `json:"elo"`        // mean 0
	FirstMove Est      `json:"first_move"` // fitted White advantage in Elo
	DrawElo   Num      `json:"draw_elo"`
	Error     string   `json:"error,omitempty"`
}

// FirstMoveStats is White's results in one matchup (or "all").
type FirstMoveStats struct {
	Matchup string `json:"matchup"`
	Games   int    `json:"games"`
	White   WDL    `json:"white"`
	Score   Est    `json:"score"`     // White's score, trinomial normal interval
	Elo     Est    `json:"elo"`       // the same as Elo
	WinRate Est    `json:"win_rate"`  // Clopper–Pearson
	Draw    Est    `json:"draw_rate"` // Clopper–Pearson
	Loss    Est    `json:"loss_rate"` // Clopper–Pearson
	PValue  Num    `json:"p_value"`   // exact sign test of White wins vs Black wins (draws excluded)
}

// LengthRow is the game-length distribution of one matchup (or "all"), in plies.
type LengthRow struct {
	Matchup string         `json:"matchup"`
	All     LengthSummary  `json:"all"`
	Natural LengthSummary  `json:"natural"` // games that ended by the rules
	Capped  int            `json:"capped"`  // games stopped by the ply cap
	Reasons map[string]int `json:"reasons"` // games per ending reason
	Hist    Histogram      `json:"histogram"`
}

// LengthSummary is stats.Summary in JSON form.
type LengthSummary struct {
	Count  int `json:"count"`
	Mean   Num `json:"mean"`
	StdDev Num `json:"sd"`
	Min    Num `json:"min"`
	Q5     Num `json:"q5"`
	Q25    Num `json:"q25"`
	Median Num `json:"median"`
	Q75    Num `json:"q75"`
	Q95    Num `json:"q95"`
	Max    Num `json:"max"`
}

func lengthSummary(s stats.Summary) LengthSummary {
	return LengthSummary{s.Count, Num(s.Mean), Num(s.StdDev), Num(s.Min), Num(s.Q5), Num(s.Q25), Num(s.Median), Num(s.Q75), Num(s.Q95), Num(s.Max)}
}

// Histogram is a length histogram: Edges has one more entry than each count list.
type Histogram struct {
	Edges   []float64 `json:"edges"`
	Natural []int     `json:"natural"`
	Capped  []int     `json:"capped"`
}

// Summary is what summary.json holds.
type Summary struct {
	Config    *Config          `json:"run,omitempty"`
	Games     int              `json:"games"`
	Players   []PlayerStats    `json:"players"`
	Pairs     []PairStats      `json:"pairs"`
	Ratings   *RatingStats     `json:"ratings,omitempty"`
	FirstMove []FirstMoveStats `json:"first_move"`
	Lengths   []LengthRow      `json:"lengths"`
}

// Matchup names the two specs of a game without regard to colour: "X" for self-play,
// otherwise "X vs Y" with X < Y.
func Matchup(white, black string) string {
	if white == black {
		return white
	}
	if black < white {
		white, black = black, white
	}
	return white + " vs " + black
}

// Summarize computes the statistics of recs. sprt, if not nil, is applied to every pair.
func Summarize(recs []Record, sprt *SPRTConfig) *Summary {
	sorted := append([]Record(nil), recs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Index < sorted[j].Index })
	recs = sorted
	s := &Summary{Games: len(recs), Players: []PlayerStats{}, Pairs: []PairStats{}}

	// Players, in order of first appearance.
	index := map[string]int{}
	var names []string
	addName := func(n string) {
		if _, ok := index[n]; !ok {
			index[n] = len(names)
			names = append(names, n)
		}
	}
	for _, r := range recs {
		addName(r.White)
		addName(r.Black)
	}
	ps := make([]PlayerStats, len(names))
	for i, n := range names {
		ps[i].Player = n
	}
	var fitGames []stats.Game
	for _, r := range recs {
		if r.White == r.Black {
			continue
		}
		w, b := index[r.White], index[r.Black]
		sc := r.WhiteScore()
		ps[w].WDL.add(sc)
		ps[w].AsWhite.add(sc)
		ps[b].WDL.add(1 - sc)
		ps[b].AsBlack.add(1 - sc)
		fitGames = append(fitGames, stats.Game{White: w, Black: b, Score: sc})
	}
	for i := range ps {
		w := ps[i].WDL.stats()
		ps[i].Games = w.Games()
		if ps[i].Games == 0 {
			continue
		}
		ps[i].Score = est(stats.Estimate{Value: w.Score(), Interval: w.ScoreInterval(Confidence)})
		ps[i].Elo = est(w.Elo(Confidence))
		s.Players = append(s.Players, ps[i])
	}

	// Head to head, per unordered pair of different players.
	type pairKey struct{ a, b string }
	pairs := map[pairKey]*PairStats{}
	var order []pairKey
	byPair := map[pairKey]map[int][]Record{} // pair number → its games
	for _, r := range recs {
		if r.White == r.Black {
			continue
		}
		a, b := r.White, r.Black
		if index[b] < index[a] {
			a, b = b, a
		}
		k := pairKey{a, b}
		if pairs[k] == nil {
			pairs[k] = &PairStats{A: a, B: b}
			byPair[k] = map[int][]Record{}
			order = append(order, k)
		}
		sc := r.WhiteScore()
		if r.White != a {
			sc = 1 - sc
		}
		pairs[k].WDL.add(sc)
		byPair[k][r.Pair] = append(byPair[k][r.Pair], r)
	}
	for _, k := range order {
		p := pairs[k]
		w := p.WDL.stats()
		p.Games = w.Games()
		p.Score = est(stats.Estimate{Value: w.Score(), Interval: w.ScoreInterval(Confidence)})
		p.Elo = est(w.Elo(Confidence))
		p.LOS = Num(w.LOS())
		var pent stats.Pentanomial
		for _, games := range byPair[k] {
			if len(games) != 2 {
				continue
			}
			score := func(r Record) float64 {
				if r.White == k.a {
					return r.WhiteScore()
				}
				return 1 - r.WhiteScore()
			}
			pent.AddPair(score(games[0]), score(games[1]))
		}
		p.Pentanomial = pent
		if pent.Pairs() > 0 {
			p.PairElo = est(pent.Elo(Confidence))
		} else {
			p.PairElo = Est{Num(math.NaN()), Num(math.NaN()), Num(math.NaN())}
		}
		if sprt != nil {
			res := stats.SPRT(pent, sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta)
			p.SPRT = &SPRTStat{sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, Num(res.LLR), Num(res.LowerBound), Num(res.UpperBound), decisionName(res.Decision)}
		}
		s.Pairs = append(s.Pairs, *p)
	}

	// Joint ratings with a fitted first-move advantage.
	if len(s.Players) >= 2 {
		rs := &RatingStats{}
		fit, err := stats.FitRatings(len(names), fitGames, Confidence)
		if err != nil {
			rs.Error = err.Error()
		} else {
			for i, n := range names {
				if ps[i].Games == 0 {
					continue
				}
				rs.Players = append(rs.Players, n)
				rs.Elo = append(rs.Elo, est(fit.Elo[i]))
			}
			rs.FirstMove = est(fit.FirstMove)
			rs.DrawElo = Num(fit.DrawElo)
		}
		s.Ratings = rs
	}

	// First-move advantage and lengths per matchup, then over all games.
	groups := map[string][]Record{}
	var matchups []string
	for _, r := range recs {
		m := Matchup(r.White, r.Black)
		if groups[m] == nil {
			matchups = append(matchups, m)
		}
		groups[m] = append(groups[m], r)
	}
	if len(matchups) > 1 {
		matchups = append(matchups, "all")
		groups["all"] = recs
	}
	for _, m := range matchups {
		g := groups[m]
		s.FirstMove = append(s.FirstMove, firstMoveStats(m, g))
		s.Lengths = append(s.Lengths, lengthRow(m, g))
	}
	return s
}

func decisionName(d stats.Decision) string {
	switch d {
	case stats.AcceptH0:
		return "H0"
	case stats.AcceptH1:
		return "H1"
	}
	return "continue"
}

func firstMoveStats(m string, recs []Record) FirstMoveStats {
	var w WDL
	for _, r := range recs {
		w.add(r.WhiteScore())
	}
	fm := stats.FirstMove(w.stats(), Confidence)
	return FirstMoveStats{Matchup: m, Games: fm.Games, White: w, Score: est(fm.Score), Elo: est(fm.Elo),
		WinRate: est(fm.Win), Draw: est(fm.Draw), Loss: est(fm.Loss), PValue: Num(fm.PValue)}
}

func lengthRow(m string, recs []Record) LengthRow {
	plies := make([]int, len(recs))
	capped := make([]bool, len(recs))
	row := LengthRow{Matchup: m, Reasons: map[string]int{}}
	for i, r := range recs {
		plies[i], capped[i] = r.Plies, r.Capped()
		row.Reasons[r.Reason]++
		if capped[i] {
			row.Capped++
		}
	}
	ls, err := stats.Lengths(plies, capped)
	if err != nil {
		return row
	}
	row.All, row.Natural = lengthSummary(ls.All), lengthSummary(ls.Natural)
	row.Hist = Histogram{Edges: ls.NaturalHist.Edges, Natural: ls.NaturalHist.Counts, Capped: ls.CappedHist.Counts}
	return row
}

// CompareLengths is the two-sample Kolmogorov–Smirnov comparison of two sets of games'
// lengths in plies.
func CompareLengths(a, b []Record) stats.KSResult {
	x := make([]float64, len(a))
	for i, r := range a {
		x[i] = float64(r.Plies)
	}
	y := make([]float64, len(b))
	for i, r := range b {
		y[i] = float64(r.Plies)
	}
	return stats.KS2(x, y)
}
