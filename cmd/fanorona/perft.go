// perft.go: the perft, moves and show commands, thin over package engine.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newPerftCmd)
	registerCommand(newMovesCmd)
	registerCommand(newShowCmd)
}

type perftOptions struct {
	depth  int
	fen    string
	paths  bool
	divide bool
	json   bool
	rules  rulesFlags
}

func newPerftCmd(s *streams) *cobra.Command {
	var o perftOptions
	c := &cobra.Command{
		Use:   "perft --depth N [--fen F] [--paths] [--divide] [--json]",
		Short: "Count the leaves of the tree of complete turns (move-generator check and speed)",
		Example: `  fanorona perft --depth 5
  fanorona perft --depth 3 --divide --fen "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"
  fanorona perft --depth 4 --paths --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runPerft(c.Context(), s, &o) },
	}
	c.Flags().IntVar(&o.depth, "depth", 1, "plies to search (1 or more)")
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	c.Flags().BoolVar(&o.paths, "paths", false, "count every step sequence instead of distinct resulting boards")
	c.Flags().BoolVar(&o.divide, "divide", false, "print the count below each root turn")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	o.rules.bind(c)
	return c
}

func runPerft(ctx context.Context, s *streams, o *perftOptions) error {
	if o.depth < 1 || o.depth > 30 {
		return badInputf("--depth %d: must be 1 to 30", o.depth)
	}
	p, r, err := positionUnderRules(o.fen, &o.rules)
	if err != nil {
		return err
	}
	conv := engine.Distinct
	if o.paths {
		conv = engine.Paths
	}
	start := time.Now()
	var nodes uint64
	var divide []engine.DivideEntry
	// The count runs in its own goroutine so that Ctrl-C ends the command at once (exit
	// 130): engine.Perft has no context, and the goroutine ends with the process.
	done := make(chan struct{})
	go func() {
		defer close(done)
		if o.divide {
			divide = engine.PerftDivide(&p, r, o.depth, conv)
			for _, e := range divide {
				nodes += e.Nodes
			}
		} else {
			nodes = engine.Perft(&p, r, o.depth, conv)
		}
	}()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("perft --depth %d: %w", o.depth, ctx.Err())
	}
	secs := time.Since(start).Seconds()
	nps := 0.0
	if secs > 0 {
		nps = float64(nodes) / secs
	}
	if o.json {
		out := map[string]any{"fen": p.FEN(), "depth": o.depth, "convention": conv.String(),
			"nodes": nodes, "seconds": secs, "nodes_per_second": nps}
		if o.divide {
			d := map[string]uint64{}
			for _, e := range divide {
				d[e.Turn.String()] = e.Nodes
			}
			out["divide"] = d
		}
		return json.NewEncoder(s.out).Encode(out)
	}
	if o.divide {
		sort.Slice(divide, func(i, j int) bool { return divide[i].Turn.String() < divide[j].Turn.String() })
		for _, e := range divide {
			fmt.Fprintf(s.out, "%s %d\n", e.Turn, e.Nodes)
		}
	}
	fmt.Fprintf(s.out, "perft %d (%s): %d nodes in %.3f s, %.0f nodes/s\n", o.depth, conv, nodes, secs, nps)
	return nil
}

type movesOptions struct {
	fen   string
	json  bool
	rules rulesFlags
}

func newMovesCmd(s *streams) *cobra.Command {
	var o movesOptions
	c := &cobra.Command{
		Use:   "moves [--fen F] [--json]",
		Short: "List every legal complete turn in canonical notation, sorted",
		Example: `  fanorona moves
  fanorona moves --json --fen "BBBB1B1BB/BBBBBWBBB/BW1WWB1BW/WWWBWWWWW/WWWW1WWWW b 0 0"`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runMoves(s, &o) },
	}
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "position")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a line: {"turn","fen","captured"}`)
	o.rules.bind(c)
	return c
}

func runMoves(s *streams, o *movesOptions) error {
	p, r, err := positionUnderRules(o.fen, &o.rules)
	if err != nil {
		return err
	}
	turns := p.Turns(r, nil)
	sort.Slice(turns, func(i, j int) bool { return turns[i].String() < turns[j].String() })
	enc := json.NewEncoder(s.out)
	for _, t := range turns {
		if !o.json {
			fmt.Fprintln(s.out, t)
			continue
		}
		after := p.Play(t)
		captured := []string{}
		for _, q := range p.CaptureOrder(t) {
			captured = append(captured, q.String())
		}
		if err := enc.Encode(struct {
			Turn     string   `json:"turn"`
			FEN      string   `json:"fen"`
			Captured []string `json:"captured"`
		}{t.String(), after.FEN(), captured}); err != nil {
			return err
		}
	}
	return nil
}

func newShowCmd(s *streams) *cobra.Command {
	var fen, turn string
	var rules rulesFlags
	var pic pictureFlags
	c := &cobra.Command{
		Use:   "show [--fen F] [--turn T] [-o FILE.svg|FILE.png [--force]]",
		Short: "Draw the board with its lines and coordinates, as text or into an SVG or PNG file",
		Long: `Draw the board with its lines and coordinates: as text on stdout, or with -o as a
picture, SVG or PNG by the file's extension (docs/FORMATS.md, "Board pictures"). With
--turn, a legal turn of the position is drawn on it: in the text its points and captured
pieces in lower case, in a picture the moving piece's path as an arrow and its captured
pieces crossed out. A turn that is not legal in the position is refused, and nothing is
written.`,
		Example: `  fanorona show
  fanorona show --fen "9/6B2/5W1W1/9/9 w 0 10"
  fanorona show --turn e2-e3A -o start.svg
  fanorona show --fen "BBBBBBBBB/B1BBBBBBB/BW1B1BWBW/WWW1WWWWW/WWWW1WWWW w 0 2" --turn d1-d2A-e3A-d4A-c3W-b4A-c5W-d5W -o chain.png`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			p, r, err := positionUnderRules(fen, &rules)
			if err != nil {
				return err
			}
			t, err := parseTurnFlag(&p, r, turn)
			if err != nil {
				return err
			}
			if pic.output == "" {
				fmt.Fprint(s.out, engine.Diagram(&p, turnMarks(t)))
				return nil
			}
			if err := pic.check(); err != nil {
				return err
			}
			return pic.write(s, p, t)
		},
	}
	c.Flags().StringVar(&fen, "fen", engine.StartFEN, "position")
	c.Flags().StringVar(&turn, "turn", "", "a legal turn of the position to draw on it, in notation (e2-e3A)")
	pic.bind(c, "the board")
	rules.bind(c)
	return c
}
