package players_test

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// A player from its spec and a seed, asked for a turn and for its analysis.
func Example() {
	p := engine.MustParseFEN("9/6B2/5W1W1/9/9 w 0 10")
	expert, err := players.NewFromString("expert:depth=4", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := players.Analyze(context.Background(), expert, &p, engine.DefaultRules())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Turn, players.FormatScore(a.Score), a.PV)

	_, err = players.NewFromString("expert:dpth=4", 1)
	fmt.Println(err)
	// Output:
	// f3-e3 win in 3 [f3-e3 g4-f4 e3-d2W]
	// player spec "expert:dpth=4": unknown option "dpth" (known: depth, nodes, time, tc, hash, qs, killers, lmr, weights, net, progress, ordering, prune, aspiration, vary, threads)
}
