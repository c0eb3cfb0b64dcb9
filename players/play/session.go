// session.go: a game at a terminal: the loop that alternates the sides, prompts a person
// for a turn (whole or step by step), draws the board and says how the game ended.

package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
)

// MaxLineBytes bounds a typed line: a turn or command is far shorter, and a longer line
// is refused (and read to its end) instead of ending the game.
const MaxLineBytes = 4096

// Session is a Game played over a reader of typed lines and a writer of text.
type Session struct {
	Game
	Names [2]string // each side's player as shown: "human" or a player spec
	in    *bufio.Reader
	out   io.Writer
}

// NewSession plays g, reading people's lines from in and writing to out.
func NewSession(g Game, names [2]string, in io.Reader, out io.Writer) *Session {
	return &Session{Game: g, Names: names, in: bufio.NewReader(in), out: out}
}

// quitSignal ends the game at the player's request or at the end of input.
type quitSignal struct{ reason string }

func (s *Session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// Run plays until the game ends, a person quits or the input ends; an error is a
// computer player's.
func (s *Session) Run(ctx context.Context) error {
	s.printf("White: %s. Black: %s. Type help for the commands.\n", s.Names[0], s.Names[1])
	for {
		s.printf("\n%s", engine.Diagram(&s.Pos, s.Mark))
		if st, why, over := s.Over(); over {
			s.printf("Game over: %s (%s).\n", st.Outcome, why)
			return nil
		}
		side := s.Pos.Side
		t, computer, err := s.ComputerTurn(ctx)
		switch {
		case err != nil:
			return err
		case computer:
			s.printf("%s (%s) plays %s\n", side, s.Names[side], t)
		default:
			var q *quitSignal
			if t, q = s.humanTurn(ctx); q != nil {
				s.printf("Game stopped (%s) after %d plies at %s\n", q.reason, s.Pos.Ply, s.Pos.FEN())
				return nil
			}
			s.printf("%s plays %s\n", side, t)
		}
		s.Play(t)
	}
}

// readLine prompts and returns the next line, trimmed; false at the end of input. A line
// longer than MaxLineBytes is refused with a message and the prompt is shown again.
func (s *Session) readLine(prompt string) (string, bool) {
	for {
		s.printf("%s", prompt)
		line, n, err := ReadBoundedLine(s.in, MaxLineBytes)
		if n == 0 && err != nil {
			s.printf("\n")
			return "", false
		}
		if n > MaxLineBytes {
			s.printf("Refused: a line of %d bytes; a turn or command is at most %d.\n", n, MaxLineBytes)
			continue
		}
		return strings.TrimSpace(line), true
	}
}

// Help is the text of the help command.
const Help = `Commands:
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
func (s *Session) humanTurn(ctx context.Context) (engine.Turn, *quitSignal) {
	prompt := fmt.Sprintf("%s to move> ", s.Pos.Side)
	for {
		line, ok := s.readLine(prompt)
		if !ok {
			return engine.Turn{}, &quitSignal{"end of input"}
		}
		if done, q := s.command(ctx, strings.ToLower(line)); q != nil {
			return engine.Turn{}, q
		} else if done {
			continue
		}
		t, entry, err := s.Enter(line)
		if entry != nil {
			var q *quitSignal
			if t, q, err = s.enterSteps(entry); q != nil {
				return t, q
			}
		}
		if err != nil {
			s.printf("Refused: %v\n", err)
			continue
		}
		return t, nil
	}
}

// command answers a line that is a command rather than a turn: done is false for a turn.
func (s *Session) command(ctx context.Context, line string) (done bool, q *quitSignal) {
	switch line {
	case "":
	case "help", "?":
		s.printf("%s", Help)
	case "quit", "exit":
		return true, &quitSignal{"quit"}
	case "board":
		s.printf("%s", engine.Diagram(&s.Pos, s.Mark))
	case "moves":
		names := s.LegalTurns()
		s.printf("%d legal turns: %s\n", len(names), strings.Join(names, " "))
	case "hint":
		s.printHint(ctx)
	default:
		return false, nil
	}
	return true, nil
}

func (s *Session) printHint(ctx context.Context) {
	a, err := s.HintFor(ctx)
	if err != nil {
		s.printf("No hint: %v\n", err)
		return
	}
	pv := make([]string, len(a.PV))
	for i, t := range a.PV {
		pv[i] = t.String()
	}
	s.printf("Hint: %s (score %s, depth %d; line %s)\n", a.Turn, players.FormatScore(a.Score), a.Depth, strings.Join(pv, " "))
}

// enterSteps asks for the rest of a turn entered step by step: the kind of a step that
// captures both ways, then each further step or stop, the board drawn mid-chain.
func (s *Session) enterSteps(e *Entry) (engine.Turn, *quitSignal, error) {
	for {
		switch e.Need() {
		case Done:
			t, err := e.Turn()
			return t, nil, err
		case NeedKind:
			k, q := s.askKind(e.Step())
			if q != nil {
				return engine.Turn{}, q, nil
			}
			e.Kind(k)
		case NeedStep:
			mid, visited := e.Board()
			s.printf("%s", engine.Diagram(&mid, visited))
			s.printf("The piece on %s may capture again: %s, or stop.\n", e.At(), strings.Join(e.Continuations(), " "))
			if q := s.askNextStep(e); q != nil {
				return engine.Turn{}, q, nil
			}
		}
	}
}

// askKind asks approach or withdrawal until answered.
func (s *Session) askKind(from, to engine.Point) (engine.CaptureKind, *quitSignal) {
	for {
		line, ok := s.readLine(fmt.Sprintf("%s-%s captures both ways: approach (A) or withdrawal (W)? ", from, to))
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
		s.printf("Refused: answer A (approach) or W (withdrawal).\n")
	}
}

// askNextStep reads the next step of a chain, or stop, until the entry takes one.
func (s *Session) askNextStep(e *Entry) *quitSignal {
	for {
		line, ok := s.readLine(fmt.Sprintf("%s continues from %s (next step or stop)> ", s.Pos.Side, e.At()))
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
			s.printf("Type the next landing point (e4), the step (e3-e4, e3-e4A), or stop to end the turn here.\n")
			continue
		}
		if err := e.Next(line); err != nil {
			s.printf("Refused: %v\n", err)
			continue
		}
		return nil
	}
}
