// setup.go: a tablebase folder option made ready for a command, the one way every command
// does it: the folder resolved, its files' headers checked, the set opened, the players'
// oracle made and every table the command may probe checked whole before it starts.

package tablebase

import (
	"fmt"
	"slices"
)

// Use is what a command does with the tables of a folder option.
type Use struct {
	Need Need
	// Players makes the players' oracle over the set (NewOracle: it loads the tables it
	// holds whole). A folder that holds no table then gives no oracle and checks nothing.
	Players bool
	// Check checks whole (Set.Check), before the command starts, every table in reach:
	// those of Rules (nil: every rule) with at most Pieces pieces (0: any number), so
	// that a table is used whole or refused, never skipped in the middle of a game.
	Check  bool
	Rules  []Rule
	Pieces int
}

// AnyPaikaLimit asks PlayersUse for the tables of every rule (a session whose rules may change).
const AnyPaikaLimit = -1

// PlayersUse is the use of the players' tables under paika limit limit (AnyPaikaLimit:
// every rule): every table they may probe checked before anything is played.
func PlayersUse(limit int) Use {
	use := Use{Need: Optional, Players: true, Check: true}
	if limit != AnyPaikaLimit {
		use.Rules = []Rule{PaikaRule(limit)}
	}
	return use
}

// Setup is a folder option made ready: the tables a command uses.
type Setup struct {
	Dir    string    // the folder; "" when tables are off
	Set    *Set      // the folder's tables; nil when tables are off
	Oracle *Oracle   // with Use.Players, the players' oracle; nil when the folder holds no table
	Files  []FileSum // the files checked, in the order of Set.Tables
}

// Summary is the set-up as a record of what was used names it, without the folder (what
// the tables hold does not depend on where they lie): "3 tables".
func (s Setup) Summary() string { return fmt.Sprintf("%d tables", len(s.Files)) }

// OpenFolder reads a tablebase folder option (Resolve) for a command's use of it. A folder
// of Optional need has every file's header checked (CheckHeaders): a command that uses
// the tables as they are refuses a damaged file before it starts, even one its first use
// would not read. Every error is a *FolderError naming the folder; one from a table wraps
// its ErrDamaged or ErrNotBuilt.
func OpenFolder(value string, use Use) (Setup, error) {
	dir, err := Resolve(value, use.Need)
	if err != nil || dir == "" {
		return Setup{}, err
	}
	if use.Need == Optional {
		if err := CheckHeaders(dir); err != nil {
			return Setup{}, &FolderError{dir, err}
		}
	}
	st := Setup{Dir: dir, Set: Open(dir)}
	if use.Players {
		if st.Oracle = NewOracle(st.Set); st.Oracle == nil {
			return st, nil
		}
	}
	if !use.Check {
		return st, nil
	}
	if err := st.Check(use); err != nil {
		return Setup{}, err
	}
	return st, nil
}

// Check checks whole (Set.Check) the tables of s in reach of use, as OpenFolder does when
// use.Check is set, for a command that learns its reach after opening the folder (the
// positions it reads). The files checked are added to s.Files; an error is a
// *FolderError naming the folder. Tables off, it checks nothing.
func (s *Setup) Check(use Use) error {
	if s.Set == nil {
		return nil
	}
	ids, err := use.inReach(s.Set)
	var sums []FileSum
	if err == nil {
		sums, err = s.Set.Check(ids)
	}
	if err != nil {
		return &FolderError{s.Dir, err}
	}
	s.Files = append(s.Files, sums...)
	return nil
}

// inReach lists the tables of set that use checks.
func (use Use) inReach(set *Set) ([]TableID, error) {
	tables, err := set.Tables()
	if err != nil {
		return nil, err
	}
	var ids []TableID
	for _, id := range tables {
		if (use.Rules == nil || slices.Contains(use.Rules, id.Rule)) && (use.Pieces == 0 || id.Class.Pieces() <= use.Pieces) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}
