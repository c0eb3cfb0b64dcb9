// lengthshim.go: TEMPORARY stand-in for stats.LengthCounts (issue 9, being written in
// package stats); removed when that lands. Same method set.

package tournament

import "github.com/fanorona/fanorona/stats"

type lengthCounts struct{ natural, capped []int64 }

func (c *lengthCounts) Add(plies int, capped bool) {
	s := &c.natural
	if capped {
		s = &c.capped
	}
	for plies >= len(*s) {
		*s = append(*s, 0)
	}
	(*s)[plies]++
}

func (c *lengthCounts) Merge(o *lengthCounts) {
	for p, n := range o.natural {
		for i := int64(0); i < n; i++ {
			c.Add(p, false)
		}
	}
	for p, n := range o.capped {
		for i := int64(0); i < n; i++ {
			c.Add(p, true)
		}
	}
}

func (c *lengthCounts) N() int64 {
	var n int64
	for _, k := range c.natural {
		n += k
	}
	for _, k := range c.capped {
		n += k
	}
	return n
}

func (c *lengthCounts) expand() ([]int, []bool) {
	var plies []int
	var capped []bool
	for p, n := range c.natural {
		for i := int64(0); i < n; i++ {
			plies, capped = append(plies, p), append(capped, false)
		}
	}
	for p, n := range c.capped {
		for i := int64(0); i < n; i++ {
			plies, capped = append(plies, p), append(capped, true)
		}
	}
	return plies, capped
}

func (c *lengthCounts) Stats() (stats.LengthStats, error) {
	p, k := c.expand()
	return stats.Lengths(p, k)
}

func ks2Counts(a, b *lengthCounts) stats.KSResult {
	pa, _ := a.expand()
	pb, _ := b.expand()
	x := make([]float64, len(pa))
	for i, v := range pa {
		x[i] = float64(v)
	}
	y := make([]float64, len(pb))
	for i, v := range pb {
		y[i] = float64(v)
	}
	return stats.KS2(x, y)
}
