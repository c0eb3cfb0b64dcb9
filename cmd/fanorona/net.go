// net.go: the net command, the learned evaluation's loop: data (seeded self-play writing
// labelled positions), train (a network fitted to them), info (a net file's header);
// thin over players/nnue and its sub-packages (docs/LEARNING.md).

package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/spf13/cobra"
)

func newNetCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "net",
		Short: "The learned evaluation: training positions from self-play, training, net files",
	}
	c.AddCommand(newNetDataCmd(s, nil), newNetTrainCmd(s, nil), newNetInfoCmd(s, nil))
	return c
}

type netDataOptions struct {
	req    data.Request
	out    string
	resume bool
}

func newNetDataCmd(s *streams, runF func(*netDataOptions) error) *cobra.Command {
	var o netDataOptions
	c := &cobra.Command{
		Use:   "data -o FILE [--games N] [--player SPEC] [--seed S] [--shard i/n] [--resume]",
		Short: "Play seeded self-play and write its quiet positions, labelled, for training (docs/FORMATS.md)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runNetData(c.Context(), s, &o) })
		},
	}
	c.Flags().StringVarP(&o.out, "output", "o", "", "the positions file to write (a new file; with --resume, one this command left unfinished)")
	c.Flags().IntVar(&o.req.Games, "games", 1000, "games of the whole data set (all shards)")
	c.Flags().StringVar(&o.req.Player, "player", data.DefaultPlayer, "player spec of both sides (a node or depth limit: no time)")
	c.Flags().Uint64Var(&o.req.Seed, "seed", 1, "data set seed (openings and players)")
	c.Flags().StringVar(&o.req.Openings, "opening-plies", "4-8", "uniformly random plies from the start before the players, a number or a range from-to drawn per game")
	c.Flags().StringVar(&o.req.ShardOf, "shard", "0/1", "play only shard i of n (the games whose number is i modulo n), for a cluster's array job")
	c.Flags().IntVar(&o.req.Workers, "workers", 0, "games played at once (0 = every core)")
	c.Flags().IntVar(&o.req.MaxPlies, "max-plies", 1000, "a game still going after this many plies ends as a draw")
	c.Flags().StringVar(&o.req.Tables, "tablebases", "none", "tables the players probe and whose exact values label the positions they cover (none = no tables)")
	c.Flags().BoolVar(&o.resume, "resume", false, "continue an unfinished file of the same settings")
	return c
}

func runNetData(ctx context.Context, s *streams, o *netDataOptions) error {
	if o.out == "" {
		return badInputf("-o/--output: required (the positions file to write)")
	}
	o.req.Toolkit = version()
	if err := o.req.Prepare(); err != nil {
		return badInput(err)
	}
	bar := progress.New(s.err)
	start := time.Now()
	o.req.Progress = func(st data.Stats) { bar.Update("net data", "games", int64(st.Games), int64(st.ShardGames)) }
	st, err := data.Generate(ctx, o.req.Config, o.out, o.resume)
	bar.Finish()
	if errors.Is(err, data.ErrRefused) {
		return badInput(err)
	} else if err != nil {
		return err
	}
	fmt.Fprintln(s.out, st.Summary(o.out, time.Since(start).Seconds(), o.req.WorkerCount()))
	return nil
}
