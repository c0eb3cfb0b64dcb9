// model.go: the network's weights as one flat vector (so that gradients, Adam's moments
// and the sums of lanes are plain loops over it), and the forward and backward pass of
// one position, which computes exactly nnue.Float.Forward.

package train

import (
	"math"
	"math/rand/v2"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

// layout places the weights of a shape in one vector: W1, B1, W2, B2, W3, B3, in the
// order and row layout of nnue.Float.
type layout struct {
	h, l                      int
	w1, b1, w2, b2, w3, b3, n int // offsets; n is the length
}

func newLayout(s nnue.Shape) layout {
	h, l := s.Hidden, s.Layer
	var o layout
	o.h, o.l = h, l
	o.w1 = 0
	o.b1 = o.w1 + nnue.Inputs*h
	o.w2 = o.b1 + h
	o.b2 = o.w2 + l*2*h
	o.w3 = o.b2 + l
	o.b3 = o.w3 + l
	o.n = o.b3 + 1
	return o
}

// views are the parts of a vector laid out by a layout.
type views struct {
	W1, B1, W2, B2, W3 []float32
	B3                 *float32
}

func (o layout) views(v []float32) views {
	return views{W1: v[o.w1:o.b1], B1: v[o.b1:o.w2], W2: v[o.w2:o.b2], B2: v[o.b2:o.w3], W3: v[o.w3:o.b3], B3: &v[o.b3]}
}

// float returns the vector v as an nnue.Float (copied) with the score scale scale.
func (o layout) float(v []float32, scale float32) *nnue.Float {
	f := nnue.NewFloat(nnue.Shape{Hidden: o.h, Layer: o.l}, scale)
	w := o.views(v)
	copy(f.W1, w.W1)
	copy(f.B1, w.B1)
	copy(f.W2, w.W2)
	copy(f.B2, w.B2)
	copy(f.W3, w.W3)
	f.B3 = *w.B3
	return f
}

// vector returns f's weights as a vector of layout o (f's shape).
func (o layout) vector(f *nnue.Float) []float32 {
	v := make([]float32, o.n)
	w := o.views(v)
	copy(w.W1, f.W1)
	copy(w.B1, f.B1)
	copy(w.W2, f.W2)
	copy(w.B2, f.B2)
	copy(w.W3, f.W3)
	*w.B3 = f.B3
	return v
}

// initial returns seeded starting weights: the first layer small around a bias of ½, so
// that the accumulators start inside the clipped ReLU's slope; the small layers scaled
// by their fan-in (uniform, variance 1/fan-in), W2 within clip.
func (o layout) initial(seed uint64, clip float32) []float32 {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565)) // a stream of its own: "nnue"
	v := make([]float32, o.n)
	w := o.views(v)
	uniform := func(dst []float32, bound float64) {
		for i := range dst {
			dst[i] = float32((2*rng.Float64() - 1) * bound)
		}
	}
	// About 22 pieces a side add to each accumulator: a spread of 0.3 in all.
	uniform(w.W1, math.Sqrt(3)*0.3/math.Sqrt(22))
	for i := range w.B1 {
		w.B1[i] = 0.5
	}
	uniform(w.W2, math.Min(math.Sqrt(3/float64(2*o.h)), float64(clip)))
	for i := range w.B2 {
		w.B2[i] = 0.1
	}
	uniform(w.W3, math.Sqrt(3/float64(o.l)))
	return v
}

// maxFeatures bounds the inputs that hold in a position.
const maxFeatures = nnue.MaxFeatures

// scratch is one lane's working memory for the forward and backward pass.
type scratch struct {
	feat   [2][maxFeatures]int32 // the input rows of the mover's and the other's accumulator
	nfeat  int
	acc    []float32 // 2·h: the mover's accumulator, then the other's
	act    []float32 // 2·h: acc clipped
	dact   []float32 // 2·h: gradient at the accumulators
	z2, h2 []float32 // l: the small layer before and after clipping
}

func newScratch(o layout) *scratch {
	return &scratch{acc: make([]float32, 2*o.h), act: make([]float32, 2*o.h), dact: make([]float32, 2*o.h),
		z2: make([]float32, o.l), h2: make([]float32, o.l)}
}

func clip(x float32) float32 { return min(max(x, 0), 1) }

// features lists p's input rows for the mover's and the other's accumulator, in the
// order nnue.Float.Forward adds them (nnue.AppendFeatures).
func (s *scratch) features(white, black engine.Bitboard, side engine.Color) {
	s.nfeat = len(nnue.AppendFeatures(s.feat[0][:0], side, white, black))
	nnue.AppendFeatures(s.feat[1][:0], side.Other(), white, black)
}

// forward computes the output (the logit for the side to move) of the position whose
// features are in s, keeping what backward needs.
func (s *scratch) forward(o layout, w views) float32 {
	h := o.h
	for k := range 2 {
		a := s.acc[k*h : (k+1)*h]
		copy(a, w.B1)
		for _, f := range s.feat[k][:s.nfeat] {
			row := w.W1[int(f)*h:][:len(a)]
			for i, x := range row {
				a[i] += x
			}
		}
	}
	act := s.act[:2*h]
	for i, x := range s.acc[:len(act)] {
		act[i] = clip(x)
	}
	out := *w.B3
	for j := range o.l {
		sum := w.B2[j]
		row := w.W2[j*2*h:][:len(act)]
		for i, x := range act {
			sum += row[i] * x
		}
		s.z2[j] = sum
		s.h2[j] = clip(sum)
		out += w.W3[j] * s.h2[j]
	}
	return out
}

// backward adds to the gradient g the gradient of a loss whose derivative at the output
// is dout, for the position of the last forward, touching only its rows of W1.
func (s *scratch) backward(o layout, w, g views, dout float32) {
	h := o.h
	*g.B3 += dout
	dact := s.dact[:2*h]
	clear(dact)
	act := s.act[:2*h]
	for j := range o.l {
		g.W3[j] += dout * s.h2[j]
		if z := s.z2[j]; z <= 0 || z >= 1 {
			continue // clipped: no gradient below
		}
		d := dout * w.W3[j]
		g.B2[j] += d
		row := w.W2[j*2*h:][:len(act)]
		grow := g.W2[j*2*h:][:len(act)]
		for i, x := range act {
			grow[i] += d * x
			dact[i] += d * row[i]
		}
	}
	for i, x := range s.acc[:len(dact)] {
		if x <= 0 || x >= 1 {
			dact[i] = 0
		}
	}
	for k := range 2 {
		d := dact[k*h : (k+1)*h]
		gb := g.B1[:len(d)]
		for i, x := range d {
			gb[i] += x
		}
		for _, f := range s.feat[k][:s.nfeat] {
			row := g.W1[int(f)*h:][:len(d)]
			for i, x := range d {
				row[i] += x
			}
		}
	}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// step is the loss (p − t)² of one position of target t and its derivative at the
// output, scaled by weight (1/batch size for a batch's mean).
func step(out float32, t float32, weight float64) (loss float64, dout float32) {
	p := sigmoid(float64(out))
	e := p - float64(t)
	return e * e, float32(2 * e * p * (1 - p) * weight)
}
