// stats.go: what a folder's tables hold, table by table, every file checked first: the
// counts of wins, draws and losses, the longest win and loss with an example, and what
// the paika limit changes.

package tablebase

import (
	"errors"
	"fmt"
	"io"
)

// ErrUnusable is satisfied by the error of a folder refused before a command's work
// starts: a damaged file, or no table to work on. The command was given bad input.
var ErrUnusable = errors.New("tablebase: unusable folder")

type unusableError struct{ error }

func (e unusableError) Unwrap() error        { return e.error }
func (e unusableError) Is(target error) bool { return target == ErrUnusable }
func (e unusableError) BadInput() bool       { return true }

// TableStats is one table in a folder's stats. Counts are of boards with the class's
// side to move (White or Black alike: the colour swap makes them one class); a
// rule-aware table counts values at counter 0 and, when the theoretic table is there
// too, how many theoretic wins the rule draws (cursed) and how many theoretic losses.
type TableStats struct {
	Class       string  `json:"class"`
	PaikaLimit  int     `json:"paika_limit"`
	Slots       uint64  `json:"slots"`
	FileBytes   uint64  `json:"file_bytes"`
	Positions   uint64  `json:"positions"`
	Wins        uint64  `json:"wins"`
	Draws       uint64  `json:"draws"`
	Losses      uint64  `json:"losses"`
	LongestWin  int     `json:"longest_win"`
	WinExample  string  `json:"longest_win_fen,omitempty"`
	LongestLoss int     `json:"longest_loss"`
	LossExample string  `json:"longest_loss_fen,omitempty"`
	CursedWins  *uint64 `json:"cursed_wins,omitempty"`
	Blessed     *uint64 `json:"blessed_losses,omitempty"`
}

// Stats returns the stats of every table in the folder option value folder (Resolve,
// Required; its refusal an OptionError), in the order of Set.Tables, after checking
// every file (header, index, block checksums): a damaged file, or a folder without
// tables, is refused (ErrUnusable) before any is described.
func Stats(folder string) (StatsRows, error) {
	dir, err := Resolve(folder, Required)
	if err != nil {
		return nil, OptionError(err, Required)
	}
	ids, err := Open(dir).Tables()
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, unusableError{fmt.Errorf("no tablebase files in %s", dir)}
	}
	recs := make(StatsRows, len(ids))
	infos := map[TableID]Info{}
	for i, id := range ids {
		in, size, err := CheckFile(dir, id.Class, id.Rule)
		if err != nil {
			return nil, unusableError{err}
		}
		infos[id] = in
		recs[i] = TableStats{Class: id.Class.String(), PaikaLimit: id.Rule.PaikaLimit, Slots: in.Slots, FileBytes: size,
			Positions: in.Positions, Wins: in.Wins, Draws: in.Draws, Losses: in.Losses,
			LongestWin: in.LongestWin, LongestLoss: in.LongestLoss}
		if in.Wins > 0 {
			recs[i].WinExample = in.ExampleFEN(in.WinExample)
		}
		if in.Losses > 0 {
			recs[i].LossExample = in.ExampleFEN(in.LossExample)
		}
	}
	for i, id := range ids {
		theo, ok := infos[TableID{Class: id.Class}]
		if id.Rule.PaikaLimit == 0 || !ok {
			continue
		}
		// Rule-aware wins and losses are theoretic ones the rule does not draw.
		cursed, blessed := theo.Wins-recs[i].Wins, theo.Losses-recs[i].Losses
		recs[i].CursedWins, recs[i].Blessed = &cursed, &blessed
	}
	return recs, nil
}

// WriteStatsText writes recs as a table, a line a table.
func WriteStatsText(w io.Writer, recs []TableStats) {
	fmt.Fprintf(w, "%-5s %5s %14s %14s %14s %14s %14s %6s  %s\n", "class", "paika", "positions", "wins", "draws", "losses", "cursed wins", "win", "longest win (side to move wins)")
	for _, r := range recs {
		cursed := "-"
		if r.CursedWins != nil {
			cursed = fmt.Sprint(*r.CursedWins)
		}
		fmt.Fprintf(w, "%-5s %5d %14d %14d %14d %14d %14s %6d  %s\n", r.Class, r.PaikaLimit, r.Positions, r.Wins, r.Draws, r.Losses, cursed, r.LongestWin, r.WinExample)
	}
}
