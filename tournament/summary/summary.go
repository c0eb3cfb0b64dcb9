// summary.go: the statistics of a set of records, accumulated one record at a time in
// constant memory (a few bytes a distinct game): standings, pairwise results with
// pentanomial counts and SPRT, ratings with a fitted first-move advantage, first-move
// advantage per matchup, and game lengths. All maths is package stats'.

// Package summary owns the statistics of a set of game records: the Accumulator, which
// takes records one at a time in constant memory, and the Summary it produces (what
// summary.json holds). It reads records (package record) and does its maths with package
// stats; it knows nothing of how the games were played.
package summary

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/fanorona/fanorona/stats"
)

// Confidence is the level of every interval reported.
const Confidence = 0.95

// Num is a float64 whose JSON form states every value unambiguously: a number, the
// strings "+inf" and "-inf" for the infinities (an unbounded interval end), and null for
// NaN (no data).
type Num float64

// MarshalJSON implements json.Marshaler.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return []byte("null"), nil
	case math.IsInf(f, 1):
		return []byte(`"+inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-inf"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', 8, 64), nil
}

// UnmarshalJSON implements json.Unmarshaler: null reads as NaN, "+inf" and "-inf" as the
// infinities.
func (n *Num) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "null":
		*n = Num(math.NaN())
		return nil
	case `"+inf"`:
		*n = Num(math.Inf(1))
		return nil
	case `"-inf"`:
		*n = Num(math.Inf(-1))
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("number %s: expected a number, \"+inf\", \"-inf\" or null", b)
	}
	*n = Num(f)
	return nil
}

// The methods an interval can be computed with (the "method" fields of summary.json).
const (
	// MethodAll: every game is a different game: each counts once.
	MethodAll = "all games"
	// MethodDistinct: some games repeat (identical turns from the same opening, same
	// players and rules); each distinct game counts once, its repeats add nothing.
	MethodDistinct = "distinct games"
)

// counted returns what a set of games' estimates count: all, the value over every game,
// or, when some games repeat (fewer distinct than games), dist, the value over the
// distinct games.
func counted[T any](games, distinct int, all, dist T) T {
	if distinct < games {
		return dist
	}
	return all
}

// method names what counted chose.
func method(games, distinct int) string { return counted(games, distinct, MethodAll, MethodDistinct) }

// Est is an estimate with its interval.
type Est struct {
	Value Num `json:"value"`
	Lo    Num `json:"lo"`
	Hi    Num `json:"hi"`
}

func est(e stats.Estimate) Est { return Est{Num(e.Value), Num(e.Lo), Num(e.Hi)} }

// addScore counts one game of score 1, ½ or 0 into w.
func addScore(w *stats.WDL, score float64) {
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
	Player        string    `json:"player"`
	Games         int       `json:"games"`
	DistinctGames int       `json:"distinct_games"`
	Method        string    `json:"method"` // what Score and Elo count: MethodAll or MethodDistinct
	WDL           stats.WDL `json:"wdl"`
	DistinctWDL   stats.WDL `json:"distinct_wdl"`
	Score         Est       `json:"score"`    // mean score with its interval (package stats' WDL.ScoreInterval)
	Elo           Est       `json:"elo"`      // logistic Elo of the score against the field
	AsWhite       stats.WDL `json:"as_white"` // results with White
	AsBlack       stats.WDL `json:"as_black"` // results with Black
}

// PairStats is the head-to-head result of A against B.
type PairStats struct {
	A             string    `json:"a"`
	B             string    `json:"b"`
	Games         int       `json:"games"`
	DistinctGames int       `json:"distinct_games"`
	Method        string    `json:"method"` // what the estimates, LOS, pair Elo and SPRT count
	WDL           stats.WDL `json:"wdl"`    // from A's side, every game
	DistinctWDL   stats.WDL `json:"distinct_wdl"`
	Score         Est       `json:"score"`
	Elo           Est       `json:"elo"`
	LOS           Num       `json:"los"`         // likelihood that A is stronger
	Pentanomial   [5]int    `json:"pentanomial"` // A's score over complete colour-swapped pairs: 0, ½, 1, 1½, 2
	// DistinctPentanomial counts each distinct pair (both games the same) once.
	DistinctPentanomial [5]int    `json:"distinct_pentanomial"`
	PairElo             Est       `json:"pair_elo"` // Elo from the pentanomial (the method's counts)
	SPRT                *SPRTStat `json:"sprt,omitempty"`
	// UnpairedGames counts games without a colour-swapped partner (fixed colours): they
	// are in the W/D/L counts and the score but in no pentanomial count, and with any of
	// them the SPRT is over single games (SPRTTrinomial).
	UnpairedGames int `json:"unpaired_games,omitempty"`
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
	Model    string  `json:"model"`    // SPRTPentanomial or SPRTTrinomial: what the test counts
	// Stopped: the run stopped on the tests' decisions. The pair's score, elo and
	// pair_elo are then fixed-sample estimates conditional on the stop (naive: an early
	// stop comes when the data look extreme), and Corrected is the estimate corrected
	// for the stop.
	Stopped   bool           `json:"stopped,omitempty"`
	Corrected *SPRTCorrected `json:"corrected,omitempty"`
}

// SPRTCorrected is a stopped test's estimate corrected for the stop (package stats'
// SPRTStopped): median-unbiased, with its interval.
type SPRTCorrected struct {
	Method string `json:"method"` // MethodStoppedBrownian
	Score  Est    `json:"score"`  // per-game score of A
	Elo    Est    `json:"elo"`
}

// MethodStoppedBrownian names the correction of SPRTCorrected.
const MethodStoppedBrownian = "median-unbiased under the stopped Brownian model of the LLR (Van den Bergh, as fishtest)"

// The models a pair's SPRT counts with (SPRTStat.Model).
const (
	// SPRTPentanomial: the scores of colour-swapped pairs (0, ½, 1, 1½, 2).
	SPRTPentanomial = "pentanomial"
	// SPRTTrinomial: the scores of single games (0, ½, 1), when games are unpaired.
	SPRTTrinomial = "trinomial"
)

// SPRTConfig sets the hypotheses of a sequential test (Elo of A over B).
type SPRTConfig struct{ Elo0, Elo1, Alpha, Beta float64 }

// RatingStats is the joint fit of every player's rating.
type RatingStats struct {
	Method    string   `json:"method"`
	Players   []string `json:"players"`
	Elo       []Est    `json:"elo"`        // mean 0
	FirstMove Est      `json:"first_move"` // fitted White advantage in Elo
	DrawElo   Num      `json:"draw_elo"`
	Error     string   `json:"error,omitempty"`
}

// What White's score measures (FirstMoveStats.Measures), decided by where the games
// began.
const (
	// MeasuresFirstMove: every game is a game from the start position, played from there
	// (--openings start).
	MeasuresFirstMove = "first-move advantage"
	// MeasuresSetFirstTurn: every game is a game from the start whose first turn the
	// openings set (--openings firstmove): the first-move advantage over the first turns as
	// often as the openings play them, not over the turns the level would choose.
	MeasuresSetFirstTurn = "first-move advantage with White's first turn set by the openings"
	// MeasuresRandomPlies: every game is a game from the start whose first turn and some
	// uniformly random plies after it the openings set (--openings firstmove:K, K > 0).
	// Random plies leave the side that moves next something to take, so White's score
	// follows their parity (docs/OPENING.md): neither the first-move advantage nor a first
	// turn's value.
	MeasuresRandomPlies = "White's score after its first turn and random plies (not the first-move advantage)"
	// MeasuresSideToMove: every game began at another position with White to move (a set
	// of openings after an even number of plies): White's score there is the side to
	// move's score on the set, not the game's first-move advantage.
	MeasuresSideToMove = "side to move's score on the set"
	// MeasuresSideNotToMove: every game began at another position with Black to move.
	MeasuresSideNotToMove = "score of the side not to move on the set"
	// MeasuresMixed: the games began at positions of both kinds.
	MeasuresMixed = "White's score on mixed openings"
)

// FirstMoveStats is White's results in one matchup (or "all").
type FirstMoveStats struct {
	Matchup       string    `json:"matchup"`
	Games         int       `json:"games"`
	DistinctGames int       `json:"distinct_games"`
	Method        string    `json:"method"` // what the estimates and p count
	White         stats.WDL `json:"white"`  // every game
	DistinctWhite stats.WDL `json:"distinct_white"`
	Score         Est       `json:"score"`     // White's score, trinomial normal interval
	Elo           Est       `json:"elo"`       // the same as Elo
	WinRate       Est       `json:"win_rate"`  // Clopper–Pearson
	Draw          Est       `json:"draw_rate"` // Clopper–Pearson
	Loss          Est       `json:"loss_rate"` // Clopper–Pearson
	PValue        Num       `json:"p_value"`   // exact sign test of White wins vs Black wins (draws excluded)

	// Measures says what White's score here measures: MeasuresFirstMove,
	// MeasuresSetFirstTurn, MeasuresSideToMove, MeasuresSideNotToMove or MeasuresMixed.
	Measures string `json:"measures"`
}

// FirstTurnStats is White's results in one matchup over the games whose first turn from
// the start position was FirstTurn (Record.FirstTurn).
type FirstTurnStats struct {
	FirstTurn string `json:"first_turn"`
	FirstMoveStats
}

// LengthRow is the game-length distribution of one matchup (or "all"), in plies.
type LengthRow struct {
	Matchup       string         `json:"matchup"`
	Games         int            `json:"games"`
	DistinctGames int            `json:"distinct_games"` // the lengths count every game
	All           LengthSummary  `json:"all"`
	Natural       LengthSummary  `json:"natural"` // games that ended by the rules
	Capped        int            `json:"capped"`  // games stopped by the ply cap
	Reasons       map[string]int `json:"reasons"` // games per ending reason
	Hist          Histogram      `json:"histogram"`
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
	// Run is the run's configuration as its run.json holds it, when the summary is of
	// one run (record.RunInfo reads the fields a reader needs).
	Run              json.RawMessage  `json:"run,omitempty"`
	Games            int              `json:"games"`
	DistinctGames    int              `json:"distinct_games"`    // games counted once per identical turn sequence
	DistinctOpenings int              `json:"distinct_openings"` // different opening positions among the games
	Runs             int              `json:"runs"`              // runs the games come from (a file without run ids is one run)
	Players          []PlayerStats    `json:"players"`
	Pairs            []PairStats      `json:"pairs"`
	Ratings          *RatingStats     `json:"ratings,omitempty"`
	FirstMove        []FirstMoveStats `json:"first_move"`
	Lengths          []LengthRow      `json:"lengths"`

	// FirstTurns is White's results per matchup and first turn, over the games from the
	// start position (absent when none).
	FirstTurns []FirstTurnStats `json:"first_turns,omitempty"`
}

func nan() float64 { return math.NaN() }
