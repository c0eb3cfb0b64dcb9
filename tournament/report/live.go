// live.go: the score line of a two-player run while it is played.

package report

import (
	"fmt"

	"github.com/fanorona/fanorona/tournament/summary"
)

// LiveLine is the head to head p in one line, as the head-to-head table counts it: "A vs
// B +W =D -L, score S [lo, hi], Elo E [lo, hi]", and ", LLR x (lower, upper) decision"
// when an SPRT runs.
func LiveLine(p summary.PairStats) string {
	line := fmt.Sprintf("%s vs %s %s, score %s, Elo %s", p.A, p.B, fwdl(wdlOf(p.WDL, p.DistinctWDL, p.Method)), fest(p.Score, 3), fest(p.Elo, 0))
	if p.SPRT != nil {
		line += fmt.Sprintf(", LLR %s (%s, %s) %s", fnum(p.SPRT.LLR, 2), fnum(p.SPRT.Lower, 2), fnum(p.SPRT.Upper, 2), p.SPRT.Decision)
	}
	return line
}
