// warnings.go: what a reader must know before trusting the numbers: records dropped while
// reading, records read twice, games that repeat, games stopped by the ply cap, runs of
// different settings pooled.

package report

import (
	"fmt"
	"reflect"
)

// Warnings returns the caveats of in (its Summary included), one sentence each.
func Warnings(in *Input) []string {
	s := in.Summary
	w := incomplete(in)
	if n := len(in.Dropped); n > 0 {
		w = append(w, fmt.Sprintf("%d record line%s could not be read and %s left out, the first: %v.", n, plural(n), wereWas(n), in.Dropped[0]))
	}
	if n := in.Duplicates; n > 0 {
		w = append(w, fmt.Sprintf("%d record%s repeated a record already read (the same run, game and content: a file read twice, or a run with one of its shards) and %s dropped.", n, plural(n), wereWas(n)))
	}
	if s.DistinctGames < s.Games {
		w = append(w, fmt.Sprintf("%d games but %d distinct games (the same players, opening and turns): rows marked \"distinct games\" count each distinct game once; game lengths count every game.", s.Games, s.DistinctGames))
	}
	for _, l := range s.Lengths {
		if l.Capped > 0 && (l.Matchup == "all" || len(s.Lengths) == 1) {
			w = append(w, fmt.Sprintf("%d of %d games (%.1f%%) were stopped by the ply cap and count as draws; their lengths are left out of the length quantiles.", l.Capped, l.Games, 100*float64(l.Capped)/float64(max(1, l.Games))))
		}
	}
	if s.Ratings != nil && s.Ratings.Error != "" {
		w = append(w, "The ratings fit failed: "+s.Ratings.Error+".")
	}
	for i := 1; i < len(in.Runs); i++ {
		a, b := in.Runs[0].Config, in.Runs[i].Config
		if !reflect.DeepEqual(a, b) {
			w = append(w, fmt.Sprintf("%s and %s describe different runs: their games are pooled.", in.Runs[0].Path, in.Runs[i].Path))
		}
	}
	return w
}

// incomplete says of each run whose run.json schedules more games than its records hold
// that its numbers are those of part of the run.
func incomplete(in *Input) []string {
	var w []string
	for _, run := range in.Runs {
		c := run.Config
		if c.RunID == "" || len(c.Players) == 0 || c.Games < 1 {
			continue // a run from before run ids: its records cannot be told apart
		}
		have := 0
		for i := range in.Records {
			if in.Records[i].Run == c.RunID {
				have++
			}
		}
		if total := c.TotalGames(); have < total {
			w = append(w, fmt.Sprintf("Incomplete run: %s schedules %d games, the records hold %d (%.0f%%): the run was interrupted, stopped by its SPRT, or is one shard of a run; every number here is of the games played (finish it with --resume, or merge its shards).",
				run.Path, total, have, 100*float64(have)/float64(total)))
		}
	}
	return w
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wereWas(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
