// request.go: what the serve command asks of the analysis board: where to listen, the
// limits checked before any work, the tables opened for the session and closed after it.

package analysis

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Request is a session of the board: Config, listening on Addr, with the tables of the
// folder option Tables (tablebase.OpenFolder: "" the default folder when it exists,
// "none" off).
type Request struct {
	Config
	Addr   string
	Tables string
}

// Check refuses the first bad setting, in the order addr, max-searches, max-time.
func (r *Request) Check() error {
	fail := func(name, format string, args ...any) error {
		return &engine.SettingError{Name: name, Text: name + fmt.Sprintf(format, args...)}
	}
	switch err := CheckAddr(r.Addr, r.AllowRemote); {
	case err != nil:
		return fail("addr", ": %v", err)
	case r.MaxSearches < 0:
		return fail("max-searches", " %d: must be 0 (one a core) or more", r.MaxSearches)
	case r.MaxTime <= 0:
		return fail("max-time", " %v: must be positive", r.MaxTime)
	}
	return nil
}

// Serve opens the tables (a folder that cannot be used is a tablebase.OptionError), then
// serves as ListenAndServe does until ctx ends, and closes them.
func (r Request) Serve(ctx context.Context, ready func(url string)) error {
	ts, err := tablebase.OpenOption(r.Tables, tablebase.Use{Need: tablebase.Optional})
	if err != nil {
		return err
	}
	cfg := r.Config
	if ts.Set != nil { // the set OpenOption opened, not a second one
		cfg.Tables = ts.Set
		defer cfg.Tables.Close()
	}
	return ListenAndServe(ctx, r.Addr, cfg, ready)
}
