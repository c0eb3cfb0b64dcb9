// Package train owns the fitting of the learned evaluation: it reads positions files
// (players/nnue/data), mixes each position's search score and its game's result (or its
// table value) into a target win probability, splits the games into training and
// validation, fits an nnue.Float to the targets by mini-batch Adam with early stopping on
// the validation loss, and returns the best epoch's net, float and quantised, with a
// header that records the data (SHA-256 of each file), every setting and the losses.
//
// The same files, Config and seed give the same net, byte for byte, whatever the number
// of workers and the timing: each batch is cut into a fixed number of lanes, each lane's
// gradient is computed in order by one goroutine, and the lanes' gradients are summed in
// lane order. (Floating point is the same on every machine of one architecture; across
// architectures a fused multiply-add can change the last bits.)
//
// A command hands it a Request (the recipe, the files, the curves' files), checked before
// any work. Nothing here prints: progress goes through the callback given to Run.
package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/players/nnue"
)

// Config is a training recipe: with the data files, all that decides the net.
type Config struct {
	Shape       nnue.Shape
	Lambda      float64 // weight of the search score in the target, 0..1; 1−Lambda goes to the result
	ScoreScale  float64 // K of sigmoid(score/K), hundredths of a piece; 0 = fitted to the training positions
	Seed        uint64  // initial weights, the split and the shuffles
	BatchSize   int     // positions a step
	LearnRate   float64 // Adam's step size
	MaxEpochs   int
	Patience    int     // epochs without a better validation loss before stopping
	ValidShare  float64 // share of the games held out for validation, (0, 1)
	WeightClip  float64 // |w| bound of the small layer's weights, at most 127/64 (the quantised range)
	Mirror      bool    // each position also trained as its a↔i mirror image
	Workers     int     // goroutines (0 = every core); the net does not depend on it
	Description string  // free text for the net's header
}

// Defaults returns the default recipe.
func Defaults() Config {
	return Config{Shape: nnue.Shape{Hidden: 32, Layer: 8}, Lambda: 0.75, Seed: 1, BatchSize: 4096,
		LearnRate: 0.001, MaxEpochs: 30, Patience: 3, ValidShare: 0.05, WeightClip: 1.98, Mirror: true}
}

// MaxWeightClip is the largest weight clip: the small layer's weights must stay within
// the range the quantised net's sums are sized for (nnue.MaxLayerWeight).
const MaxWeightClip = float64(nnue.MaxLayerWeight) / float64(nnue.QW)

// Check reports the first setting out of its range, a *engine.SettingError naming it as the
// command's flag.
func (c Config) Check() error {
	switch {
	case c.Shape.Hidden < 1 || c.Shape.Hidden > nnue.MaxHidden:
		return settingErrorf("hidden", "hidden %d: must be 1 to %d", c.Shape.Hidden, nnue.MaxHidden)
	case c.Shape.Layer < 1 || c.Shape.Layer > nnue.MaxLayer:
		return settingErrorf("layer", "layer %d: must be 1 to %d", c.Shape.Layer, nnue.MaxLayer)
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return settingErrorf("lambda", "lambda %g: must be from 0 to 1", c.Lambda)
	case c.ScoreScale != 0 && !(c.ScoreScale >= 1 && c.ScoreScale <= 10000):
		return settingErrorf("score-scale", "score-scale %g: must be 0 (fitted) or from 1 to 10000", c.ScoreScale)
	case c.BatchSize < 1 || c.BatchSize > 1<<24:
		return settingErrorf("batch", "batch %d: must be 1 to %d", c.BatchSize, 1<<24)
	case !(c.LearnRate > 0 && c.LearnRate <= 1):
		return settingErrorf("learn-rate", "learn-rate %g: must be above 0 and at most 1", c.LearnRate)
	case c.MaxEpochs < 1 || c.MaxEpochs > 100000:
		return settingErrorf("epochs", "epochs %d: must be 1 to 100000", c.MaxEpochs)
	case c.Patience < 1:
		return settingErrorf("patience", "patience %d: must be at least 1", c.Patience)
	case !(c.ValidShare > 0 && c.ValidShare < 1):
		return settingErrorf("valid-share", "valid-share %g: must be above 0 and below 1", c.ValidShare)
	case !(c.WeightClip > 0 && c.WeightClip <= MaxWeightClip):
		return settingErrorf("weight-clip", "weight-clip %g: must be above 0 and at most %g (the quantised range)", c.WeightClip, MaxWeightClip)
	case c.Workers < 0:
		return settingErrorf("workers", "workers %d: must be 0 (every core) or more", c.Workers)
	}
	return nil
}

// Epoch is the state of training: after each epoch (Done), and a few times within an
// epoch of many steps.
type Epoch struct {
	Epoch     int     // from 1
	Positions int     // training positions seen so far in this epoch
	Of        int     // training positions of an epoch
	TrainLoss float64 // mean loss over the positions seen so far in this epoch, as the weights moved
	ValidLoss float64 // over the validation positions at the epoch's end (NaN before it)
	Seconds   float64 // wall time of the epoch so far, validation included
	Done      bool    // the epoch is over
	Best      bool    // Done, and its validation loss is the lowest so far
}

// Result is a training's outcome.
type Result struct {
	Float        *nnue.Float // the best epoch's weights
	Net          *nnue.Net   // the same quantised, with Header.Training filled
	Curve        []Epoch     // one per epoch run
	BestEpoch    int
	ScoreScale   float64 // K used for the targets (given or fitted)
	Positions    int     // read
	Validation   int     // of them, held out
	ConstantLoss float64 // the validation loss of the best constant prediction
}

// lanes is how many parts each batch is cut into, whatever the workers: each part's
// gradient is summed alone, then the parts in order, so that the sum does not depend on
// which goroutine ran which part. It is also the most workers that can help.
const lanes = 16

// Adam's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// ErrNoValidation is returned when the split holds out no position (or keeps none).
var ErrNoValidation = errors.New("the split leaves no validation positions or no training positions")

// Run trains a net on the positions files (in this order) with cfg, calling progress (if
// not nil) from Run's goroutine as it goes.
func Run(ctx context.Context, cfg Config, files []string, progress func(Epoch)) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	if len(files) == 0 {
		return Result{}, errors.New("no positions files")
	}
	s, err := readSamples(ctx, files, cfg.Seed, cfg.ValidShare, cfg.Mirror)
	if err != nil {
		return Result{}, err
	}
	if len(s.train) == 0 || len(s.valid) == 0 {
		return Result{}, &InputError{fmt.Errorf("%d positions, %d held out: %w (more games, or another valid-share)", len(s.all), len(s.valid), ErrNoValidation)}
	}
	k := cfg.ScoreScale
	if k == 0 {
		k = math.Round(fitScoreScale(s.bins()))
		k = min(max(k, 1), 10000)
	}
	s.setTargets(cfg.Lambda, k)
	t := newTrainer(cfg, s)
	res := Result{ScoreScale: k, Positions: len(s.all), Validation: len(s.valid), ConstantLoss: s.constantLoss()}
	best := make([]float32, t.o.n)
	bestLoss, bestTrain := math.Inf(1), 0.0
	for epoch := 1; epoch <= cfg.MaxEpochs; epoch++ {
		e, err := t.epoch(ctx, epoch, progress)
		if err != nil {
			return Result{}, err
		}
		if e.ValidLoss < bestLoss {
			bestLoss, bestTrain, res.BestEpoch, e.Best = e.ValidLoss, e.TrainLoss, epoch, true
			copy(best, t.theta)
		}
		res.Curve = append(res.Curve, e)
		if progress != nil {
			progress(e)
		}
		if epoch-res.BestEpoch >= cfg.Patience {
			break
		}
	}
	if res.BestEpoch == 0 { // a loss that was never a number
		return Result{}, errors.New("the validation loss was never a number (learn-rate too large?)")
	}
	res.Float = t.o.float(best, float32(math.Round(k)))
	h := nnue.Header{Training: &nnue.Training{
		Data: s.files, Positions: len(s.all), Validation: len(s.valid), Seed: cfg.Seed, Lambda: cfg.Lambda,
		ScoreScale: k, Epochs: len(res.Curve), BestEpoch: res.BestEpoch, BatchSize: cfg.BatchSize,
		LearnRate: cfg.LearnRate, TrainLoss: bestTrain, ValidLoss: bestLoss, Patience: cfg.Patience,
		MaxEpochs: cfg.MaxEpochs, WeightClip: cfg.WeightClip, ValidShare: cfg.ValidShare, Mirror: cfg.Mirror, Description: cfg.Description,
	}}
	res.Net, err = nnue.Quantise(res.Float, h)
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// trainer holds the weights, Adam's moments and the lanes' memory.
type trainer struct {
	cfg     Config
	s       *samples
	o       layout
	theta   []float32
	m, v    []float32 // Adam's moments
	grad    []float32
	steps   int
	workers int
	rng     *rand.Rand // the shuffles
	lane    [lanes]laneState
}

type laneState struct {
	grad []float32
	sc   *scratch
	loss float64
}

func newTrainer(cfg Config, s *samples) *trainer {
	o := newLayout(cfg.Shape)
	t := &trainer{cfg: cfg, s: s, o: o, theta: o.initial(cfg.Seed, float32(cfg.WeightClip)),
		m: make([]float32, o.n), v: make([]float32, o.n), grad: make([]float32, o.n),
		rng: rand.New(rand.NewPCG(cfg.Seed, 0x73687566))} // a stream of its own: "shuf"
	t.workers = cfg.Workers
	if t.workers == 0 {
		t.workers = runtime.GOMAXPROCS(0)
	}
	t.workers = min(t.workers, lanes)
	for i := range t.lane {
		t.lane[i] = laneState{grad: make([]float32, o.n), sc: newScratch(o)}
	}
	return t
}

// parallel runs f on every lane, the lanes dealt to the workers in turn.
func (t *trainer) parallel(f func(lane int)) {
	if t.workers == 1 {
		for k := range lanes {
			f(k)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range t.workers {
		wg.Go(func() {
			for k := w; k < lanes; k += t.workers {
				f(k)
			}
		})
	}
	wg.Wait()
}

// part is lane k's share of n items.
func part(k, n int) (lo, hi int) { return k * n / lanes, (k + 1) * n / lanes }

// epoch runs one epoch: a shuffle, the steps, then the validation loss.
func (t *trainer) epoch(ctx context.Context, epoch int, progress func(Epoch)) (Epoch, error) {
	start := time.Now()
	idx := t.s.train
	t.rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	e := Epoch{Epoch: epoch, Of: len(idx), ValidLoss: math.NaN()}
	var loss float64
	b := t.cfg.BatchSize
	reports := 0
	for lo := 0; lo < len(idx); lo += b {
		if err := ctx.Err(); err != nil {
			return e, err
		}
		loss += t.step(idx[lo:min(lo+b, len(idx))])
		e.Positions = min(lo+b, len(idx))
		e.TrainLoss = loss / float64(e.Positions)
		// A few reports within an epoch of many steps.
		if progress != nil && len(idx) >= 10*b && e.Positions < len(idx) && e.Positions*10/len(idx) > reports {
			reports = e.Positions * 10 / len(idx)
			e.Seconds = time.Since(start).Seconds()
			progress(e)
		}
	}
	e.ValidLoss = t.loss(t.s.valid)
	e.Seconds = time.Since(start).Seconds()
	e.Done = true
	return e, nil
}

// step takes one Adam step on the batch and returns the batch's summed loss.
func (t *trainer) step(batch []uint32) float64 {
	o := t.o
	w := o.views(t.theta)
	weight := 1 / float64(len(batch))
	t.parallel(func(k int) {
		ln := &t.lane[k]
		clear(ln.grad)
		g := o.views(ln.grad)
		lo, hi := part(k, len(batch))
		var sum float64
		for _, i := range batch[lo:hi] {
			sm := &t.s.all[i]
			ln.sc.features(sm.white, sm.black, sm.side)
			l, d := step(ln.sc.forward(o, w), sm.target, weight)
			sum += l
			ln.sc.backward(o, w, g, d)
		}
		ln.loss = sum
	})
	var loss float64
	copy(t.grad, t.lane[0].grad)
	loss += t.lane[0].loss
	for k := 1; k < lanes; k++ {
		g := t.lane[k].grad[:len(t.grad)]
		for i, x := range g {
			t.grad[i] += x
		}
		loss += t.lane[k].loss
	}
	t.adam()
	return loss
}

// adam updates the weights from t.grad, then clips the small layer's.
func (t *trainer) adam() {
	t.steps++
	lr := t.cfg.LearnRate * math.Sqrt(1-math.Pow(beta2, float64(t.steps))) / (1 - math.Pow(beta1, float64(t.steps)))
	m, v, th := t.m[:len(t.grad)], t.v[:len(t.grad)], t.theta[:len(t.grad)]
	for i, g := range t.grad {
		gf := float64(g)
		mi := beta1*float64(m[i]) + (1-beta1)*gf
		vi := beta2*float64(v[i]) + (1-beta2)*gf*gf
		m[i], v[i] = float32(mi), float32(vi)
		th[i] = float32(float64(th[i]) - lr*mi/(math.Sqrt(vi)+epsilon))
	}
	c := float32(t.cfg.WeightClip)
	for i, x := range th[t.o.w2:t.o.b2] {
		th[t.o.w2+i] = min(max(x, -c), c)
	}
}

// loss returns the mean loss of the current weights over the positions idx.
func (t *trainer) loss(idx []uint32) float64 {
	o := t.o
	w := o.views(t.theta)
	t.parallel(func(k int) {
		ln := &t.lane[k]
		lo, hi := part(k, len(idx))
		var sum float64
		for _, i := range idx[lo:hi] {
			sm := &t.s.all[i]
			ln.sc.features(sm.white, sm.black, sm.side)
			l, _ := step(ln.sc.forward(o, w), sm.target, 0)
			sum += l
		}
		ln.loss = sum
	})
	var sum float64
	for k := range lanes {
		sum += t.lane[k].loss
	}
	return sum / float64(max(len(idx), 1))
}

// CurveCSV returns the loss curve as CSV (docs/FORMATS.md): a header line, then one line
// an epoch.
func CurveCSV(curve []Epoch) []byte {
	var b strings.Builder
	b.WriteString("epoch,train_loss,valid_loss,seconds\n")
	for _, e := range curve {
		fmt.Fprintf(&b, "%d,%.8g,%.8g,%.3f\n", e.Epoch, e.TrainLoss, e.ValidLoss, e.Seconds)
	}
	return []byte(b.String())
}
