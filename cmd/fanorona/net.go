// net.go: the net command, the learned evaluation's loop: data (seeded self-play writing
// labelled positions), train (a network fitted to them: players/nnue/train), info (a net
// file's header, shape and SHA-256); thin over players/nnue and its sub-packages
// (docs/LEARNING.md).

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/players/nnue/data"
	"github.com/fanorona/fanorona/players/nnue/train"
	"github.com/spf13/cobra"
)

func newNetCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use: "net",
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
		Use:  "data -o FILE [--games N] [--player SPEC] [--seed S] [--shard i/n] [--resume]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runNetData),
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
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, st.Summary(o.out, time.Since(start).Seconds(), o.req.WorkerCount()))
	return nil
}

type netTrainOptions struct {
	req train.Request
	out string
}

func newNetTrainCmd(s *streams, runF func(*netTrainOptions) error) *cobra.Command {
	o := netTrainOptions{req: train.Request{Config: train.Defaults()}}
	c := &cobra.Command{
		Use:  "train -o NET.fnn DATA.pos [DATA.pos ...]",
		Args: cobra.MinimumNArgs(1),
		RunE: runs(s, runF, &o, &o.req.Files, runNetTrain),
	}
	f := c.Flags()
	f.StringVarP(&o.out, "output", "o", "", "the net file to write (a new file)")
	f.IntVar(&o.req.Shape.Hidden, "hidden", o.req.Shape.Hidden, "accumulator values a side")
	f.IntVar(&o.req.Shape.Layer, "layer", o.req.Shape.Layer, "units of the small layer")
	f.Float64Var(&o.req.Lambda, "lambda", o.req.Lambda, "weight of the search score in the target (the rest: the game's result or the table's value)")
	f.Float64Var(&o.req.ScoreScale, "score-scale", o.req.ScoreScale, "K of sigmoid(score/K) in hundredths of a piece (0 = fitted to the results)")
	f.Uint64Var(&o.req.Seed, "seed", o.req.Seed, "seed of the initial weights, the split and the shuffles")
	f.IntVar(&o.req.BatchSize, "batch", o.req.BatchSize, "positions a step")
	f.Float64Var(&o.req.LearnRate, "learn-rate", o.req.LearnRate, "Adam's step size")
	f.IntVar(&o.req.MaxEpochs, "epochs", o.req.MaxEpochs, "most epochs")
	f.IntVar(&o.req.Patience, "patience", o.req.Patience, "epochs without a better validation loss before stopping")
	f.Float64Var(&o.req.ValidShare, "valid-share", o.req.ValidShare, "share of the games held out for validation")
	f.BoolVar(&o.req.Mirror, "mirror", o.req.Mirror, "also train on each position's a↔i mirror image (a symmetry of the board and the rules): twice the positions (--mirror=false: the positions alone)")
	f.Float64Var(&o.req.WeightClip, "weight-clip", o.req.WeightClip, "bound of the small layer's weights (at most 2, the quantised range)")
	f.IntVar(&o.req.Workers, "workers", o.req.Workers, "goroutines (0 = every core); the net does not depend on it")
	f.StringVar(&o.req.Description, "description", "", "free text for the net's header")
	f.StringVar(&o.req.Curve, "curve", "", "also write the loss of each epoch as CSV (docs/FORMATS.md)")
	f.StringVar(&o.req.Plot, "plot", "", "also draw the loss curves, FILE.png or FILE.svg")
	return c
}

func runNetTrain(ctx context.Context, s *streams, o *netTrainOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	bar := progress.New(s.err)
	start := time.Now()
	res, err := train.Run(ctx, o.req.Config, o.req.Files, func(e train.Epoch) {
		bar.Update(e.Label(), "positions", int64(e.Positions), int64(e.Of))
	})
	bar.Finish()
	if err != nil {
		return err
	}
	outs, err := res.Outputs(o.out, o.req.Curve, o.req.Plot)
	if err != nil {
		return err
	}
	for _, f := range outs {
		if err := writeOutputFile(s, f.Path, f.Data, false); err != nil {
			return err
		}
	}
	fmt.Fprintln(s.out, res.Summary(o.out, o.req.Shape, time.Since(start).Seconds()))
	return nil
}

// check refuses bad settings and outputs before any work: net train never overwrites.
func (o *netTrainOptions) check() error {
	if o.out == "" {
		return badInputf("-o/--output: required (the net file to write)")
	}
	if err := o.req.Check(); err != nil {
		return badInput(err)
	}
	for _, out := range [][2]string{{"-o", o.out}, {"--curve", o.req.Curve}, {"--plot", o.req.Plot}} {
		if err := checkNew(out[0], out[1], "net train never overwrites"); err != nil {
			return err
		}
	}
	return badInput(train.CheckFiles(o.req.Files))
}

type netInfoOptions struct {
	json bool
	args []string // the net file
}

func newNetInfoCmd(s *streams, runF func(*netInfoOptions) error) *cobra.Command {
	var o netInfoOptions
	c := &cobra.Command{
		Use:  "info NET.fnn",
		Args: cobra.ExactArgs(1),
		RunE: runs(s, runF, &o, &o.args, runNetInfo),
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the header and SHA-256 as one JSON object")
	return c
}

func runNetInfo(_ context.Context, s *streams, o *netInfoOptions) error {
	info, err := nnue.ReadInfo(o.args[0])
	if err != nil {
		return badInput(err)
	}
	return info.Write(s.out, o.json)
}
