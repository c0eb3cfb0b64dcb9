// stats.go: the statistics of record files as stats asks for them (Stats): one set read,
// or two whose game lengths are compared.

package summary

import (
	"cmp"
	"fmt"
	"math"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats"
)

// StatsRequest is a reading of record files (games files or run folders): one set, and
// with Compare a second whose game lengths are compared with the first's.
type StatsRequest struct {
	Set, Compare []string // Compare nil: no second set
	// ReadOptions read both sets; the sequential test is run on Set only.
	ReadOptions
	// Duplicates, when set, is told after each set is read how many exact duplicate
	// records were dropped from it (also when the set is then refused).
	Duplicates func(n int)
	// Detect, when not 0, sizes a run: the games a two-sided test of a score against ½
	// needs to detect a true score of ½ + Detect with probability DetectPower (0: 0.8), at
	// the draw rate of Set's games, and the power Set's games had (SampleSize).
	Detect, DetectPower float64
}

// DetectAlpha is the level of the test SampleSize sizes (two-sided).
const DetectAlpha = 0.05

// SampleSize answers how many games detect an edge (StatsRequest.Detect), by the normal
// approximation of stats.GamesToDetect: the question a result that is not significant
// leaves open.
type SampleSize struct {
	Edge         float64 `json:"edge"`      // the score to detect is ½ + Edge
	DrawRate     float64 `json:"draw_rate"` // of the set's games (White's results over all of them)
	Alpha        float64 `json:"alpha"`
	Power        float64 `json:"power"`
	GamesNeeded  int     `json:"games_needed"`   // for Power
	Games        int     `json:"games"`          // the set's
	PowerOfGames float64 `json:"power_of_games"` // the set's games' power to detect it
}

// StatsResult is what Stats read: the summary of Set and, with Compare, the comparison
// of the sets' game lengths (Comparison is stats --json's form of both).
type StatsResult struct {
	Comparison
	Lengths *LengthComparison // nil without Compare
}

// Stats reads the request's sets (ReadFiles). An error is a set that does not read (a
// file, a line, no valid record: the reader's input).
func Stats(r StatsRequest) (*StatsResult, error) {
	if err := r.CheckDetect(); err != nil {
		return nil, err
	}
	a, err := r.read(r.Set, r.ReadOptions)
	if err != nil {
		return nil, err
	}
	res := &StatsResult{Comparison: Comparison{Summary: a.Summary()}}
	if r.Detect != 0 {
		if res.SampleSize, err = r.sampleSize(res.Summary); err != nil {
			return nil, err
		}
	}
	if r.Compare == nil {
		return res, nil
	}
	o := r.ReadOptions
	o.SPRT = nil
	b, err := r.read(r.Compare, o)
	if err != nil {
		return nil, err
	}
	ks := CompareLengths(a, b)
	res.Lengths, res.LengthKS = &ks, ks.JSON()
	return res, nil
}

func (r StatsRequest) read(paths []string, o ReadOptions) (*Accumulator, error) {
	acc, dups, err := ReadFiles(paths, o)
	if r.Duplicates != nil && dups > 0 {
		r.Duplicates(dups)
	}
	return acc, err
}

// CheckDetect refuses an edge or a power the sample size cannot be computed for, naming
// the setting (detect, power).
func (r StatsRequest) CheckDetect() error {
	switch {
	case r.Detect == 0 && r.DetectPower != 0:
		return &engine.SettingError{Name: "power", Text: fmt.Sprintf("power %v: needs --detect EDGE", r.DetectPower)}
	case r.Detect == 0:
		return nil
	case !(math.Abs(r.Detect) < 0.5):
		return &engine.SettingError{Name: "detect", Text: fmt.Sprintf("detect %v: a score edge over ½, strictly between -0.5 and 0.5 (0.02: a score of 0.52)", r.Detect)}
	case r.DetectPower != 0 && !(r.DetectPower > DetectAlpha/2 && r.DetectPower < 1):
		return &engine.SettingError{Name: "power", Text: fmt.Sprintf("power %v: must be above %v and below 1", r.DetectPower, DetectAlpha/2)}
	}
	return nil
}

// sampleSize answers the request's Detect over s, the set's summary.
func (r StatsRequest) sampleSize(s *Summary) (*SampleSize, error) {
	var all *FirstMoveStats
	for i := range s.FirstMove {
		if s.FirstMove[i].Matchup == "all" || len(s.FirstMove) == 1 {
			all = &s.FirstMove[i]
		}
	}
	if all == nil || all.Games == 0 {
		return nil, fmt.Errorf("detect: no games to take a draw rate from")
	}
	w := all.White
	ss := &SampleSize{Edge: r.Detect, DrawRate: float64(w.Draws) / float64(w.Wins+w.Draws+w.Losses), Alpha: DetectAlpha,
		Power: cmp.Or(r.DetectPower, 0.8), Games: w.Wins + w.Draws + w.Losses}
	var err error
	if ss.GamesNeeded, err = stats.GamesToDetect(ss.Edge, ss.DrawRate, ss.Alpha, ss.Power); err != nil {
		return nil, &engine.SettingError{Name: "detect", Text: fmt.Sprintf("detect %v: %v", r.Detect, err)}
	}
	if ss.PowerOfGames, err = stats.ScorePower(ss.Games, ss.Edge, ss.DrawRate, ss.Alpha); err != nil {
		return nil, &engine.SettingError{Name: "detect", Text: fmt.Sprintf("detect %v: %v", r.Detect, err)}
	}
	return ss, nil
}
