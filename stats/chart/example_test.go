package chart_test

import (
	"fmt"

	"github.com/fanorona/fanorona/stats/chart"
)

func ExampleBuildLengthHist() {
	// Two groups of games; the second group's last game hit the ply cap.
	h, err := chart.BuildLengthHist([]chart.LengthSeries{
		{Name: "hard vs hard", Plies: []int{12, 16, 20, 24}},
		{Name: "easy vs easy", Plies: []int{10, 14, 18, 22, 100}, Capped: []bool{false, false, false, false, true}},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("edges", h.Edges)
	for _, g := range h.Groups {
		fmt.Printf("%s: counts %v, capped %d, median %v\n", g.Name, g.Counts, g.Capped, g.Natural.Median)
	}
	fig, err := chart.PlotLengthHist(h)
	if err != nil {
		panic(err)
	}
	png, err := fig.Encode("lengths.png") // the format follows the extension
	fmt.Println(len(png) > 0, err)
	// Output:
	// edges [8 16 24 32]
	// hard vs hard: counts [1 2 1], capped 0, median 16
	// easy vs easy: counts [2 2 0], capped 1, median 14
	// true <nil>
}
