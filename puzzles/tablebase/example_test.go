package tablebase_test

import (
	"context"
	"fmt"
	"os"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Build the two-piece class and ask who wins a lone piece against a lone piece.
func Example() {
	dir, _ := os.MkdirTemp("", "tablebase-example")
	defer os.RemoveAll(dir)
	if _, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 2}); err != nil {
		fmt.Println(err)
		return
	}
	set := tablebase.Open(dir)
	p := engine.MustParseFEN("9/9/9/9/4W2B1 w")
	v, best, _ := set.BestTurns(&p, tablebase.Theoretic)
	fmt.Println(v, best)
	// Output: win in 7 [e1-f2]
}
