package engine_test

import (
	"fmt"

	"github.com/fanorona/fanorona/engine"
)

// Example lists the legal turns of the start position and plays one.
func Example() {
	p := engine.Start()
	r := engine.DefaultRules()
	for _, t := range p.Turns(r, nil) {
		fmt.Println(t, t.Captured.Count())
	}
	t, err := p.ParseTurn(r, "e2-e3A")
	if err != nil {
		panic(err)
	}
	q := p.Play(t)
	fmt.Println(q.FEN())
	fmt.Println(engine.Perft(&p, r, 3, engine.Distinct))
	// Unordered output:
	// d3-e3A 1
	// d3-e3W 1
	// d2-e3A 2
	// e2-e3A 2
	// f2-e3A 2
	// BBBB1BBBB/BBBB1BBBB/BWBWWBWBW/WWWW1WWWW/WWWWWWWWW b 0 1
	// 724
}
