// search_measure_test.go: nodes to depth, effective branching factor and depth at fixed
// nodes of the expert and of the expert without each feature on midgame positions from
// games (FANORONA_MEASURE=1; figures in docs/PERFORMANCE.md).

package players

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/nnue"
)

// midgameFENs are positions from games of hard against itself (PCG seed i, stream 77,
// two random opening turns, then 14–26 plies), 12–30 pieces, the game going on.
var midgameFENs = []string{
	"5B1BB/BW3B2B/B8/WW5BW/1W1W5 w 0 14",
	"1B3B1B1/1B4BB1/B6B1/7W1/1W1W1W1WW w 0 14",
	"BBB1BB1B1/6B2/B8/WWW5W/1W6W w 2 14",
	"BBB1B1B2/5B3/B2B5/1WW3W2/1W7 w 6 20",
	"2B1BB1B1/8B/9/1W1W1W3/WW1W2W2 b 4 23",
	"BBB1BB3/5B3/3B5/BWW6/1W3W3 b 3 17",
	"1BB2BBBB/1BB1B3B/2W3BB1/2W2WWWW/1W1W3WW w 0 14",
	"1B1BB4/8B/W8/1WW1WW1W1/5W1W1 b 3 23",
	"2BBBB2B/2WB4B/3W4W/B2B4W/1W1W4W w 0 14",
	"B1BB5/B3BB3/3B4B/1WW3W2/W1W6 w 16 26",
	"BB3B3/8B/3W4W/2W1W2WW/1W3WWW1 b 0 17",
	"1B3B1B1/1B3B2B/9/B8/3W1WWWW w 0 20",
}

// measureConfigs are the expert variants compared by TestSearchMeasure.
func measureConfigs() []struct {
	name string
	o    ExpertOptions
} {
	v2 := handExpertOptions()
	without := func(f func(*ExpertOptions)) ExpertOptions { o := v2; f(&o); return o }
	return []struct {
		name string
		o    ExpertOptions
	}{
		{"v2", v2},
		{"v2-ordering", without(func(o *ExpertOptions) { o.Ordering = false })},
		{"v2-lmr", without(func(o *ExpertOptions) { o.LMR = false })},
		{"v2-prune", without(func(o *ExpertOptions) { o.Prune = false })},
		{"v2-aspiration", without(func(o *ExpertOptions) { o.Aspiration = false })},
		{"v2-progress", without(func(o *ExpertOptions) { o.Progress = false })},
		{"v2+net", without(func(o *ExpertOptions) { o.Net = nnue.Default() })},
	}
}

// TestSearchMeasure prints, for each variant over midgameFENs: the nodes to complete depth
// FANORONA_MEASURE_DEPTH (default 9) summed over the positions, the effective branching
// factor (geometric mean over positions of (nodes to d / nodes to d−2)^½) and the mean
// depth completed within FANORONA_MEASURE_NODES nodes (default 200000) and, with
// FANORONA_MEASURE_TIME (a duration such as 200ms), the mean depth completed and the
// nodes per second within that time (one thread; needs a free core to mean anything).
func TestSearchMeasure(t *testing.T) {
	if os.Getenv("FANORONA_MEASURE") == "" {
		t.Skip("set FANORONA_MEASURE=1 to measure the search")
	}
	depth, nodes := 9, uint64(200_000)
	if v, err := strconv.Atoi(os.Getenv("FANORONA_MEASURE_DEPTH")); err == nil {
		depth = v
	}
	if v, err := strconv.ParseUint(os.Getenv("FANORONA_MEASURE_NODES"), 10, 64); err == nil {
		nodes = v
	}
	var perTurn time.Duration
	if v := os.Getenv("FANORONA_MEASURE_TIME"); v != "" {
		d, err := time.ParseDuration(v)
		require.NoError(t, err, "FANORONA_MEASURE_TIME")
		perTurn = d
	}
	r := engine.DefaultRules()
	fmt.Printf("| variant | nodes to depth %d | EBF | mean depth at %d nodes | mean depth at %v | nodes/s at %v |\n|---|---:|---:|---:|---:|---:|\n",
		depth, nodes, perTurn, perTurn)
	for _, c := range measureConfigs() {
		var total, timedNodes uint64
		var logEBF, depthSum, timedDepth, timedSecs float64
		for _, f := range midgameFENs {
			p := engine.MustParseFEN(f)
			var n [2]uint64
			for k, d := range []int{depth - 2, depth} {
				o := c.o
				o.Depth = d
				a, err := NewExpert(o).Analyze(context.Background(), &p, r)
				require.NoError(t, err)
				n[k] = a.Nodes
			}
			total += n[1]
			logEBF += math.Log(float64(n[1])/float64(max(1, n[0]))) / 2
			o := c.o
			o.Nodes = nodes
			a, err := NewExpert(o).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			depthSum += float64(a.Depth)
			if perTurn > 0 {
				o := c.o
				o.Time = perTurn
				a, err := NewExpert(o).Analyze(context.Background(), &p, r)
				require.NoError(t, err)
				timedDepth += float64(a.Depth)
				timedNodes += a.Nodes
				timedSecs += a.Time.Seconds()
			}
		}
		k := float64(len(midgameFENs))
		fmt.Printf("| %s | %d | %.2f | %.2f | %.2f | %.0f |\n", c.name, total, math.Exp(logEBF/k), depthSum/k,
			timedDepth/k, float64(timedNodes)/max(timedSecs, 1e-9))
	}
}

// TestThreadsSearchLegally: a two-thread search completes the depth one thread completes
// (less than asked where a single turn or a forced result ends the search), and its PV is
// legal, from every midgame position (run with -race to check the shared table).
func TestThreadsSearchLegally(t *testing.T) {
	r := engine.DefaultRules()
	fens := midgameFENs
	if testing.Short() {
		fens = fens[:3]
	}
	for _, f := range fens {
		p := engine.MustParseFEN(f)
		o := DefaultExpertOptions()
		o.Depth = 6
		one, err := NewExpert(o).Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		o.Threads = 2
		a, err := NewExpert(o).Analyze(context.Background(), &p, r)
		require.NoError(t, err)
		assert.Equal(t, one.Depth, a.Depth, f)
		assert.Greater(t, a.Nodes, one.Nodes/2, "the helper's nodes are counted: %s", f)
		q := p
		for _, tn := range a.PV {
			require.Contains(t, q.Turns(r, nil), tn, "PV %v at %s", a.PV, f)
			q = q.Play(tn)
		}
	}
}

// TestSMPMeasure prints the time to complete depth FANORONA_MEASURE_DEPTH (default 10)
// over midgameFENs with 1 and 2 threads, and the speed-up.
func TestSMPMeasure(t *testing.T) {
	if os.Getenv("FANORONA_MEASURE") == "" {
		t.Skip("set FANORONA_MEASURE=1 to measure the parallel search")
	}
	depth := 10
	if v, err := strconv.Atoi(os.Getenv("FANORONA_MEASURE_DEPTH")); err == nil {
		depth = v
	}
	r := engine.DefaultRules()
	var secs [2]float64
	var nodes [2]uint64
	for k, threads := range []int{1, 2} {
		for _, f := range midgameFENs {
			p := engine.MustParseFEN(f)
			o := handExpertOptions()
			o.Depth, o.Threads = depth, threads
			a, err := NewExpert(o).Analyze(context.Background(), &p, r)
			require.NoError(t, err)
			secs[k] += a.Time.Seconds()
			nodes[k] += a.Nodes
		}
	}
	fmt.Printf("depth %d over %d positions: 1 thread %.2fs (%d nodes), 2 threads %.2fs (%d nodes), speed-up %.2f\n",
		depth, len(midgameFENs), secs[0], nodes[0], secs[1], nodes[1], secs[0]/secs[1])
}

// BenchmarkExpertMidgames searches every midgame position to depth 9 per op: nodes/op is
// the nodes to depth 9 over the set, and nodes/s the speed.
func BenchmarkExpertMidgames(b *testing.B) {
	for _, v := range []struct {
		name string
		o    ExpertOptions
	}{{"v2", handExpertOptions()}} {
		b.Run(v.name, func(b *testing.B) {
			o := v.o
			o.Depth = 9
			e := NewExpert(o)
			r := engine.DefaultRules()
			pos := make([]engine.Position, len(midgameFENs))
			for i, f := range midgameFENs {
				pos[i] = engine.MustParseFEN(f)
			}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				for i := range pos {
					a, err := e.Analyze(context.Background(), &pos[i], r)
					if err != nil {
						b.Fatal(err)
					}
					nodes += a.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
