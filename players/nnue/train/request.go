// request.go: a training as the net train command asks for it: the recipe, the positions
// files, the loss curves' files, checked before any work.

package train

import (
	"fmt"
	"math"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart"
)

// Request is a training: the recipe, the positions files in order, and the files of the
// loss curves written besides the net, as CSV and drawn ("" = not written).
type Request struct {
	Config
	Files       []string
	Curve, Plot string
}

func settingErrorf(name, format string, args ...any) error {
	return &engine.SettingError{Name: name, Text: fmt.Sprintf(format, args...)}
}

// Check refuses, before any work, a setting out of its range (Config.Check) or a plot
// file of no known format.
func (q Request) Check() error {
	if err := q.Config.Check(); err != nil {
		return err
	}
	if q.Plot != "" {
		if _, err := chart.FormatOf(q.Plot); err != nil {
			return settingErrorf("plot", "plot %v", err)
		}
	}
	return nil
}

// Label is the epoch as progress shows it: its number and, once validated, its losses.
func (e Epoch) Label() string {
	label := fmt.Sprintf("net train: epoch %d", e.Epoch)
	if !math.IsNaN(e.ValidLoss) {
		label += fmt.Sprintf(" (train %.5f, validation %.5f)", e.TrainLoss, e.ValidLoss)
	}
	return label
}
