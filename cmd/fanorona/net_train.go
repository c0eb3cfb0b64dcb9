// net_train.go: net train (fit a network to positions files: players/nnue/train) and net
// info (a net file's header, shape and SHA-256).

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"time"

	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/players/nnue/train"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

type netTrainOptions struct {
	cfg               train.Config
	out, curve, image string
}

func newNetTrainCmd(s *streams) *cobra.Command {
	o := netTrainOptions{cfg: train.Defaults()}
	c := &cobra.Command{
		Use:   "train -o NET.fnn DATA.pos [DATA.pos ...]",
		Short: "Fit a network to positions files (from net data) and write it as a net file (docs/LEARNING.md)",
		Example: `  # small.pos made first by: fanorona net data -o small.pos --games 300
  fanorona net train -o small.fnn small.pos --curve small.csv --plot small.png
  fanorona net train -o wide.fnn small.pos --hidden 64 --layer 16 --lambda 0.5 --seed 2`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, files []string) error { return runNetTrain(c, s, &o, files) },
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

func runNetTrain(c *cobra.Command, s *streams, o *netTrainOptions, files []string) error {
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
	for _, path := range files {
		if st, err := os.Stat(path); err != nil {
			return badInput(err)
		} else if st.IsDir() {
			return badInputf("%s is a folder: give positions files", path)
		}
	}
	bar := newProgress(s.err)
	start := time.Now()
	res, err := train.Run(c.Context(), o.cfg, files, func(e train.Epoch) {
		label := fmt.Sprintf("net train: epoch %d", e.Epoch)
		if !math.IsNaN(e.ValidLoss) {
			label += fmt.Sprintf(" (train %.5f, validation %.5f)", e.TrainLoss, e.ValidLoss)
		}
		bar.update(label, "positions", int64(e.Positions), int64(e.Of))
	})
	bar.finish()
	if err != nil {
		var ie *train.InputError
		if errors.As(err, &ie) {
			return badInput(err)
		}
		return err
	}
	b, err := res.Net.Encode()
	if err != nil {
		return err
	}
	if err := writeOutputFile(s, o.out, b, false); err != nil {
		return err
	}
	if o.curve != "" {
		if err := writeOutputFile(s, o.curve, train.CurveCSV(res.Curve), false); err != nil {
			return err
		}
	}
	if o.image != "" {
		if err := writeLossPlot(s, o.image, res); err != nil {
			return err
		}
	}
	secs := time.Since(start).Seconds()
	seen := 0
	for _, e := range res.Curve {
		seen += e.Of
	}
	best := res.Curve[res.BestEpoch-1]
	fmt.Fprintf(s.out, "%s: %d×%d, %d positions (%d held out), best epoch %d of %d: validation loss %.5f (constant %.5f), train loss %.5f, score scale %g; %.0f positions/s over %.0f s\n",
		o.out, o.cfg.Shape.Hidden, o.cfg.Shape.Layer, res.Positions, res.Validation, res.BestEpoch, len(res.Curve),
		best.ValidLoss, res.ConstantLoss, best.TrainLoss, res.ScoreScale, float64(seen)/max(secs, 1e-9), secs)
	return nil
}

func writeLossPlot(s *streams, path string, res train.Result) error {
	var tr, va []float64
	for _, e := range res.Curve {
		tr, va = append(tr, e.TrainLoss), append(va, e.ValidLoss)
	}
	data, err := chart.BuildLossCurve(tr, va, res.BestEpoch, res.ConstantLoss)
	if err != nil {
		return err
	}
	fig, err := chart.PlotLossCurve(data)
	if err != nil {
		return err
	}
	b, err := fig.Encode(path)
	if err != nil {
		return err
	}
	return writeOutputFile(s, path, b, false)
}

type netInfoOptions struct{ json bool }

func newNetInfoCmd(s *streams) *cobra.Command {
	var o netInfoOptions
	c := &cobra.Command{
		Use:   "info NET.fnn",
		Short: "Show a net file's header (shape, score scale, how it was trained) and SHA-256 (default: the embedded net)",
		Example: `  fanorona net info default
  fanorona net info default --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return runNetInfo(s, &o, args[0]) },
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the header and SHA-256 as one JSON object")
	return c
}

// netInfo is what net info prints.
type netInfo struct {
	File   string      `json:"file"`
	SHA256 string      `json:"sha256"`
	Header nnue.Header `json:"header"`
}

func runNetInfo(s *streams, o *netInfoOptions, path string) error {
	var n *nnue.Net
	if _, err := os.Stat(path); err != nil && path == nnue.DefaultName {
		n = nnue.Default()
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			return badInput(err)
		}
		if n, err = nnue.Parse(b, path); err != nil {
			return badInput(err)
		}
	}
	info := netInfo{File: path, SHA256: n.SHA256, Header: n.Header}
	if o.json {
		b, err := json.Marshal(info)
		if err != nil {
			return err
		}
		fmt.Fprintf(s.out, "%s\n", b)
		return nil
	}
	h := n.Header
	w := s.out
	fmt.Fprintf(w, "file: %s\nsha256: %s\nformat: %s version %d\nshape: %d×%d (%d inputs)\nscale: %d hundredths of a piece per unit of output\nquantisation: a=%d w=%d o=%d\n",
		path, n.SHA256, h.Format, h.Version, h.Shape.Hidden, h.Shape.Layer, h.Inputs, h.Scale, h.Quant.A, h.Quant.W, h.Quant.O)
	tr := h.Training
	if tr == nil {
		fmt.Fprintln(w, "training: not recorded")
		return nil
	}
	if tr.Description != "" {
		fmt.Fprintf(w, "description: %s\n", tr.Description)
	}
	fmt.Fprintf(w, "training: %d positions (%d held out, share %g), seed %d, lambda %g, score scale %g\n",
		tr.Positions, tr.Validation, tr.ValidShare, tr.Seed, tr.Lambda, tr.ScoreScale)
	fmt.Fprintf(w, "  Adam: batch %d, learn rate %g, weight clip %g; %d epochs run (at most %d, patience %d), best %d\n",
		tr.BatchSize, tr.LearnRate, tr.WeightClip, tr.Epochs, tr.MaxEpochs, tr.Patience, tr.BestEpoch)
	fmt.Fprintf(w, "  loss at the best epoch: train %.5f, validation %.5f\n", tr.TrainLoss, tr.ValidLoss)
	if tr.Mirror {
		fmt.Fprintln(w, "  each record trained as itself and as its a↔i mirror image")
	}
	for _, d := range tr.Data {
		fmt.Fprintf(w, "  data: %s, %d records, sha256 %s\n", d.Name, d.Records, d.SHA256)
	}
	return nil
}
