// samples.go: the positions in memory (24 bytes each), read from positions files with
// their SHA-256, split by game into training and validation, the score scale fitted to
// the results, and the targets.

package train

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/players/nnue/data"
)

// sample is one position as the trainer keeps it.
type sample struct {
	white, black engine.Bitboard
	target       float32 // set once the score scale is known
	score        int16   // the search's score for the side to move, hundredths of a piece
	side         engine.Color
	value        uint8 // the table's value where known, else the game's result: 0 loss, 1 draw, 2 win
}

// samples are the positions read, and which of them train and which validate.
type samples struct {
	all          []sample
	train, valid []uint32 // indices into all
	files        []nnue.DataFile
}

// InputError is an error of the positions files given (not a positions file, a damaged
// record, one still being written, a split left empty): the caller's input, not a fault.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput marks the error as the input's fault: a command exits with status 2.
func (e *InputError) BadInput() bool { return true }

// ErrStillWritten is returned for a positions file that a generation is still writing
// (its progress sidecar exists).
var ErrStillWritten = errors.New("still being written")

// inValidation tells whether game game of file file is held out: a seeded hash of the
// two, below share of the 64-bit range. Every position of a game lands on the same side.
func inValidation(seed uint64, file int, game uint32, share float64) bool {
	x := seed ^ uint64(file)<<32 ^ uint64(game)
	// splitmix64's finaliser
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11)/(1<<53) < share
}

// readSamples reads every record of the files, in order, splitting them by game; with
// mirror, each position is followed by its a↔i mirror image (a symmetry of the board and
// of the rules: the same value), in the same game.
func readSamples(ctx context.Context, files []string, seed uint64, share float64, mirror bool) (*samples, error) {
	var total int64
	for _, path := range files {
		if _, err := os.Stat(data.ProgressPath(path)); err == nil {
			return nil, &InputError{fmt.Errorf("%s: %w (%s exists): train on it once its generation has finished", path, ErrStillWritten, data.ProgressPath(path))}
		}
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		total += st.Size() / data.RecordSize
	}
	if total >= math.MaxUint32 {
		return nil, fmt.Errorf("%d positions: at most %d can be trained on at once", total, math.MaxUint32-1)
	}
	if mirror {
		total *= 2
	}
	s := &samples{all: make([]sample, 0, total)}
	for i, path := range files {
		n, sum, err := s.readFile(ctx, i, path, seed, share, mirror)
		if err != nil {
			return nil, err
		}
		s.files = append(s.files, nnue.DataFile{Name: filepath.Base(path), SHA256: sum, Records: n})
	}
	return s, nil
}

func (s *samples) readFile(ctx context.Context, fileIndex int, path string, seed uint64, share float64, mirror bool) (int, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New() // of the records only: a file made again by another build hashes alike
	rd, err := data.NewReader(f, path)
	if err != nil {
		return 0, "", &InputError{err}
	}
	var rec data.Record
	n := 0
	for ; ; n++ {
		if n%(1<<20) == 0 {
			if err := ctx.Err(); err != nil {
				return 0, "", err
			}
		}
		err := rd.Next(&rec)
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, "", &InputError{err}
		}
		h.Write(rd.Bytes())
		if len(s.all) >= math.MaxUint32-1 {
			return 0, "", fmt.Errorf("%s: more than %d positions in all: at most that many can be trained on at once", path, math.MaxUint32-1)
		}
		v := rec.Result
		if rec.Exact != data.Unknown {
			v = rec.Exact
		}
		sm := sample{white: rec.White, black: rec.Black, score: rec.Score, side: rec.Side, value: v}
		held := inValidation(seed, fileIndex, rec.Game, share)
		for k := range 2 {
			if k == 1 {
				if !mirror {
					break
				}
				sm.white, sm.black = sm.white.Transform(engine.MirrorLR), sm.black.Transform(engine.MirrorLR)
			}
			idx := uint32(len(s.all))
			s.all = append(s.all, sm)
			if held {
				s.valid = append(s.valid, idx)
			} else {
				s.train = append(s.train, idx)
			}
		}
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// scoreBin counts the training positions of one score by value, the sufficient statistic
// of the score scale's fit.
type scoreBin struct {
	score float64
	n     [3]float64 // positions of value 0, 1, 2
}

// fitScoreScale returns the scale K (hundredths of a piece) that minimises
// Σ (sigmoid(score/K) − r)² over positions of scores score[i] and outcomes r[i] = value/2
// (value 0, 1 or 2): a grid of ratios 1.05 from 10 to 10000, then golden-section search
// between the best point's neighbours. Deterministic.
func fitScoreScale(bins []scoreBin) float64 {
	f := func(k float64) float64 {
		var sum float64
		for _, b := range bins {
			p := sigmoid(b.score / k)
			for v, n := range b.n {
				d := p - float64(v)/2
				sum += n * d * d
			}
		}
		return sum
	}
	const ratio = 1.05
	best, bestF := 10.0, math.Inf(1)
	for k := 10.0; k <= 10000; k *= ratio {
		if v := f(k); v < bestF {
			best, bestF = k, v
		}
	}
	lo, hi := math.Log(best/ratio), math.Log(best*ratio)
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(math.Exp(a)), f(math.Exp(b))
	for range 60 {
		if fa <= fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(math.Exp(a))
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(math.Exp(b))
		}
	}
	k := math.Exp((lo + hi) / 2)
	if f(k) > bestF {
		k = best
	}
	return k
}

// bins returns the training positions' score bins, by ascending score.
func (s *samples) bins() []scoreBin {
	counts := make([][3]float64, 1<<16)
	for _, i := range s.train {
		sm := &s.all[i]
		counts[int(sm.score)+1<<15][sm.value]++
	}
	var out []scoreBin
	for i, n := range counts {
		if n != [3]float64{} {
			out = append(out, scoreBin{score: float64(i - 1<<15), n: n})
		}
	}
	return out
}

// setTargets sets every position's target λ·sigmoid(score/k) + (1−λ)·value/2.
func (s *samples) setTargets(lambda, k float64) {
	for i := range s.all {
		sm := &s.all[i]
		sm.target = float32(lambda*sigmoid(float64(sm.score)/k) + (1-lambda)*float64(sm.value)/2)
	}
}

// constantLoss returns the validation loss of the best constant prediction fitted on
// the training positions (their mean target): what a net must beat to have learnt
// anything.
func (s *samples) constantLoss() float64 {
	var mean float64
	for _, i := range s.train {
		mean += float64(s.all[i].target)
	}
	mean /= float64(max(len(s.train), 1))
	var loss float64
	for _, i := range s.valid {
		d := float64(s.all[i].target) - mean
		loss += d * d
	}
	return loss / float64(max(len(s.valid), 1))
}
