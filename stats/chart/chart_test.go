package chart

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/stats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "regenerate the golden files in testdata/charts")

const goldenDir = "../../testdata/charts"

// Fixed data, small enough to count by hand.
//
// Pooled natural lengths 10 12 14 16 18 20 22 24 (n = 8): type-4 quartiles are x₂ = 12
// and x₆ = 20, so the Freedman–Diaconis width is 2·8/∛8 = 8 and the bins are [8,16),
// [16,24), [24,32) (24 lands in the last: the last edge is the first multiple above 24).
var (
	easy = LengthSeries{Name: "easy vs easy", Plies: []int{10, 14, 18, 22, 100}, Capped: []bool{false, false, false, false, true}}
	hard = LengthSeries{Name: "hard vs hard", Plies: []int{12, 16, 20, 24}}

	firstMoveRows = []FirstMoveRow{
		{Name: "easy vs easy", White: stats.WDL{Wins: 3, Draws: 2, Losses: 1}},
		{Name: "hard vs hard", White: stats.WDL{Wins: 2, Draws: 3, Losses: 1}},
	}
	ratingRows = []RatingRow{
		{Name: "easy", Elo: est(-120, -180, -60)},
		{Name: "hard", Elo: est(110, 50, 170)},
		{Name: "medium", Elo: est(10, -40, 60)},
	}
	matrixNames = []string{"hard", "medium", "easy"}
	matrixWDL   = [][]stats.WDL{
		{{}, {Wins: 2, Draws: 1, Losses: 1}, {Wins: 4}},
		{{Wins: 1, Draws: 1, Losses: 2}, {}, {Wins: 3, Draws: 1}},
		{{Losses: 4}, {Draws: 1, Losses: 3}, {}},
	}
)

func est(v, lo, hi float64) stats.Estimate {
	return stats.Estimate{Value: v, Interval: stats.Interval{Lo: lo, Hi: hi}}
}

func TestBuildLengthHistCountsByHand(t *testing.T) {
	h, err := BuildLengthHist([]LengthSeries{easy, hard})
	require.NoError(t, err)
	assert.Equal(t, []float64{8, 16, 24, 32}, h.Edges)
	require.Len(t, h.Groups, 2)

	e := h.Groups[0]
	assert.Equal(t, "easy vs easy", e.Name)
	assert.Equal(t, 5, e.Games)
	assert.Equal(t, []int{2, 2, 0}, e.Counts) // 10 14 | 18 22 | -
	assert.Equal(t, 1, e.Capped)
	// Type-4 quantiles of 10 14 18 22 (n = 4): Q(p) = x₍ₖ₎ + (np−k)(x₍ₖ₊₁₎−x₍ₖ₎), k = ⌊np⌋.
	assert.Equal(t, 4, e.Natural.Count)
	assert.InDelta(t, 10, e.Natural.Q5, 1e-12)  // np = 0.2 < 1: x₁
	assert.InDelta(t, 10, e.Natural.Q25, 1e-12) // np = 1: x₁
	assert.InDelta(t, 14, e.Natural.Median, 1e-12)
	assert.InDelta(t, 18, e.Natural.Q75, 1e-12)
	assert.InDelta(t, 21.2, e.Natural.Q95, 1e-12) // np = 3.8: 18 + 0.8·4

	g := h.Groups[1]
	assert.Equal(t, []int{1, 2, 1}, g.Counts) // 12 | 16 20 | 24
	assert.Equal(t, 0, g.Capped)
	assert.InDelta(t, 16, g.Natural.Median, 1e-12)
}

func TestBuildLengthHistEdgeCases(t *testing.T) {
	// All games capped: no bins, only the capped bar.
	h, err := BuildLengthHist([]LengthSeries{{Name: "x", Plies: []int{200, 200}, Capped: []bool{true, true}}})
	require.NoError(t, err)
	assert.Empty(t, h.Edges)
	assert.Equal(t, 2, h.Groups[0].Capped)
	_, err = PlotLengthHist(h)
	assert.NoError(t, err)

	// Identical lengths: width 1.
	h, err = BuildLengthHist([]LengthSeries{{Name: "y", Plies: []int{7, 7, 7}}})
	require.NoError(t, err)
	assert.Equal(t, []float64{7, 8}, h.Edges)
	assert.Equal(t, []int{3}, h.Groups[0].Counts)

	for _, bad := range [][]LengthSeries{
		nil,
		{{Name: "empty"}},
		{{Name: "short flags", Plies: []int{1, 2}, Capped: []bool{true}}},
		{{Name: "negative", Plies: []int{-1}}},
	} {
		_, err := BuildLengthHist(bad)
		assert.Error(t, err, "%v", bad)
		_, err = BuildLengthCDF(bad)
		assert.Error(t, err, "%v", bad)
	}
}

func TestBuildLengthCDFByHand(t *testing.T) {
	c, err := BuildLengthCDF([]LengthSeries{easy, hard, {Name: "ties", Plies: []int{5, 5, 9, 5}}})
	require.NoError(t, err)
	assert.Equal(t, 100.0, c.XMax) // the capped game is the longest
	require.Len(t, c.Groups, 3)
	// easy: 4 of 5 games end by the rules, so the curve levels off at 80%.
	assert.Equal(t, []float64{10, 14, 18, 22}, c.Groups[0].Plies)
	assert.InDeltaSlice(t, []float64{0.2, 0.4, 0.6, 0.8}, c.Groups[0].Share, 1e-12)
	assert.Equal(t, 1, c.Groups[0].Capped)
	assert.InDeltaSlice(t, []float64{0.25, 0.5, 0.75, 1}, c.Groups[1].Share, 1e-12)
	// Ties make one step: three games of 5 plies, then one of 9.
	assert.Equal(t, []float64{5, 9}, c.Groups[2].Plies)
	assert.InDeltaSlice(t, []float64{0.75, 1}, c.Groups[2].Share, 1e-12)
}

func TestBuildFirstMoveIntervalEnds(t *testing.T) {
	d, err := BuildFirstMove(firstMoveRows, 0.95)
	require.NoError(t, err)
	require.Len(t, d.Rows, 2)
	r := d.Rows[0]
	assert.Equal(t, 6, r.Games)
	// Clopper–Pearson 95% intervals from R's binom.test(k, 6): k = 3, 2, 1.
	assert.InDelta(t, 0.5, r.WhiteWin.Value, 1e-12)
	assert.InDelta(t, 0.1181172, r.WhiteWin.Lo, 1e-6)
	assert.InDelta(t, 0.8818828, r.WhiteWin.Hi, 1e-6)
	assert.InDelta(t, 2.0/6, r.Draw.Value, 1e-12)
	assert.InDelta(t, 0.04327187, r.Draw.Lo, 1e-6)
	assert.InDelta(t, 0.7772219, r.Draw.Hi, 1e-6)
	assert.InDelta(t, 1.0/6, r.BlackWin.Value, 1e-12)
	assert.InDelta(t, 0.004210745, r.BlackWin.Lo, 1e-6)
	assert.InDelta(t, 0.6412346, r.BlackWin.Hi, 1e-6)
	// White's score 4/6 (1 1 1 ½ ½ 0) with the stats package's score interval
	// (its method is tested there).
	iv := stats.WDL{Wins: 3, Draws: 2, Losses: 1}.ScoreInterval(0.95)
	assert.InDelta(t, 2.0/3, r.WhiteScore.Value, 1e-12)
	assert.InDelta(t, iv.Lo, r.WhiteScore.Lo, 1e-12)
	assert.InDelta(t, iv.Hi, r.WhiteScore.Hi, 1e-12)

	_, err = BuildFirstMove([]FirstMoveRow{{Name: "none"}}, 0.95)
	assert.ErrorContains(t, err, `"none" has no games`)
	_, err = BuildFirstMove(firstMoveRows, 1)
	assert.Error(t, err)
	_, err = BuildFirstMove(nil, 0.95)
	assert.Error(t, err)
}

func TestBuildRatingsSortsAndChecks(t *testing.T) {
	d, err := BuildRatings(ratingRows, 0.95, 60, nil)
	require.NoError(t, err)
	var names []string
	for _, r := range d.Rows {
		names = append(names, r.Name)
	}
	assert.Equal(t, []string{"hard", "medium", "easy"}, names)
	assert.Equal(t, "easy", ratingRows[0].Name, "input left unsorted")

	for _, e := range []stats.Estimate{est(math.Inf(1), 0, math.Inf(1)), est(math.NaN(), 0, 1), est(5, 10, 20)} {
		_, err := BuildRatings([]RatingRow{{Name: "p", Elo: e}}, 0.95, 1, nil)
		assert.Error(t, err, "%v", e)
	}
}

func TestBuildMatrixCells(t *testing.T) {
	m := MatrixFromWDL(matrixNames, matrixWDL)
	assert.Equal(t, 4, m.Games[0][1])
	assert.InDelta(t, 0.625, m.Score[0][1], 1e-12) // (2 + ½)/4
	d, err := BuildMatrix(m)
	require.NoError(t, err)
	assert.True(t, math.IsNaN(d.Value[1][1]), "no games on the diagonal")
	assert.Equal(t, "", d.Label[1][1])
	assert.Equal(t, "0.62\n4 games", d.Label[0][1])
	assert.Equal(t, "0.12\n4 games", d.Label[2][1]) // ½/4
	assert.Equal(t, 1.0, d.Value[0][2])

	for _, bad := range []Matrix{
		{},
		{Names: []string{"a", "b"}, Score: [][]float64{{0, 1}}, Games: [][]int{{0, 1}}},
		{Names: []string{"a"}, Score: [][]float64{{1.5}}, Games: [][]int{{2}}},
		{Names: []string{"a"}, Score: [][]float64{{0.5}}, Games: [][]int{{-1}}},
		{Names: []string{"a", "b"}, Score: [][]float64{{0, 1}, {0}}, Games: [][]int{{0, 1}, {1, 0}}},
	} {
		_, err := BuildMatrix(bad)
		assert.Error(t, err, "%+v", bad)
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct{ path, want, err string }{
		{"a.png", "png", ""},
		{"dir.x/A.PNG", "png", ""},
		{"b.svg", "svg", ""},
		{"c.jpg", "", `unknown extension ".jpg"`},
		{"noext", "", "has no extension"},
	} {
		got, err := FormatOf(tc.path)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, tc.path)
			assert.NotContains(t, err.Error(), "\n")
			continue
		}
		require.NoError(t, err, tc.path)
		assert.Equal(t, tc.want, got, tc.path)
	}
	var buf bytes.Buffer
	f, err := PlotRatings(mustRatings(t))
	require.NoError(t, err)
	assert.Error(t, f.Write(&buf, "gif"))
	assert.Zero(t, buf.Len(), "nothing written on error")
}

func mustRatings(t *testing.T) RatingsData {
	fm := est(35, 10, 60)
	d, err := BuildRatings(ratingRows, 0.95, 60, &fm)
	require.NoError(t, err)
	return d
}

// figures are the golden charts, built from the fixed data above.
func figures(t *testing.T) map[string]*Figure {
	t.Helper()
	must := func(f *Figure, err error) *Figure {
		t.Helper()
		require.NoError(t, err)
		return f
	}
	h, err := BuildLengthHist([]LengthSeries{easy, hard})
	require.NoError(t, err)
	c, err := BuildLengthCDF([]LengthSeries{easy, hard})
	require.NoError(t, err)
	fm, err := BuildFirstMove(firstMoveRows, 0.95)
	require.NoError(t, err)
	md, err := BuildMatrix(MatrixFromWDL(matrixNames, matrixWDL))
	require.NoError(t, err)
	pd, err := BuildProofSizes(proofPoints, 0.95)
	require.NoError(t, err)
	return map[string]*Figure{
		"proof-sizes": must(PlotProofSizes(pd)),
		"lengths":     must(PlotLengthHist(h)),
		"lengths-cdf": must(PlotLengthCDF(c)),
		"firstmove":   must(PlotFirstMove(fm)),
		"ratings":     must(PlotRatings(mustRatings(t))),
		"matrix":      must(PlotMatrix(md)),
	}
}

// TestGoldenSVG compares each chart's SVG byte for byte with testdata/charts/NAME.svg;
// go test ./stats/chart -update rewrites them.
func TestGoldenSVG(t *testing.T) {
	for name, f := range figures(t) {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, f.Write(&buf, "svg"))
			path := filepath.Join(goldenDir, name+".svg")
			if *update {
				require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "missing golden file: run go test ./stats/chart -update")
			if !bytes.Equal(want, buf.Bytes()) {
				got := filepath.Join(t.TempDir(), name+".svg")
				require.NoError(t, os.WriteFile(got, buf.Bytes(), 0o644))
				t.Errorf("%s differs from %s (wrote %s); if the change is intended, run go test ./stats/chart -update", name, path, got)
			}
			// Every chart names its units.
			s := buf.String()
			assert.True(t, strings.Contains(s, "plies") || strings.Contains(s, "Elo") ||
				strings.Contains(s, "share") || strings.Contains(s, "score") || strings.Contains(s, "bytes"), "units")
		})
	}
}

// TestPNG decodes each chart's PNG: the default size at DPI, and not blank. PNG bytes
// depend on the rasteriser, so they are not compared with a golden file.
func TestPNG(t *testing.T) {
	figs := figures(t)
	f := figs["firstmove"]
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf, "png"))
	img, err := png.Decode(&buf)
	require.NoError(t, err)
	// 20 cm × 12 cm at 120 dpi.
	assert.Equal(t, image.Pt(945, 567), img.Bounds().Size())
	assertNotBlank(t, img)

	// The faceted histogram grows with its panels but keeps its width.
	buf.Reset()
	require.NoError(t, figs["lengths"].Write(&buf, "png"))
	img, err = png.Decode(&buf)
	require.NoError(t, err)
	assert.Equal(t, 945, img.Bounds().Dx())
	assertNotBlank(t, img)
}

func assertNotBlank(t *testing.T, img image.Image) {
	t.Helper()
	colours := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, a := img.At(x, y).RGBA()
			colours[[4]uint32{r, g, bl, a}] = true
		}
	}
	assert.Greater(t, len(colours), 10, "an image with so few colours is blank or nearly")
}

// TestSVGImagesFillTheirBox checks the matrix's colour key, a raster image in the SVG, is
// stretched to its box and labelled PNG: browsers otherwise draw the 1-pixel-wide key as a
// hairline.
func TestSVGImagesFillTheirBox(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, figures(t)["matrix"].Write(&buf, "svg"))
	s := buf.String()
	require.Equal(t, 1, strings.Count(s, "<image "), "the colour key")
	assert.Contains(t, s, `<image preserveAspectRatio="none" `)
	assert.Contains(t, s, `xlink:href="data:image/png;base64,iVBORw0KGgo`, "PNG bytes, PNG type")
	assert.NotContains(t, s, "image/jpg")
}

func TestSVGIsDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	require.NoError(t, figures(t)["lengths"].Write(&a, "svg"))
	require.NoError(t, figures(t)["lengths"].Write(&b, "svg"))
	assert.Equal(t, a.Bytes(), b.Bytes())
}

// Eight overlaid series stay apart: no two of the first 32 share colour and dashes, and
// the colours alike (blue and sky blue, vermillion and orange) differ in dashes.
func TestSeriesLinesAreDistinct(t *testing.T) {
	seen := map[string]int{}
	for i := 0; i < 32; i++ {
		ls := seriesLine(i)
		key := fmt.Sprint(ls.Color, ls.Dashes)
		if j, dup := seen[key]; dup {
			t.Errorf("series %d looks like series %d", i, j)
		}
		seen[key] = i
		assert.NotEqual(t, yellow, ls.Color, "yellow is too pale on white")
		assert.NotEqual(t, grey, ls.Color, "grey is the reference lines' colour")
	}
	dashesOf := func(c color.Color) string {
		for i := 0; i < 8; i++ {
			if seriesLine(i).Color == c {
				return fmt.Sprint(seriesLine(i).Dashes)
			}
		}
		t.Fatalf("colour %v unused", c)
		return ""
	}
	assert.NotEqual(t, dashesOf(blue), dashesOf(skyBlue))
	assert.NotEqual(t, dashesOf(vermillion), dashesOf(orange))
}

// The bars at both ends of the histogram lie inside the x range, a margin from the frame,
// whatever the lengths (a bar ending at 132 plies was drawn against the right edge).
func TestLengthHistLeavesRoomAtTheEnds(t *testing.T) {
	h, err := BuildLengthHist([]LengthSeries{{Name: "a", Plies: []int{3, 40, 41, 60, 130}}})
	require.NoError(t, err)
	f, err := PlotLengthHist(h)
	require.NoError(t, err)
	x := f.Panels[0].X
	first, last := h.Edges[0], h.Edges[len(h.Edges)-1]
	require.Greater(t, last, 130.0)
	assert.Less(t, x.Min, first)
	assert.Greater(t, x.Max, last)
	// With capped games the capped bar is the last one.
	h, err = BuildLengthHist([]LengthSeries{{Name: "a", Plies: []int{3, 40, 130, 200}, Capped: []bool{false, false, false, true}}})
	require.NoError(t, err)
	f, err = PlotLengthHist(h)
	require.NoError(t, err)
	w := h.Edges[1] - h.Edges[0]
	assert.Greater(t, f.Panels[0].X.Max, h.Edges[len(h.Edges)-1]+2*w, "room right of the capped bar")
}

// The ratings axis is labelled every 250 Elo over ±800 (gonum's default gave -800, 0,
// 800 only).
func TestRatingsAxisLabelsEnoughTicks(t *testing.T) {
	d, err := BuildRatings([]RatingRow{{Name: "a", Elo: est(-700, -800, -600)}, {Name: "b", Elo: est(700, 600, 800)}}, 0.95, 100, nil)
	require.NoError(t, err)
	f, err := PlotRatings(d)
	require.NoError(t, err)
	x := f.Panels[0].X
	var labels []string
	for _, tk := range x.Tick.Marker.Ticks(x.Min, x.Max) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	assert.Equal(t, []string{"-750", "-500", "-250", "0", "250", "500", "750"}, labels)
}

// proofPoints are a proof sample counted by hand: 6 pieces, 3 of 4 proven (300, 2000 and
// 500 bytes); 9 pieces, 2 of 5 proven (40,000 and 1,500 bytes); 7 pieces, none of 1.
var proofPoints = []ProofPoint{
	{Pieces: 6, Proven: true, Bytes: 300}, {Pieces: 9, Proven: true, Bytes: 40000}, {Pieces: 6},
	{Pieces: 6, Proven: true, Bytes: 2000}, {Pieces: 9}, {Pieces: 9}, {Pieces: 7},
	{Pieces: 6, Proven: true, Bytes: 500}, {Pieces: 9, Proven: true, Bytes: 1500}, {Pieces: 9},
}

func TestBuildProofSizesByHand(t *testing.T) {
	d, err := BuildProofSizes(proofPoints, 0.95)
	require.NoError(t, err)
	require.Len(t, d.Groups, 3)
	six, seven, nine := d.Groups[0], d.Groups[1], d.Groups[2]
	assert.Equal(t, []int{6, 7, 9}, []int{six.Pieces, seven.Pieces, nine.Pieces}, "ascending")
	assert.Equal(t, []int{4, 3}, []int{six.Positions, six.Proven})
	assert.Equal(t, []float64{300, 2000, 500}, six.Bytes, "input order")
	assert.Equal(t, 500.0, six.Median)
	assert.Equal(t, 20750.0, nine.Median, "(1500 + 40000) / 2")
	assert.True(t, math.IsNaN(seven.Median))
	assert.Equal(t, 0, seven.Proven)
	// Clopper–Pearson 95% from R's binom.test(3, 4) and binom.test(2, 5).
	assert.InDelta(t, 0.75, six.Share.Value, 1e-12)
	assert.InDelta(t, 0.1941204, six.Share.Lo, 1e-6)
	assert.InDelta(t, 0.9936905, six.Share.Hi, 1e-6)
	assert.InDelta(t, 0.4, nine.Share.Value, 1e-12)
	assert.InDelta(t, 0.05274495, nine.Share.Lo, 1e-6)
	assert.InDelta(t, 0.8533672, nine.Share.Hi, 1e-6)
	// Jitter: 0.6·(frac(jφ) − ½) for j = 1, 2, 3: φ = 1.618…, 2φ = 3.236…, 3φ = 4.854….
	assert.InDeltaSlice(t, []float64{0.6 * (0.6180340 - 0.5), 0.6 * (0.2360680 - 0.5), 0.6 * (0.8541020 - 0.5)}, six.Jitter, 1e-6)

	for _, bad := range [][]ProofPoint{nil, {{Pieces: 0}}, {{Pieces: 5, Proven: true}}} {
		_, err := BuildProofSizes(bad, 0.95)
		assert.Error(t, err, "%v", bad)
	}
	_, err = BuildProofSizes(proofPoints, 1)
	assert.Error(t, err)
}

// The size axis is labelled at each power of ten from 100 B to 100 kB, and every point
// lies inside it.
func TestProofSizesAxis(t *testing.T) {
	d, err := BuildProofSizes(proofPoints, 0.95)
	require.NoError(t, err)
	f, err := PlotProofSizes(d)
	require.NoError(t, err)
	y := f.Panels[0].Y
	assert.Equal(t, 100.0, y.Min)
	assert.Equal(t, 100000.0, y.Max)
	var labels []string
	for _, tk := range y.Tick.Marker.Ticks(y.Min, y.Max) {
		labels = append(labels, tk.Label)
	}
	assert.Equal(t, []string{"100 B", "1 kB", "10 kB", "100 kB"}, labels)
}
