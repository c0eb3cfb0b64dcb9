// tune.go: the hidden tune command, the data set and fit of the expert's evaluation
// (package players/tune; docs/LEVELS.md).

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/tune"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newTuneCmd) }

type tuneOptions struct {
	games, openingPlies, workers int
	minPieces                    int
	player, data, tablebases     string
	seed                         uint64
	fixed, gamesFrom             []string
	selfPlayFlags                []string // the self-play flags given (they do not combine with --games-from)
}

func newTuneCmd(s *streams) *cobra.Command {
	var o tuneOptions
	c := &cobra.Command{
		Use:    "tune (--games N [--player SPEC] [--seed S] | --games-from RUN... [--tablebases DIR]) [--data FILE]",
		Short:  "Fit the weights of the expert's evaluation to game results and table values (Texel's method)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			for _, name := range []string{"games", "player", "seed", "opening-plies", "workers"} {
				if c.Flags().Changed(name) {
					o.selfPlayFlags = append(o.selfPlayFlags, "--"+name)
				}
			}
			return runTune(c.Context(), s, &o)
		},
	}
	c.Flags().IntVar(&o.games, "games", 2000, "self-play games of the data set")
	c.Flags().StringVar(&o.player, "player", "expert:nodes=2000,vary=20,weights=100/1/0/0/0/0/0", "player spec of both sides (these weights: the first evaluation, material and points)")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "data set seed (openings and players)")
	c.Flags().IntVar(&o.openingPlies, "opening-plies", 4, "uniformly random plies before the players take over")
	c.Flags().IntVar(&o.workers, "workers", 2, "games played at once")
	c.Flags().StringVar(&o.data, "data", "", "also write the samples to this new file (JSON Lines: fen, result)")
	c.Flags().StringSliceVar(&o.gamesFrom, "games-from", nil, "fit on the games of these run folders or games.jsonl files instead of self-play")
	c.Flags().StringVar(&o.tablebases, "tablebases", "none", "with --games-from: label the positions these tables cover by their value under the game's rules")
	c.Flags().IntVar(&o.minPieces, "min-pieces", 0, "fit only the positions with at least this many pieces on the board")
	c.Flags().StringSliceVar(&o.fixed, "fixed", []string{"targets", "end-material"}, "features whose weight stays at its start (material 100, points 1, others 0)")
	return c
}

// maxTuneOpeningPlies bounds --opening-plies: random games seldom last much longer.
const maxTuneOpeningPlies = 16

func runTune(ctx context.Context, s *streams, o *tuneOptions) error {
	if o.games < 1 {
		return badInputf("--games %d: must be at least 1", o.games)
	}
	if o.openingPlies < 0 || o.openingPlies > maxTuneOpeningPlies {
		return badInputf("--opening-plies %d: must be between 0 and %d (the games must go on after the opening to give samples)", o.openingPlies, maxTuneOpeningPlies)
	}
	if o.minPieces < 0 || o.minPieces > 2*engine.MaxPiecesPerSide {
		return badInputf("--min-pieces %d: must be from 0 to %d", o.minPieces, 2*engine.MaxPiecesPerSide)
	}
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (one) or more", o.workers)
	}
	if _, err := players.ParseSpec(o.player); err != nil { // the option values too, e.g. time=-5s
		return badInputf("--player: %v", err)
	}
	var fixed []int
	for _, name := range o.fixed {
		j := slices.Index(players.FeatureNames[:], name)
		if j < 0 {
			return badInputf("--fixed %s: unknown feature (known: %s)", name, strings.Join(players.FeatureNames[:], ", "))
		}
		fixed = append(fixed, j)
	}
	if o.data != "" {
		if _, err := os.Stat(o.data); err == nil {
			return badInputf("--data %s: file exists (not overwritten)", o.data)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var samples []tune.Sample
	source := map[string]any{"games": o.games, "player": o.player, "seed": o.seed, "opening_plies": o.openingPlies}
	if len(o.gamesFrom) > 0 {
		if len(o.selfPlayFlags) > 0 {
			return badInputf("--games-from: fits recorded games, so %s (self-play) cannot be given with it", strings.Join(o.selfPlayFlags, ", "))
		}
		var err error
		if samples, source, err = recordedSamples(o.gamesFrom, o.tablebases); err != nil {
			return err
		}
	} else {
		if o.tablebases != "none" {
			return badInputf("--tablebases %s: only with --games-from", o.tablebases)
		}
		bar := newProgress(s.err)
		var err error
		samples, err = tune.Generate(ctx, tune.Config{Games: o.games, Player: o.player, Seed: o.seed,
			OpeningPlies: o.openingPlies, Workers: o.workers,
			Progress: func(done, total int) { bar.update("tune: games", "games", int64(done), int64(total)) }})
		bar.finish()
		if err != nil {
			return err
		}
		if len(samples) == 0 {
			return badInputf("no samples: every game ended within --opening-plies %d; give more --games or fewer opening plies", o.openingPlies)
		}
	}
	if o.minPieces > 0 {
		kept := samples[:0]
		for _, smp := range samples {
			if p, err := engine.ParseFEN(smp.FEN); err == nil && p.Occupied().Count() >= o.minPieces {
				kept = append(kept, smp)
			}
		}
		if len(kept) == 0 {
			return badInputf("--min-pieces %d: no sample has that many pieces", o.minPieces)
		}
		samples = kept
	}
	if len(o.gamesFrom) > 0 {
		known := 0
		for _, smp := range samples {
			if smp.Tablebase {
				known++
			}
		}
		source["tablebase_labels"] = known
	}
	if o.data != "" {
		f, err := os.OpenFile(o.data, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(f)
		for _, smp := range samples {
			if err := enc.Encode(smp); err != nil {
				f.Close()
				return err
			}
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	fit, err := tune.FitWeights(samples, [players.NumFeatures]int{players.FeatMaterial: 100, players.FeatPoints: 1}, fixed...)
	if err != nil {
		return err
	}
	out := map[string]any{"min_pieces": o.minPieces, "samples": fit.Samples, "k": fit.K, "loss_start": fit.LossStart, "loss": fit.Loss,
		"features": players.FeatureNames, "fixed": o.fixed, "weights": fit.Weights}
	for k, v := range source {
		out[k] = v
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(s.out, string(b))
	return err
}

// recordedSamples reads the games of the runs (exact duplicates once), replays each and
// returns their samples, labelled by the tables of the folder tablebases where they know
// the position, and what the data set is (for the report). A game lost by a forfeit is
// left out: its result is not the board's.
func recordedSamples(runs []string, tablebases string) ([]tune.Sample, map[string]any, error) {
	recs, bad, dups, err := record.ReadRecordFilesDedup(runs)
	if err != nil {
		return nil, nil, badInputf("--games-from: %v", err)
	}
	if len(bad) > 0 {
		return nil, nil, badInputf("--games-from: %v", bad[0])
	}
	var oracle players.Oracle
	dir, err := tablebasesFolder(tablebases, tablebase.Optional)
	if err != nil {
		return nil, nil, err
	}
	if dir != "" {
		// Checked before the first game is labelled, as a run checks its tables: the
		// records may be under any rule, so every table.
		o, _, err := checkedTablebases(dir, anyPaikaLimit)
		if err != nil {
			return nil, nil, err
		}
		if o != nil {
			oracle = o
		}
	}
	var samples []tune.Sample
	forfeits := 0
	for i := range recs {
		rec := &recs[i]
		if record.IsForfeitReason(rec.Reason) {
			forfeits++
			continue
		}
		p, err := engine.ParseFEN(rec.Opening)
		if err != nil {
			return nil, nil, badInputf("--games-from: game %s/%d: opening: %v", rec.Run, rec.Index, err)
		}
		got, err := tune.GameSamples(p, rec.Turns, rec.Rules.Engine(p.Ply), rec.WhiteScore(), oracle)
		if err != nil {
			return nil, nil, badInputf("--games-from: game %s/%d: %v", rec.Run, rec.Index, err)
		}
		samples = append(samples, got...)
	}
	if len(samples) == 0 {
		return nil, nil, badInputf("--games-from: no quiet position in %d games", len(recs))
	}
	return samples, map[string]any{"games_from": runs, "games": len(recs) - forfeits, "duplicates": dups,
		"forfeits": forfeits, "tablebases": dir}, nil
}
