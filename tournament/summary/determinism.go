// determinism.go: which players choose the same turn in the same position whatever their
// seed, so that a repeated game between two of them counts once. A run records it per
// player in its run.json ("deterministic": spec → true/false); records of runs written
// before it did are judged by parsing the spec.

package summary

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// SpecDeterministic reports whether a player spec read from a game record always chooses
// the same turn in the same position whatever its seed (players.Spec.Deterministic). A
// record may name options since removed (players.ParseRecordedSpec), or an external
// engine not declared in this process: not deterministic.
func SpecDeterministic(spec string) bool {
	s, err := players.ParseRecordedSpec(spec)
	return err == nil && s.Deterministic()
}

// runDeterminism is what a run.json says of its players' determinism.
type runDeterminism struct {
	RunID         string          `json:"run_id"`
	Deterministic map[string]bool `json:"deterministic"`
}

// recordedDeterminism returns the determinism the run.json beside a games file records
// for its run's players, or nil when there is none (no run.json, or one written before
// runs recorded it).
func recordedDeterminism(gamesFile string) *runDeterminism {
	if gamesFile == "" { // records not read from a file (Summarize)
		return nil
	}
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(gamesFile), record.RunFile))
	if err != nil {
		return nil
	}
	var d runDeterminism
	if json.Unmarshal(raw, &d) != nil || d.Deterministic == nil {
		return nil
	}
	return &d
}

// deterministicIn reports whether the player spec of record r, read from file, is
// deterministic: as the run.json beside file records it when that run.json is r's run's,
// else as the accumulator's fallback judges the spec. Both answers are cached.
func (a *Accumulator) deterministicIn(r *record.Record, file, spec string) bool {
	d, ok := a.recorded[file]
	if !ok {
		d = recordedDeterminism(file)
		a.recorded[file] = d
	}
	if d != nil && d.RunID == r.Run {
		if v, ok := d.Deterministic[spec]; ok {
			return v
		}
	}
	v, ok := a.fixed[spec]
	if !ok {
		v = a.deterministic(spec)
		a.fixed[spec] = v
	}
	return v
}
