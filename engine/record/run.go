// run.go: what a reader of records takes from a run's run.json.

package record

import (
	"encoding/json"
	"fmt"
	"os"
)

// RunInfo is what readers of records take from a run's run.json: the run's id and its
// schedule. The runner (package tournament) writes run.json from its configuration, of
// which these are the fields of the same JSON names; a reader ignores the others.
type RunInfo struct {
	RunID    string   `json:"run_id,omitempty"`
	Format   string   `json:"format"` // "selfplay", "round-robin" or "gauntlet"
	Players  []string `json:"players"`
	Games    int      `json:"games_per_pairing"`
	Openings string   `json:"openings"`
	// OpeningSet is the identity of the openings (absent in run.json files written
	// before sets had one).
	OpeningSet       *OpeningSet `json:"opening_set,omitempty"`
	DistinctOpenings int         `json:"distinct_openings,omitempty"`
	FixedColours     bool        `json:"fixed_colours,omitempty"`
	Seed             uint64      `json:"seed"`
	Rules            Rules       `json:"rules"`
	Tablebases       bool        `json:"tablebases,omitempty"`
	TablebaseDir     string      `json:"tablebase_dir,omitempty"`
	AdjudicatePieces int         `json:"adjudicate_pieces,omitempty"`
	Engines          []Engine    `json:"engines,omitempty"`
	// Invocations: the toolkit and command line of each process that started or resumed
	// the run, the start first (absent in run.json files written before they were kept).
	Invocations []Invocation `json:"invocations,omitempty"`
}

// Pairings returns how many pairings the run's format makes of its players: one in
// self-play, the first player against each other in a gauntlet, every pair in a round
// robin.
func (r *RunInfo) Pairings() int {
	n := len(r.Players)
	switch r.Format {
	case "selfplay":
		return 1
	case "gauntlet":
		return max(0, n-1)
	}
	return n * (n - 1) / 2
}

// TotalGames returns the number of games the run schedules (all shards).
func (r *RunInfo) TotalGames() int { return r.Pairings() * r.Games }

// ReadRunInfo reads a run.json file.
func ReadRunInfo(path string) (RunInfo, error) {
	var r RunInfo
	raw, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return r, fmt.Errorf("%s: %v", path, err)
	}
	return r, nil
}
