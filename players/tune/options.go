// options.go: what the tune command gives as it is given: the tables folder that labels
// recorded games, and the report printed as JSON.

package tune

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// TablesOption is Request.OpenTables for a tables folder option (tablebase.OpenFolder;
// "none": no tables): every table is checked first, as a run checks its tables, and a
// refusal is a tablebase.OptionError. The records may be under any rule.
func TablesOption(option string) func() (players.Oracle, string, error) {
	return func() (players.Oracle, string, error) {
		ts, err := tablebase.OpenOption(option, tablebase.PlayersUse(tablebase.AnyPaikaLimit))
		if err != nil || ts.Oracle == nil {
			return nil, ts.Dir, err
		}
		return ts.Oracle, ts.Dir, nil
	}
}

// WriteJSON writes the report as one indented JSON object and a newline.
func (r Result) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r.Report, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}
