// outputs.go: what a training gives besides the net: its inputs checked, the files it
// writes (the net, the loss curves as CSV and drawn), the line that reports it.

package train

import (
	"fmt"
	"os"

	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/stats/chart"
)

// CheckFiles refuses, before any work, a positions file that is missing or a folder.
func CheckFiles(files []string) error {
	for _, path := range files {
		if st, err := os.Stat(path); err != nil {
			return err
		} else if st.IsDir() {
			return fmt.Errorf("%s is a folder: give positions files", path)
		}
	}
	return nil
}

// LossPlot draws the training and validation loss of each epoch, the best epoch and the
// constant prediction's loss marked, as the image file path names it (.png or .svg).
func (r Result) LossPlot(path string) ([]byte, error) {
	var tr, va []float64
	for _, e := range r.Curve {
		tr, va = append(tr, e.TrainLoss), append(va, e.ValidLoss)
	}
	data, err := chart.BuildLossCurve(tr, va, r.BestEpoch, r.ConstantLoss)
	if err != nil {
		return nil, err
	}
	fig, err := chart.PlotLossCurve(data)
	if err != nil {
		return nil, err
	}
	return fig.Encode(path)
}

// PositionsSeen is how many training positions the epochs went through.
func (r Result) PositionsSeen() int {
	seen := 0
	for _, e := range r.Curve {
		seen += e.Of
	}
	return seen
}

// Output is one file a training writes: its path and its bytes.
type Output struct {
	Path string
	Data []byte
}

// Outputs are the files of a training, in the order they are written: the net at net,
// then the loss curves as CSV at curve and drawn at image, each when its path is given.
func (r Result) Outputs(net, curve, image string) ([]Output, error) {
	b, err := r.Net.Encode()
	if err != nil {
		return nil, err
	}
	outs := []Output{{net, b}}
	if curve != "" {
		outs = append(outs, Output{curve, CurveCSV(r.Curve)})
	}
	if image != "" {
		if b, err = r.LossPlot(image); err != nil {
			return nil, err
		}
		outs = append(outs, Output{image, b})
	}
	return outs, nil
}

// Summary is the line that reports a training of shape whose net was written to path and
// that took secs seconds: sizes, the best epoch's losses against the constant
// prediction's, the score scale and the speed.
func (r Result) Summary(path string, shape nnue.Shape, secs float64) string {
	best := r.Curve[r.BestEpoch-1]
	return fmt.Sprintf("%s: %d×%d, %d positions (%d held out), best epoch %d of %d: validation loss %.5f (constant %.5f), train loss %.5f, score scale %g; %.0f positions/s over %.0f s",
		path, shape.Hidden, shape.Layer, r.Positions, r.Validation, r.BestEpoch, len(r.Curve),
		best.ValidLoss, r.ConstantLoss, best.TrainLoss, r.ScoreScale, float64(r.PositionsSeen())/max(secs, 1e-9), secs)
}
