package puzzles_test

import (
	"context"
	"fmt"
	"os"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// One piece against two with only the two-piece tablebase built: White must capture
// (a1-b1A takes c1), and the search proves through that capture that the game is lost.
func Example() {
	dir, _ := os.MkdirTemp("", "puzzles-example")
	defer os.RemoveAll(dir)
	if _, err := tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: dir, MaxPieces: 2}); err != nil {
		fmt.Println(err)
		return
	}
	p := engine.MustParseFEN("9/9/9/9/W1B1B4 w")
	res, err := puzzles.Search(context.Background(), p, tablebase.Open(dir), puzzles.Limits{MaxDepth: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Known, res.Value, res.Exact, res.Source)
	fmt.Println(res.Line)
	// Output:
	// true loss in 8 true search
	// [a1-b1A e1-d2 b1-a1 d2-c2 a1-b1 c2-c3 b1-b2 c3-d4W]
}
