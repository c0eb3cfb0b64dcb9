// warnings.go: what a reader must know before trusting the numbers: records dropped while
// reading, records read twice, games that repeat, games stopped by the ply cap, runs of
// different settings mixed.

package report

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/fanorona/fanorona/tournament"
)

// gameKey identifies a game by what was played: the opening and the turns.
func gameKey(r *tournament.Record) string {
	return r.Opening + "\x00" + strings.Join(r.Turns, " ")
}

// Distinct counts the distinct games (same opening and same turns count once) of each
// matchup, and of all games under "all" when there is more than one matchup, as the
// summary's first-move and length tables group them. A matchup with a record that does
// not hold its turns (a file written by hand, say) is left out: its count is unknown.
func Distinct(recs []tournament.Record) map[string]int {
	seen := map[string]map[string]bool{}
	unknown := map[string]bool{}
	for i := range recs {
		r := &recs[i]
		m := tournament.Matchup(r.White, r.Black)
		if len(r.Turns) == 0 && r.Plies > 0 {
			unknown[m] = true
			continue
		}
		if seen[m] == nil {
			seen[m] = map[string]bool{}
		}
		seen[m][gameKey(r)] = true
	}
	out := map[string]int{}
	total := 0
	for m, s := range seen {
		if !unknown[m] {
			out[m] = len(s)
			total += len(s)
		}
	}
	if len(seen)+len(unknown) > 1 && len(unknown) == 0 {
		out["all"] = total // games of different matchups are never the same game
	}
	return out
}

// repeatedRecords counts records with the index of an earlier record that are the same
// game (the wall time aside): a file read twice, or a run together with one of its shards.
func repeatedRecords(recs []tournament.Record) int {
	first := map[int]*tournament.Record{}
	n := 0
	for i := range recs {
		r := &recs[i]
		prev, ok := first[r.Index]
		if !ok {
			first[r.Index] = r
			continue
		}
		a, b := *prev, *r
		a.Seconds, b.Seconds = 0, 0
		if reflect.DeepEqual(a, b) {
			n++
		}
	}
	return n
}

// Warnings returns the caveats of in and its summary s, one sentence each.
func Warnings(in *Input, s *tournament.Summary, distinct map[string]int) []string {
	var w []string
	if n := len(in.Dropped); n > 0 {
		w = append(w, fmt.Sprintf("%d record line%s could not be read and %s left out, the first: %v.", n, plural(n), wereWas(n), in.Dropped[0]))
	}
	if n := repeatedRecords(in.Records); n > 0 {
		w = append(w, fmt.Sprintf("%d record%s repeat%s an earlier record with the same index (a file read twice, or a run with one of its shards?): each copy is counted.", n, plural(n), verbS(n)))
	}
	for _, l := range s.Lengths {
		d, ok := distinct[l.Matchup]
		games := l.All.Count
		if ok && d < games {
			w = append(w, fmt.Sprintf("%s: %d games but %d distinct (the same opening and turns): repeated games are counted as independent, so its intervals are too narrow and its tests too confident.", l.Matchup, games, d))
		}
	}
	for _, l := range s.Lengths {
		if l.Capped > 0 && (l.Matchup == "all" || len(s.Lengths) == 1) {
			w = append(w, fmt.Sprintf("%d of %d games (%.1f%%) were stopped by the ply cap and count as draws; their lengths are left out of the length quantiles.", l.Capped, l.All.Count, 100*float64(l.Capped)/float64(max(1, l.All.Count))))
		}
	}
	if s.Ratings != nil && s.Ratings.Error != "" {
		w = append(w, "The ratings fit failed: "+s.Ratings.Error+".")
	}
	for i := 1; i < len(in.Runs); i++ {
		a, b := in.Runs[0].Config, in.Runs[i].Config
		a.Concurrency, b.Concurrency = 0, 0
		if !reflect.DeepEqual(a, b) {
			w = append(w, fmt.Sprintf("%s and %s describe different runs: their games are pooled.", in.Runs[0].Path, in.Runs[i].Path))
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

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
