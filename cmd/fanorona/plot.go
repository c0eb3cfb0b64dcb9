// plot.go: the plot command (lengths, firstmove, ratings, matrix charts from games.jsonl
// files) and writeAllPlots for the tournament and selfplay --plots flag. Records are
// grouped here into plain values; the charts themselves are drawn by package stats/chart.

package main

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/fanorona/fanorona/stats"
	"github.com/fanorona/fanorona/stats/chart"
	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newPlotCmd) }

type plotOptions struct {
	output string
	force  bool
	by     string
	cdf    bool
	conf   float64
}

func newPlotCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "plot lengths|firstmove|ratings|matrix FILE... -o OUT.png|OUT.svg",
		Short: "Draw charts of games.jsonl files as PNG or SVG (by the output's extension)",
		Args:  cobra.NoArgs,
	}
	sub := func(kind, short string, flags func(*cobra.Command, *plotOptions)) {
		var o plotOptions
		sc := &cobra.Command{
			Use:   kind + " FILE... -o OUT.png|OUT.svg",
			Short: short,
			Args:  cobra.MinimumNArgs(1),
			RunE:  func(c *cobra.Command, files []string) error { return runPlot(s, kind, files, &o) },
		}
		sc.Flags().StringVarP(&o.output, "output", "o", "", "chart file to write: .png or .svg (required)")
		sc.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
		if flags != nil {
			flags(sc, &o)
		}
		c.AddCommand(sc)
	}
	by := func(c *cobra.Command, o *plotOptions) {
		c.Flags().StringVar(&o.by, "by", "matchup", `group games by "matchup" (White spec vs Black spec, either colour) or "player" (every game of a spec)`)
	}
	conf := func(c *cobra.Command, o *plotOptions) {
		c.Flags().Float64Var(&o.conf, "conf", 0.95, "confidence level of the intervals")
	}
	sub("lengths", "Histogram of game lengths in plies per group, or its cumulative form with --cdf",
		func(c *cobra.Command, o *plotOptions) {
			by(c, o)
			c.Flags().BoolVar(&o.cdf, "cdf", false, "draw the empirical cumulative distribution instead of the histogram")
		})
	sub("firstmove", "White win, draw and Black win shares per group with intervals",
		func(c *cobra.Command, o *plotOptions) { by(c, o); conf(c, o) })
	sub("ratings", "Elo of each player (Bradley–Terry fit) with intervals", conf)
	sub("matrix", "Heat map of pairwise scores", nil)
	return c
}

func runPlot(s *streams, kind string, files []string, o *plotOptions) error {
	if o.output == "" {
		return badInputf("plot %s: -o OUT.png or -o OUT.svg is required", kind)
	}
	if _, err := chart.FormatOf(o.output); err != nil {
		return badInput(err)
	}
	if o.by != "" && o.by != "matchup" && o.by != "player" {
		return badInputf("--by %q: want matchup or player", o.by)
	}
	if o.conf != 0 && !(o.conf > 0 && o.conf < 1) {
		return badInputf("--conf %v: must be between 0 and 1", o.conf)
	}
	if !o.force {
		if _, err := os.Lstat(o.output); err == nil {
			return badInputf("%s already exists: use --force to overwrite it", o.output)
		}
	}
	recs, err := readRecordsReporting(s, files)
	if err != nil {
		return err
	}
	var fig *chart.Figure
	switch kind {
	case "lengths":
		if o.cdf {
			fig, err = lengthsCDFFigure(recs, o.by)
		} else {
			fig, err = lengthsFigure(recs, o.by)
		}
	case "firstmove":
		fig, err = firstMoveFigure(recs, o.by, o.conf)
	case "ratings":
		fig, err = ratingsFigure(recs, o.conf)
	case "matrix":
		fig, err = matrixFigure(recs)
	}
	if err != nil {
		return badInput(err)
	}
	data, err := fig.Encode(o.output)
	if err != nil {
		return err
	}
	if err := writeChartFile(o.output, data, o.force); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "wrote %s\n", o.output)
	return nil
}

// writeChartFile writes data to path. Without force an existing file is an error and is
// left alone (the file is created exclusively); with force the data goes to a temporary
// file in the same folder that is then renamed over path, so a failed write never leaves
// a half-written chart in place of the old one.
func writeChartFile(path string, data []byte, force bool) error {
	if !force {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return badInputf("%s already exists: use --force to overwrite it", path)
		}
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path) // ours: created above
		}
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// writeAllPlots writes into dir every chart that applies to recs: lengths.png,
// lengths-cdf.png and firstmove.png by matchup, and ratings.png and matrix.png when
// some game was played between two different player specs. Existing charts of those
// names are replaced (each by an atomic rename). Every chart is rendered before any file
// is written. It returns the paths written.
func writeAllPlots(dir string, recs []tournament.Record) ([]string, error) {
	if len(recs) == 0 {
		return nil, errors.New("plots: no game records")
	}
	type out struct {
		name string
		fig  func() (*chart.Figure, error)
	}
	outs := []out{
		{"lengths.png", func() (*chart.Figure, error) { return lengthsFigure(recs, "matchup") }},
		{"lengths-cdf.png", func() (*chart.Figure, error) { return lengthsCDFFigure(recs, "matchup") }},
		{"firstmove.png", func() (*chart.Figure, error) { return firstMoveFigure(recs, "matchup", 0.95) }},
	}
	if _, games := ratingGames(recs); len(games) > 0 {
		outs = append(outs,
			out{"ratings.png", func() (*chart.Figure, error) { return ratingsFigure(recs, 0.95) }},
			out{"matrix.png", func() (*chart.Figure, error) { return matrixFigure(recs) }})
	}
	data := make([][]byte, len(outs))
	for i, o := range outs {
		fig, err := o.fig()
		if err != nil {
			return nil, fmt.Errorf("plots: %s: %w", o.name, err)
		}
		if data[i], err = fig.Encode(o.name); err != nil {
			return nil, fmt.Errorf("plots: %s: %w", o.name, err)
		}
	}
	var paths []string
	for i, o := range outs {
		p := filepath.Join(dir, o.name)
		if err := writeChartFile(p, data[i], true); err != nil {
			return paths, fmt.Errorf("plots: %w", err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// groupNames returns the groups a record belongs to: its matchup, or with by "player"
// each distinct spec that played in it.
func groupNames(r *tournament.Record, by string) []string {
	if by == "player" {
		if r.White == r.Black {
			return []string{r.White}
		}
		return []string{r.White, r.Black}
	}
	return []string{tournament.Matchup(r.White, r.Black)}
}

// groupRecords groups the records' indices by name, the names sorted.
func groupRecords(recs []tournament.Record, by string) (names []string, idx map[string][]int) {
	idx = map[string][]int{}
	for i := range recs {
		for _, g := range groupNames(&recs[i], by) {
			if _, ok := idx[g]; !ok {
				names = append(names, g)
			}
			idx[g] = append(idx[g], i)
		}
	}
	slices.Sort(names)
	return names, idx
}

// lengthSeries returns the game lengths of each group.
func lengthSeries(recs []tournament.Record, by string) []chart.LengthSeries {
	names, idx := groupRecords(recs, by)
	out := make([]chart.LengthSeries, len(names))
	for k, n := range names {
		s := chart.LengthSeries{Name: n}
		for _, i := range idx[n] {
			s.Plies = append(s.Plies, recs[i].Plies)
			s.Capped = append(s.Capped, recs[i].Capped())
		}
		out[k] = s
	}
	return out
}

// firstMoveRows returns each group's results seen from White.
func firstMoveRows(recs []tournament.Record, by string) []chart.FirstMoveRow {
	names, idx := groupRecords(recs, by)
	out := make([]chart.FirstMoveRow, len(names))
	for k, n := range names {
		out[k].Name = n
		for _, i := range idx[n] {
			out[k].White = out[k].White.Add(resultWDL(recs[i].WhiteScore()))
		}
	}
	return out
}

func resultWDL(score float64) stats.WDL {
	switch score {
	case 1:
		return stats.WDL{Wins: 1}
	case 0:
		return stats.WDL{Losses: 1}
	}
	return stats.WDL{Draws: 1}
}

// ratingGames returns the players (sorted specs) of the games between two different
// specs, and those games; self-play games carry no rating information and are left out.
func ratingGames(recs []tournament.Record) ([]string, []stats.Game) {
	var names []string
	for _, r := range recs {
		if r.White != r.Black {
			names = append(names, r.White, r.Black)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	var games []stats.Game
	for _, r := range recs {
		if r.White != r.Black {
			w, _ := slices.BinarySearch(names, r.White)
			b, _ := slices.BinarySearch(names, r.Black)
			games = append(games, stats.Game{White: w, Black: b, Score: r.WhiteScore()})
		}
	}
	return names, games
}

// pairResults returns the players ordered by their total score against the others (best
// first, ties by name) and wdl[i][j], player i's results against player j.
func pairResults(recs []tournament.Record) ([]string, [][]stats.WDL) {
	names, games := ratingGames(recs)
	n := len(names)
	wdl := make([][]stats.WDL, n)
	for i := range wdl {
		wdl[i] = make([]stats.WDL, n)
	}
	for _, g := range games {
		r := resultWDL(g.Score)
		wdl[g.White][g.Black] = wdl[g.White][g.Black].Add(r)
		wdl[g.Black][g.White] = wdl[g.Black][g.White].Add(r.Swap())
	}
	total := make([]stats.WDL, n)
	for i := range n {
		for j := range n {
			total[i] = total[i].Add(wdl[i][j])
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(total[b].Score(), total[a].Score()) })
	sortedNames := make([]string, n)
	sorted := make([][]stats.WDL, n)
	for i, oi := range order {
		sortedNames[i] = names[oi]
		sorted[i] = make([]stats.WDL, n)
		for j, oj := range order {
			sorted[i][j] = wdl[oi][oj]
		}
	}
	return sortedNames, sorted
}

func lengthsFigure(recs []tournament.Record, by string) (*chart.Figure, error) {
	h, err := chart.BuildLengthHist(lengthSeries(recs, by))
	if err != nil {
		return nil, err
	}
	return chart.PlotLengthHist(h)
}

func lengthsCDFFigure(recs []tournament.Record, by string) (*chart.Figure, error) {
	c, err := chart.BuildLengthCDF(lengthSeries(recs, by))
	if err != nil {
		return nil, err
	}
	return chart.PlotLengthCDF(c)
}

func firstMoveFigure(recs []tournament.Record, by string, conf float64) (*chart.Figure, error) {
	d, err := chart.BuildFirstMove(firstMoveRows(recs, by), conf)
	if err != nil {
		return nil, err
	}
	return chart.PlotFirstMove(d)
}

func ratingsFigure(recs []tournament.Record, conf float64) (*chart.Figure, error) {
	names, games := ratingGames(recs)
	if len(games) == 0 {
		return nil, errors.New("ratings need games between two different player specs (self-play only)")
	}
	r, err := stats.FitRatings(len(names), games, conf)
	if err != nil {
		return nil, err
	}
	rows := make([]chart.RatingRow, len(names))
	for i, n := range names {
		rows[i] = chart.RatingRow{Name: n, Elo: r.Elo[i]}
	}
	d, err := chart.BuildRatings(rows, conf, len(games), &r.FirstMove)
	if err != nil {
		return nil, err
	}
	return chart.PlotRatings(d)
}

func matrixFigure(recs []tournament.Record) (*chart.Figure, error) {
	names, wdl := pairResults(recs)
	if len(names) < 2 {
		return nil, errors.New("the matrix needs games between two different player specs (self-play only)")
	}
	d, err := chart.BuildMatrix(chart.MatrixFromWDL(names, wdl))
	if err != nil {
		return nil, err
	}
	return chart.PlotMatrix(d)
}
