// export.go: the export command, which writes game records as PGN-style text, thin over
// package tournament/pgn.

package main

import (
	"fmt"
	"io"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	files  []string
	output newFile
}

func newExportCmd(s *streams, runF func(*exportOptions) error) *cobra.Command {
	var o exportOptions
	c := &cobra.Command{
		Use:   "export FILE... [-o FILE]",
		Short: "Write game records (games.jsonl files or run folders) as PGN-style text",
		Long: `Write game records (games.jsonl files or run folders, read as stats reads them) as
PGN-style text (docs/FORMATS.md): for each game its tag pairs (Event, Site, Date, Round,
White, Black, Result, the opening as SetUp/FEN when it is not the start, Termination with
the record's reason, PlyCount, and the record's other fields: Run, Index, Pair, Seed, the
rules, the captures, Seconds, Forfeit, Adjudicated), then its turns numbered in pairs as
PGN numbers moves (each followed by its move data as a {+0.35/8 0.200s 2000n} comment when
the record has any), ending with the result. Games come in the order of the files. Date is
the day (UTC) each file was last written. Exact duplicates are dropped with one warning,
bad lines skipped with a warning each, as stats does; a game the rules do not allow (an
illegal turn, a result the turns do not reach: stats --replay's check) is refused, naming
its line, game and ply, before anything is written.

Output on stdout, or into -o FILE (a new file, never overwritten). Package
tournament/pgn reads the text back to the same records.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.files = args
			return seam(runF, &o, func() error { return runExport(s, &o) })
		},
	}
	c.Flags().StringVarP((*string)(&o.output), "output", "o", "", "write the games into this new file instead of stdout")
	return c
}

func runExport(s *streams, o *exportOptions) error {
	if err := tournament.CheckNew(string(o.output)); err != nil {
		return err
	}
	ex, err := pgn.CheckExport(o.files, warnSkipped(s))
	if err != nil {
		return badInput(err)
	}
	warnDuplicates(s, ex.Duplicates)
	if err := o.output.write(s, ex.Write); err != nil {
		return err
	}
	fmt.Fprintf(s.err, "fanorona: export: %d games\n", ex.Games)
	return nil
}

// newFile is an -o value of export and positions: "" for stdout, else a new file
// (tournament.CheckNew, before any work, and CreateNew).
type newFile string

func (p newFile) write(s *streams, write func(io.Writer) error) error {
	if p == "" {
		return write(s.out)
	}
	err := tournament.CreateNew(string(p), write)
	if err == nil {
		wrote(s)(string(p))
	}
	return err
}

// warnSkipped warns of each record line skipped as unreadable.
func warnSkipped(s *streams) func(*record.LineError) {
	return func(e *record.LineError) { fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", e) }
}
