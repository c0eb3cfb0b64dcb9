// dataset.go: one tuning run end to end: its data set (self-play or recorded games), the
// positions kept, the samples written out, the fit, and the report of where the samples
// came from.

package tune

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/fanorona/fanorona/players"
)

// Request is one fit of the expert's evaluation: its data set (SelfPlay, or the recorded
// games of GamesFrom when given), the positions kept, the weights held fixed.
type Request struct {
	SelfPlay  Config
	GamesFrom []string // run folders or games.jsonl files fitted instead of self-play
	// OpenTables, with GamesFrom, opens the tables that label the positions they know. It
	// is called after the records are read and before any game is labelled, and returns
	// the oracle (nil: none) and the folder, named in the report.
	OpenTables func() (players.Oracle, string, error)
	MinPieces  int      // only positions with at least this many pieces are fitted
	Fixed      []string // names of the features whose weight stays at its start (FixedFeatures)
	Data       string   // when set, the samples are also written to this new file (JSON Lines)
}

// Result is a run's fit and its report: the fit, the weights and where the samples came
// from, as the tune command prints it.
type Result struct {
	Fit    Fit
	Report map[string]any
}

// StartWeights are the weights a fit starts from: material and points, as the first
// evaluation had them.
var StartWeights = [players.NumFeatures]int{players.FeatMaterial: 100, players.FeatPoints: 1}

var (
	// ErrNoSelfPlaySamples: every self-play game ended within its opening plies.
	ErrNoSelfPlaySamples = errors.New("tune: every game ended within the opening plies")
	// ErrNoSampleWithMinPieces: no sample has Request.MinPieces pieces.
	ErrNoSampleWithMinPieces = errors.New("tune: no sample has that many pieces")
)

// RecordsError says that the recorded games cannot be read or replayed, or give no sample.
type RecordsError struct{ Err error }

func (e *RecordsError) Error() string { return e.Err.Error() }
func (e *RecordsError) Unwrap() error { return e.Err }

func recordsErrorf(format string, args ...any) error {
	return &RecordsError{fmt.Errorf(format, args...)}
}

// MaxOpeningPlies bounds SelfPlay.OpeningPlies: random games seldom last much longer.
const MaxOpeningPlies = 16

// Check refuses a bad request before any work, each error starting with the name of the
// setting it is about ("games 0: must be at least 1"), in the order the tune command
// documents its flags.
func (req Request) Check() error {
	c := req.SelfPlay
	switch {
	case c.Games < 1:
		return fmt.Errorf("games %d: must be at least 1", c.Games)
	case c.OpeningPlies < 0 || c.OpeningPlies > MaxOpeningPlies:
		return fmt.Errorf("opening-plies %d: must be between 0 and %d (the games must go on after the opening to give samples)", c.OpeningPlies, MaxOpeningPlies)
	case req.MinPieces < 0 || req.MinPieces > 2*engine.MaxPiecesPerSide:
		return fmt.Errorf("min-pieces %d: must be from 0 to %d", req.MinPieces, 2*engine.MaxPiecesPerSide)
	case c.Workers < 0:
		return fmt.Errorf("workers %d: must be 0 (one) or more", c.Workers)
	}
	if _, err := players.ParseSpec(c.Player); err != nil { // the option values too, e.g. time=-5s
		return fmt.Errorf("player: %w", err)
	}
	if _, err := FixedFeatures(req.Fixed); err != nil {
		return fmt.Errorf("fixed %w", err)
	}
	if _, err := os.Stat(req.Data); req.Data != "" && err == nil {
		return fmt.Errorf("data %s: file exists (not overwritten)", req.Data)
	}
	return nil
}

// FixedFeatures returns the indices of the features named (players.FeatureNames).
func FixedFeatures(names []string) ([]int, error) {
	var fixed []int
	for _, name := range names {
		j := slices.Index(players.FeatureNames[:], name)
		if j < 0 {
			return nil, fmt.Errorf("%s: unknown feature (known: %s)", name, strings.Join(players.FeatureNames[:], ", "))
		}
		fixed = append(fixed, j)
	}
	return fixed, nil
}

// Run collects the samples of req, keeps those with MinPieces pieces, writes them to Data
// and fits the weights to them.
func Run(ctx context.Context, req Request) (Result, error) {
	fixed, err := FixedFeatures(req.Fixed)
	if err != nil {
		return Result{}, err
	}
	var samples []Sample
	var report map[string]any
	if len(req.GamesFrom) > 0 {
		samples, report, err = recordedSamples(req.GamesFrom, req.OpenTables)
	} else {
		c := req.SelfPlay
		report = map[string]any{"games": c.Games, "player": c.Player, "seed": c.Seed, "opening_plies": c.OpeningPlies}
		samples, err = Generate(ctx, c)
		if err == nil && len(samples) == 0 {
			err = ErrNoSelfPlaySamples
		}
	}
	if err != nil {
		return Result{}, err
	}
	if samples = KeepMinPieces(samples, req.MinPieces); len(samples) == 0 {
		return Result{}, ErrNoSampleWithMinPieces
	}
	if len(req.GamesFrom) > 0 {
		report["tablebase_labels"] = countTablebase(samples)
	}
	if req.Data != "" {
		if err := WriteSamples(req.Data, samples); err != nil {
			return Result{}, err
		}
	}
	fit, err := FitWeights(samples, StartWeights, fixed...)
	if err != nil {
		return Result{}, err
	}
	report["min_pieces"], report["samples"], report["k"] = req.MinPieces, fit.Samples, fit.K
	report["loss_start"], report["loss"], report["weights"] = fit.LossStart, fit.Loss, fit.Weights
	report["features"], report["fixed"] = players.FeatureNames, req.Fixed
	return Result{Fit: fit, Report: report}, nil
}

// KeepMinPieces keeps, in place, the samples with at least min pieces on the board.
func KeepMinPieces(samples []Sample, min int) []Sample {
	if min <= 0 {
		return samples
	}
	kept := samples[:0]
	for _, s := range samples {
		if p, err := engine.ParseFEN(s.FEN); err == nil && p.Occupied().Count() >= min {
			kept = append(kept, s)
		}
	}
	return kept
}

func countTablebase(samples []Sample) int {
	known := 0
	for _, s := range samples {
		if s.Tablebase {
			known++
		}
	}
	return known
}

// WriteSamples writes samples to the new file path, one JSON object a line.
func WriteSamples(path string, samples []Sample) error {
	return atomicfile.Create(path, func(f *os.File) error {
		enc := json.NewEncoder(f)
		for _, s := range samples {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	})
}

// recordedSamples reads the games of the runs (exact duplicates once), replays each and
// returns their samples, labelled by the tables openTables gives where they know the
// position, and the report of the data set. A game lost by a forfeit is left out: its
// result is not the board's.
func recordedSamples(runs []string, openTables func() (players.Oracle, string, error)) ([]Sample, map[string]any, error) {
	recs, bad, dups, err := record.ReadRecordFilesDedup(runs)
	if err != nil {
		return nil, nil, &RecordsError{err}
	}
	if len(bad) > 0 {
		return nil, nil, &RecordsError{bad[0]}
	}
	var oracle players.Oracle
	dir := ""
	if openTables != nil {
		if oracle, dir, err = openTables(); err != nil {
			return nil, nil, err
		}
	}
	var samples []Sample
	forfeits := 0
	for i := range recs {
		rec := &recs[i]
		if record.IsForfeitReason(rec.Reason) {
			forfeits++
			continue
		}
		p, err := engine.ParseFEN(rec.Opening)
		if err != nil {
			return nil, nil, recordsErrorf("game %s/%d: opening: %v", rec.Run, rec.Index, err)
		}
		got, err := GameSamples(p, rec.Turns, rec.Rules.Engine(p.Ply), rec.WhiteScore(), oracle)
		if err != nil {
			return nil, nil, recordsErrorf("game %s/%d: %v", rec.Run, rec.Index, err)
		}
		samples = append(samples, got...)
	}
	if len(samples) == 0 {
		return nil, nil, recordsErrorf("no quiet position in %d games", len(recs))
	}
	return samples, map[string]any{"games_from": runs, "games": len(recs) - forfeits, "duplicates": dups,
		"forfeits": forfeits, "tablebases": dir}, nil
}
