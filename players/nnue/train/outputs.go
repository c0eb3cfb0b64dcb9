// outputs.go: what a training gives besides the net: its inputs checked, the loss curves
// drawn, the positions it went through.

package train

import (
	"fmt"
	"os"

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
