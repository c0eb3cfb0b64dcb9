// lengths.go: game-length charts: a histogram faceted by group with quantile markers and
// the capped games in a bar of their own, and the empirical CDF of all groups overlaid.

package chart

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/fanorona/fanorona/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// LengthSeries is the lengths of one group of games (a matchup or a level): Plies[i] is
// the length of game i in plies and Capped[i] tells whether it was stopped by the ply cap
// rather than ending by the rules. Capped may be nil (no game capped).
type LengthSeries struct {
	Name   string
	Plies  []int
	Capped []bool
}

func (s LengthSeries) check() error {
	if len(s.Plies) == 0 {
		return fmt.Errorf("chart: length series %q has no games", s.Name)
	}
	if s.Capped != nil && len(s.Capped) != len(s.Plies) {
		return fmt.Errorf("chart: length series %q: %d plies but %d capped flags", s.Name, len(s.Plies), len(s.Capped))
	}
	for _, p := range s.Plies {
		if p < 0 {
			return fmt.Errorf("chart: length series %q: negative length %d", s.Name, p)
		}
	}
	return nil
}

func (s LengthSeries) split() (natural, capped []float64) {
	for i, p := range s.Plies {
		if s.Capped != nil && s.Capped[i] {
			capped = append(capped, float64(p))
		} else {
			natural = append(natural, float64(p))
		}
	}
	return natural, capped
}

// LengthHist is what the length histogram draws. Games that ended by the rules are
// counted on bins shared by every group; games stopped by the ply cap are counted apart.
type LengthHist struct {
	// Edges are the shared bins [Edges[i], Edges[i+1]) in plies: an integer width from
	// the Freedman–Diaconis rule on the natural endings of all groups pooled, rounded up,
	// at least 1 ply. Empty when no game ended naturally.
	Edges  []float64
	Groups []LengthGroup
	// XLabel names the lengths on the x axis ("" for "game length (plies)"): games from
	// chosen openings say that the opening's plies are not counted.
	XLabel string
}

// DefaultLengthLabel is the length axis's label unless the data gives another.
const DefaultLengthLabel = "game length (plies)"

func lengthLabel(s string) string {
	if s == "" {
		return DefaultLengthLabel
	}
	return s
}

// LengthGroup is one group's histogram.
type LengthGroup struct {
	Name    string
	Games   int
	Counts  []int         // natural endings in each bin of LengthHist.Edges
	Capped  int           // games stopped by the ply cap
	Natural stats.Summary // lengths of the natural endings: the quantile markers
}

// BuildLengthHist computes the histogram data of the groups, in the order given.
func BuildLengthHist(series []LengthSeries) (LengthHist, error) {
	if len(series) == 0 {
		return LengthHist{}, errors.New("chart: no length series")
	}
	var pooled []float64
	for _, s := range series {
		if err := s.check(); err != nil {
			return LengthHist{}, err
		}
		nat, _ := s.split()
		pooled = append(pooled, nat...)
	}
	var h LengthHist
	if len(pooled) > 0 {
		w := math.Max(1, math.Ceil(stats.FreedmanDiaconis(pooled)))
		h.Edges = stats.Histogram(pooled, w).Edges
	}
	for _, s := range series {
		nat, capd := s.split()
		g := LengthGroup{Name: s.Name, Games: len(s.Plies), Capped: len(capd), Natural: stats.Summarize(nat)}
		if h.Edges != nil {
			g.Counts = stats.HistogramEdges(nat, h.Edges).Counts
		}
		h.Groups = append(h.Groups, g)
	}
	return h, nil
}

// PlotLengthHist draws the histogram: one panel per group sharing the x axis, each with
// the median, quartiles and 5%/95% quantiles of its natural endings, and the capped games
// as a bar set apart at the right.
func PlotLengthHist(h LengthHist) (*Figure, error) {
	if len(h.Groups) == 0 {
		return nil, errors.New("chart: no length groups")
	}
	lo, hi, width := 0.0, 1.0, 1.0
	if n := len(h.Edges); n >= 2 {
		lo, hi, width = h.Edges[0], h.Edges[n-1], h.Edges[1]-h.Edges[0]
	}
	anyCapped := slices.ContainsFunc(h.Groups, func(g LengthGroup) bool { return g.Capped > 0 })
	capLo, capHi := hi+width, hi+2*width
	if len(h.Edges) < 2 {
		capLo, capHi = lo, hi
	}
	xMax := hi
	if anyCapped {
		xMax = capHi
	}
	var ticks []plot.Tick
	if len(h.Edges) >= 2 {
		ticks = niceTicks(lo, hi)
	}
	if anyCapped {
		ticks = append(ticks, plot.Tick{Value: (capLo + capHi) / 2, Label: "capped"})
	}

	var panels []*plot.Plot
	for i, g := range h.Groups {
		title := fmt.Sprintf("%s: %d games", g.Name, g.Games)
		if g.Natural.Count > 0 {
			title += fmt.Sprintf(", median %s plies", trimFloat(g.Natural.Median, 1))
		}
		if g.Capped > 0 {
			title += fmt.Sprintf(", %d capped (%s)", g.Capped, fmtPercent(float64(g.Capped)/float64(g.Games)))
		}
		xl := ""
		if i == len(h.Groups)-1 {
			xl = lengthLabel(h.XLabel)
		}
		p := newPlot(title, xl, "games")
		p.Add(plotter.NewGrid())
		top := float64(g.Capped)
		if len(g.Counts) > 0 {
			top = math.Max(top, float64(slices.Max(g.Counts)))
			var los, his, hs []float64
			for j, c := range g.Counts {
				if c > 0 {
					los, his, hs = append(los, h.Edges[j]), append(his, h.Edges[j+1]), append(hs, float64(c))
				}
			}
			p.Add(bars(los, his, hs, blue))
		}
		if g.Capped > 0 {
			p.Add(bars([]float64{capLo}, []float64{capHi}, []float64{float64(g.Capped)}, vermillion))
		}
		yMax := math.Max(1, top) * 1.08
		if g.Natural.Count > 0 {
			s := g.Natural
			p.Add(vline(s.Q5, 0, yMax, dotted), vline(s.Q95, 0, yMax, dotted))
			p.Add(vline(s.Q25, 0, yMax, dashed), vline(s.Q75, 0, yMax, dashed))
			p.Add(vline(s.Median, 0, yMax, solid))
		}
		// A quarter of a bin of margin each side, so that the outline of a bar at either
		// end is drawn whole instead of merging with the frame.
		p.X.Min, p.X.Max = lo-width/4, xMax+width/4
		p.Y.Min, p.Y.Max = 0, yMax
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.Y.Tick.Marker = integerTicks{}
		panels = append(panels, p)
	}

	l := newLegend()
	l.Add("ended by the rules", bars([]float64{0}, []float64{1}, []float64{1}, blue))
	if anyCapped {
		l.Add("stopped by the ply cap", bars([]float64{0}, []float64{1}, []float64{1}, vermillion))
	}
	l.Add("median", vline(0, 0, 1, solid))
	l.Add("quartiles", vline(0, 0, 1, dashed))
	l.Add("5% and 95%", vline(0, 0, 1, dotted))
	l.Add("(quantiles of games")
	l.Add(" ended by the rules)")

	f := &Figure{
		Title:  fmt.Sprintf("Game length in plies, %d group%s", len(h.Groups), plural(len(h.Groups))),
		Panels: panels,
		Legend: l,
		Width:  DefaultWidth,
		Height: max(DefaultHeight, vg.Length(len(panels))*4.5*vg.Centimeter+2*vg.Centimeter),
	}
	return f, nil
}

// integerTicks are ticks on whole numbers of games, about four of them.
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	return stepTicks(lo, hi, niceStep(hi-lo, 5), func(v float64) string { return strconv.Itoa(int(v)) })
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// LengthCDF is what the cumulative chart draws: for each group, the share of all its
// games that ended by the rules within x plies. Games stopped by the ply cap never end,
// so a group's curve levels off at its share of natural endings.
type LengthCDF struct {
	XMax   float64 // longest game of any group, capped games included
	Groups []CDFGroup
	XLabel string // as LengthHist's
}

// CDFGroup is one group's step function: Share[i] is the share of the group's games that
// ended by the rules in at most Plies[i] plies (Plies ascending and distinct).
type CDFGroup struct {
	Name          string
	Games, Capped int
	Plies         []float64
	Share         []float64
}

// BuildLengthCDF computes the cumulative data of the groups, in the order given.
func BuildLengthCDF(series []LengthSeries) (LengthCDF, error) {
	if len(series) == 0 {
		return LengthCDF{}, errors.New("chart: no length series")
	}
	var c LengthCDF
	for _, s := range series {
		if err := s.check(); err != nil {
			return LengthCDF{}, err
		}
		nat, capd := s.split()
		slices.Sort(nat)
		g := CDFGroup{Name: s.Name, Games: len(s.Plies), Capped: len(capd)}
		for i, x := range nat {
			if i+1 < len(nat) && nat[i+1] == x {
				continue
			}
			g.Plies = append(g.Plies, x)
			g.Share = append(g.Share, float64(i+1)/float64(g.Games))
		}
		for _, p := range s.Plies {
			c.XMax = math.Max(c.XMax, float64(p))
		}
		c.Groups = append(c.Groups, g)
	}
	return c, nil
}

// PlotLengthCDF draws the groups' cumulative curves overlaid, with a 50% reference line
// (where a curve crosses it is the group's median length).
func PlotLengthCDF(c LengthCDF) (*Figure, error) {
	if len(c.Groups) == 0 {
		return nil, errors.New("chart: no length groups")
	}
	p := newPlot("", lengthLabel(c.XLabel), "share of games ended (cumulative)")
	xMax := math.Max(c.XMax, 1)
	p.Add(plotter.NewGrid())
	p.Add(hline(0.5, 0, xMax, refLn))
	l := newLegend()
	for i, g := range c.Groups {
		xys := plotter.XYs{{X: 0, Y: 0}}
		for j := range g.Plies {
			xys = append(xys, plotter.XY{X: g.Plies[j], Y: g.Share[j]})
		}
		xys = append(xys, plotter.XY{X: xMax, Y: xys[len(xys)-1].Y})
		ln := &plotter.Line{XYs: xys, StepStyle: plotter.PostStep, LineStyle: seriesLine(i)}
		p.Add(ln)
		name := fmt.Sprintf("%s (%d games", g.Name, g.Games)
		if g.Capped > 0 {
			name += fmt.Sprintf(", %d capped", g.Capped)
		}
		l.Add(name+")", ln)
	}
	l.Add("50%", hline(0, 0, 1, refLn))
	p.X.Min, p.X.Max = 0, xMax
	p.X.Tick.Marker = plot.ConstantTicks(niceTicks(0, xMax))
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = percentTicks(0, 1, 0.25)
	return &Figure{
		Title:  fmt.Sprintf("Game length, cumulative, %d group%s (capped games never end)", len(c.Groups), plural(len(c.Groups))),
		Panels: []*plot.Plot{p},
		Legend: l,
		Width:  DefaultWidth,
		Height: DefaultHeight,
	}, nil
}
