// input.go: reading the records a report is made of, from games.jsonl files or run
// folders, with the run.json found next to them.

package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
	"github.com/fanorona/fanorona/tournament/summary"
)

// Input is the records of one or more files, with what reading them found.
type Input struct {
	Files      []string            // the games files read, in order
	Records    []record.Record     // every good record but exact duplicates, without its turns
	Dropped    []*record.LineError // lines skipped: they did not decode or validate
	Duplicates int                 // exact duplicates of a record already read, dropped
	Runs       []Run               // run.json files found next to the games files
	Summary    *summary.Summary    // the statistics of the records (package summary)
	notable    notable             // the games the viewer shows, with their turns
}

// Run is one run's configuration, as its run.json holds it.
type Run struct {
	Path   string         // the run.json read
	Config record.RunInfo // what it says
	raw    []byte         // the file, for the summary of the one run read
}

// Load reads the games files or run folders paths; repeated games between deterministic
// players count once, as the runs record them (summary.NewAccumulator). Bad lines are kept in Dropped and
// skipped; a file that cannot be read, a damaged run.json, or no good record at all is
// an error naming the file.
func Load(paths []string) (*Input, error) {
	if len(paths) == 0 {
		return nil, errors.New("no games files or run folders given")
	}
	in := &Input{}
	seenRun := map[string]bool{}
	for _, p := range paths {
		file := record.GamesPath(p) // a run folder stands for its games.jsonl
		if _, err := os.Stat(file); err != nil {
			if errors.Is(err, fs.ErrNotExist) && file != p {
				return nil, fmt.Errorf("%s: a folder without %s (not a run folder)", p, record.GamesFile)
			}
			return nil, err
		}
		in.Files = append(in.Files, file)
		runPath := filepath.Join(filepath.Dir(file), record.RunFile)
		if seenRun[runPath] {
			continue
		}
		raw, err := os.ReadFile(runPath)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var c record.RunInfo
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("%s: %v", runPath, err)
		}
		seenRun[runPath] = true
		in.Runs = append(in.Runs, Run{Path: runPath, Config: c, raw: raw})
	}
	var order []string
	if len(in.Runs) > 0 {
		order = in.Runs[0].Config.Players
		in.notable.seed = in.Runs[0].Config.Seed // the viewer's sample is drawn by the run's seed
	}
	acc := summary.NewAccumulator(nil, order, nil)
	st, err := record.ScanRecords(in.Files, record.ScanOptions{Other: pgn.Records, Bad: func(e *record.LineError) {
		in.Dropped = append(in.Dropped, e)
	}}, func(rec *record.Record, at record.Place) error {
		acc.Add(rec, at.File)
		in.notable.add(rec)
		r := *rec
		r.Turns = nil // the charts need none; the summary has counted distinct games
		in.Records = append(in.Records, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	in.Duplicates = st.Duplicates
	if len(in.Records) == 0 {
		return nil, fmt.Errorf("no valid game records in %s", strings.Join(in.Files, ", "))
	}
	in.Summary = acc.Summary()
	sprtFromRun(in)
	if len(in.Runs) == 1 {
		in.Summary.Run = in.Runs[0].raw // the tables name its openings
	}
	return in, nil
}

// sprtFromRun copies the sequential tests from the summary.json of the one run read, when
// it counts the same games: the report has no test settings of its own, and only the run
// knows whether it stopped on the tests (and so which estimates are conditional on the
// stop).
func sprtFromRun(in *Input) {
	if len(in.Runs) != 1 || len(in.Files) != 1 {
		return
	}
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(in.Runs[0].Path), record.SummaryFile))
	if err != nil {
		return
	}
	var run summary.Summary
	if json.Unmarshal(raw, &run) != nil || run.Games != in.Summary.Games {
		return
	}
	for i, p := range in.Summary.Pairs {
		for _, q := range run.Pairs {
			if q.A == p.A && q.B == p.B && q.Games == p.Games && q.SPRT != nil {
				in.Summary.Pairs[i].SPRT = q.SPRT
			}
		}
	}
}
