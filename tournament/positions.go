// positions.go: the extraction of a positions file (one FEN a line, docs/FORMATS.md;
// read by record.ReadPositionsFile) from recorded games: positions where one side is
// ahead, for conversion matches.

package tournament

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
)

// StrongSide is which colour ExtractPositions gives the side that is ahead.
type StrongSide string

// The choices of StrongSide.
const (
	StrongWhite StrongSide = "white" // flip positions where Black is ahead
	StrongBlack StrongSide = "black" // flip positions where White is ahead
	StrongAsIs  StrongSide = "any"   // keep every position as played
)

// ExtractOptions are the filters and the draw of ExtractPositions.
type ExtractOptions struct {
	MinPieces, MaxPieces int        // total pieces on the board, both ends included
	Pieces               string     // "MIN-MAX" or "N" (N-N): when given, Check sets MinPieces and MaxPieces from it
	Lead                 int        // at least this many more pieces for one side
	Count                int        // positions to return
	Seed                 uint64     // every random choice derives from it
	Strong               StrongSide // which colour the side ahead is given
	KeepCounter          bool       // keep the paika counter (otherwise set to 0)
	// Quiet: only positions where the side to move has no capture, so that the lead is
	// not about to change at once (captures are compulsory).
	Quiet bool
	// Bad receives each record line skipped as unreadable (may be nil).
	Bad func(*record.LineError)
	// Progress is called every few thousand games read and at the end (may be nil).
	Progress func(games int)
}

// ExtractResult is what ExtractPositions found.
type ExtractResult struct {
	Positions  []engine.Position // Count positions, in the seeded draw's order
	Games      int               // records read (exact duplicates dropped)
	Qualifying int               // games with at least one qualifying position
	Distinct   int               // different positions among the games' choices
	Duplicates int               // exact duplicate records dropped
	Header     string            // the file's comment line (PositionsHeader)
}

// WriteText writes the positions file: the header line, then one FEN a line.
func (r *ExtractResult) WriteText(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintln(&b, r.Header)
	for _, p := range r.Positions {
		fmt.Fprintln(&b, p.FEN())
	}
	_, err := w.Write(b.Bytes())
	return err
}

// qualifies reports whether p is a position ExtractPositions may take.
func (o *ExtractOptions) qualifies(p *engine.Position) bool {
	w, b := p.Pieces[engine.White].Count(), p.Pieces[engine.Black].Count()
	n := w + b
	return n >= o.MinPieces && n <= o.MaxPieces && (w-b >= o.Lead || b-w >= o.Lead) && !(o.Quiet && p.CanCapture())
}

// Check validates the options; its errors (a *SettingError) name the setting at fault.
func (o *ExtractOptions) Check() error {
	if o.Pieces != "" {
		a, b, ok := strings.Cut(o.Pieces, "-")
		if !ok {
			b = a
		}
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil {
			return settingErrorf("%v %q: expected MIN-MAX, e.g. 8-16", SettingPieces, o.Pieces)
		}
		o.MinPieces, o.MaxPieces = lo, hi
	}
	switch {
	case o.MinPieces < 2 || o.MaxPieces < o.MinPieces || o.MaxPieces > 2*engine.MaxPiecesPerSide:
		return settingErrorf("%v %d-%d: need 2 <= min <= max <= %d", SettingPieces, o.MinPieces, o.MaxPieces, 2*engine.MaxPiecesPerSide)
	case o.Lead < 1:
		return settingErrorf("%v %d: must be at least 1", SettingLead, o.Lead)
	case o.Count < 1:
		return settingErrorf("%v %d: must be at least 1", SettingCount, o.Count)
	}
	switch o.Strong {
	case StrongWhite, StrongBlack, StrongAsIs:
	default:
		return settingErrorf("%v %q: expected white, black or any", SettingStrongSide, o.Strong)
	}
	return nil
}

// normalise applies the strong side and the counter option to a chosen position.
func (o *ExtractOptions) normalise(p engine.Position) engine.Position {
	w, b := p.Pieces[engine.White].Count(), p.Pieces[engine.Black].Count()
	if o.Strong == StrongWhite && b > w || o.Strong == StrongBlack && w > b {
		p = p.ColourFlip()
	}
	if !o.KeepCounter {
		p = engine.NewPosition(p.Pieces[engine.White], p.Pieces[engine.Black], p.Side, 0, p.Ply)
	}
	return p
}

// ExtractPositions reads game records (games.jsonl files or run folders), replays each
// game from its opening, and takes from each game at most one position reached after a
// ply (a ply is a whole turn, so never in the middle of a capture chain) in which the
// game goes on, the pieces on the board number MinPieces..MaxPieces and one side has at
// least Lead more (and, with Quiet, the side to move has no capture); among a game's qualifying plies one is chosen uniformly, by a draw
// seeded from Seed and the game's content (so identical games choose alike). The
// choices are normalised (Strong, KeepCounter), de-duplicated (same pieces, side to move
// and paika counter: the first kept), and Count of them drawn by Seed without
// replacement. Fewer than Count is an error saying how many qualified. An illegal turn
// is an error naming the file, line and ply.
func ExtractPositions(paths []string, o ExtractOptions) (*ExtractResult, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	res := &ExtractResult{}
	var chosen []engine.Position
	seen := map[string]bool{}
	var candidates []engine.Position
	st, err := record.ScanRecords(paths, record.ScanOptions{Bad: o.Bad}, func(r *record.Record, at record.Place) error {
		res.Games++
		if o.Progress != nil && res.Games%2000 == 0 {
			o.Progress(res.Games)
		}
		candidates = candidates[:0]
		if err := qualifyingPlies(r, &o, &candidates); err != nil {
			return fmt.Errorf("%s: game %d: %w", at, r.Index, err)
		}
		if len(candidates) == 0 {
			return nil
		}
		res.Qualifying++
		rng := rand.New(rand.NewPCG(record.MixSeed(o.Seed, stableGameHash(r)), 1))
		p := o.normalise(candidates[rng.IntN(len(candidates))])
		key := fmt.Sprintf("%s %d %d", p.BoardFEN(), p.Side, p.Paika)
		if !seen[key] {
			seen[key] = true
			chosen = append(chosen, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Duplicates = st.Duplicates
	res.Distinct = len(chosen)
	if o.Progress != nil {
		o.Progress(res.Games)
	}
	if len(chosen) < o.Count {
		return res, settingErrorf("only %d distinct positions qualify (from %d of %d games; pieces %d-%d, lead %d), fewer than %v %d", len(chosen), res.Qualifying, res.Games, o.MinPieces, o.MaxPieces, o.Lead, SettingCount, o.Count)
	}
	rng := rand.New(rand.NewPCG(record.MixSeed(o.Seed, 1<<42), 0))
	for _, i := range rng.Perm(len(chosen))[:o.Count] {
		res.Positions = append(res.Positions, chosen[i])
	}
	res.Header = PositionsHeader(paths, o, res)
	return res, nil
}

// stableGameHash identifies a game by its players, opening, rules and turns, the same in
// every process (gameHash is seeded per process, so it cannot seed a reproducible draw).
func stableGameHash(r *record.Record) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%+v", r.White, r.Black, r.Opening, r.Rules)
	for _, t := range r.Turns {
		h.Write([]byte{0})
		h.Write([]byte(t))
	}
	return h.Sum64()
}

// qualifyingPlies replays r and appends to out every position after a ply that
// qualifies under o, checking each turn against the rules.
func qualifyingPlies(r *record.Record, o *ExtractOptions, out *[]engine.Position) error {
	p, err := engine.ParseFEN(r.Opening)
	if err != nil {
		return fmt.Errorf("opening: %v", err)
	}
	rules := r.Rules.Engine(p.Ply)
	for i, s := range r.Turns {
		if rules.Status(&p).Over() {
			return &record.ReplayError{Ply: i + 1, Turn: s, Err: fmt.Errorf("the game was already over")}
		}
		t, err := p.ParseTurn(rules, s)
		if err != nil {
			return &record.ReplayError{Ply: i + 1, Turn: s, Err: err}
		}
		p = p.Play(t)
		if o.qualifies(&p) && !rules.Status(&p).Over() {
			*out = append(*out, p)
		}
	}
	return nil
}

// PositionsHeader is the comment line opening an extracted positions file: what it was
// drawn from and how.
func PositionsHeader(paths []string, o ExtractOptions, res *ExtractResult) string {
	return fmt.Sprintf("# fanorona positions: files %s; seed %d; pieces %d-%d; lead %d; quiet positions %t; strong side %s; keep counter %t; count %d; %d games read, %d with a qualifying position, %d distinct",
		strings.Join(paths, " "), o.Seed, o.MinPieces, o.MaxPieces, o.Lead, o.Quiet, o.Strong, o.KeepCounter, o.Count, res.Games, res.Qualifying, res.Distinct)
}
