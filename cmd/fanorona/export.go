// export.go: the export command, which writes game records as PGN-style text, thin over
// package tournament/pgn.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/spf13/cobra"
)

func init() { registerCommand(newExportCmd) }

func newExportCmd(s *streams) *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "export FILE... [-o FILE]",
		Short: "Write game records (games.jsonl files or run folders) as PGN-style text",
		Long: `Write game records (games.jsonl files or run folders, read as stats reads them) as
PGN-style text (docs/FORMATS.md): for each game its tag pairs (Event, Site, Date, Round,
White, Black, Result, the opening as SetUp/FEN when it is not the start, Termination with
the record's reason, PlyCount, and the record's other fields: Run, Index, Pair, Seed, the
rules, the captures, Seconds, Forfeit, Adjudicated), then its turns numbered in pairs as
PGN numbers moves, ending with the result. Games come in the order of the files. Date is
the day (UTC) each file was last written. Exact duplicates are dropped with one warning,
bad lines skipped with a warning each, as stats does; a game the rules do not allow (an
illegal turn, a result the turns do not reach: stats --replay's check) is refused, naming
its line, game and ply, before anything is written.

Output on stdout, or into -o FILE (a new file, never overwritten). Package
tournament/pgn reads the text back to the same records.`,
		Example: `  fanorona export out/tournament-3 > tournament-3.pgn
  fanorona export shard0/games.jsonl shard1/games.jsonl -o run.pgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if out != "" {
				if _, err := os.Stat(out); err == nil {
					return badInputf("--output %s exists; choose a new file", out)
				}
			}
			dates := map[string]string{}
			for _, a := range args {
				st, err := os.Stat(record.GamesPath(a))
				if err != nil {
					return badInput(err)
				}
				dates[record.GamesPath(a)] = st.ModTime().UTC().Format("2006.01.02")
			}
			// A first pass finds what would refuse the input (a conflict, a file that is no
			// records, a game the rules do not allow, as stats --replay finds it), so that
			// nothing is written for bad input however long the output.
			st, err := record.ScanRecords(args, record.ScanOptions{Bad: func(e *record.LineError) {
				fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", e)
			}}, func(r *record.Record, at record.Place) error {
				if err := record.Replay(r); err != nil {
					return fmt.Errorf("%s: game %d: %w", at, r.Index, err)
				}
				return nil
			})
			if err != nil {
				return badInput(err)
			}
			if st.Records == 0 {
				return badInputf("no valid game records in %v", args)
			}
			warnDuplicates(s, st.Duplicates)
			w, finish, err := exportOutput(s, out)
			if err != nil {
				return err
			}
			pw := pgn.NewWriter(w)
			_, err = record.ScanRecords(args, record.ScanOptions{}, func(r *record.Record, at record.Place) error {
				pw.Date = dates[at.File]
				return pw.Write(r)
			})
			if ferr := pw.Flush(); ferr != nil && err == nil {
				err = ferr
			}
			if ferr := finish(err); ferr != nil {
				return ferr
			}
			fmt.Fprintf(s.err, "fanorona: export: %d games\n", st.Records)
			return nil
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "write the games into this new file instead of stdout")
	return c
}

// exportOutput opens where export writes: stdout, or a new file that finish closes (and
// removes when the export failed).
func exportOutput(s *streams, out string) (io.Writer, func(error) error, error) {
	if out == "" {
		return s.out, func(err error) error { return err }, nil
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, nil, badInputf("--output %s exists; choose a new file", out)
	}
	if err != nil {
		return nil, nil, badInput(err)
	}
	return f, func(err error) error {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
			return err
		}
		fmt.Fprintf(s.err, "fanorona: wrote %s\n", out)
		return nil
	}, nil
}
