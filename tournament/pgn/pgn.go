// Package pgn owns the PGN-style text of game records: writing record.Record games
// as tag pairs and numbered movetext in the project's turn notation, one game after
// another as chess tools expect of PGN, reading that text back to the same records
// (docs/FORMATS.md, "PGN-style export"), telling it from games.jsonl for the readers of
// records (Records), and reading any tool's games for their openings (ReadGames).
package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
)

// lineWidth is the longest movetext line written, as PGN's export format asks.
const lineWidth = 79

// UnknownDate is the Date tag of games whose day is not known (PGN's convention).
const UnknownDate = "????.??.??"

// startFEN is the opening a game without a FEN tag started from.
const startFEN = engine.StartFEN

// Writer writes records as PGN-style games.
type Writer struct {
	// Date is the Date tag of the games written next, as PGN writes it (2026.12.01);
	// "" writes UnknownDate.
	Date string
	w    *bufio.Writer
	err  error
}

// NewWriter returns a writer to w. Call Flush when done.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Write writes one game: its tag pairs, a blank line, its movetext ending with the
// result, and a blank line.
func (w *Writer) Write(r *record.Record) error {
	if w.err != nil {
		return w.err
	}
	opening, err := engine.ParseFEN(r.Opening)
	if err != nil {
		return fmt.Errorf("game %d: opening: %v", r.Index, err)
	}
	event := "fanorona games"
	if r.Run != "" {
		event = "fanorona run " + r.Run
	}
	tag := func(name, value string) { fmt.Fprintf(w.w, "[%s %s]\n", name, strconv.Quote(value)) }
	num := func(name string, v int) { tag(name, strconv.Itoa(v)) }
	flag := func(name string, v bool) { tag(name, strconv.FormatBool(v)) }
	tag("Event", event)
	tag("Site", "?")
	date := w.Date
	if date == "" {
		date = UnknownDate
	}
	tag("Date", date)
	tag("Round", "-")
	tag("White", r.White)
	tag("Black", r.Black)
	tag("Result", r.Result)
	if r.Opening != startFEN {
		tag("SetUp", "1")
		tag("FEN", r.Opening)
	}
	tag("Termination", r.Reason)
	num("PlyCount", r.Plies)
	if r.Run != "" {
		tag("Run", r.Run)
	}
	num("Index", r.Index)
	num("Pair", r.Pair)
	if r.Unpaired {
		flag("Unpaired", true)
	}
	tag("Seed", strconv.FormatUint(r.Seed, 10))
	num("PaikaLimit", r.Rules.PaikaLimit)
	flag("NoMovesDraw", r.Rules.NoMovesDraw)
	flag("FirstTurnNoChain", r.Rules.FirstTurnNoChain)
	num("MaxPlies", r.Rules.MaxPlies)
	num("WhiteCaptured", r.Captured.White)
	num("BlackCaptured", r.Captured.Black)
	tag("Seconds", strconv.FormatFloat(r.Seconds, 'g', -1, 64))
	if r.Forfeit != "" {
		tag("Forfeit", r.Forfeit)
	}
	if r.Adjudicated != "" {
		tag("Adjudicated", r.Adjudicated)
	}
	if len(r.OpeningTurns) > 0 {
		tag("OpeningTurns", strings.Join(r.OpeningTurns, " "))
	}
	w.w.WriteByte('\n')
	w.movetext(opening, r.Turns, r.MoveData, r.Result)
	w.w.WriteString("\n\n")
	_, w.err = w.w.Write(nil)
	return w.err
}

// movetext writes the numbered turns, each followed by the comment of its move data if
// any (moveComment), and the result, wrapped at lineWidth. Numbers go on as PGN's: move n
// is plies 2n-2 and 2n-1 of the game counted from the start (the opening's ply counter),
// "n." before White's turn, "n..." when Black moves first.
func (w *Writer) movetext(opening engine.Position, turns []string, data []record.MoveData, result string) {
	col := 0
	put := func(tok string) {
		switch {
		case col == 0:
		case col+1+len(tok) > lineWidth:
			w.w.WriteByte('\n')
			col = 0
		default:
			w.w.WriteByte(' ')
			col++
		}
		w.w.WriteString(tok)
		col += len(tok)
	}
	side, move := opening.Side, opening.Ply/2+1
	for i, t := range turns {
		switch {
		case side == engine.White:
			put(strconv.Itoa(move) + ".")
		case i == 0:
			put(strconv.Itoa(move) + "...")
		}
		put(t)
		if i < len(data) {
			if c := moveComment(data[i]); c != "" {
				put(c)
			}
		}
		if side == engine.Black {
			move++
		}
		side = side.Other()
	}
	put(result)
}

// Flush writes what is buffered.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// Error is a place in the text that does not read as a game.
type Error struct {
	Name string // the input's name
	Line int
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err) }

// Read reads the games of r (named name in errors) one at a time and calls fn with
// each, checked as a games.jsonl line is (record.Record.Validate); the record is
// only valid during the call. The first malformed game is an *Error naming its line.
// Tags the records do not hold (Event, Site, Date, Round, SetUp, PlyCount and any other
// tool's) are read and dropped; the record fields' tags are required.
func Read(r io.Reader, name string, fn func(*record.Record) error) error {
	return ReadLines(r, name, func(rec *record.Record, _ int) error { return fn(rec) })
}

// ReadLines is Read that also gives fn the line each game begins on (its first tag).
func ReadLines(r io.Reader, name string, fn func(rec *record.Record, line int) error) error {
	return read(r, gameReader{name: name}, fn)
}

func read(r io.Reader, g gameReader, fn func(rec *record.Record, line int) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		g.line++
		if err := g.feed(sc.Text(), fn); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return &Error{g.name, g.line, err}
	}
	if g.tags != nil || g.inMoves {
		return g.fail(g.line, errors.New("the text ends inside a game (no result after its turns)"))
	}
	return nil
}

// Game is a game as ReadGames reads it: where it begins, its opening and its turns.
type Game struct {
	Line         int      // the line of its first tag
	Opening      string   // FEN (the start position without a FEN tag)
	OpeningTurns []string // its OpeningTurns tag, if any: the turns from the start that reached Opening
	Turns        []string // its movetext's turns, in notation
}

// ReadGames reads the games of r (named name in errors) as any tool's PGN-style text,
// without the tags of a record: only FEN and OpeningTurns are read, Result and PlyCount
// checked when given. fn is called with each game (valid during the call). Turns are
// checked for syntax only; the first malformed game is an *Error naming its line.
func ReadGames(r io.Reader, name string, fn func(*Game) error) error {
	var g Game
	return read(r, gameReader{name: name, loose: true}, func(rec *record.Record, line int) error {
		g = Game{Line: line, Opening: rec.Opening, OpeningTurns: rec.OpeningTurns, Turns: rec.Turns}
		return fn(&g)
	})
}

// ReadAll reads every game of r into a slice.
func ReadAll(r io.Reader, name string) ([]record.Record, error) {
	var out []record.Record
	err := Read(r, name, func(rec *record.Record) error {
		out = append(out, *rec)
		return nil
	})
	return out, err
}

// gameReader is the state of Read between lines.
type gameReader struct {
	name      string
	loose     bool // any tool's games: only the FEN and OpeningTurns tags read (ReadGames)
	line      int
	start     int               // line of the game's first tag
	tags      map[string]string // nil between games
	inMoves   bool              // the game's movetext has begun
	inComment bool              // inside a {…} comment
	comment   []string          // the words of the comment read so far
	turns     []string
	data      map[int]record.MoveData // move data read from the comments, by turn
	side      engine.Color
	move      int
	rec       record.Record
}

func (g *gameReader) fail(line int, err error) error { return &Error{g.name, line, err} }

// feed reads one line.
func (g *gameReader) feed(text string, fn func(*record.Record, int) error) error {
	trimmed := strings.TrimSpace(text)
	switch {
	case g.inComment:
	case trimmed == "" || strings.HasPrefix(trimmed, "%"):
		return nil
	case strings.HasPrefix(trimmed, "["):
		if g.inMoves {
			return g.fail(g.line, errors.New("a tag inside the movetext: the game before has no result"))
		}
		if g.tags == nil {
			g.tags, g.start = map[string]string{}, g.line
		}
		return g.tag(trimmed)
	}
	if g.tags == nil {
		return g.fail(g.line, fmt.Errorf("movetext %q before any tag: expected a game's tag pairs ([White \"…\"])", clip(trimmed)))
	}
	if !g.inMoves {
		if err := g.begin(); err != nil {
			return err
		}
	}
	for _, tok := range strings.Fields(text) {
		if done, err := g.token(tok); err != nil || done {
			if err == nil {
				err = fn(&g.rec, g.start)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// tag reads one tag pair line.
func (g *gameReader) tag(s string) error {
	body, ok := strings.CutSuffix(strings.TrimPrefix(s, "["), "]")
	name, quoted, ok2 := strings.Cut(body, " ")
	value, err := strconv.Unquote(strings.TrimSpace(quoted))
	if !ok || !ok2 || name == "" || err != nil {
		return g.fail(g.line, fmt.Errorf("tag %q: expected [Name \"value\"]", clip(s)))
	}
	if _, dup := g.tags[name]; dup {
		return g.fail(g.line, fmt.Errorf("tag %s given twice", name))
	}
	g.tags[name] = value
	return nil
}

// begin turns the game's tags into its record, before its movetext.
func (g *gameReader) begin() error {
	g.inMoves, g.turns, g.data = true, g.turns[:0], nil
	t := g.tags
	if g.loose {
		return g.beginLoose()
	}
	var errs []string
	str := func(name string, required bool) string {
		v, ok := t[name]
		if !ok && required {
			errs = append(errs, "no "+name+" tag")
		}
		return v
	}
	num := func(name string) int {
		v := str(name, true)
		n, err := strconv.Atoi(v)
		if err != nil && v != "" {
			errs = append(errs, fmt.Sprintf("%s %q is not a whole number", name, v))
		}
		return n
	}
	flag := func(name string, required bool) bool {
		v := str(name, required)
		b, err := strconv.ParseBool(v)
		if err != nil && v != "" {
			errs = append(errs, fmt.Sprintf("%s %q is not true or false", name, v))
		}
		return b
	}
	r := record.Record{Run: str("Run", false), White: str("White", true), Black: str("Black", true),
		Result: str("Result", true), Reason: str("Termination", true), Forfeit: str("Forfeit", false),
		Adjudicated: str("Adjudicated", false), Opening: startFEN, Index: num("Index"), Pair: num("Pair"),
		Unpaired: flag("Unpaired", false)}
	if fen, ok := t["FEN"]; ok {
		r.Opening = fen
	}
	if line, ok := t["OpeningTurns"]; ok {
		r.OpeningTurns = strings.Fields(line)
	}
	if v := str("Seed", true); v != "" {
		var err error
		if r.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			errs = append(errs, fmt.Sprintf("Seed %q is not an unsigned whole number", v))
		}
	}
	r.Rules = record.Rules{PaikaLimit: num("PaikaLimit"), NoMovesDraw: flag("NoMovesDraw", true),
		FirstTurnNoChain: flag("FirstTurnNoChain", true), MaxPlies: num("MaxPlies")}
	r.Captured = record.Captured{White: num("WhiteCaptured"), Black: num("BlackCaptured")}
	if v := str("Seconds", true); v != "" {
		var err error
		if r.Seconds, err = strconv.ParseFloat(v, 64); err != nil {
			errs = append(errs, fmt.Sprintf("Seconds %q is not a number", v))
		}
	}
	if len(errs) > 0 {
		return g.fail(g.start, fmt.Errorf("game %s", strings.Join(errs, "; ")))
	}
	p, err := engine.ParseFEN(r.Opening)
	if err != nil {
		return g.fail(g.start, fmt.Errorf("FEN: %v", err))
	}
	g.rec, g.side, g.move = r, p.Side, p.Ply/2+1
	return nil
}

// beginLoose is begin for any tool's game (ReadGames): its opening only.
func (g *gameReader) beginLoose() error {
	r := record.Record{Opening: startFEN}
	if fen, ok := g.tags["FEN"]; ok {
		r.Opening = fen
	}
	if line, ok := g.tags["OpeningTurns"]; ok {
		r.OpeningTurns = strings.Fields(line)
	}
	p, err := engine.ParseFEN(r.Opening)
	if err != nil {
		return g.fail(g.start, fmt.Errorf("FEN: %v", err))
	}
	g.rec, g.side, g.move = r, p.Side, p.Ply/2+1
	return nil
}

// token reads one movetext token; done is true after the game's result.
func (g *gameReader) token(tok string) (done bool, err error) {
	if g.inComment {
		word, rest, ok := strings.Cut(tok, "}")
		if word != "" {
			g.comment = append(g.comment, word)
		}
		if ok {
			g.inComment = false
			g.endComment()
			if rest != "" {
				return g.token(rest)
			}
		}
		return false, nil
	}
	switch {
	case strings.HasPrefix(tok, "{"):
		g.inComment, g.comment = true, g.comment[:0]
		return g.token(tok[1:])
	case strings.HasPrefix(tok, "$"):
		return false, nil // a numeric annotation glyph
	case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
		return true, g.end(tok)
	}
	if n, rest, ok := moveNumber(tok); ok {
		want := strconv.Itoa(g.move) + "."
		if g.side == engine.Black {
			want += ".."
		}
		if n != want {
			return false, g.fail(g.line, fmt.Errorf("move number %q where %q was expected (turn %d of the game)", n, want, len(g.turns)+1))
		}
		if rest == "" {
			return false, nil
		}
		tok = rest
	}
	if _, _, err := engine.ParseNotation(tok); err != nil {
		return false, g.fail(g.line, err)
	}
	g.turns = append(g.turns, tok)
	if g.side == engine.Black {
		g.move++
	}
	g.side = g.side.Other()
	return false, nil
}

// end finishes the game at its result token.
func (g *gameReader) end(result string) error {
	r := &g.rec
	r.Turns = append([]string(nil), g.turns...)
	r.Plies = len(r.Turns)
	if g.data != nil {
		r.MoveData = make([]record.MoveData, len(r.Turns))
		for i, m := range g.data {
			r.MoveData[i] = m
		}
	}
	switch {
	case (!g.loose || g.tags["Result"] != "") && result != g.tags["Result"]:
		return g.fail(g.line, fmt.Errorf("game ends %s but its Result tag is %s", result, g.tags["Result"]))
	case g.tags["PlyCount"] != "" && g.tags["PlyCount"] != strconv.Itoa(r.Plies):
		return g.fail(g.line, fmt.Errorf("game has %d turns but its PlyCount tag is %s", r.Plies, g.tags["PlyCount"]))
	}
	if g.loose {
		g.tags, g.inMoves = nil, false
		return nil
	}
	if err := r.Validate(); err != nil {
		return g.fail(g.start, fmt.Errorf("game %d: %v", r.Index, err))
	}
	g.tags, g.inMoves = nil, false
	return nil
}

// endComment takes a comment that ends: the move data of the turn before it when it is
// one (parseMoveComment) and that turn has none yet; any other comment is dropped.
func (g *gameReader) endComment() {
	i := len(g.turns) - 1
	if i < 0 {
		return
	}
	if _, seen := g.data[i]; seen {
		return
	}
	if m, ok := parseMoveComment(strings.Join(g.comment, " ")); ok {
		if g.data == nil {
			g.data = map[int]record.MoveData{}
		}
		g.data[i] = m
	}
}

// moveNumber splits a movetext token into its move number ("12." or "12...") and the
// turn written after it without a space, if any.
func moveNumber(tok string) (number, rest string, ok bool) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return "", "", false
	}
	j := i + 1
	if strings.HasPrefix(tok[j:], "..") {
		j += 2
	}
	return tok[:j], tok[j:], true
}

// clip shortens a quoted piece of input for an error line.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
