// request.go: a generation as the net data command asks for it, its settings given as
// text checked and read into a Config, and its tables opened, before any game.

package data

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// DefaultPlayer is the player of a data set unless told otherwise: the expert at a fixed
// node budget (so the data do not depend on the machine's speed), varying among turns 0.1
// piece apart, on the hand evaluation (round 1's data; a later round names a net).
const DefaultPlayer = "expert:nodes=4000,vary=10,net=none"

// Request is a Config with the settings a command gives as text.
type Request struct {
	Config
	Openings string // OpeningPlies as ParsePlies reads them
	ShardOf  string // Shard and Shards as "i/n"
	// Tables is a tablebase folder option (tablebase.OpenFolder; "none": no tables): the
	// players probe its tables and the positions they cover are labelled by them.
	Tables string
}

// Prepare reads and checks the settings (a *engine.SettingError, then Config.Check's refusal),
// then opens the tables, every one the rules may probe checked (tablebase.OptionError).
func (r *Request) Prepare() error {
	fail := func(name, format string, args ...any) error {
		return &engine.SettingError{Name: name, Text: name + " " + fmt.Sprintf(format, args...)}
	}
	var err error
	if r.OpeningPlies, err = ParsePlies(r.Openings); err != nil {
		return fail("opening-plies", "%v", err)
	}
	if r.Shard, r.Shards, err = parseShard(r.ShardOf); err != nil {
		return fail("shard", "%q: expected i/n with 0 <= i < n, e.g. 0/4", r.ShardOf)
	}
	switch {
	case r.Workers < 0:
		return fail("workers", "%d: must be 0 (every core) or more", r.Workers)
	case r.MaxPlies < 1:
		return fail("max-plies", "%d: must be at least 1", r.MaxPlies)
	}
	if err := r.Check(); err != nil {
		return err
	}
	ts, err := tablebase.OpenOption(r.Tables, tablebase.PlayersUse(r.Rules().PaikaLimit))
	if err != nil || ts.Oracle == nil {
		return err
	}
	r.Oracle = ts.Oracle
	r.Tablebases = ts.Summary() // not the folder: the data do not depend on where the tables lie
	return nil
}

// parseShard reads "i/n", 0 <= i < n.
func parseShard(s string) (int, int, error) {
	a, b, _ := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("shard %q", s)
	}
	return i, n, nil
}
