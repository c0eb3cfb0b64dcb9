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
	"github.com/fanorona/fanorona/tournament"
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
	games, workers, maxPlies int
	player, openings, shard  string
	tablebases, out          string
	seed                     uint64
	resume                   bool
}

// DefaultDataPlayer is the player of `net data`: the expert at a fixed node budget (so
// the data do not depend on the machine's speed), varying among turns 0.1 piece apart.
const DefaultDataPlayer = "expert:nodes=4000,vary=10"

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
	c.Flags().IntVar(&o.games, "games", 1000, "games of the whole data set (all shards)")
	c.Flags().StringVar(&o.player, "player", DefaultDataPlayer, "player spec of both sides (a node or depth limit: no time)")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "data set seed (openings and players)")
	c.Flags().StringVar(&o.openings, "opening-plies", "4-8", "uniformly random plies from the start before the players, a number or a range from-to drawn per game")
	c.Flags().StringVar(&o.shard, "shard", "0/1", "play only shard i of n (the games whose number is i modulo n), for a cluster's array job")
	c.Flags().IntVar(&o.workers, "workers", 0, "games played at once (0 = every core)")
	c.Flags().IntVar(&o.maxPlies, "max-plies", 1000, "a game still going after this many plies ends as a draw")
	c.Flags().StringVar(&o.tablebases, "tablebases", "none", "tables the players probe and whose exact values label the positions they cover (none = no tables)")
	c.Flags().BoolVar(&o.resume, "resume", false, "continue an unfinished file of the same settings")
	return c
}

func runNetData(ctx context.Context, s *streams, o *netDataOptions) error {
	if o.out == "" {
		return badInputf("-o/--output: required (the positions file to write)")
	}
	plies, err := data.ParsePlies(o.openings)
	if err != nil {
		return badInputf("--opening-plies %v", err)
	}
	shard, shards, err := tournament.ParseShard(o.shard)
	if err != nil {
		return badInputf("--shard %q: expected i/n with 0 <= i < n, e.g. 0/4", o.shard)
	}
	if o.workers < 0 {
		return badInputf("--workers %d: must be 0 (every core) or more", o.workers)
	}
	if o.maxPlies < 1 {
		return badInputf("--max-plies %d: must be at least 1", o.maxPlies)
	}
	cfg := data.Config{Games: o.games, Player: o.player, Seed: o.seed, OpeningPlies: plies, MaxPlies: o.maxPlies,
		Shard: shard, Shards: shards, Workers: o.workers, Toolkit: version()}
	if err := cfg.Check(); err != nil {
		return badInputf("%v", err)
	}
	if err := o.openTables(&cfg); err != nil {
		return err
	}
	bar := progress.New(s.err)
	start := time.Now()
	cfg.Progress = func(st data.Stats) {
		bar.Update("net data", "games", int64(st.Games), int64(st.ShardGames))
	}
	st, err := data.Generate(ctx, cfg, o.out, o.resume)
	bar.Finish()
	if errors.Is(err, data.ErrRefused) {
		return badInput(err)
	} else if err != nil {
		return err
	}
	fmt.Fprintln(s.out, st.Summary(o.out, time.Since(start).Seconds(), cfg.WorkerCount()))
	return nil
}

// openTables gives the players and the labels the tables of --tablebases, each one the
// rules may probe checked first.
func (o *netDataOptions) openTables(cfg *data.Config) error {
	ts, err := tablebaseSetup(o.tablebases, playersUse(cfg.Rules().PaikaLimit))
	if err != nil || ts.Oracle == nil {
		return err
	}
	cfg.Oracle = ts.Oracle
	cfg.Tablebases = ts.Summary() // not the folder: the data do not depend on where the tables lie
	return nil
}
