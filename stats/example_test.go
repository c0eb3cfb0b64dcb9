package stats_test

import (
	"fmt"

	"github.com/fanorona/fanorona/stats"
)

func Example() {
	// A match of 100 games seen from the new engine's side.
	w := stats.WDL{Wins: 40, Draws: 35, Losses: 25}
	elo := w.Elo(0.95)
	fmt.Printf("score %.3f, Elo %+.1f [%+.1f, %+.1f], LOS %.3f\n",
		w.Score(), elo.Value, elo.Lo, elo.Hi, w.LOS())

	// The same engine tested on colour-swapped pairs with an SPRT.
	p := stats.Pentanomial{20, 150, 500, 180, 30} // pairs scoring 0, ½, 1, 1½, 2
	p.AddPair(1, 0.5)                             // one more pair: a win and a draw
	s := stats.SPRT(p, 0, 10, 0.05, 0.05)
	fmt.Printf("pairs %d, LLR %.2f in (%.2f, %.2f): %v\n", p.Pairs(), s.LLR, s.LowerBound, s.UpperBound, s.Decision)

	// Does White have an advantage?
	fm := stats.FirstMove(stats.WDL{Wins: 130, Draws: 40, Losses: 90}, 0.95)
	fmt.Printf("White wins %.1f%% [%.1f%%, %.1f%%], sign test p = %.4f\n",
		100*fm.Win.Value, 100*fm.Win.Lo, 100*fm.Win.Hi, fm.PValue)
	// Output:
	// score 0.575, Elo +52.5 [-2.6, +108.2], LOS 0.969
	// pairs 881, LLR 2.46 in (-2.94, 2.94): continue
	// White wins 50.0% [43.8%, 56.2%], sign test p = 0.0084
}
