// Package nnue owns the learned evaluation: its inputs (the points of each colour, seen
// from each side), the float network the trainer fits and its quantised integer form, the
// net file (a versioned text header, then the weights), the per-ply accumulators the
// search updates as pieces come and go, and the default net embedded in the binary.
//
// The network: for each side c, an accumulator of Hidden values, the first layer's bias
// plus one weight row per input that holds: each piece on the board (Feature: the side's
// own pieces, then the other's, on points turned 180° for Black, so that both sides see
// the board alike), and each piece that the other colour could capture by a first step
// (ThreatFeature: a threat the search cannot see at a quiet leaf). The side to move is
// the order of the two accumulators: the mover's first. Both are clipped to [0, 1] (clipped ReLU), a layer of
// Layer units (clipped ReLU) follows, then one output, a logit: sigmoid(output) is the
// mover's expected score (win 1, draw ½, loss 0), and output·Scale is the static score in
// hundredths of a piece, the search's unit.
package nnue

import (
	"github.com/fanorona/fanorona/engine"
)

// Inputs is the number of input features: a piece of either colour (as seen from one
// side: its own or the other's) on any point, and the same again for a piece under
// threat.
const Inputs = 4 * engine.Points

// MaxFeatures bounds the inputs that hold in one position (a piece and its threat each).
const MaxFeatures = 2 * engine.Points

// Feature returns the input index of a piece of colour piece on pt as seen from side:
// own pieces are 0..44, the other's 45..89, and Black sees the board turned 180° (the
// board's symmetry that exchanges the two camps).
func Feature(side, piece engine.Color, pt engine.Point) int {
	if side == engine.Black {
		pt = engine.Points - 1 - pt
	}
	if piece != side {
		return engine.Points + int(pt)
	}
	return int(pt)
}

// ThreatFeature returns the input index of a piece of colour piece on pt, as seen from
// side, that the other colour could take by a first capture step.
func ThreatFeature(side, piece engine.Color, pt engine.Point) int {
	return 2*engine.Points + Feature(side, piece, pt)
}

// Threats returns the white pieces that Black could capture by a first step, were it to
// move, and the black pieces White could.
func Threats(white, black engine.Bitboard) (engine.Bitboard, engine.Bitboard) {
	return engine.FirstVictims(black, white), engine.FirstVictims(white, black)
}

// AppendFeatures appends the inputs that hold for side's accumulator on the board white,
// black: every piece, White's then Black's by point, then every threatened piece, White's
// then Black's by point (the order of the float sums).
func AppendFeatures(dst []int32, side engine.Color, white, black engine.Bitboard) []int32 {
	for c, bb := range [2]engine.Bitboard{white, black} {
		for b := bb; b != 0; b &= b - 1 {
			dst = append(dst, int32(Feature(side, engine.Color(c), b.First())))
		}
	}
	tw, tb := Threats(white, black)
	for c, bb := range [2]engine.Bitboard{tw, tb} {
		for b := bb; b != 0; b &= b - 1 {
			dst = append(dst, int32(ThreatFeature(side, engine.Color(c), b.First())))
		}
	}
	return dst
}

// Shape is a network's size: Hidden accumulator values a side, Layer units in the small
// layer.
type Shape struct {
	Hidden int `json:"hidden"`
	Layer  int `json:"layer"`
}

// Limits of a shape (a net file claiming more is refused before anything is allocated).
const (
	MaxHidden = 512
	MaxLayer  = 256
)

// Float is a network in float32, as the trainer fits it. W1 is Inputs rows of Hidden; W2
// is Layer rows of 2·Hidden (the mover's accumulator, then the other's); W3 is Layer.
type Float struct {
	Shape
	W1, B1 []float32
	W2, B2 []float32
	W3     []float32
	B3     float32
	Scale  float32 // hundredths of a piece per unit of the output
}

// NewFloat returns a zero network of shape s with the score scale scale.
func NewFloat(s Shape, scale float32) *Float {
	return &Float{Shape: s, W1: make([]float32, Inputs*s.Hidden), B1: make([]float32, s.Hidden),
		W2: make([]float32, s.Layer*2*s.Hidden), B2: make([]float32, s.Layer), W3: make([]float32, s.Layer), Scale: scale}
}

// clip is the clipped ReLU.
func clip(x float32) float32 { return min(max(x, 0), 1) }

// Forward returns the output (a logit for the side to move) of p, computed from scratch.
func (f *Float) Forward(p *engine.Position) float32 {
	h := f.Hidden
	acc := make([]float32, 2*h)
	for k, side := range [2]engine.Color{p.Side, p.Side.Other()} {
		a := acc[k*h : (k+1)*h]
		copy(a, f.B1)
		for _, feat := range AppendFeatures(nil, side, p.Pieces[engine.White], p.Pieces[engine.Black]) {
			row := f.W1[int(feat)*h:][:h]
			for i := range a {
				a[i] += row[i]
			}
		}
	}
	out := f.B3
	for j := range f.Layer {
		s := f.B2[j]
		row := f.W2[j*2*h:][:2*h]
		for i, x := range acc {
			s += row[i] * clip(x)
		}
		out += f.W3[j] * clip(s)
	}
	return out
}
