// play.go: the play command, a game in the terminal: people against any level, or two
// people on one machine, a turn typed whole or step by step.

package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newPlayCmd) }

const humanSpec = "human"

type playOptions struct {
	white, black string
	fen          string
	seed         uint64
	hint         string
	tb           string
	rules        rulesFlags
}

func newPlayCmd(s *streams) *cobra.Command {
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
		RunE: func(c *cobra.Command, _ []string) error { return runPlay(c.Context(), s, &o) },
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

// game is one game in progress and its terminal.
type game struct {
	ctx   context.Context
	in    *bufio.Reader
	out   *streams
	rules engine.Rules
	pos   engine.Position
	mark  engine.Bitboard // last turn: start, landing and captured points
	side  [2]players.Player
	names [2]string
	hint  players.Player
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
	g := &game{ctx: ctx, in: bufio.NewReader(s.in), out: s, rules: r, pos: p}
	for i, spec := range []string{o.white, o.black} {
		g.names[i] = spec
		if spec == humanSpec {
			continue
		}
		if g.side[i], err = players.NewFromString(spec, o.seed, opts...); err != nil {
			return badInput(err)
		}
	}
	if g.hint, err = players.NewFromString(o.hint, o.seed, opts...); err != nil {
		return badInput(fmt.Errorf("--hint: %w", err))
	}
	return g.play()
}

func (g *game) printf(format string, args ...any) { fmt.Fprintf(g.out.out, format, args...) }

func (g *game) play() error {
	g.printf("White: %s. Black: %s. Type help for the commands.\n", g.names[0], g.names[1])
	for {
		g.printf("\n%s", engine.Diagram(&g.pos, g.mark))
		if st := g.rules.Status(&g.pos); st.Over() {
			g.printf("Game over: %s (%s).\n", st.Outcome, describeStatus(st, g.pos.Side))
			return nil
		}
		side := g.pos.Side
		var t engine.Turn
		if pl := g.side[side]; pl != nil {
			a, err := players.Analyze(g.ctx, pl, &g.pos, g.rules)
			if err != nil {
				return err
			}
			t = a.Turn
			g.printf("%s (%s) plays %s\n", side, g.names[side], t)
		} else {
			var q *quitSignal
			t, q = g.humanTurn()
			if q != nil {
				g.printf("Game stopped (%s) after %d plies at %s\n", q.reason, g.pos.Ply, g.pos.FEN())
				return nil
			}
			g.printf("%s plays %s\n", side, t)
		}
		g.mark = engine.Bit(t.From) | engine.Bit(t.To) | t.Captured
		g.pos = g.pos.Play(t)
	}
}

func describeStatus(st engine.Status, toMove engine.Color) string {
	switch st.Reason {
	case engine.NoPieces:
		return fmt.Sprintf("%s has no pieces left", toMove)
	case engine.NoMoves:
		return fmt.Sprintf("%s has no legal turn", toMove)
	case engine.PaikaLimit:
		return "draw by the paika limit"
	case engine.MaxPlies:
		return "draw by the ply cap"
	}
	return st.Reason.String()
}

// maxLineBytes bounds a line typed at play's prompt: a turn or command is far shorter,
// and a longer line is refused (and read to its end) instead of ending the game.
const maxLineBytes = 4096

// readLine prompts and returns the next line, trimmed; false at the end of input. A line
// longer than maxLineBytes is refused with a message and the prompt is shown again.
func (g *game) readLine(prompt string) (string, bool) {
	for {
		g.printf("%s", prompt)
		line, n, err := readBoundedLine(g.in, maxLineBytes)
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

// readBoundedLine reads one line (without its newline) and its length in bytes, keeping
// at most limit bytes of it; err is set at the end of input.
func readBoundedLine(r *bufio.Reader, limit int) (string, int, error) {
	var line []byte
	n := 0
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if len(line) <= limit {
			line = append(line, chunk[:min(len(chunk), limit+1-len(line))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == nil { // the newline is not part of the line
			n--
			line = line[:min(len(line), n)]
		}
		return string(line), n, err
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
func (g *game) humanTurn() (engine.Turn, *quitSignal) {
	prompt := fmt.Sprintf("%s to move> ", g.pos.Side)
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
			g.printf("%s", engine.Diagram(&g.pos, g.mark))
			continue
		case "moves":
			g.printMoves()
			continue
		case "hint":
			g.printHint()
			continue
		}
		t, q, err := g.parseHumanTurn(line)
		if q != nil {
			return t, q
		}
		if err != nil {
			g.printf("Refused: %v\n", err)
			continue
		}
		return t, nil
	}
}

func (g *game) printMoves() {
	turns := g.pos.Turns(g.rules, nil)
	names := make([]string, len(turns))
	for i, t := range turns {
		names[i] = t.String()
	}
	sort.Strings(names)
	g.printf("%d legal turns: %s\n", len(names), strings.Join(names, " "))
}

func (g *game) printHint() {
	a, err := players.Analyze(g.ctx, g.hint, &g.pos, g.rules)
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

// parseHumanTurn reads a turn: whole in notation, or a first capture step without its
// letter, which starts entering the turn step by step.
func (g *game) parseHumanTurn(line string) (engine.Turn, *quitSignal, error) {
	from, steps, err := engine.ParseNotation(line)
	if err != nil {
		return engine.Turn{}, nil, err
	}
	if len(steps) == 1 && steps[0].Kind == engine.Paika {
		b := engine.NewTurnBuilder(g.pos, g.rules)
		if kinds := stepKinds(b, from, steps[0].To); len(kinds) > 0 && kinds[0] != engine.Paika {
			return g.enterSteps(b, from, steps[0].To, engine.Paika)
		}
	}
	t, err := g.pos.ParseTurn(g.rules, line)
	return t, nil, err
}

// stepKinds returns the kinds of the legal next steps from→to (none if it is not one).
func stepKinds(b *engine.TurnBuilder, from, to engine.Point) []engine.CaptureKind {
	var kinds []engine.CaptureKind
	for _, o := range b.Options() {
		if o.From == from && o.To == to && !slices.Contains(kinds, o.Kind) {
			kinds = append(kinds, o.Kind)
		}
	}
	return kinds
}

// enterSteps enters a turn step by step, starting with the step from→to of kind k
// (engine.Paika when the kind is still to be asked).
func (g *game) enterSteps(b *engine.TurnBuilder, from, to engine.Point, k engine.CaptureKind) (engine.Turn, *quitSignal, error) {
	for {
		kinds := stepKinds(b, from, to)
		switch {
		case len(kinds) == 0:
			return engine.Turn{}, nil, fmt.Errorf("%s-%s is not a legal capture step here", from, to) // callers check first
		case k != engine.Paika && !slices.Contains(kinds, k):
			return engine.Turn{}, nil, fmt.Errorf("%s-%s captures by %s only", from, to, kinds[0])
		case k == engine.Paika && len(kinds) == 1:
			k = kinds[0]
		case k == engine.Paika:
			var q *quitSignal
			if k, q = g.askKind(from, to); q != nil {
				return engine.Turn{}, q, nil
			}
		}
		if err := b.Step(engine.StepOption{From: from, To: to, Kind: k}); err != nil {
			return engine.Turn{}, nil, err
		}
		if b.Done() {
			t, _ := b.Turn()
			return t, nil, nil
		}
		// Mid-chain: show the board and ask for the next step or stop.
		mid := b.Position()
		visited := engine.Bitboard(0)
		for _, pt := range b.Visited() {
			visited |= engine.Bit(pt)
		}
		g.printf("%s", engine.Diagram(&mid, visited))
		var next []string
		for _, o := range b.Options() {
			next = append(next, fmt.Sprintf("%s-%s%s", o.From, o.To, o.Kind.Letter()))
		}
		vis := b.Visited()
		from = vis[len(vis)-1] // the moving piece stands on its last landing point
		g.printf("The piece on %s may capture again: %s, or stop.\n", from, strings.Join(next, " "))
		var q *quitSignal
		to, k, q = g.askNextStep(b, from)
		if q != nil {
			return engine.Turn{}, q, nil
		}
		if to == engine.NoPoint { // stop
			t, err := b.Stop()
			return t, nil, err
		}
	}
}

// askKind asks approach or withdrawal until answered.
func (g *game) askKind(from, to engine.Point) (engine.CaptureKind, *quitSignal) {
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

// askNextStep reads the next step of a chain from cur: "e4", "e3-e4", "e3e4", with or
// without A/W, or "stop" (returned as NoPoint).
func (g *game) askNextStep(b *engine.TurnBuilder, cur engine.Point) (engine.Point, engine.CaptureKind, *quitSignal) {
	for {
		line, ok := g.readLine(fmt.Sprintf("%s continues from %s (next step or stop)> ", g.pos.Side, cur))
		if !ok {
			return engine.NoPoint, engine.Paika, &quitSignal{"end of input"}
		}
		line = strings.ToLower(line)
		switch line {
		case "":
			continue
		case "stop":
			return engine.NoPoint, engine.Paika, nil
		case "quit", "exit":
			return engine.NoPoint, engine.Paika, &quitSignal{"quit"}
		case "help", "?":
			g.printf("Type the next landing point (e4), the step (e3-e4, e3-e4A), or stop to end the turn here.\n")
			continue
		}
		if pt, ok := engine.ParsePoint(line); ok {
			line = cur.String() + "-" + pt.String()
		} else if len(line) == 3 && line[2] != '-' {
			if pt, ok := engine.ParsePoint(line[:2]); ok { // "e4a": a point and a letter
				line = cur.String() + "-" + pt.String() + line[2:]
			}
		}
		from, steps, err := engine.ParseNotation(line)
		switch {
		case err != nil:
			g.printf("Refused: %v\n", err)
			continue
		case from != cur || len(steps) != 1:
			g.printf("Refused: type one step from %s (a landing point, or %s-<point>), or stop.\n", cur, cur)
			continue
		}
		if len(stepKinds(b, cur, steps[0].To)) == 0 {
			g.printf("Refused: %s-%s is not a legal continuation (a further step must capture, change direction and not revisit a point).\n", cur, steps[0].To)
			continue
		}
		if k := steps[0].Kind; k != engine.Paika && !slices.Contains(stepKinds(b, cur, steps[0].To), k) {
			g.printf("Refused: %s-%s captures by %s only.\n", cur, steps[0].To, stepKinds(b, cur, steps[0].To)[0])
			continue
		}
		return steps[0].To, steps[0].Kind, nil
	}
}
