// perft.go: the perft, moves and show commands, thin over package engine.

package main

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart/board"
	"github.com/spf13/cobra"
)

type perftOptions struct {
	req  engine.PerftRequest
	json bool
	positionFlags
}

func newPerftCmd(s *streams, runF func(*perftOptions) error) *cobra.Command {
	var o perftOptions
	c := &cobra.Command{
		Use:  "perft --depth N [--fen F] [--paths] [--divide] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runPerft),
	}
	c.Flags().IntVar(&o.req.Depth, "depth", 1, "plies to search (1 or more)")
	o.positionFlags.bind(c, "position")
	c.Flags().BoolVar(&o.req.Paths, "paths", false, "count every step sequence instead of distinct resulting boards")
	c.Flags().BoolVar(&o.req.Divide, "divide", false, "print the count below each root turn")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	return c
}

func runPerft(ctx context.Context, s *streams, o *perftOptions) error {
	if err := o.req.Check(); err != nil {
		return badInput(err)
	}
	p, r, err := o.position()
	if err != nil {
		return err
	}
	rep, err := o.req.Run(ctx, &p, r)
	if err != nil {
		return fmt.Errorf("perft --depth %d: %w", o.req.Depth, err)
	}
	return rep.Write(s.out, o.json)
}

type movesOptions struct {
	json bool
	positionFlags
}

func newMovesCmd(s *streams, runF func(*movesOptions) error) *cobra.Command {
	var o movesOptions
	c := &cobra.Command{
		Use:  "moves [--fen F] [--json]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runMoves),
	}
	o.positionFlags.bind(c, "position")
	c.Flags().BoolVar(&o.json, "json", false, `one JSON object a line: {"turn","fen","captured"}`)
	return c
}

func runMoves(_ context.Context, s *streams, o *movesOptions) error {
	p, r, err := o.position()
	if err != nil {
		return err
	}
	return engine.WriteTurns(s.out, engine.ListTurns(&p, r), o.json)
}

type showOptions struct {
	turn string
	positionFlags
	pic pictureFlags
}

func newShowCmd(s *streams, runF func(*showOptions) error) *cobra.Command {
	var o showOptions
	c := &cobra.Command{
		Use:  "show [--fen F] [--turn T] [-o FILE.svg|FILE.png [--force]]",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runShow),
	}
	o.positionFlags.bind(c, "position")
	c.Flags().StringVar(&o.turn, "turn", "", "a legal turn of the position to draw on it, in notation (e2-e3A)")
	o.pic.bind(c, "the board")
	return c
}

func runShow(_ context.Context, s *streams, o *showOptions) error {
	p, r, err := o.position()
	if err != nil {
		return err
	}
	var t *engine.Turn
	if o.turn != "" { // "" is no turn
		turn, err := p.ParseTurn(r, o.turn)
		if err != nil {
			return badInputf("--turn: %v", err)
		}
		t = &turn
	}
	if o.pic.output == "" {
		fmt.Fprint(s.out, engine.Diagram(&p, board.Marks(t)))
		return nil
	}
	if err := o.pic.check(); err != nil {
		return err
	}
	return o.pic.write(s, p, t)
}
