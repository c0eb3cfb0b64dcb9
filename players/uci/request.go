// request.go: what the commands ask of the package as they are given it: the engine
// command's session (its settings checked and its tables opened before the first line is
// read), and the external engines declared by flags, started before any game.

package uci

import (
	"fmt"
	"io"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// ServeRequest is a ServerConfig with its notation named and its tables folder given as
// an option value (tablebase.OpenFolder: "" the default folder when it exists, "none" off).
type ServeRequest struct {
	ServerConfig
	NotationName string
	Tables       string
}

// Prepare checks the player, the hash and the notation, and opens the tables, every one
// checked: a damaged table is refused now (a tablebase.OptionError) rather than in an info
// string at the first search. The Tablebases option then opens other folders the same way.
func (r *ServeRequest) Prepare() error {
	if _, err := players.ParseSpec(r.Player); err != nil {
		return err
	}
	if err := CheckHash(r.HashMB, r.MemoryBytes); err != nil {
		return &engine.SettingError{Name: "hash", Text: fmt.Sprintf("hash %d: %v", r.HashMB, err)}
	}
	var err error
	if r.Notation, err = ParseNotation(r.NotationName); err != nil {
		return &engine.SettingError{Name: "notation", Text: fmt.Sprintf("notation %v", err)}
	}
	ts, err := openTables(r.Tables)
	if err != nil {
		return err
	}
	r.Tablebases = ts.Dir
	r.OpenTablebases = func(dir string) ([]players.Option, error) {
		if dir == ts.Dir && dir != "" {
			return oracleOptions(ts.Oracle), nil
		}
		if dir == "" {
			dir = "none"
		}
		other, err := openTables(dir)
		return oracleOptions(other.Oracle), err
	}
	return nil
}

// openTables opens a tables folder option for players under any rules.
func openTables(option string) (tablebase.Setup, error) {
	return tablebase.OpenOption(option, tablebase.PlayersUse(tablebase.AnyPaikaLimit))
}

// oracleOptions gives the players the oracle o (none when nil).
func oracleOptions(o *tablebase.Oracle) []players.Option {
	if o == nil {
		return nil
	}
	return []players.Option{players.WithOracle(o)}
}

// Launch declares the engines of the JSON file (when not "") and of the flag values
// (DeclareAll) and starts each once (Start); the caller closes them. Their stderr goes to
// stderr. It returns nil when no engine is declared; a refusal is an InputError.
func Launch(file string, flags []string, stderr io.Writer) (*Engines, error) {
	engines, err := DeclareAll(file, flags, "", stderr)
	if engines == nil || err != nil {
		return nil, err
	}
	if _, err := engines.Start(); err != nil {
		engines.Close()
		return nil, err
	}
	return engines, nil
}
