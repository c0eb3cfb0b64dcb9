package stats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/stat"
)

// MaxCountedPlies is the longest game length [LengthCounts] accepts.
const MaxCountedPlies = 1 << 20

// LengthCounts accumulates game lengths in plies as counts per length, kept
// apart for games that ended by the rules and games stopped by a ply cap, so
// that a run's length statistics take memory proportional to its longest
// game, not to its number of games. The zero value is empty and ready to use.
//
// Every statistic is the one the slice-based function gives on the expanded
// sample (each length repeated as often as counted): [LengthCounts.Stats] is
// [Lengths], [LengthCounts.Summary] is [Summarize], [LengthCounts.Histogram]
// is [Histogram] and [KS2Counts] is [KS2], with the same quantile definition
// (exact: quantiles of integers need no approximation). Means and standard
// deviations agree to rounding (they are summed per distinct length).
//
// JSON: {"natural":{"23":5,"31":2},"capped":{"400":1}}, objects from the
// length in plies (a decimal string, in increasing order) to the number of
// games of that length; lengths with no game are left out.
type LengthCounts struct {
	natural, capped []int64 // index = plies
	n               int64
}

// Add records one game of the given length in plies; capped tells whether a
// ply cap stopped it. It panics unless 0 <= plies <= MaxCountedPlies.
func (c *LengthCounts) Add(plies int, capped bool) {
	if plies < 0 || plies > MaxCountedPlies {
		panic(fmt.Sprintf("stats: game length %d plies not in [0, %d]", plies, MaxCountedPlies))
	}
	if capped {
		c.capped = addCount(c.capped, plies, 1)
	} else {
		c.natural = addCount(c.natural, plies, 1)
	}
	c.n++
}

func addCount(s []int64, i int, k int64) []int64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	s[i] += k
	return s
}

// Merge adds the games counted in o to c.
func (c *LengthCounts) Merge(o *LengthCounts) {
	for p, k := range o.natural {
		if k != 0 {
			c.natural = addCount(c.natural, p, k)
		}
	}
	for p, k := range o.capped {
		if k != 0 {
			c.capped = addCount(c.capped, p, k)
		}
	}
	c.n += o.n
}

// N returns the number of games counted.
func (c *LengthCounts) N() int64 { return c.n }

// Capped returns the number of games stopped by a ply cap.
func (c *LengthCounts) Capped() int64 {
	var k int64
	for _, v := range c.capped {
		k += v
	}
	return k
}

// weighted is a sample given as distinct sorted values with their counts.
type weighted struct {
	xs, ws []float64
	n      int64
}

// sample returns the lengths counted in the given slices (added together).
func sample(parts ...[]int64) weighted {
	var w weighted
	longest := 0
	for _, p := range parts {
		longest = max(longest, len(p))
	}
	for i := range longest {
		var k int64
		for _, p := range parts {
			if i < len(p) {
				k += p[i]
			}
		}
		if k > 0 {
			w.xs = append(w.xs, float64(i))
			w.ws = append(w.ws, float64(k))
			w.n += k
		}
	}
	return w
}

func (c *LengthCounts) all() weighted { return sample(c.natural, c.capped) }

// at returns the value at 0-based index j of the expanded sorted sample.
func (w weighted) at(j int64) float64 {
	var cum int64
	for i, k := range w.ws {
		cum += int64(k)
		if j < cum {
			return w.xs[i]
		}
	}
	return w.xs[len(w.xs)-1]
}

// quantile is gonum's stat.Quantile with stat.LinInterp on the expanded
// sample (type 4, see [Summary]), evaluated from the counts: the first
// 0-based index j with j+1 >= p·n, interpolated with the value before it.
func (w weighted) quantile(p float64) float64 {
	fidx := p * float64(w.n)
	j := int64(math.Ceil(fidx)) - 1
	if j <= 0 {
		return w.xs[0]
	}
	t := float64(j+1) - fidx
	return t*w.at(j-1) + (1-t)*w.at(j)
}

func (w weighted) summary() Summary {
	if w.n == 0 {
		return Summarize(nil)
	}
	mean, sd := stat.MeanStdDev(w.xs, w.ws)
	if w.n == 1 {
		sd = 0
	}
	return Summary{
		Count:  int(w.n),
		Mean:   mean,
		StdDev: sd,
		Min:    w.xs[0],
		Q5:     w.quantile(0.05),
		Q25:    w.quantile(0.25),
		Median: w.quantile(0.5),
		Q75:    w.quantile(0.75),
		Q95:    w.quantile(0.95),
		Max:    w.xs[len(w.xs)-1],
	}
}

// freedmanDiaconis is [FreedmanDiaconis] from counts.
func (w weighted) freedmanDiaconis() float64 {
	if w.n == 0 {
		return 1
	}
	s := w.summary()
	if fd := 2 * (s.Q75 - s.Q25) / math.Cbrt(float64(s.Count)); fd > 0 {
		return fd
	}
	if r := s.Max - s.Min; r > 0 {
		return r / (math.Ceil(math.Log2(float64(s.Count))) + 1)
	}
	return 1
}

// histogram is [Histogram] from counts.
func (w weighted) histogram(width float64) Hist {
	if w.n == 0 {
		return Hist{}
	}
	if !(width > 0) {
		width = w.freedmanDiaconis()
	}
	return w.histogramEdges(histogramEdges(w.xs[0], w.xs[len(w.xs)-1], width))
}

// histogramEdges is [HistogramEdges] from counts.
func (w weighted) histogramEdges(edges []float64) Hist {
	h := Hist{Edges: edges, Counts: make([]int, len(edges)-1)}
	b := 0
	for i, x := range w.xs {
		if x < edges[0] || x >= edges[len(edges)-1] {
			continue
		}
		for x >= edges[b+1] {
			b++
		}
		h.Counts[b] += int(w.ws[i])
	}
	return h
}

// Summary returns [Summarize] of every counted game's length.
func (c *LengthCounts) Summary() Summary { return c.all().summary() }

// Histogram returns [Histogram] of every counted game's length.
func (c *LengthCounts) Histogram(width float64) Hist { return c.all().histogram(width) }

// Stats returns [Lengths] of the counted games. The error is always nil; it
// is there to match Lengths.
func (c *LengthCounts) Stats() (LengthStats, error) {
	all, nat, capd := c.all(), sample(c.natural), sample(c.capped)
	r := LengthStats{All: all.summary(), Natural: nat.summary(), Capped: capd.summary()}
	if all.n > 0 {
		edges := all.histogram(math.Max(1, math.Ceil(all.freedmanDiaconis()))).Edges
		r.NaturalHist = nat.histogramEdges(edges)
		r.CappedHist = capd.histogramEdges(edges)
	}
	return r, nil
}

// KS2Counts is [KS2] on the lengths of every game counted in a and in b.
func KS2Counts(a, b *LengthCounts) KSResult {
	x, y := a.all(), b.all()
	if x.n == 0 || y.n == 0 {
		return ksEmpty(x.n == 0 && y.n == 0)
	}
	return ksPValue(stat.KolmogorovSmirnov(x.xs, x.ws, y.xs, y.ws), x.n, y.n)
}

// MarshalJSON writes c as {"natural":{"plies":count,...},"capped":{...}}.
func (c LengthCounts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"natural":`)
	writeCounts(&b, c.natural)
	b.WriteString(`,"capped":`)
	writeCounts(&b, c.capped)
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeCounts(b *bytes.Buffer, s []int64) {
	b.WriteByte('{')
	first := true
	for p, k := range s {
		if k == 0 {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		fmt.Fprintf(b, `"%d":%d`, p, k)
	}
	b.WriteByte('}')
}

// UnmarshalJSON reads the form MarshalJSON writes. It rejects unknown
// fields, lengths that are not integers in [0, MaxCountedPlies] and
// negative counts, naming the offending key.
func (c *LengthCounts) UnmarshalJSON(data []byte) error {
	var raw struct {
		Natural map[string]int64 `json:"natural"`
		Capped  map[string]int64 `json:"capped"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("length counts: %w", err)
	}
	var out LengthCounts
	for _, part := range []struct {
		name string
		m    map[string]int64
		dst  *[]int64
	}{{"natural", raw.Natural, &out.natural}, {"capped", raw.Capped, &out.capped}} {
		for key, k := range part.m {
			p, err := strconv.Atoi(key)
			if err != nil || p < 0 || p > MaxCountedPlies || strconv.Itoa(p) != key {
				return fmt.Errorf("length counts: %s: length %q is not an integer in [0, %d]", part.name, key, MaxCountedPlies)
			}
			if k < 0 {
				return fmt.Errorf("length counts: %s: negative count %d for length %s", part.name, k, key)
			}
			*part.dst = addCount(*part.dst, p, k)
			out.n += k
		}
	}
	*c = out
	return nil
}
