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

	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/tune"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newTuneCmd) }

type tuneOptions struct {
	games, openingPlies, workers int
	player, data                 string
	seed                         uint64
	fixed                        []string
}

func newTuneCmd(s *streams) *cobra.Command {
	var o tuneOptions
	c := &cobra.Command{
		Use:    "tune --games N [--player SPEC] [--seed S] [--data FILE]",
		Short:  "Fit the weights of the expert's evaluation to self-play results (Texel's method)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE:   func(c *cobra.Command, _ []string) error { return runTune(c.Context(), s, &o) },
	}
	c.Flags().IntVar(&o.games, "games", 2000, "self-play games of the data set")
	c.Flags().StringVar(&o.player, "player", "expert:nodes=2000,vary=20,eval=1", "player spec of both sides")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "data set seed (openings and players)")
	c.Flags().IntVar(&o.openingPlies, "opening-plies", 4, "uniformly random plies before the players take over")
	c.Flags().IntVar(&o.workers, "workers", 2, "games played at once")
	c.Flags().StringVar(&o.data, "data", "", "also write the samples to this new file (JSON Lines: fen, result)")
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
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (one) or more", o.workers)
	}
	if _, err := players.ParseSpec(o.player); err != nil {
		return badInputf("--player: %v", err)
	}
	if _, err := players.New(o.player, o.seed); err != nil { // option values, e.g. time=-5s
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
	bar := newProgress(s.err)
	samples, err := tune.Generate(ctx, tune.Config{Games: o.games, Player: o.player, Seed: o.seed,
		OpeningPlies: o.openingPlies, Workers: o.workers,
		Progress: func(done, total int) { bar.update("tune: games", "games", int64(done), int64(total)) }})
	bar.finish()
	if err != nil {
		return err
	}
	if len(samples) == 0 {
		return badInputf("no samples: every game ended within --opening-plies %d; give more --games or fewer opening plies", o.openingPlies)
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
	out := map[string]any{"games": o.games, "player": o.player, "seed": o.seed, "opening_plies": o.openingPlies,
		"samples": fit.Samples, "k": fit.K, "loss_start": fit.LossStart, "loss": fit.Loss,
		"features": players.FeatureNames, "fixed": o.fixed, "weights": fit.Weights}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(s.out, string(b))
	return err
}
