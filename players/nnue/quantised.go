// quantised.go: the network in integers, as the search runs it, and its accumulators.

package nnue

import (
	"fmt"
	"math"

	"github.com/fanorona/fanorona/engine"
)

// Quantisation: an accumulator value of 1 is QA, so the first layer's weights and bias
// are scaled by QA (int16); the small layer's weights by QW (int16), its bias and its
// units by QA·QW (int32); the output's weights by QO and its bias by QA·QW·QO. The units
// are not rounded down to QA's scale before the output, which keeps the score within a
// hundredth of a piece or two of the float net's.
const (
	QA = 1024
	QW = 1024
	QO = 1024
)

// Net is a quantised network, read-only once made: any number of searches share one.
type Net struct {
	Header Header
	SHA256 string // hex digest of the net file's bytes
	hidden int
	layer  int
	w1     []int16 // Inputs rows of hidden
	b1     []int16
	w2     []int16 // layer rows of 2·hidden (the file's order)
	w2t    []int16 // the same, 2·hidden rows of layer: the search's order
	b2     []int32
	w3     []int32
	b3     int64 // in units of 1/(QA·QW·QO)
	scale  int64
}

// quantise rounds x·scale to an integer within ±limit, or reports which weight does not
// fit.
func quantise(x float32, scale float64, limit int64, what string, i int) (int64, error) {
	v := math.Round(float64(x) * scale)
	if math.IsNaN(v) || v > float64(limit) || v < -float64(limit) {
		return 0, fmt.Errorf("%s[%d] = %g does not fit the quantised range (±%d at scale %g)", what, i, x, limit, scale)
	}
	return int64(v), nil
}

// Quantise returns f in integers, with header h (whose shape and scale it sets).
func Quantise(f *Float, h Header) (*Net, error) {
	if err := f.Shape.check(); err != nil {
		return nil, err
	}
	if f.Scale < 1 || f.Scale > 10000 || f.Scale != float32(math.Round(float64(f.Scale))) {
		return nil, fmt.Errorf("scale %g: must be a whole number from 1 to 10000", f.Scale)
	}
	h.Format, h.Version, h.Shape, h.Scale, h.Inputs = FormatName, FormatVersion, f.Shape, int(f.Scale), Inputs
	h.Quant = Quant{A: QA, W: QW, O: QO}
	n := &Net{Header: h, hidden: f.Hidden, layer: f.Layer, scale: int64(f.Scale)}
	var err error
	q16 := func(src []float32, scale float64, what string) []int16 {
		out := make([]int16, len(src))
		for i, x := range src {
			if err != nil {
				break
			}
			var v int64
			v, err = quantise(x, scale, math.MaxInt16, what, i)
			out[i] = int16(v)
		}
		return out
	}
	q32 := func(src []float32, scale float64, what string) []int32 {
		out := make([]int32, len(src))
		for i, x := range src {
			if err != nil {
				break
			}
			var v int64
			v, err = quantise(x, scale, 1<<30, what, i)
			out[i] = int32(v)
		}
		return out
	}
	n.w1 = q16(f.W1, QA, "w1")
	n.b1 = q16(f.B1, QA, "b1")
	n.w2 = q16(f.W2, QW, "w2")
	if err == nil {
		err = n.checkLayer()
	}
	n.b2 = q32(f.B2, QA*QW, "b2")
	n.w3 = q32(f.W3, QO, "w3")
	if err != nil {
		return nil, err
	}
	if n.b3, err = quantise(f.B3, QA*QW*QO, 1<<50, "b3", 0); err != nil {
		return nil, err
	}
	return n, nil
}

// MaxLayerWeight bounds the small layer's quantised weights, so that its sums fit 32 bits
// at any shape: 2·MaxHidden·MaxLayerWeight·QA < 2³¹.
const MaxLayerWeight = 2 * QW

// checkLayer refuses small-layer weights beyond ±MaxLayerWeight and makes the search's
// copy of them.
func (n *Net) checkLayer() error {
	for i, w := range n.w2 {
		if w > MaxLayerWeight || w < -MaxLayerWeight {
			return fmt.Errorf("w2[%d] = %d: beyond ±%d (a small-layer weight over 2)", i, w, MaxLayerWeight)
		}
	}
	h2 := 2 * n.hidden
	n.w2t = make([]int16, len(n.w2))
	for j := range n.layer {
		for i := range h2 {
			n.w2t[i*n.layer+j] = n.w2[j*h2+i]
		}
	}
	return nil
}

func (s Shape) check() error {
	if s.Hidden < 1 || s.Hidden > MaxHidden || s.Layer < 1 || s.Layer > MaxLayer {
		return fmt.Errorf("shape %d×%d: hidden must be 1 to %d and layer 1 to %d", s.Hidden, s.Layer, MaxHidden, MaxLayer)
	}
	return nil
}

// Stack holds a pair of accumulators (White's view, then Black's) for each ply of a
// search: the search refreshes the root's and updates each child's from its parent's,
// with no allocation. Played defers a child's update until a position at or below it is
// evaluated: most children of a search (captures continued, cut-offs, table hits) are
// never scored.
type Stack struct {
	net    *Net
	acc    []int32              // plies × 2 × hidden: the pieces' inputs (threats are added at evaluation)
	boards [][2]engine.Bitboard // each ply's pieces (White's, Black's), as last made
	ready  int                  // acc holds the accumulators of boards[0..ready]
	sum    []int32              // the small layer's sums, reused
	threat []int32              // 2 × hidden: accumulators with the threats' inputs added, reused
}

// NewStack returns a stack of plies accumulator pairs for n.
func (n *Net) NewStack(plies int) *Stack {
	return &Stack{net: n, acc: make([]int32, plies*2*n.hidden), boards: make([][2]engine.Bitboard, plies),
		sum: make([]int32, n.layer), threat: make([]int32, 2*n.hidden)}
}

func (s *Stack) pair(ply int) []int32 {
	h2 := 2 * s.net.hidden
	return s.acc[ply*h2 : (ply+1)*h2]
}

// Refresh computes the accumulators of ply from the position p (its pieces' inputs).
func (s *Stack) Refresh(ply int, p *engine.Position) {
	n := s.net
	acc := s.pair(ply)
	s.boards[ply], s.ready = p.Pieces, ply
	for side := engine.White; side <= engine.Black; side++ {
		a := acc[int(side)*n.hidden:][:n.hidden]
		for i, b := range n.b1 {
			a[i] = int32(b)
		}
		for c := engine.White; c <= engine.Black; c++ {
			for b := p.Pieces[c]; b != 0; b &= b - 1 {
				n.add(a, Feature(side, c, b.First()))
			}
		}
	}
}

// add adds input f's row of the first layer to the accumulator a.
func (n *Net) add(a []int32, f int) {
	row := n.w1[f*n.hidden:][:len(a)]
	if len(a) == 32 { // the default net's width: fixed-size arrays, no bounds checks
		add32((*[32]int32)(a), (*[32]int16)(row))
		return
	}
	for i, w := range row {
		a[i] += int32(w)
	}
}

// sub subtracts input f's row of the first layer from the accumulator a.
func (n *Net) sub(a []int32, f int) {
	row := n.w1[f*n.hidden:][:len(a)]
	if len(a) == 32 {
		sub32((*[32]int32)(a), (*[32]int16)(row))
		return
	}
	for i, w := range row {
		a[i] -= int32(w)
	}
}

func add32(a *[32]int32, row *[32]int16) {
	for i := 0; i < 32; i += 4 {
		a[i] += int32(row[i])
		a[i+1] += int32(row[i+1])
		a[i+2] += int32(row[i+2])
		a[i+3] += int32(row[i+3])
	}
}

func sub32(a *[32]int32, row *[32]int16) {
	for i := 0; i < 32; i += 4 {
		a[i] -= int32(row[i])
		a[i+1] -= int32(row[i+1])
		a[i+2] -= int32(row[i+2])
		a[i+3] -= int32(row[i+3])
	}
}

// Update computes the accumulators of ply+1, the position child, from those of ply, its
// parent, at once: Played, then caught up.
func (s *Stack) Update(ply int, child *engine.Position) {
	s.Played(ply, child)
	s.catchUp(ply + 1)
}

// Played records child as the position of ply+1, made from the position of ply: its
// accumulators are computed when a position at or below it is evaluated.
func (s *Stack) Played(ply int, child *engine.Position) {
	s.boards[ply+1] = child.Pieces
	s.ready = min(s.ready, ply)
}

// catchUp brings the accumulators up to ply along the boards recorded.
func (s *Stack) catchUp(ply int) {
	for ; s.ready < ply; s.ready++ {
		s.update(s.ready)
	}
}

// update computes the accumulators of ply+1 from those of ply by their boards: only the
// pieces that left or arrived change them.
func (s *Stack) update(ply int) {
	n := s.net
	from, to := s.pair(ply), s.pair(ply+1)
	parent, child := &s.boards[ply], &s.boards[ply+1]
	copy(to, from)
	for c := engine.White; c <= engine.Black; c++ {
		gone := parent[c] &^ child[c]
		came := child[c] &^ parent[c]
		for side := engine.White; side <= engine.Black; side++ {
			a := to[int(side)*n.hidden:][:n.hidden]
			for b := gone; b != 0; b &= b - 1 {
				n.sub(a, Feature(side, c, b.First()))
			}
			for b := came; b != 0; b &= b - 1 {
				n.add(a, Feature(side, c, b.First()))
			}
		}
	}
}

// Output returns the net's output for p, the position of ply, in units of 1/(QA·QW·QO)
// of a logit for its side to move.
func (s *Stack) Output(ply int, p *engine.Position) int64 {
	n := s.net
	s.catchUp(ply)
	acc := s.pair(ply)
	if tw, tb := Threats(p.Pieces[engine.White], p.Pieces[engine.Black]); tw|tb != 0 {
		copy(s.threat, acc)
		acc = s.threat
		for side := engine.White; side <= engine.Black; side++ {
			a := acc[int(side)*n.hidden:][:n.hidden]
			for b := tw; b != 0; b &= b - 1 {
				n.add(a, ThreatFeature(side, engine.White, b.First()))
			}
			for b := tb; b != 0; b &= b - 1 {
				n.add(a, ThreatFeature(side, engine.Black, b.First()))
			}
		}
	}
	sum := s.sum
	if n.layer == 8 {
		n.smallLayer8(acc, p.Side, (*[8]int32)(sum))
	} else {
		n.smallLayer(acc, p.Side, sum)
	}
	out := n.b3
	for j, v := range sum {
		out += int64(n.w3[j]) * int64(min(max(v, 0), QA*QW))
	}
	return out
}

// smallLayer sets sum to the small layer's sums over the accumulators acc, the mover's
// (side) first: input by input, skipping the clipped zeros (most of them in a trained
// net), each adds its column.
func (n *Net) smallLayer(acc []int32, side engine.Color, sum []int32) {
	copy(sum, n.b2)
	for k, side := range [2]engine.Color{side, side.Other()} {
		a := acc[int(side)*n.hidden:][:n.hidden]
		cols := n.w2t[k*n.hidden*n.layer:]
		for i, x := range a {
			if x <= 0 {
				continue
			}
			x = min(x, QA)
			col := cols[i*n.layer:][:len(sum)]
			for j, w := range col {
				sum[j] += int32(w) * x
			}
		}
	}
}

// smallLayer8 is smallLayer for a layer of 8 units (the default net's), its sums kept in
// registers: the same sums in the same order, in about half the time.
func (n *Net) smallLayer8(acc []int32, side engine.Color, sum *[8]int32) {
	b := (*[8]int32)(n.b2)
	s0, s1, s2, s3, s4, s5, s6, s7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
	for k, side := range [2]engine.Color{side, side.Other()} {
		a := acc[int(side)*n.hidden:][:n.hidden]
		cols := n.w2t[k*n.hidden*8:][:n.hidden*8]
		for i, x := range a {
			if x <= 0 {
				continue
			}
			x = min(x, QA)
			c := (*[8]int16)(cols[i*8:])
			s0 += int32(c[0]) * x
			s1 += int32(c[1]) * x
			s2 += int32(c[2]) * x
			s3 += int32(c[3]) * x
			s4 += int32(c[4]) * x
			s5 += int32(c[5]) * x
			s6 += int32(c[6]) * x
			s7 += int32(c[7]) * x
		}
	}
	*sum = [8]int32{s0, s1, s2, s3, s4, s5, s6, s7}
}

// Evaluate returns the static score of p, the position of ply, for its side to move, in
// hundredths of a piece.
func (s *Stack) Evaluate(ply int, p *engine.Position) int {
	return int(s.Output(ply, p) * s.net.scale / (QA * QW * QO))
}

// Evaluate returns p's static score for the side to move, computed from scratch (one
// Stack of one ply: for tools and tests, not for a search).
func (n *Net) Evaluate(p *engine.Position) int {
	s := n.NewStack(1)
	s.Refresh(0, p)
	return s.Evaluate(0, p)
}
