// tune.go: the hidden tune command, the data set and fit of the expert's evaluation
// (package players/tune; docs/LEVELS.md).

package main

import (
	"context"

	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/players/tune"
	"github.com/spf13/cobra"
)

type tuneOptions struct {
	req           tune.Request
	tablebases    string
	selfPlayFlags []string // the self-play flags given (they do not combine with --games-from)
}

func newTuneCmd(s *streams, runF func(*tuneOptions) error) *cobra.Command {
	var o tuneOptions
	c := &cobra.Command{
		Use:    "tune (--games N [--player SPEC] [--seed S] | --games-from RUN... [--tablebases DIR]) [--data FILE]",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			for _, name := range []string{"games", "player", "seed", "opening-plies", "workers"} {
				if c.Flags().Changed(name) {
					o.selfPlayFlags = append(o.selfPlayFlags, "--"+name)
				}
			}
			return seam(runF, &o, func() error { return runTune(c.Context(), s, &o) })
		},
	}
	c.Flags().IntVar(&o.req.SelfPlay.Games, "games", 2000, "self-play games of the data set")
	c.Flags().StringVar(&o.req.SelfPlay.Player, "player", "expert:nodes=2000,vary=20,weights=100/1/0/0/0/0/0", "player spec of both sides (these weights: the first evaluation, material and points)")
	c.Flags().Uint64Var(&o.req.SelfPlay.Seed, "seed", 1, "data set seed (openings and players)")
	c.Flags().IntVar(&o.req.SelfPlay.OpeningPlies, "opening-plies", 4, "uniformly random plies before the players take over")
	c.Flags().IntVar(&o.req.SelfPlay.Workers, "workers", 2, "games played at once")
	c.Flags().StringVar(&o.req.Data, "data", "", "also write the samples to this new file (JSON Lines: fen, result)")
	c.Flags().StringSliceVar(&o.req.GamesFrom, "games-from", nil, "fit on the games of these run folders or games.jsonl files instead of self-play")
	c.Flags().StringVar(&o.tablebases, "tablebases", "none", "with --games-from: label the positions these tables cover by their value under the game's rules")
	c.Flags().IntVar(&o.req.MinPieces, "min-pieces", 0, "fit only the positions with at least this many pieces on the board")
	c.Flags().StringSliceVar(&o.req.Fixed, "fixed", []string{"targets", "end-material"}, "features whose weight stays at its start (material 100, points 1, others 0)")
	return c
}

func runTune(ctx context.Context, s *streams, o *tuneOptions) error {
	if err := o.req.CommandCheck(o.selfPlayFlags, o.tablebases); err != nil {
		return err
	}
	o.req.OpenTables = tune.TablesOption(o.tablebases)
	bar := progress.New(s.err)
	o.req.SelfPlay.Progress = func(done, total int) { bar.Update("tune: games", "games", int64(done), int64(total)) }
	res, err := tune.Run(ctx, o.req)
	bar.Finish()
	if err != nil {
		return o.req.CommandError(err)
	}
	return res.WriteJSON(s.out)
}
