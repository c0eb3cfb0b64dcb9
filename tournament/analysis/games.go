// games.go: games opened on the board: the records of a games.jsonl text or of a
// PGN-style export, each replayed by the engine into one position a ply.

package analysis

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
)

// MaxGames bounds the games one text may open.
const MaxGames = 500

// GameView is a game opened on the board: who played, how it ended, and every position
// from its opening, FENs[i+1] after Turns[i].
type GameView struct {
	Title  string   `json:"title"`
	White  string   `json:"white"`
	Black  string   `json:"black"`
	Result string   `json:"result"`
	Reason string   `json:"reason"`
	Turns  []string `json:"turns"`
	FENs   []string `json:"fens"`
}

// GamesAnswer is what /api/games answers: the games that replay, and how many were
// left out (not legal under their rules, or beyond MaxGames).
type GamesAnswer struct {
	Games   []GameView `json:"games"`
	Skipped int        `json:"skipped"`
	Note    string     `json:"note,omitempty"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	body := http.MaxBytesReader(w, r.Body, MaxGamesBody)
	data, err := io.ReadAll(body)
	if err != nil {
		answerError(w, bodyError(err, MaxGamesBody))
		return
	}
	ans, err := ReadGames(data)
	if err != nil {
		answerError(w, err)
		return
	}
	writeJSON(w, ans)
}

// ReadGames reads games from the text of a games.jsonl file (a JSON object a line) or
// of a PGN-style export, and replays each one.
func ReadGames(data []byte) (GamesAnswer, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return GamesAnswer{}, badRequest("no games: the text is empty")
	}
	var recs []record.Record
	ans := GamesAnswer{Games: []GameView{}}
	if trimmed[0] == '{' {
		var bad []*record.LineError
		var err error
		recs, bad, err = record.ReadRecords(bytes.NewReader(data), "games")
		if err != nil {
			return ans, badRequest("%v", err)
		}
		if len(recs) == 0 && len(bad) > 0 {
			return ans, badRequest("no game reads: %v", bad[0])
		}
		ans.Skipped += len(bad)
	} else {
		var err error
		if recs, err = pgn.ReadAll(bytes.NewReader(data), "games"); err != nil {
			return ans, badRequest("%v", err)
		}
	}
	if len(recs) == 0 {
		return ans, badRequest("no games in the text (expected games.jsonl lines or a PGN-style export)")
	}
	for i := range recs {
		if len(ans.Games) == MaxGames {
			ans.Skipped += len(recs) - i
			ans.Note = fmt.Sprintf("only the first %d games are opened", MaxGames)
			break
		}
		g, err := replayGame(&recs[i])
		if err != nil {
			ans.Skipped++
			if ans.Note == "" {
				ans.Note = fmt.Sprintf("game %d left out: %v", recs[i].Index, err)
			}
			continue
		}
		ans.Games = append(ans.Games, g)
	}
	if len(ans.Games) == 0 {
		return ans, badRequest("no game replays: %s", ans.Note)
	}
	return ans, nil
}

// replayGame plays a record's turns from its opening under its rules.
func replayGame(rec *record.Record) (GameView, error) {
	if err := record.Replay(rec); err != nil {
		return GameView{}, err
	}
	p, err := engine.ParseFEN(rec.Opening)
	if err != nil {
		return GameView{}, err
	}
	rules := rec.Rules.Engine(p.Ply)
	g := GameView{White: rec.White, Black: rec.Black, Result: rec.Result, Reason: rec.Reason,
		Turns: make([]string, 0, len(rec.Turns)), FENs: []string{p.FEN()}}
	g.Title = fmt.Sprintf("game %d: %s – %s, %s (%s, %d plies)", rec.Index, rec.White, rec.Black, rec.Result, rec.Reason, len(rec.Turns))
	for _, s := range rec.Turns {
		t, err := p.ParseTurn(rules, s)
		if err != nil {
			return GameView{}, err
		}
		p = p.Play(t)
		g.Turns = append(g.Turns, t.String())
		g.FENs = append(g.FENs, p.FEN())
	}
	g.Title = strings.TrimSpace(g.Title)
	return g, nil
}
