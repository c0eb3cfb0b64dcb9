// merge.go: joining the games.jsonl files of a run's shards into one run.

package tournament

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/summary"
)

// MergeResult is what Merge did.
type MergeResult struct {
	Summary    *summary.Summary
	Config     *Config // the run's, from the inputs' run.json (nil when none has one)
	Duplicates int     // exact duplicate records dropped
}

// Merge reads the given games files (or folders holding games.jsonl and run.json), checks
// they come from one run, and writes out/games.jsonl (the records in input order, each
// game once), out/run.json and out/summary.json. Records are streamed: memory does not
// depend on the number of games beyond 8 bytes a game for the duplicate check. Nothing
// in out is overwritten: it must not hold games already, and on an error no games file
// is left behind. No out is an InputError naming SettingOutput.
func Merge(inputs []string, out string, sprt *summary.SPRTConfig) (*MergeResult, error) {
	switch {
	case out == "":
		return nil, inputErrorf("%v is required", SettingOutput)
	case len(inputs) == 0:
		return nil, inputErrorf("merge: no input files")
	}
	var cfg *Config
	var invocations []record.Invocation // every shard's, in the order of the inputs
	for _, in := range inputs {
		path := record.GamesPath(in)
		runPath := filepath.Join(filepath.Dir(path), record.RunFile)
		raw, err := os.ReadFile(runPath)
		if err != nil {
			continue
		}
		var c Config
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, inputErrorf("%s: %v", runPath, err)
		}
		if cfg != nil && (!sameRun(cfg, &c) || cfg.RunID != c.RunID) {
			return nil, inputErrorf("merge: %s comes from a different run than %s", path, inputs[0])
		}
		invocations = append(invocations, c.Invocations...)
		cfg = &c
	}
	if cfg != nil {
		cfg.Invocations = invocations
	}

	// Every input is checked before the output folder is made, so that a refused merge
	// leaves nothing behind.
	for _, in := range inputs {
		st, err := os.Stat(record.GamesPath(in))
		switch {
		case in == "":
			return nil, inputErrorf("merge: an empty path among the shards")
		case err != nil:
			return nil, &InputError{err}
		case st.IsDir():
			return nil, inputErrorf("merge: %s: a folder without %s (not a run folder)", in, record.GamesFile)
		}
	}
	gamesPath := filepath.Join(out, record.GamesFile)
	if _, err := os.Stat(gamesPath); err == nil {
		return nil, inputErrorf("merge: %s exists; choose an empty %v", gamesPath, SettingOutput)
	}
	made := firstMissing(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, &InputError{err}
	}
	tmp := gamesPath + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, inputErrorf("merge: %s exists (another merge into this folder?)", tmp)
	}
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
			for p := filepath.Clean(out); made != "" && len(p) >= len(made); p = filepath.Dir(p) {
				os.Remove(p) // the folders this call made, if still empty
			}
		}
	}()
	var order []string
	if cfg != nil {
		order = cfg.Players
	}
	acc := summary.NewAccumulator(sprt, order, deterministic)
	w := bufio.NewWriterSize(f, 1<<16)
	enc := json.NewEncoder(w)
	var runID *string // the run of the records: run.json's, or the first record's
	if cfg != nil {
		runID = &cfg.RunID
	}
	st, err := record.ScanRecords(inputs, record.ScanOptions{Strict: true, LegacyRun: gamesPath}, func(r *record.Record, at record.Place) error {
		if runID == nil {
			first := r.Run // r is reused for the next line: keep a copy
			runID = &first
		}
		if r.Run != *runID {
			return inputErrorf("merge: %s: game %d belongs to run %q, not to %q: merge joins the shards of one run (stats reads several runs)", at, r.Index, r.Run, *runID)
		}
		// Records without a run id are keyed by the merged file: they are one run.
		acc.Add(r, gamesPath)
		return enc.Encode(r)
	})
	var le *record.LineError
	var ce *record.ConflictError
	switch {
	case errors.As(err, &le), errors.As(err, &ce):
		return nil, &InputError{fmt.Errorf("merge: %w", err)}
	case err != nil:
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	// Link fails if the games file appeared meanwhile: nothing is overwritten.
	if err := os.Link(tmp, gamesPath); err != nil {
		return nil, inputErrorf("merge: %v", err)
	}
	ok = true
	os.Remove(tmp)
	s := acc.Summary()
	if cfg != nil {
		if err := writeJSONFile(filepath.Join(out, record.RunFile), cfg); err != nil {
			return nil, err
		}
		s.Run = runJSON(cfg)
	}
	return &MergeResult{Summary: s, Config: cfg, Duplicates: st.Duplicates}, writeJSONFile(filepath.Join(out, record.SummaryFile), s)
}
