// net_train.go: net train (fit a network to positions files: players/nnue/train) and net
// info (a net file's header, shape and SHA-256).

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"time"

	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/players/nnue/train"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

type netTrainOptions struct {
	cfg               train.Config
	out, curve, image string
	files             []string // the positions files
}

func newNetTrainCmd(s *streams, runF func(*netTrainOptions) error) *cobra.Command {
	o := netTrainOptions{cfg: train.Defaults()}
	c := &cobra.Command{
		Use:   "train -o NET.fnn DATA.pos [DATA.pos ...]",
		Short: "Fit a network to positions files (from net data) and write it as a net file (docs/LEARNING.md)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, files []string) error {
			o.files = files
			return seam(runF, &o, func() error { return runNetTrain(c.Context(), s, &o) })
		},
	}
	f := c.Flags()
	f.StringVarP(&o.out, "output", "o", "", "the net file to write (a new file)")
	f.IntVar(&o.cfg.Shape.Hidden, "hidden", o.cfg.Shape.Hidden, "accumulator values a side")
	f.IntVar(&o.cfg.Shape.Layer, "layer", o.cfg.Shape.Layer, "units of the small layer")
	f.Float64Var(&o.cfg.Lambda, "lambda", o.cfg.Lambda, "weight of the search score in the target (the rest: the game's result or the table's value)")
	f.Float64Var(&o.cfg.ScoreScale, "score-scale", o.cfg.ScoreScale, "K of sigmoid(score/K) in hundredths of a piece (0 = fitted to the results)")
	f.Uint64Var(&o.cfg.Seed, "seed", o.cfg.Seed, "seed of the initial weights, the split and the shuffles")
	f.IntVar(&o.cfg.BatchSize, "batch", o.cfg.BatchSize, "positions a step")
	f.Float64Var(&o.cfg.LearnRate, "learn-rate", o.cfg.LearnRate, "Adam's step size")
	f.IntVar(&o.cfg.MaxEpochs, "epochs", o.cfg.MaxEpochs, "most epochs")
	f.IntVar(&o.cfg.Patience, "patience", o.cfg.Patience, "epochs without a better validation loss before stopping")
	f.Float64Var(&o.cfg.ValidShare, "valid-share", o.cfg.ValidShare, "share of the games held out for validation")
	f.BoolVar(&o.cfg.Mirror, "mirror", o.cfg.Mirror, "also train on each position's a↔i mirror image (a symmetry of the board and the rules): twice the positions (--mirror=false: the positions alone)")
	f.Float64Var(&o.cfg.WeightClip, "weight-clip", o.cfg.WeightClip, "bound of the small layer's weights (at most 2, the quantised range)")
	f.IntVar(&o.cfg.Workers, "workers", o.cfg.Workers, "goroutines (0 = every core); the net does not depend on it")
	f.StringVar(&o.cfg.Description, "description", "", "free text for the net's header")
	f.StringVar(&o.curve, "curve", "", "also write the loss of each epoch as CSV (docs/FORMATS.md)")
	f.StringVar(&o.image, "plot", "", "also draw the loss curves, FILE.png or FILE.svg")
	return c
}

func runNetTrain(ctx context.Context, s *streams, o *netTrainOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	bar := progress.New(s.err)
	start := time.Now()
	res, err := train.Run(ctx, o.cfg, o.files, func(e train.Epoch) {
		label := fmt.Sprintf("net train: epoch %d", e.Epoch)
		if !math.IsNaN(e.ValidLoss) {
			label += fmt.Sprintf(" (train %.5f, validation %.5f)", e.TrainLoss, e.ValidLoss)
		}
		bar.Update(label, "positions", int64(e.Positions), int64(e.Of))
	})
	bar.Finish()
	if err != nil {
		var ie *train.InputError
		if errors.As(err, &ie) {
			return badInput(err)
		}
		return err
	}
	outs, err := res.Outputs(o.out, o.curve, o.image)
	if err != nil {
		return err
	}
	for _, f := range outs {
		if err := writeOutputFile(s, f.Path, f.Data, false); err != nil {
			return err
		}
	}
	fmt.Fprintln(s.out, res.Summary(o.out, o.cfg.Shape, time.Since(start).Seconds()))
	return nil
}

// check refuses bad settings and outputs before any work: net train never overwrites.
func (o *netTrainOptions) check() error {
	if o.out == "" {
		return badInputf("-o/--output: required (the net file to write)")
	}
	if err := o.cfg.Check(); err != nil {
		return badInputf("--%v", err)
	}
	if o.image != "" {
		if _, err := chart.FormatOf(o.image); err != nil {
			return badInputf("--plot %v", err)
		}
	}
	for _, out := range []struct{ flag, path string }{{"-o", o.out}, {"--curve", o.curve}, {"--plot", o.image}} {
		if out.path == "" {
			continue
		}
		if err := report.CheckOutput(out.path, false); errors.Is(err, fs.ErrExist) {
			return badInputf("%s %s exists: choose a new file (net train never overwrites)", out.flag, out.path)
		} else if err != nil {
			return badInputf("%s %v", out.flag, err)
		}
	}
	if err := train.CheckFiles(o.files); err != nil {
		return badInput(err)
	}
	return nil
}

type netInfoOptions struct {
	json bool
	path string
}

func newNetInfoCmd(s *streams, runF func(*netInfoOptions) error) *cobra.Command {
	var o netInfoOptions
	c := &cobra.Command{
		Use:   "info NET.fnn",
		Short: "Show a net file's header (shape, score scale, how it was trained) and SHA-256 (default: the embedded net)",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.path = args[0]
			return seam(runF, &o, func() error { return runNetInfo(s, &o) })
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the header and SHA-256 as one JSON object")
	return c
}

func runNetInfo(s *streams, o *netInfoOptions) error {
	n, err := nnue.Open(o.path)
	if err != nil {
		return badInput(err)
	}
	info := nnue.InfoOf(n, o.path)
	if o.json {
		return info.WriteJSON(s.out)
	}
	info.WriteText(s.out)
	return nil
}
