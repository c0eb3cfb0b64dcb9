// play.go: the play command, a game in the terminal: people against any level, or two
// people on one machine, a turn typed whole or step by step.

package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/players/play"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(func(s *streams) *cobra.Command { return newPlayCmd(s, nil) })
}

const humanSpec = "human"

type playOptions struct {
	white, black string
	fen          string
	seed         uint64
	hint         string
	tb           string
	rules        rulesFlags
}

func newPlayCmd(s *streams, runF func(*playOptions) error) *cobra.Command {
	var o playOptions
	c := &cobra.Command{
		Use:   "play [--white SPEC|human] [--black SPEC|human] [--fen F] [--seed S]",
		Short: "Play a game in the terminal against any level, or two people on one machine",
		Long: "Play a game in the terminal. Each side is \"human\" or a player spec (" + strings.Join(players.Names(), ", ") + ").\n" +
			"Type a whole turn (e2-e3, d3-e3A, f4-e4W-e3A) or a capture step by step (d3-e3, then A or W\n" +
			"when both capture, then further steps or stop). Also: hint, moves, board, help, quit.",
		Example: `  fanorona play --black medium
  fanorona play --white expert:depth=6 --black human --seed 3
  fanorona play --white human --black human --fen "9/6B2/5W1W1/9/9 w 0 10"`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(&o)
			}
			return runPlay(c.Context(), s, &o)
		},
	}
	c.Flags().StringVar(&o.white, "white", humanSpec, "White: human or a player spec")
	c.Flags().StringVar(&o.black, "black", "medium", "Black: human or a player spec")
	c.Flags().StringVar(&o.fen, "fen", engine.StartFEN, "starting position")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "seed of the computer players' random choices")
	c.Flags().StringVar(&o.hint, "hint", defaultAnalyzePlayer, "player spec that answers hint")
	c.Flags().StringVar(&o.tb, "tablebases", "", `tablebase folder for expert's probes ("" = the default folder if it exists, "none" = off; a folder named must exist)`)
	o.rules.bind(c)
	return c
}

// terminal is a game and its terminal.
type terminal struct {
	play.Game
	ctx   context.Context
	in    *bufio.Reader
	out   *streams
	names [2]string
}

// quitSignal ends the game at the player's request or at the end of input.
type quitSignal struct{ reason string }

func runPlay(ctx context.Context, s *streams, o *playOptions) error {
	p, r, err := positionUnderRules(o.fen, &o.rules)
	if err != nil {
		return err
	}
	opts, err := tablebasePlayerOptions(o.tb, r.PaikaLimit)
	if err != nil {
		return err
	}
	g := &terminal{Game: play.Game{Rules: r, Pos: p}, ctx: ctx, in: bufio.NewReader(s.in), out: s, names: [2]string{o.white, o.black}}
	for i, spec := range g.names {
		if spec == humanSpec {
			continue
		}
		if g.Sides[i], err = players.NewFromString(spec, o.seed, opts...); err != nil {
			return badInput(err)
		}
	}
	if g.Hint, err = players.NewFromString(o.hint, o.seed, opts...); err != nil {
		return badInput(fmt.Errorf("--hint: %w", err))
	}
	return g.play()
}

func (g *terminal) printf(format string, args ...any) { fmt.Fprintf(g.out.out, format, args...) }

func (g *terminal) play() error {
	g.printf("White: %s. Black: %s. Type help for the commands.\n", g.names[0], g.names[1])
	for {
		g.printf("\n%s", engine.Diagram(&g.Pos, g.Mark))
		if st, why, over := g.Over(); over {
			g.printf("Game over: %s (%s).\n", st.Outcome, why)
			return nil
		}
		side := g.Pos.Side
		t, computer, err := g.ComputerTurn(g.ctx)
		switch {
		case err != nil:
			return err
		case computer:
			g.printf("%s (%s) plays %s\n", side, g.names[side], t)
		default:
			var q *quitSignal
			if t, q = g.humanTurn(); q != nil {
				g.printf("Game stopped (%s) after %d plies at %s\n", q.reason, g.Pos.Ply, g.Pos.FEN())
				return nil
			}
			g.printf("%s plays %s\n", side, t)
		}
		g.Play(t)
	}
}

// maxLineBytes bounds a line typed at play's prompt: a turn or command is far shorter,
// and a longer line is refused (and read to its end) instead of ending the game.
const maxLineBytes = 4096

// readLine prompts and returns the next line, trimmed; false at the end of input. A line
// longer than maxLineBytes is refused with a message and the prompt is shown again.
func (g *terminal) readLine(prompt string) (string, bool) {
	for {
		g.printf("%s", prompt)
		line, n, err := play.ReadBoundedLine(g.in, maxLineBytes)
		if n == 0 && err != nil {
			g.printf("\n")
			return "", false
		}
		if n > maxLineBytes {
			g.printf("Refused: a line of %d bytes; a turn or command is at most %d.\n", n, maxLineBytes)
			continue
		}
		return strings.TrimSpace(line), true
	}
}

const playHelp = `Commands:
  a whole turn    e2-e3 (paika), d3-e3A (approach), f4-e4W-e3A (a chain); played as written
  a capture step  d3-e3 without A/W: you are asked A or W when both capture, then for
                  further steps (e4, e3-e4 or e3-e4A) or stop
  moves           list the legal turns
  hint            ask the hint player for a turn
  board           draw the board again
  help            this text
  quit            stop the game
`

// humanTurn reads commands until a legal turn is entered.
func (g *terminal) humanTurn() (engine.Turn, *quitSignal) {
	prompt := fmt.Sprintf("%s to move> ", g.Pos.Side)
	for {
		line, ok := g.readLine(prompt)
		if !ok {
			return engine.Turn{}, &quitSignal{"end of input"}
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "help", "?":
			g.printf("%s", playHelp)
			continue
		case "quit", "exit":
			return engine.Turn{}, &quitSignal{"quit"}
		case "board":
			g.printf("%s", engine.Diagram(&g.Pos, g.Mark))
			continue
		case "moves":
			names := g.LegalTurns()
			g.printf("%d legal turns: %s\n", len(names), strings.Join(names, " "))
			continue
		case "hint":
			g.printHint()
			continue
		}
		t, entry, err := g.Enter(line)
		if entry != nil {
			var q *quitSignal
			if t, q, err = g.enterSteps(entry); q != nil {
				return t, q
			}
		}
		if err != nil {
			g.printf("Refused: %v\n", err)
			continue
		}
		return t, nil
	}
}

func (g *terminal) printHint() {
	a, err := g.HintFor(g.ctx)
	if err != nil {
		g.printf("No hint: %v\n", err)
		return
	}
	pv := make([]string, len(a.PV))
	for i, t := range a.PV {
		pv[i] = t.String()
	}
	g.printf("Hint: %s (score %s, depth %d; line %s)\n", a.Turn, players.FormatScore(a.Score), a.Depth, strings.Join(pv, " "))
}

// enterSteps asks for the rest of a turn entered step by step: the kind of a step that
// captures both ways, then each further step or stop, the board drawn mid-chain.
func (g *terminal) enterSteps(e *play.Entry) (engine.Turn, *quitSignal, error) {
	for {
		switch e.Need() {
		case play.Done:
			t, err := e.Turn()
			return t, nil, err
		case play.NeedKind:
			k, q := g.askKind(e.Step())
			if q != nil {
				return engine.Turn{}, q, nil
			}
			e.Kind(k)
		case play.NeedStep:
			mid, visited := e.Board()
			g.printf("%s", engine.Diagram(&mid, visited))
			g.printf("The piece on %s may capture again: %s, or stop.\n", e.At(), strings.Join(e.Continuations(), " "))
			if q := g.askNextStep(e); q != nil {
				return engine.Turn{}, q, nil
			}
		}
	}
}

// askKind asks approach or withdrawal until answered.
func (g *terminal) askKind(from, to engine.Point) (engine.CaptureKind, *quitSignal) {
	for {
		line, ok := g.readLine(fmt.Sprintf("%s-%s captures both ways: approach (A) or withdrawal (W)? ", from, to))
		if !ok {
			return engine.Paika, &quitSignal{"end of input"}
		}
		switch strings.ToLower(line) {
		case "a", "approach":
			return engine.Approach, nil
		case "w", "withdrawal":
			return engine.Withdrawal, nil
		case "quit", "exit":
			return engine.Paika, &quitSignal{"quit"}
		}
		g.printf("Refused: answer A (approach) or W (withdrawal).\n")
	}
}

// askNextStep reads the next step of a chain, or stop, until the entry takes one.
func (g *terminal) askNextStep(e *play.Entry) *quitSignal {
	for {
		line, ok := g.readLine(fmt.Sprintf("%s continues from %s (next step or stop)> ", g.Pos.Side, e.At()))
		if !ok {
			return &quitSignal{"end of input"}
		}
		switch line = strings.ToLower(line); line {
		case "":
			continue
		case "stop":
			e.Stop()
			return nil
		case "quit", "exit":
			return &quitSignal{"quit"}
		case "help", "?":
			g.printf("Type the next landing point (e4), the step (e3-e4, e3-e4A), or stop to end the turn here.\n")
			continue
		}
		if err := e.Next(line); err != nil {
			g.printf("Refused: %v\n", err)
			continue
		}
		return nil
	}
}
