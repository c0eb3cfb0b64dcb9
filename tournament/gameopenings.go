// gameopenings.go: openings read from a file of games (games:PATH[:K]): each game's
// position after its first K turns, in file order, as cutechess reads a PGN file's
// openings (plies=K); a games.jsonl file, a run folder or any tool's PGN-style text.

package tournament

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/tournament/pgn"
)

// allTurns is K of games:PATH: each game's every turn (the file holds opening lines).
const allTurns = -1

// parseGamesSpec reads the PATH[:K] of games:PATH[:K] (rest): a last ":K" of digits is
// K, so a path ending in one is written with its K (games:a:1:0).
func parseGamesSpec(s, rest string) (OpeningSpec, error) {
	path, k := rest, allTurns
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		if n, err := strconv.Atoi(rest[i+1:]); err == nil {
			if n < 0 {
				return OpeningSpec{}, settingErrorf("%v %q: K must be 0 or more (games:PATH:K)", SettingOpenings, s)
			}
			path, k = rest[:i], n
		}
	}
	if path == "" {
		return OpeningSpec{}, settingErrorf("%v %q: games: needs a file of games (games:PATH or games:PATH:K)", SettingOpenings, s)
	}
	return OpeningSpec{Kind: OpenGames, Plies: k, Path: path}, nil
}

// errEnough stops reading a file of games once the run has its openings.
var errEnough = errors.New("enough openings")

// gameOpenings reads the openings of games:PATH[:K] for run c: the first OpeningsNeeded
// games' positions after their first k turns (every turn when k is allTurns), played
// under the run's rules from each game's opening; duplicates are kept, in file order. A
// game that does not read, has fewer than k turns, holds a turn the run's rules do not
// allow or is over there is refused, naming the file and the game's line; so are too
// few games.
func gameOpenings(c *Plan, spec string, k int) (*Openings, error) {
	path := record.GamesPath(spec) // a run folder stands for its games.jsonl
	sum, err := filehash.SHA256(path)
	if err != nil {
		return nil, fmt.Errorf("games file: %v", err)
	}
	o := &Openings{Kind: OpenGames, Plies: k, Path: spec, SHA256: sum}
	r, need := c.rules, c.needed
	add := func(line int, opening string, turns []string) error {
		p, err := engine.ParseFEN(opening)
		if err != nil {
			return fmt.Errorf("%s:%d: FEN: %v", path, line, err)
		}
		if k != allTurns {
			if len(turns) < k {
				return fmt.Errorf("%s:%d: the game has %d turns, fewer than the %d of %s", path, line, len(turns), k, c.Openings)
			}
			turns = turns[:k]
		}
		for i, s := range turns {
			t, err := p.ParseTurn(r, s)
			if err != nil {
				return fmt.Errorf("%s:%d: turn %d %s: %v (under the run's rules)", path, line, i+1, s, err)
			}
			p = p.Play(t)
		}
		var over *engine.GameOverError
		if err := r.Ongoing(&p); errors.As(err, &over) {
			return fmt.Errorf("%s:%d: the game is already over after %d turns (%s, %s under the run's rules): give K, the turns to play of each game (games:PATH:K)", path, line, len(turns), over.Status.Outcome, over.Status.Reason)
		}
		o.book = append(o.book, p)
		if len(o.book) == need {
			return errEnough
		}
		return nil
	}
	switch err := eachGame(path, add); {
	case errors.Is(err, errEnough):
	case err != nil:
		return nil, err
	default:
		return nil, settingErrorf("%v %s: %s need %d positions, but %s holds %d games (fewer %v, or more games)", SettingOpenings, c.Openings, neededWhat(c), need, path, len(o.book), SettingGames)
	}
	seen := map[string]bool{}
	for i := range o.book {
		seen[o.book[i].FEN()] = true
	}
	o.distinct = len(seen)
	return o, nil
}

// eachGame calls add with each game of the file at path, in order: PGN-style text (any
// tool's: pgn.ReadGames) or games.jsonl records (every line must read; duplicates kept).
func eachGame(path string, add func(line int, opening string, turns []string) error) error {
	isPGN, err := pgn.IsPGN(path)
	if err != nil {
		return fmt.Errorf("games file: %v", err)
	}
	if isPGN {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("games file: %v", err)
		}
		defer f.Close()
		return pgn.ReadGames(f, path, func(g *pgn.Game) error { return add(g.Line, g.Opening, g.Turns) })
	}
	_, err = record.ScanRecords([]string{path}, record.ScanOptions{Strict: true, KeepDuplicates: true}, func(r *record.Record, at record.Place) error {
		return add(at.Line, r.Opening, r.Turns)
	})
	return err
}
